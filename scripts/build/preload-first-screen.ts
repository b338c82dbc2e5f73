/**
 * Adds preload links for the first screen's lazy chunk to index.html. Vite preloads only the entry's static
 * imports; the sign-in screen is a lazy chunk, so without this the browser learns of it only after the
 * entry has run: one more round trip (about half a second on a slow phone network) before the form paints.
 * With it, the screen's chunk, its imports and its CSS download alongside the entry.
 */
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

const isChunk = (item: Bundle[string] | undefined): item is Chunk => item?.type === 'chunk';

/** Every chunk `file` needs before it runs (itself and its static imports, transitively). */
function staticClosure(bundle: Bundle, file: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[file];
  if (!isChunk(chunk) || seen.has(file)) return seen;
  seen.add(file);
  for (const imported of chunk.imports) staticClosure(bundle, imported, seen);
  return seen;
}

/** The link tags that start downloading the screens built from `sources` (paths from the project root). */
export function firstScreenTags(bundle: Bundle, entryFile: string, sources: readonly string[], base = '/'): HtmlTagDescriptor[] {
  const alreadyLoaded = staticClosure(bundle, entryFile);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const source of sources) {
    const screen = Object.values(bundle).find(
      (item): item is Chunk => isChunk(item) && item.moduleIds.some((id) => id.endsWith(`/${source}`)),
    );
    if (!screen) throw new Error(`preload-first-screen: ${source} is in no chunk of this build`);
    for (const file of staticClosure(bundle, screen.fileName)) {
      const chunk = bundle[file];
      // The entry's own imports and their CSS are linked by Vite already.
      if (!isChunk(chunk) || alreadyLoaded.has(file)) continue;
      scripts.add(file);
      for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    }
  }
  const link = (attrs: Record<string, string | boolean>): HtmlTagDescriptor => ({ tag: 'link', attrs, injectTo: 'head' });
  return [
    ...[...scripts].map((file) => link({ rel: 'modulepreload', crossorigin: true, href: `${base}${file}` })),
    // The same stylesheet link Vite's loader would add, so it is not added twice when the chunk runs.
    ...[...styles].map((file) => link({ rel: 'stylesheet', crossorigin: true, href: `${base}${file}` })),
  ];
}

export function preloadFirstScreen(sources: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'strikedesk:preload-first-screen',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        return firstScreenTags(bundle, chunk.fileName, sources, base);
      },
    },
  };
}
