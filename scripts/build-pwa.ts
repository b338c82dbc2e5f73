// Building the PWA into dist/ with a build stamp, and deciding from the stamp whether dist/ is current.
// Every build goes through here (`npm start` when sources changed, `npm run build`, `npm test`), so a
// build made by any of them counts and `npm start` afterwards starts at once. The stamp's time is the
// moment the build *started*, so a file saved during a build still counts as newer and triggers the next.
// Run directly (`npm run build:pwa`), it builds and stamps.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { isEntryPoint, repoRoot } from '../server/paths.ts';
import { precompressDist } from './precompress.ts';

/** Everything `vite build` reads, besides node_modules (package-lock.json stands for those). */
const inputDirs = ['src', 'sw', 'public', 'openapi', 'scripts/i18n'];
const inputFiles = ['index.html', 'vite.config.ts', 'scripts/pwa-manifest.ts', 'package-lock.json'];
export const stampName = '.build-stamp';

type Newest = { path: string; mtimeMs: number };

function newestIn(dir: string, newest: Newest | null): Newest | null {
  if (!existsSync(dir)) return newest;
  let found = newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      found = newestIn(path, found);
    } else if (entry.isFile()) {
      const { mtimeMs } = statSync(path);
      if (found === null || mtimeMs > found.mtimeMs) found = { path, mtimeMs };
    }
  }
  return found;
}

/** Why a build is needed in `root` (a sentence), or null when dist/ is up to date. */
export function buildReason(root: string): string | null {
  const distDir = join(root, 'dist');
  if (!existsSync(join(distDir, 'index.html'))) return 'no build found (dist/index.html is missing)';
  const stamp = join(distDir, stampName);
  if (!existsSync(stamp)) return `dist/ was built by a bare \`vite build\` (no dist/${stampName})`;
  const builtAt = statSync(stamp).mtimeMs;
  let newest: Newest | null = null;
  for (const dir of inputDirs) newest = newestIn(join(root, dir), newest);
  for (const file of inputFiles) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    const { mtimeMs } = statSync(path);
    if (newest === null || mtimeMs > newest.mtimeMs) newest = { path, mtimeMs };
  }
  if (newest !== null && newest.mtimeMs > builtAt) {
    return `${relative(root, newest.path).split('\\').join('/')} changed since the last build`;
  }
  return null;
}

/** Runs `vite build` in root; resolves with its exit code. */
export type ViteBuild = (root: string) => Promise<number>;

const runViteBuild: ViteBuild = (root) =>
  new Promise((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build'], {
      cwd: root,
      stdio: 'inherit',
      // npx is a .cmd script on Windows, which only a shell can run.
      shell: process.platform === 'win32',
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });

/** Builds into root/dist, adds the compressed copies the server sends, and stamps it; false when the build failed. */
export async function buildPwa(root: string, build: ViteBuild = runViteBuild): Promise<boolean> {
  const startedAt = new Date();
  const code = await build(root);
  if (code !== 0) return false;
  await precompressDist(join(root, 'dist'));
  const stamp = join(root, 'dist', stampName);
  await writeFile(stamp, `Built at ${startedAt.toISOString()}\n`);
  await utimes(stamp, startedAt, startedAt);
  return true;
}

if (isEntryPoint(import.meta.url)) {
  if (!(await buildPwa(repoRoot))) process.exit(1);
}
