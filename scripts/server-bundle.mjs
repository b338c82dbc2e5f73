// The server built ahead of `npm start` (issue 61: a start spent 5-11 s having tsx transpile the server's
// modules, and every replay or backtest book's worker thread transpiled its own again). esbuild (installed with
// tsx) bundles the server's TypeScript into dist-server/: the start script and the worker threads' entries, the
// packages left to node_modules as they are. Each source's `import.meta.url` keeps naming the source file, so
// what the server reads beside its modules (migrations, the proto, the password list) is read where it lies. The
// contract (openapi/main.yaml) is parsed here once and kept as JSON beside the bundle (server/contract/document.ts
// takes it when its hash matches the YAML's). Plain JavaScript: `npm start` runs this without tsx, to learn
// whether the bundle is current (a stamp listing every file it was made of) and to make it when not.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const bundleFolder = 'dist-server';
const stampName = '.build-stamp.json';

/** The bundle's own entry (name without .mjs → source), run by scripts/start.mjs; the worker threads' are found (workerEntries). */
const mainEntries = { start: 'scripts/start.ts' };

/** A worker thread's entry, as the server names it: `new URL('./x.ts', import.meta.url)` (worker-entry.ts). */
const workerUrl = /new URL\(\s*'(\.{1,2}\/[^']+\.ts)'\s*,\s*import\.meta\.url\s*\)/g;

/**
 * Every module under server/ that a source names by URL is a worker thread's entry (db/worker-database.ts and
 * history/import-pool.ts start them): found, not listed, so a module moved or added is bundled as it is.
 */
function workerEntries(root) {
  const found = {};
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) {
        for (const match of readFileSync(path, 'utf8').matchAll(workerUrl)) {
          const source = toPosix(relative(root, resolve(dirname(path), match[1])));
          if (existsSync(join(root, source))) found[`worker-${source.replace(/\.ts$/, '').replaceAll('/', '-')}`] = source;
        }
      }
    }
  };
  walk(join(root, 'server'));
  return found;
}

/** Read by the bundle but not through an import: a change to any of them makes another bundle. */
const otherInputs = ['openapi/main.yaml', 'package-lock.json', 'scripts/server-bundle.mjs'];

const bundleEntriesModule = 'server/bundle-entries.ts';

const migrationsFolder = 'server/db/migrations';

/** The contract as the server reads it (document.ts parseContractYaml), with the hash of the text it came from. */
export const contractJsonName = 'openapi-main.json';

const toPosix = (path) => path.split('\\').join('/');

/** Why dist-server/ must be built again in `root` (a sentence), or null when it is current. */
export function serverBundleReason(root) {
  const dir = join(root, bundleFolder);
  const stampPath = join(dir, stampName);
  if (!existsSync(stampPath)) return 'no server build found';
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
  } catch {
    return 'its stamp is unreadable';
  }
  if (!Array.isArray(stamp.outputs) || !Array.isArray(stamp.inputs)) return 'its stamp is from another version';
  for (const name of stamp.outputs) {
    if (!existsSync(join(dir, name))) return `${bundleFolder}/${name} is missing`;
  }
  // A TypeScript migration is bundled (server/db/migrate.ts imports the folder's by a pattern): a new one is a new build.
  for (const file of existsSync(join(root, migrationsFolder)) ? readdirSync(join(root, migrationsFolder)) : []) {
    const input = `${migrationsFolder}/${file}`;
    if (file.endsWith('.ts') && !file.endsWith('.d.ts') && !stamp.inputs.includes(input)) return `${input} is not in it`;
  }
  for (const input of stamp.inputs) {
    const path = join(root, input);
    if (!existsSync(path)) return `${input} is gone`;
    if (statSync(path).mtimeMs > stamp.builtAtMs) return `${input} changed since the last build`;
  }
  return null;
}

/** esbuild plugin: each module's `import.meta.url` names its source file (relative to the bundle, so the clone may move). */
function sourceUrls(root, outDir, entries) {
  return {
    name: 'source-urls',
    setup(build) {
      build.onLoad({ filter: /\.(ts|mts)$/ }, (args) => {
        const path = toPosix(relative(root, args.path));
        if (path === bundleEntriesModule) {
          // Where each worker entry is in the bundle: next to the module asking (the real import.meta.url).
          const urls = Object.entries(entries).map(([name, source]) => `${JSON.stringify(source)}: new URL(${JSON.stringify(`./${name}.mjs`)}, import.meta.url)`);
          return { contents: `export const bundledEntries = new Map(Object.entries({ ${urls.join(', ')} }));\n`, loader: 'ts' };
        }
        if (path.startsWith('..') || path.includes('node_modules/')) return undefined;
        const fromBundle = toPosix(relative(outDir, args.path));
        const text = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`);
        return { contents: text, loader: 'ts' };
      });
    },
  };
}

/** Hash of the contract's text: the JSON is taken only for the very text it was parsed from. */
export function contractHash(text) {
  return createHash('sha256').update(text).digest('hex');
}

/** As server/contract/document.ts parseContractYaml reads the contract (the same options), which stays the check. */
async function parseContract(text) {
  const { parseDocument } = await import('yaml');
  const parsed = parseDocument(text, { uniqueKeys: true, prettyErrors: true });
  if (parsed.errors.length > 0) throw new Error(`openapi/main.yaml: ${parsed.errors.map(String).join('\n')}`);
  return parsed.toJS();
}

/** Builds dist-server/ in `root` (into a fresh folder, then swapped in: a running server's files stay whole). */
export async function buildServerBundle(root) {
  const startedAt = Date.now();
  const { build } = await import('esbuild');
  const dir = join(root, bundleFolder);
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const entries = { ...mainEntries, ...workerEntries(root) };
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, source]) => [name, join(root, source)])),
    outdir: partial,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    // The oldest Node the package supports (package.json engines): one bundle for every Node it runs on.
    target: 'node20.19',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceUrls(root, dir, entries)],
  });
  const yamlText = readFileSync(join(root, 'openapi/main.yaml'), 'utf8');
  const doc = await parseContract(yamlText);
  writeFileSync(join(partial, contractJsonName), JSON.stringify({ sha256: contractHash(yamlText), doc }));
  const inputs = [...new Set([...Object.keys(result.metafile.inputs).map((input) => toPosix(relative(root, resolve(root, input)))), ...otherInputs])].sort();
  const outputs = [...Object.keys(entries).map((name) => `${name}.mjs`), contractJsonName];
  const stamp = { builtAt: new Date(startedAt).toISOString(), builtAtMs: startedAt, outputs, inputs };
  writeFileSync(join(partial, stampName), `${JSON.stringify(stamp, null, 2)}\n`);
  const old = `${dir}.${process.pid}.old`;
  if (existsSync(dir)) renameSync(dir, old);
  renameSync(partial, dir);
  rmSync(old, { recursive: true, force: true });
}

/** Builds dist-server/ when it is not current; says so on `print` when it builds. */
export async function ensureServerBundle(root, print = (line) => console.log(line)) {
  const reason = serverBundleReason(root);
  if (reason === null) return;
  print(`Building the server: ${reason}…`);
  await buildServerBundle(root);
}

const here = fileURLToPath(import.meta.url);
if (process.argv[1] !== undefined && resolve(process.argv[1]) === here) {
  await buildServerBundle(dirname(dirname(here)));
}
