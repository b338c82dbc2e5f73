/**
 * The whole French catalogue in one object, for code that wants it at once (the unit tests). The app loads its
 * three parts as separate lazy chunks (load-messages.ts). The build compiles each file's messages to AST
 * (scripts/i18n/precompile-messages.ts); unit tests see the JSON's ICU strings.
 */
import type { Messages } from '@/i18n/load-messages';
import { frScreenMessagesAToM } from './screens-a-to-m';
import { frScreenMessagesNToZ } from './screens-n-to-z';
import { frServerMessages } from './server-catalogue';

export const frMessages: Messages = Object.assign({}, frScreenMessagesAToM, frScreenMessagesNToZ, frServerMessages);
