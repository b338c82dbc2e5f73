// `npm start` runs the server from dist-server/ (scripts/server-bundle.mjs), built again whenever a file it was
// made of changed; and the contract parsed ahead is taken only for the very YAML it was parsed from.
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundleFolder, contractHash, contractJsonName, serverBundleReason } from '../../../scripts/server-bundle.mjs';
import { parseContractYaml, parsedAhead } from '../../../server/contract/document.ts';
import { repoRoot } from '../../../server/paths.ts';

let root: string;
const builtAt = new Date('2026-06-02T10:00:00Z');
const before = new Date('2026-06-01T10:00:00Z');
const after = new Date('2026-06-03T10:00:00Z');
const bundled = ['start.mjs', 'worker-server-services-backtests-book-database-worker.mjs', contractJsonName];

async function put(path: string, time: Date, text = path): Promise<void> {
  const target = join(root, path);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, text);
  await utimes(target, time, time);
}

async function stamp(inputs: string[]): Promise<void> {
  for (const name of bundled) await put(`${bundleFolder}/${name}`, builtAt);
  await put(`${bundleFolder}/.build-stamp.json`, builtAt, JSON.stringify({ builtAt: builtAt.toISOString(), builtAtMs: builtAt.getTime(), outputs: bundled, inputs }));
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'strikedesk-bundle-'));
  for (const path of ['server/main.ts', 'server/app.ts', 'openapi/main.yaml']) await put(path, before);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('npm start decides when to build the server', () => {
  it('builds when there is no build, or one whose stamp is from before its outputs were listed', async () => {
    expect(serverBundleReason(root)).toBe('no server build found');
    await put(`${bundleFolder}/.build-stamp.json`, builtAt, JSON.stringify({ builtAtMs: builtAt.getTime(), inputs: [] }));
    expect(serverBundleReason(root)).toBe('its stamp is from another version');
  });

  it('does not build when none of its inputs changed', async () => {
    await stamp(['server/main.ts', 'server/app.ts', 'openapi/main.yaml']);
    expect(serverBundleReason(root)).toBeNull();
  });

  it('builds when an input is newer than the build, and names it', async () => {
    await stamp(['server/main.ts', 'server/app.ts', 'openapi/main.yaml']);
    await put('server/app.ts', after);
    expect(serverBundleReason(root)).toBe('server/app.ts changed since the last build');
  });

  it('builds when a migration written in TypeScript is not in it (a new one: the bundle imports them, no loader does)', async () => {
    await put('server/db/migrations/001-first.sql', before);
    await put('server/db/migrations/002-second.ts', before);
    await stamp(['server/main.ts', 'server/db/migrations/002-second.ts']);
    expect(serverBundleReason(root)).toBeNull();
    await put('server/db/migrations/003-third.ts', before);
    expect(serverBundleReason(root)).toBe('server/db/migrations/003-third.ts is not in it');
  });

  it('builds when an input is gone or a bundled file is missing', async () => {
    await stamp(['server/main.ts', 'server/gone.ts']);
    expect(serverBundleReason(root)).toBe('server/gone.ts is gone');
    await stamp(['server/main.ts']);
    await rm(join(root, bundleFolder, 'worker-server-services-backtests-book-database-worker.mjs'));
    expect(serverBundleReason(root)).toBe(`${bundleFolder}/worker-server-services-backtests-book-database-worker.mjs is missing`);
  });
});

describe('the contract parsed ahead', () => {
  it('is the YAML as the server parses it, taken only for the text it was parsed from', async () => {
    const text = await readFile(join(repoRoot, 'openapi/main.yaml'), 'utf8');
    const doc = parseContractYaml(text, 'openapi/main.yaml');
    const path = join(root, contractJsonName);
    await writeFile(path, JSON.stringify({ sha256: contractHash(text), doc }));
    expect(parsedAhead(text, path)).toEqual(doc);
    // A contract edited since: parsed again, never the stale one.
    expect(parsedAhead(`${text}\n# edited\n`, path)).toBeNull();
    expect(parsedAhead(text, join(root, 'missing.json'))).toBeNull();
  });
});
