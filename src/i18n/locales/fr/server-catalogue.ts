/** The French words of the server's coded texts (server.json), a lazy chunk of its own beside screens.ts. */
import type { Messages } from '@/i18n/load-messages';
import server from './server.json';

export const frServerMessages = server as Messages;
