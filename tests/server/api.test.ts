import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app.ts';
import { HttpError } from '../../server/http/errors.ts';
import type { Database } from '../../server/db/database.ts';
import { createDistFixture, type DistFixture } from './support/dist-fixture.ts';
import { createMigratedTestDatabase } from './support/test-database.ts';
import { testScryptCost } from './support/test-server.ts';

let fixture: DistFixture;
/** One throw-away database shared by every server this file builds. */
let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  fixture = await createDistFixture();
  db = await createMigratedTestDatabase();
  app = await buildServer({ distDir: fixture.distDir, dataDir: fixture.dataDir, database: db, scryptCost: testScryptCost });
  app.post('/api/test-echo/', async (request) => ({ received: request.body }));
  app.get('/api/test-conflict/', async () => {
    throw new HttpError(409, 'idempotency_in_progress', 'A request with this key is still running.');
  });
});

afterAll(async () => {
  await app.close();
  await db.close();
  await fixture.cleanup();
});

const notFound = { message: 'Not Found', code: 'not_found', details: { text: { code: 'request.not_found', params: {} } } };

describe('API basics', () => {
  it('answers /api/health/ with ok and no-store', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers['content-type'])).toContain('application/json');
  });

  it('accepts the path without its trailing slash, and HEAD', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const head = await app.inject({ method: 'HEAD', url: '/api/health/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['GET', '/api/unknown'],
    ['GET', '/api/'],
    ['GET', '/api/order-book/nothing/ZX1234?start_date=2025-01-02'],
    ['POST', '/api/unknown/'],
    ['DELETE', '/api/health/'],
    ['GET', '/analytics/rest/v2/commentary'],
    ['POST', '/analytics/functions/v1/nothing'],
  ] as const)('%s %s → 404 JSON with no-store', async (method, url) => {
    const res = await app.inject({ method, url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    expect(String(res.headers['content-type'])).toContain('application/json');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sets no-store on API errors too', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-conflict/' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A request with this key is still running.', code: 'idempotency_in_progress' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('request bodies', () => {
  it('accepts a JSON body under the limit', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test-echo/', payload: { quantity: 65 } });
    expect(res.json()).toEqual({ received: { quantity: 65 } });
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const payload = JSON.stringify({ blob: 'x'.repeat(1024 * 1024) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-echo/',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('explains malformed JSON with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-echo/',
      headers: { 'content-type': 'application/json' },
      payload: '{"quantity":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_json' });
  });
});
