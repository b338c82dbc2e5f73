import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildReason, stampName } from '../../scripts/start.ts';

let root: string;
const builtAt = new Date('2025-06-02T10:00:00Z');
const before = new Date('2025-06-01T10:00:00Z');
const after = new Date('2025-06-03T10:00:00Z');

async function put(path: string, time: Date): Promise<void> {
  const target = join(root, path);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, path);
  await utimes(target, time, time);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'strikedesk-start-'));
  for (const path of ['src/main.tsx', 'sw/sw.ts', 'public/icon-192.png', 'openapi/main.yaml', 'index.html', 'vite.config.ts', 'package-lock.json']) {
    await put(path, before);
  }
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('npm start decides when to build', () => {
  it('builds when there is no build', () => {
    expect(buildReason(root)).toMatch(/dist\/index\.html is missing/);
  });

  it('builds when dist/ has no stamp (built some other way)', async () => {
    await put('dist/index.html', builtAt);
    expect(buildReason(root)).toMatch(/no dist\/\.build-stamp/);
  });

  it('does not build when nothing changed since the stamp', async () => {
    await put('dist/index.html', builtAt);
    await put(`dist/${stampName}`, builtAt);
    expect(buildReason(root)).toBeNull();
  });

  it.each(['src/features/orders/components/order-row.tsx', 'sw/sw.ts', 'public/screenshots/wide.png', 'openapi/main.yaml', 'package-lock.json', 'scripts/pwa-manifest.ts'])(
    'builds when %s is newer than the stamp, and names it',
    async (path) => {
      await put('dist/index.html', builtAt);
      await put(`dist/${stampName}`, builtAt);
      await put(path, after);
      expect(buildReason(root)).toBe(`${path} changed since the last build`);
    },
  );

  it('ignores files outside the inputs and node_modules inside them', async () => {
    await put('dist/index.html', builtAt);
    await put(`dist/${stampName}`, builtAt);
    await put('server/app.ts', after);
    await put('README.md', after);
    await put('src/node_modules/x/index.js', after);
    expect(buildReason(root)).toBeNull();
  });
});
