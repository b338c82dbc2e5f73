// index.html served for a chart screen's address lists that screen's files as preloads (issue 24: the chart's
// first open), from the list the build writes (dist/.vite/route-preloads.json); every other address, sign-in
// first of all, gets index.html byte for byte as built.
import { rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { createDistFixture, fileText, type DistFixture } from './support/dist-fixture.ts';
import { createMigratedTestDatabase } from './support/test-database.ts';
import { testScryptCost } from './support/test-server.ts';

const chartFiles = {
  modules: ['assets/load-runtime-config-A1.js', 'assets/app-shell-B2.js', 'assets/trading-view-chart-screen-C3.js', 'assets/lightweight-charts.production-D4.js'],
  styles: ['assets/all-screens-E5.css'],
  fetches: ['/config.json'],
};

let fixture: DistFixture;
let db: Database;
let app: FastifyInstance;
const listPath = () => join(fixture.distDir, '.vite', 'route-preloads.json');

async function writeList(list: unknown): Promise<void> {
  await writeFile(listPath(), typeof list === 'string' ? list : JSON.stringify(list));
  // A new mtime each time, as a new build gives: the server reads the list again when it changes.
  const stamp = new Date(Date.now() + Math.random() * 1e6);
  await utimes(listPath(), stamp, stamp);
}

beforeAll(async () => {
  fixture = await createDistFixture();
  await writeList({ '/app/trading_view_chart': chartFiles });
  db = await createMigratedTestDatabase();
  app = await buildServer({ distDir: fixture.distDir, dataDir: fixture.dataDir, database: db, scryptCost: testScryptCost });
});

afterAll(async () => {
  await app.close();
  await db.close();
  await fixture.cleanup();
});

const preloadsIn = (html: string) => [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*>/g)].map(([link]) => link);

describe('index.html for a chart screen lists its files as preloads', () => {
  it.each(['/app/trading_view_chart', '/app/trading_view_chart?index=NIFTY&interval=1D', '/app/trading_view_chart/'])('%s', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(preloadsIn(res.body)).toEqual([
      '<link rel="preload" as="fetch" crossorigin href="/config.json">',
      '<link rel="modulepreload" crossorigin href="/assets/load-runtime-config-A1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/app-shell-B2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/trading-view-chart-screen-C3.js">',
      '<link rel="modulepreload" crossorigin href="/assets/lightweight-charts.production-D4.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/all-screens-E5.css">',
    ]);
    // The page as built around them: its entry, its stylesheet and its body; the links inside the head.
    const built = fileText(fixture, 'index.html');
    expect(res.body.replace(/<link rel="(?:modulepreload|preload)"[^>]*>\n/g, '')).toBe(built);
    expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('</head>'));
    // No inline script or style slipped in (the Content-Security-Policy allows neither).
    expect(res.body).not.toMatch(/<script>|<style/);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('revalidates with its ETag', async () => {
    const first = await app.inject({ method: 'GET', url: '/app/trading_view_chart' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({ method: 'GET', url: '/app/trading_view_chart', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is compressed like index.html (above the 1 KB threshold, as the real page is)', async () => {
    const modules = Array.from({ length: 20 }, (_, i) => `assets/screen-part-${i}.js`);
    await writeList({ '/app/trading_view_chart': { ...chartFiles, modules } });
    const res = await app.inject({ method: 'GET', url: '/app/trading_view_chart', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    await writeList({ '/app/trading_view_chart': chartFiles });
  });
});

describe('every other address gets index.html as built', () => {
  it.each(['/auth/login', '/auth/login?redirect=%2Fapp%2Ftrading_view_chart', '/', '/index.html', '/app/order_book', '/app/trading_view_chart_x'])('%s', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(fileText(fixture, 'index.html'));
    expect(preloadsIn(res.body)).toEqual([]);
  });
});

describe('the list is the build\'s', () => {
  it('a name the build could not have written adds nothing', async () => {
    await writeList({
      '/app/trading_view_chart': { modules: ['assets/ok-1.js', '../secret.js', 'assets/"><script>alert(1)</script>.js', 42], styles: ['assets/x.css"'], fetches: ['https://elsewhere.example/x', '/config.json'] },
      '/app/<b>': chartFiles,
    });
    const res = await app.inject({ method: 'GET', url: '/app/trading_view_chart' });
    expect(preloadsIn(res.body)).toEqual(['<link rel="preload" as="fetch" crossorigin href="/config.json">', '<link rel="modulepreload" crossorigin href="/assets/ok-1.js">']);
    expect(res.body).not.toContain('<script>alert');
  });

  it('an unreadable list, or none, leaves index.html as built', async () => {
    await writeList('{ not json');
    expect((await app.inject({ method: 'GET', url: '/app/trading_view_chart' })).body).toBe(fileText(fixture, 'index.html'));
    await rm(listPath());
    expect((await app.inject({ method: 'GET', url: '/app/trading_view_chart' })).body).toBe(fileText(fixture, 'index.html'));
    await writeList({ '/app/trading_view_chart': chartFiles });
    expect(preloadsIn((await app.inject({ method: 'GET', url: '/app/trading_view_chart' })).body)).toHaveLength(6);
  });
});
