// A throw-away Vite-like dist folder, so server tests never depend on a real build.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type DistFixture = {
  root: string;
  distDir: string;
  dataDir: string;
  files: Record<string, Buffer>;
  cleanup: () => Promise<void>;
};

const indexHtml = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>StrikeDesk</title>
<script type="module" crossorigin src="/assets/index-AbC123.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-Xy9.css"></head>
<body><div id="root">fixture-shell</div></body></html>
`;

/** Repetitive like real bundles, well above the 1 KB compression threshold. */
const bundle = Array.from({ length: 80 }, (_, i) => `export const value${i} = "strike-${i}-${'x'.repeat(20)}";`).join('\n');

const css = Array.from({ length: 60 }, (_, i) => `.row-${i}{padding-inline-start:${i}px;color:var(--fg)}`).join('\n');

// A real 1x1 PNG: binary content that must never be compressed or rewritten.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export async function createDistFixture(): Promise<DistFixture> {
  const root = await mkdtemp(join(tmpdir(), 'strikedesk-server-'));
  const distDir = join(root, 'dist');
  const dataDir = join(root, 'data');
  const files: Record<string, Buffer> = {
    'index.html': Buffer.from(indexHtml),
    'sw.js': Buffer.from('self.addEventListener("install", () => self.skipWaiting());\n'),
    'manifest.webmanifest': Buffer.from(JSON.stringify({ name: 'StrikeDesk', start_url: '/' })),
    'assets/index-AbC123.js': Buffer.from(bundle),
    'assets/index-Xy9.css': Buffer.from(css),
    'icon.png': png,
    '.build-stamp': Buffer.from('built'),
    '.vite/manifest.json': Buffer.from('{"index.html":{"file":"assets/index-AbC123.js"}}'),
  };
  for (const [name, content] of Object.entries(files)) {
    const target = join(distDir, name);
    await mkdir(join(target, '..'), { recursive: true });
    await writeFile(target, content);
  }
  return { root, distDir, dataDir, files, cleanup: () => rm(root, { recursive: true, force: true }) };
}

export function fileText(fixture: DistFixture, name: string): string {
  const content = fixture.files[name];
  if (content === undefined) throw new Error(`No fixture file ${name}`);
  return content.toString('utf8');
}
