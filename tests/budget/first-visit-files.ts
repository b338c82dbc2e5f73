/**
 * The files of a first visit to /auth/login, read from Vite's build manifest: what index.html loads and,
 * when the sign-in screen is a lazy chunk of its own (older builds; today it is part of the entry), what
 * that chunk needs before it runs. Shared by the budget test and `npm run bench`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, Chunk>;

export const SIGN_IN_SCREEN = 'src/features/auth/routes/login-screen.tsx';

export function loadManifest(distDir: string): Manifest {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`No build found in ${distDir}: run \`vite build\` first.`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** Every file a chunk needs before it runs: itself, its static imports (transitively) and their CSS. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return new Set();
  seen.add(key);
  const files = new Set([chunk.file, ...(chunk.css ?? [])]);
  for (const imported of chunk.imports ?? []) {
    for (const file of staticClosure(manifest, imported, seen)) files.add(file);
  }
  return files;
}

export function findKey(manifest: Manifest, suffix: string): string {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`${suffix} is not in the build manifest`);
  return key;
}

/** The manifest key of `source` when it is a chunk of its own (a lazy screen), or null when it is bundled into another. */
export function chunkKey(manifest: Manifest, source: string): string | null {
  return Object.keys(manifest).find((k) => k.endsWith(source)) ?? null;
}

/** index.html's files, plus those of `screen` when the first screen is a lazy chunk. */
export function firstVisitFiles(manifest: Manifest, screen: string | null = SIGN_IN_SCREEN): Set<string> {
  const key = screen === null ? null : chunkKey(manifest, screen);
  const screenFiles = key === null ? [] : staticClosure(manifest, key);
  return new Set([...staticClosure(manifest, 'index.html'), ...screenFiles]);
}

/** gzip (default level, so the same bytes every run) of each file, and their total. */
export function gzipSizes(distDir: string, files: Iterable<string>): { sizes: [string, number][]; total: number } {
  const sizes = [...files].map((file): [string, number] => [file, gzipSync(readFileSync(join(distDir, file))).length]);
  return { sizes, total: sizes.reduce((sum, [, size]) => sum + size, 0) };
}
