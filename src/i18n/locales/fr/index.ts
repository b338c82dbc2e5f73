/**
 * The French catalogue: every namespace file in this folder merged into one object. The folder is globbed
 * so a new namespace file needs no edit here; the whole module is imported dynamically by load-messages,
 * which makes French one lazy chunk fetched only by French speakers. The build compiles each file's
 * messages to AST (scripts/i18n/precompile-messages.ts); unit tests see the JSON's ICU strings.
 */
import type { Messages } from '@/i18n/load-messages';

const namespaces = import.meta.glob<Messages>('./*.json', { eager: true, import: 'default' });

export const frMessages: Messages = Object.assign({}, ...Object.values(namespaces));
