/**
 * The French catalogue's screen namespaces from a to m (alerts … market), merged; screens-n-to-z.ts has the rest
 * but the server's texts (server-catalogue.ts). The app loads the three as lazy chunks side by side
 * (load-messages.ts): the screens' words in one chunk grew past the 60 KB a chunk may weigh (tests/budget), as
 * the screens and the server's together had before.
 */
import type { Messages } from '@/i18n/load-messages';

const namespaces = import.meta.glob<Messages>('./[a-m]*.json', { eager: true, import: 'default' });

export const frScreenMessagesAToM: Messages = Object.assign({}, ...Object.values(namespaces));
