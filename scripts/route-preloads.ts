/**
 * What index.html should start fetching when the server answers a given address (issue 24: the chart's first
 * open). Without it a cold open of a chart screen fetched index.html, then the entry, and only once the entry
 * had run did it ask for the shell, the screen, the chart library, /config.json and the API clients: two
 * requests in a row, about 0.6 s each on Slow 4G, before the bars could even be asked for. Listed in the page
 * the server sends for that address, they download beside the entry instead.
 *
 * The build knows each file's imports; the address each screen answers is the route table's (src/app/router).
 * The build writes the lists into dist/.vite/route-preloads.json (build bookkeeping: never served, never
 * precached by the service worker); the server puts them into the index.html it sends for that address
 * (server/http/route-preloads.ts). Every other address, /auth/login first of all, gets index.html unchanged.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** One address's files, in the order they are wanted: paths under dist/ (assets/…), and URLs to fetch. */
export type RoutePreload = { modules: string[]; styles: string[]; fetches: string[] };
export type RoutePreloads = Record<string, RoutePreload>;

/** One address: the source modules and stylesheets (paths from the project's root) its first open loads, in order. */
export type RouteRoots = { path: string; sources: readonly string[]; fetches: readonly string[] };

type OutputChunk = { type: 'chunk'; fileName: string; isEntry: boolean; imports: string[]; moduleIds: readonly string[]; viteMetadata?: { importedCss: Set<string> } };
type OutputBundle = Record<string, OutputChunk | { type: 'asset'; fileName: string }>;
type ManifestEntry = { file: string; src?: string; css?: string[] };

/**
 * The lists, from the bundle's chunks (which module is in which file, and their static imports) and Vite's
 * manifest (for a stylesheet imported on its own, which leaves no chunk in the bundle). What the entry loads
 * itself (its file, its static imports, its stylesheets) is left out: index.html already asks for it.
 */
export function computeRoutePreloads(root: string, bundle: OutputBundle, manifest: Record<string, ManifestEntry>, routes: readonly RouteRoots[]): RoutePreloads {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (entry === undefined) throw new Error('route preloads: the bundle has no entry chunk');
  const loadedByEntry = new Set<string>();
  const closure = (start: OutputChunk, into: string[]) => {
    const visit = (chunk: OutputChunk) => {
      if (into.includes(chunk.fileName)) return;
      // Imports first: a file is listed after what it needs, so the small files everything waits for go out first.
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) visit(imported);
      }
      into.push(chunk.fileName);
    };
    visit(start);
  };
  const entryFiles: string[] = [];
  closure(entry, entryFiles);
  for (const file of entryFiles) {
    loadedByEntry.add(file);
    for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? []) loadedByEntry.add(css);
  }
  const result: RoutePreloads = {};
  for (const route of routes) {
    const files: string[] = [];
    const styles: string[] = [];
    for (const source of route.sources) {
      const id = join(root, source);
      const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
      if (chunk !== undefined) {
        const before = files.length;
        closure(chunk, files);
        for (const file of files.slice(before)) for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? []) styles.push(css);
        continue;
      }
      const stylesheet = manifest[source]?.file;
      if (stylesheet === undefined || !stylesheet.endsWith('.css')) throw new Error(`route preloads: ${source} (for ${route.path}) is in no chunk of the build`);
      styles.push(stylesheet);
    }
    result[route.path] = {
      modules: files.filter((file) => !loadedByEntry.has(file)),
      styles: [...new Set(styles)].filter((file) => !loadedByEntry.has(file)),
      fetches: [...route.fetches],
    };
  }
  return result;
}

/** The Vite plugin: writes dist/.vite/route-preloads.json once the build (and its manifest) is on disk. */
export function routePreloadsPlugin(routes: readonly RouteRoots[]): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'strikedesk:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      const dist = join(root, outDir);
      // Only the app's own build has the manifest (vite-plugin-pwa builds the service worker with this config too).
      const manifestPath = join(dist, '.vite', 'manifest.json');
      let manifest: Record<string, ManifestEntry>;
      try {
        manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestEntry>;
      } catch {
        return;
      }
      if (!Object.values(bundle).some((output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith('index.html'))) return;
      const preloads = computeRoutePreloads(root, bundle as unknown as OutputBundle, manifest, routes);
      writeFileSync(join(dist, ROUTE_PRELOADS_FILE), `${JSON.stringify(preloads, null, 2)}\n`);
      this.info(`route preloads for ${Object.keys(preloads).length} addresses in ${relative(root, join(dist, ROUTE_PRELOADS_FILE))}`);
    },
  };
}
