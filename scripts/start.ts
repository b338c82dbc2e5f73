// `npm start`: builds the PWA when its sources changed since the last build, then starts the server.
// The build stamp's time is the moment the build *started*, so a file saved during a build still
// counts as newer and triggers the next one.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { exitWithStartupError, startServer } from '../server/main.ts';
import { isEntryPoint, repoRoot } from '../server/paths.ts';

/** Everything `vite build` reads, besides node_modules (package-lock.json stands for those). */
const inputDirs = ['src', 'sw', 'public', 'openapi'];
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
  if (!existsSync(stamp)) return `dist/ was not built by npm start (no dist/${stampName})`;
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

function runViteBuild(root: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build'], {
      cwd: root,
      stdio: 'inherit',
      // npx is a .cmd script on Windows, which only a shell can run.
      shell: process.platform === 'win32',
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Builds into root/dist and stamps it; returns false when the build failed. */
export async function buildPwa(root: string): Promise<boolean> {
  const startedAt = new Date();
  const code = await runViteBuild(root);
  if (code !== 0) return false;
  const stamp = join(root, 'dist', stampName);
  await writeFile(stamp, `Built by npm start at ${startedAt.toISOString()}\n`);
  await utimes(stamp, startedAt, startedAt);
  return true;
}

async function main(): Promise<void> {
  const skipBuild = process.argv.includes('--skip-build');
  if (process.env.DIST_DIR !== undefined && process.env.DIST_DIR.trim() !== '') {
    console.log(`DIST_DIR is set: serving ${process.env.DIST_DIR} as it is (no build).`);
  } else if (skipBuild) {
    console.log('--skip-build: serving dist/ as it is.');
  } else {
    const reason = buildReason(repoRoot);
    if (reason === null) {
      console.log('The PWA build in dist/ is up to date.');
    } else {
      console.log(`Building the PWA: ${reason}. Running \`npx vite build\`…`);
      if (!(await buildPwa(repoRoot))) {
        console.error('The build failed (see above); the server was not started.');
        process.exit(1);
      }
      console.log('Build finished.');
    }
  }
  console.log('Starting the server…');
  await startServer().catch(exitWithStartupError);
}


if (isEntryPoint(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
