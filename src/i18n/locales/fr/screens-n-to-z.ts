/** The French catalogue's screen namespaces from n to z (network … volatility) but the server's texts: see screens-a-to-m.ts. */
import type { Messages } from '@/i18n/load-messages';

const namespaces = import.meta.glob<Messages>(['./[n-z]*.json', '!./server.json'], { eager: true, import: 'default' });

export const frScreenMessagesNToZ: Messages = Object.assign({}, ...Object.values(namespaces));
