/**
 * The French catalogue's screen namespaces: every namespace file in this folder but the server's texts, merged.
 * The app loads it and server-catalogue.ts as two lazy chunks side by side (load-messages.ts): together they
 * had grown past the 60 KB a chunk may weigh (tests/budget).
 */
import type { Messages } from '@/i18n/load-messages';

const namespaces = import.meta.glob<Messages>(['./*.json', '!./server.json'], { eager: true, import: 'default' });

export const frScreenMessages: Messages = Object.assign({}, ...Object.values(namespaces));
