import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { createDistFixture, fileText, type DistFixture } from './support/dist-fixture.ts';
import { createMigratedTestDatabase } from './support/test-database.ts';
import { testScryptCost } from './support/test-server.ts';

const immutable = 'public, max-age=31536000, immutable';

let fixture: DistFixture;
/** One throw-away database shared by every server this file builds. */
let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  fixture = await createDistFixture();
  db = await createMigratedTestDatabase();
  app = await buildServer({ distDir: fixture.distDir, dataDir: fixture.dataDir, database: db, scryptCost: testScryptCost });
});

afterAll(async () => {
  await app.close();
  await db.close();
  await fixture.cleanup();
});

describe('cache headers by kind of file', () => {
  it.each([
    ['/', 'no-cache', 'text/html'],
    ['/index.html', 'no-cache', 'text/html'],
    ['/sw.js', 'no-cache', 'javascript'],
    ['/manifest.webmanifest', 'no-cache', 'application/manifest+json'],
    ['/assets/index-AbC123.js', immutable, 'javascript'],
    ['/assets/index-Xy9.css', immutable, 'text/css'],
    ['/icon.png', 'public, max-age=3600', 'image/png'],
  ])('%s → %s', async (url, cacheControl, type) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(cacheControl);
    expect(String(res.headers['content-type'])).toContain(type);
  });

  it('serves the exact bytes of a file', async () => {
    const res = await app.inject({ method: 'GET', url: '/icon.png' });
    expect(res.rawPayload.equals(fixture.files['icon.png'] ?? Buffer.alloc(0))).toBe(true);
  });

  it('lets the browser revalidate index.html with its ETag', async () => {
    const first = await app.inject({ method: 'GET', url: '/index.html' });
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await app.inject({ method: 'GET', url: '/index.html', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe('missing files', () => {
  it.each(['/assets/missing-123.js', '/assets/missing-123.css', '/assets/', '/assets/deep/missing.js'])(
    '%s is a 404, never the app shell',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(res.statusCode).toBe(404);
      expect(String(res.headers['content-type'])).toContain('application/json');
      expect(res.body).not.toContain('<html');
    },
  );

  it('does not serve build bookkeeping (dot files)', async () => {
    for (const url of ['/.vite/manifest.json', '/.build-stamp']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('assets/index-AbC123.js');
    }
  });

  it('answers 404 for a missing file that is not a navigation, the app shell for a navigation', async () => {
    const fetched = await app.inject({ method: 'GET', url: '/favicon.ico', headers: { accept: 'image/*' } });
    expect(fetched.statusCode).toBe(404);
    const navigated = await app.inject({ method: 'GET', url: '/app/reports/2024.csv', headers: { accept: 'text/html' } });
    expect(navigated.statusCode).toBe(200);
    expect(navigated.body).toContain('fixture-shell');
  });
});

describe('client-side routes', () => {
  it.each(['/app/order_book', '/app/dashboards/default', '/auth/login?redirect=%2Fapp%2Fpositions', '/app/pages/setting/profile/'])(
    '%s answers index.html with no-cache',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers['content-type'])).toContain('text/html');
      expect(res.body).toBe(fileText(fixture, 'index.html'));
    },
  );

  it('answers HEAD with the headers and no body', async () => {
    const route = await app.inject({ method: 'HEAD', url: '/app/order_book' });
    expect(route.statusCode).toBe(200);
    expect(String(route.headers['content-type'])).toContain('text/html');
    expect(route.body).toBe('');
    const asset = await app.inject({ method: 'HEAD', url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe(immutable);
    expect(asset.body).toBe('');
  });

  it('answers other methods on unknown paths with a JSON 404', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/app/order_book' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not Found', code: 'not_found' , details: { text: expect.objectContaining({ code: expect.stringMatching(/^(request|validation)\./) }) } });
    }
  });
});

describe('before the first build', () => {
  let unbuilt: FastifyInstance;

  beforeAll(async () => {
    unbuilt = await buildServer({ distDir: join(fixture.root, 'no-dist-here'), dataDir: fixture.dataDir, database: db, scryptCost: testScryptCost });
  });

  afterAll(async () => {
    await unbuilt.close();
  });

  it.each(['/', '/app/order_book', '/index.html'])('%s answers 503 saying to run npm run build', async (url) => {
    const res = await unbuilt.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(503);
    expect(String(res.headers['content-type'])).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('npm run build');
  });

  it('still answers the API and 404s for assets', async () => {
    expect((await unbuilt.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    expect((await unbuilt.inject({ method: 'GET', url: '/assets/index-AbC123.js' })).statusCode).toBe(404);
  });

  it('serves the first build once it is made, without a restart', async () => {
    const distDir = join(fixture.root, 'built-later');
    const server = await buildServer({ distDir, dataDir: fixture.dataDir, database: db, scryptCost: testScryptCost });
    try {
      expect((await server.inject({ method: 'GET', url: '/' })).statusCode).toBe(503);
      await cp(fixture.distDir, distDir, { recursive: true });
      const shell = await server.inject({ method: 'GET', url: '/app/order_book' });
      expect(shell.statusCode).toBe(200);
      expect(shell.body).toContain('fixture-shell');
      const script = await server.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
      expect(script.statusCode).toBe(200);
      expect(script.body).toBe(fileText(fixture, 'assets/index-AbC123.js'));
    } finally {
      await server.close();
    }
  });
});
