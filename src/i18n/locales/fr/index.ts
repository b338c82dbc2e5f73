/**
 * The French catalogue: every namespace file in this folder merged into one object. The folder is globbed
 * so a new namespace file needs no edit here; the whole module is imported dynamically by load-messages,
 * which makes French one lazy chunk fetched only by French speakers.
 */
const namespaces = import.meta.glob<Record<string, string>>('./*.json', { eager: true, import: 'default' });

export const frMessages: Record<string, string> = Object.assign({}, ...Object.values(namespaces));
