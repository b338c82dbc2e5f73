// A worker thread's TypeScript entry bundled into one plain module (issue 61: a book's memory). The server's
// TypeScript runs through tsx, which a worker thread does not inherit, so each book's thread used to register it
// (worker-boot.mjs): tsx's loader and the esbuild service it transforms through then lived in every thread, about
// 60 MB of each book's memory. Here the entry and the project files it imports are bundled once per process by
// esbuild (what tsx itself runs), packages left to Node and named by their absolute file URLs; the thread starts
// from that module, given as a data: URL, with nothing to transform. Each project module's `import.meta.url` is
// its own source file's (as in npm start's bundle, scripts/server-bundle.mjs), so code that finds files beside
// itself (migrations, templates) still finds them.
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** Packages (bare imports) resolved as Node would import them, and left outside the bundle by file URL. */
const packagesByFile: Plugin = {
  name: 'packages-by-file',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, async (args) => {
      // Asked again below: esbuild's own resolution answers.
      if (args.pluginData === 'resolving') return undefined;
      if (args.path.startsWith('node:')) return { external: true };
      const found = await bundler.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'resolving' });
      if (found.errors.length > 0 || found.external) return { external: true };
      return { path: pathToFileURL(found.path).href, external: true };
    });
  },
};

/** Each project module's `import.meta.url` as the URL of its source file, not the bundle's data: URL. */
const sourceUrls: Plugin = {
  name: 'source-urls',
  setup(bundler) {
    bundler.onLoad({ filter: /\.(ts|mts)$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const text = await readFile(args.path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

async function bundle(entry: URL): Promise<URL> {
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    plugins: [packagesByFile, sourceUrls],
  });
  return new URL(`data:text/javascript,${encodeURIComponent(result.outputFiles[0]!.text)}`);
}

const bundles = new Map<string, Promise<URL>>();

/** `entry` bundled (once per process), as the URL of a plain module a Worker starts from. */
export function bundledEntry(entry: URL): Promise<URL> {
  let bundled = bundles.get(entry.href);
  if (bundled === undefined) {
    bundled = bundle(entry);
    // A failed bundle is tried again by the next start, not kept.
    bundled.catch(() => bundles.delete(entry.href));
    bundles.set(entry.href, bundled);
  }
  return bundled;
}
