import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app.ts';
import { buildContentSecurityPolicy, buildSecurityHeaders } from '../../server/http/security-headers.ts';
import type { Database } from '../../server/db/database.ts';
import { signedInAccount } from './support/accounts.ts';
import { contractClient } from './support/contract-client.ts';
import { createDistFixture, type DistFixture } from './support/dist-fixture.ts';
import { createMigratedTestDatabase } from './support/test-database.ts';
import { testScryptCost } from './support/test-server.ts';

let fixture: DistFixture;
/** One throw-away database shared by every server this file builds. */
let db: Database;
let app: FastifyInstance;
let unbuilt: FastifyInstance;

beforeAll(async () => {
  fixture = await createDistFixture();
  db = await createMigratedTestDatabase();
  app = await buildServer({ distDir: fixture.distDir, dataDir: fixture.dataDir, database: db, scryptCost: testScryptCost });
  // A route that fails the way a bug would, to see what an unexpected error looks like from outside.
  app.get('/api/test-failure/', async () => {
    throw new Error('database password is hunter2');
  });
  unbuilt = await buildServer({ distDir: join(fixture.root, 'missing'), dataDir: fixture.dataDir, database: db, scryptCost: testScryptCost });
});

afterAll(async () => {
  await app.close();
  await unbuilt.close();
  await db.close();
  await fixture.cleanup();
});

function directive(csp: string, name: string): string | undefined {
  return csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
}

const answers: [string, InjectOptions, number][] = [
  ['the app shell', { method: 'GET', url: '/' }, 200],
  ['a hashed asset', { method: 'GET', url: '/assets/index-AbC123.js' }, 200],
  ['an icon', { method: 'GET', url: '/icon.png' }, 200],
  ['a deep link', { method: 'GET', url: '/app/order_book' }, 200],
  ['a HEAD request', { method: 'HEAD', url: '/app/order_book' }, 200],
  ['the health API', { method: 'GET', url: '/api/health/' }, 200],
  ['an unknown API path', { method: 'GET', url: '/api/unknown' }, 404],
  ['an unknown analytics path', { method: 'GET', url: '/analytics/rest/v2/nothing' }, 404],
  ['an analytics table read', { method: 'GET', url: '/analytics/rest/v1/commentary?limit=1', headers: { apikey: 'strikedesk-public-anon-key' } }, 200],
  ['an analytics read without its key', { method: 'GET', url: '/analytics/rest/v1/commentary' }, 401],
  ['a missing asset', { method: 'GET', url: '/assets/missing-123.js' }, 404],
  ['a POST to an unknown path', { method: 'POST', url: '/somewhere', payload: {} }, 404],
  [
    'malformed JSON',
    { method: 'POST', url: '/api/health/', headers: { 'content-type': 'application/json' }, payload: '{oops' },
    400,
  ],
  ['a malformed URL', { method: 'GET', url: '/%zz' }, 400],
  ['an unexpected error', { method: 'GET', url: '/api/test-failure/' }, 500],
];

describe('security headers on every kind of answer', () => {
  it.each(answers)('%s', async (_kind, request, status) => {
    const res = await app.inject(request);
    expect(res.statusCode).toBe(status);
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');
  });

  it('the "not built yet" answer too', async () => {
    const res = await unbuilt.inject({ method: 'GET', url: '/app/order_book' });
    expect(res.statusCode).toBe(503);
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('an unexpected error keeps its details out of the answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-failure/' });
    expect(res.json()).toEqual({ message: 'Internal Server Error', code: 'internal_error' , details: { text: expect.objectContaining({ code: expect.stringMatching(/^(request|validation)\./) }) } });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('security headers on the live price stream', () => {
  it('are the same as on any other API answer, HSTS included (the reply is hijacked, so no onSend runs)', async () => {
    // Behind a trusted TLS proxy, so HSTS belongs on every answer.
    const behindTls = await buildServer({ distDir: fixture.distDir, dataDir: fixture.dataDir, database: db, scryptCost: testScryptCost, trustProxy: true });
    try {
      const { token } = await signedInAccount(contractClient(behindTls));
      await behindTls.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(behindTls.server.address() as AddressInfo).port}`;
      const headers = { authorization: `Bearer ${token}`, 'x-forwarded-proto': 'https' };
      const health = await fetch(`${base}/api/health/`, { headers });
      const stream = await fetch(`${base}/api/market/stream/`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ instruments: ['NSE:NIFTY 50'] }),
      });
      await stream.body?.cancel();
      expect(health.status).toBe(200);
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const names = [...Object.keys(buildSecurityHeaders()), 'strict-transport-security'];
      const pick = (response: Response) => Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));
      expect(Object.values(pick(health)).every((value) => value !== null)).toBe(true);
      expect(pick(stream)).toEqual(pick(health));
    } finally {
      await behindTls.close();
    }
  });
});

describe('content security policy', () => {
  it('is the strict default policy', () => {
    expect(buildContentSecurityPolicy()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
        "connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; " +
        "form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('lets an external analytics origin into connect-src only', async () => {
    const withAnalytics = await buildServer({
      distDir: fixture.distDir,
      dataDir: fixture.dataDir,
      database: db,
      scryptCost: testScryptCost,
      extraConnectSrc: ['https://analytics.example.com'],
    });
    try {
      const res = await withAnalytics.inject({ method: 'GET', url: '/' });
      const csp = String(res.headers['content-security-policy']);
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://analytics.example.com");
      expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    } finally {
      await withAnalytics.close();
    }
  });

  it('refuses a source that would inject directives', () => {
    expect(() => buildContentSecurityPolicy(["https://x.example; script-src 'unsafe-inline'"])).toThrow();
    expect(() => buildContentSecurityPolicy(["'unsafe-inline'"])).toThrow();
  });
});
