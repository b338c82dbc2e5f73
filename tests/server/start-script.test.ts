import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPwa, buildReason, stampName } from '../../scripts/build-pwa.ts';
import { repoRoot } from '../../server/paths.ts';

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

  it('builds when dist/ has no stamp (a bare vite build)', async () => {
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

describe('every build counts for npm start', () => {
  /** Stands in for `vite build` (a real one takes a minute): writes what it would, or fails. */
  const fakeViteBuild = (code: number) => async (at: string) => {
    if (code === 0) await put(join('dist', 'index.html'), new Date());
    expect(at).toBe(root);
    return code;
  };

  it('a build through build-pwa leaves dist/ stamped and current', async () => {
    expect(await buildPwa(root, fakeViteBuild(0))).toBe(true);
    expect(buildReason(root)).toBeNull();
  });

  it('leaves brotli and gzip copies beside the text files of 1 KB or more, for the server to send as they are', async () => {
    const script = 'export const strike = "NIFTY 24000 CE";\n'.repeat(60);
    const writeBuild = async () => {
      const files: [string, string][] = [
        ['dist/index.html', '<!doctype html><title>StrikeDesk</title>'],
        ['dist/assets/index-AbC.js', script],
        ['dist/assets/tiny-Xy.js', 'export {};'],
        ['dist/icon-192.png', script],
        ['dist/.vite/manifest.json', script],
      ];
      for (const [path, content] of files) {
        await mkdir(dirname(join(root, path)), { recursive: true });
        await writeFile(join(root, path), content);
      }
      return 0;
    };
    expect(await buildPwa(root, writeBuild)).toBe(true);
    const copy = (suffix: string) => readFile(join(root, `dist/assets/index-AbC.js${suffix}`));
    expect(brotliDecompressSync(await copy('.br')).toString()).toBe(script);
    expect(gunzipSync(await copy('.gz')).toString()).toBe(script);
    for (const left of ['dist/index.html', 'dist/assets/tiny-Xy.js', 'dist/icon-192.png', 'dist/.vite/manifest.json']) {
      expect([existsSync(join(root, `${left}.br`)), existsSync(join(root, `${left}.gz`))], left).toEqual([false, false]);
    }
    expect(buildReason(root)).toBeNull();
  });

  it('a failed build leaves no stamp', async () => {
    expect(await buildPwa(root, fakeViteBuild(1))).toBe(false);
    await put('dist/index.html', builtAt);
    expect(buildReason(root)).toMatch(/no dist\/\.build-stamp/);
  });

  it('npm test and npm run build build through build-pwa, never with a bare vite build', async () => {
    const { scripts } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts['build:pwa']).toBe('tsx scripts/build-pwa.ts');
    // npm test runs build:pwa beside lint and the type check (scripts/run-together.ts runs npm scripts by name).
    expect(scripts.test).toMatch(/^tsx scripts\/run-together\.ts (?:[\w:-]+ )*build:pwa(?: |$)/);
    expect(scripts.build).toContain('npm run build:pwa');
    for (const [name, command] of Object.entries(scripts)) expect(command, name).not.toMatch(/\bvite build\b/);
  });
});
