import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { createDistFixture, type DistFixture } from './support/dist-fixture.ts';
import { createMigratedTestDatabase } from './support/test-database.ts';
import { testScryptCost } from './support/test-server.ts';

let fixture: DistFixture;
/** One throw-away database shared by every server this file builds. */
let db: Database;
let app: FastifyInstance;
const bigRows = Array.from({ length: 200 }, (_, i) => ({ id: i, symbol: 'NIFTY', strike: 24000 + i * 50 }));
// A script with the brotli and gzip copies the build writes beside it (scripts/precompress.ts).
const script = Array.from({ length: 300 }, (_, i) => `export const strike${i} = ${24000 + i * 50};`).join('\n');
const br = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
const gz = gzipSync(script, { level: 9 });

beforeAll(async () => {
  fixture = await createDistFixture();
  // Written before the server starts: it lists the build's files once, at start (static-files.ts).
  await writeFile(join(fixture.distDir, 'assets/pre-Zz1.js'), script);
  await writeFile(join(fixture.distDir, 'assets/pre-Zz1.js.br'), br);
  await writeFile(join(fixture.distDir, 'assets/pre-Zz1.js.gz'), gz);
  await writeFile(join(fixture.distDir, 'sw.js.br'), brotliCompressSync(bytesOf('sw.js')));
  db = await createMigratedTestDatabase();
  app = await buildServer({ distDir: fixture.distDir, dataDir: fixture.dataDir, database: db, scryptCost: testScryptCost });
  app.get('/api/test-big/', async () => ({ data: bigRows }));
});

afterAll(async () => {
  await app.close();
  await db.close();
  await fixture.cleanup();
});

function bytesOf(name: string): Buffer {
  const content = fixture.files[name];
  if (content === undefined) throw new Error(`No fixture file ${name}`);
  return content;
}

function varies(header: unknown): boolean {
  return String(header).toLowerCase().split(/\s*,\s*/).includes('accept-encoding');
}

describe('compression', () => {
  it.each(['/assets/index-AbC123.js', '/assets/index-Xy9.css'])('gzips %s when gzip is accepted', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(varies(res.headers.vary)).toBe(true);
    expect(gunzipSync(res.rawPayload).equals(bytesOf(url.slice(1)))).toBe(true);
    expect(res.rawPayload.length).toBeLessThan(bytesOf(url.slice(1)).length);
  });

  it('uses brotli when it is accepted', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).equals(bytesOf('assets/index-AbC123.js'))).toBe(true);
  });

  it('compresses large API answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-big/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(['br', 'gzip']).toContain(res.headers['content-encoding']);
    const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
    expect(JSON.parse(body.toString('utf8'))).toEqual({ data: bigRows });
  });

  it.each([undefined, 'identity'])('sends plain bytes when the client accepts %s', async (encoding) => {
    const headers = encoding === undefined ? {} : { 'accept-encoding': encoding };
    const res = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(bytesOf('assets/index-AbC123.js'))).toBe(true);
    // Caches must still know that another client could get a compressed copy.
    expect(varies(res.headers.vary)).toBe(true);
  });

  it('leaves small answers and images alone', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health/', headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
    const icon = await app.inject({ method: 'GET', url: '/icon.png', headers: { 'accept-encoding': 'gzip, br' } });
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.rawPayload.equals(bytesOf('icon.png'))).toBe(true);
  });
});

describe('compressed copies written by the build', () => {
  it.each([
    ['br', br],
    ['gzip', gz],
  ])('are sent as they are to a client that accepts %s, as the file they stand for', async (encoding, copy) => {
    const res = await app.inject({ method: 'GET', url: '/assets/pre-Zz1.js', headers: { 'accept-encoding': `${encoding}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    // The build's bytes, not a second compression of them (on the fly, brotli runs at a lower quality).
    expect(res.rawPayload.equals(copy)).toBe(true);
    expect(String(res.headers['content-type'])).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(res.headers.vary)).toBe(true);
  });

  it('keep the policy of the file they stand for: the service worker is revalidated', async () => {
    const res = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).equals(bytesOf('sw.js'))).toBe(true);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('leave a client that accepts no encoding with the plain file', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/pre-Zz1.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.toString()).toBe(script);
  });
});
