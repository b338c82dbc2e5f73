// What the server believes about the connection: HSTS only on answers that travel over TLS (a trusted
// proxy says so, or the request names the configured https public origin), never on plain http to
// 127.0.0.1; and per-IP limits that count the client behind a trusted load balancer, while a forged
// X-Forwarded-For from anyone else changes nothing.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { register } from './support/accounts.ts';
import { contractClient } from './support/contract-client.ts';
import { createMigratedTestDatabase } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const hsts = 'max-age=31536000; includeSubDomains';

let db: Database;
let plain: TestServer;
let behindProxy: TestServer;
let publicHttps: TestServer;

beforeAll(async () => {
  db = await createMigratedTestDatabase();
  plain = await startTestServer({ database: db });
  behindProxy = await startTestServer({ database: db, trustProxy: ['10.0.0.0/8'] });
  publicHttps = await startTestServer({ database: db, publicOrigin: 'https://trade.example.in' });
});

afterAll(async () => {
  for (const server of [plain, behindProxy, publicHttps]) await server.close();
  await db.close();
});

const get = (server: TestServer, options: Partial<InjectOptions> = {}) => server.app.inject({ method: 'GET', url: '/api/health/', ...options });

describe('Strict-Transport-Security', () => {
  it('is never sent on plain http to 127.0.0.1, whatever the request claims', async () => {
    for (const server of [plain, behindProxy, publicHttps]) {
      expect((await get(server)).headers['strict-transport-security']).toBeUndefined();
      expect((await get(server, { headers: { host: '127.0.0.1:8080' } })).headers['strict-transport-security']).toBeUndefined();
    }
    // Only a trusted proxy's word counts: the header from a client itself is ignored.
    const forged = await get(plain, { headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    const fromOutside = await get(behindProxy, { headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '203.0.113.9' });
    expect(fromOutside.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over https, on every kind of answer', async () => {
    const viaProxy = { headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '10.1.2.3' };
    expect((await get(behindProxy, viaProxy)).headers['strict-transport-security']).toBe(hsts);
    expect((await get(behindProxy, { ...viaProxy, url: '/api/nothing-here/' })).headers['strict-transport-security']).toBe(hsts);
    expect((await get(behindProxy, { ...viaProxy, url: '/index.html' })).headers['strict-transport-security']).toBe(hsts);
    const overHttp = await get(behindProxy, { headers: { 'x-forwarded-proto': 'http' }, remoteAddress: '10.1.2.3' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent for requests to the configured https public origin', async () => {
    const res = await get(publicHttps, { headers: { host: 'trade.example.in' } });
    expect(res.headers['strict-transport-security']).toBe(hsts);
    expect((await get(publicHttps, { headers: { host: 'other.example.in' } })).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('trustProxy and per-IP limits', () => {
  const spray = (server: TestServer, i: number, headers: Record<string, string>, ip: string) =>
    contractClient(server.app)('loginUser', { body: { email: `spray-${i}-${Date.now()}@example.in`, password: 'Summer2026!' }, headers, ip });

  it('counts the client a trusted load balancer names, not the balancer', async () => {
    const victim = await register(contractClient(behindProxy.app));
    for (let i = 0; i < 20; i++) expect((await spray(behindProxy, i, { 'x-forwarded-for': '198.51.100.1' }, '10.0.0.5')).status).toBe(400);
    expect((await spray(behindProxy, 99, { 'x-forwarded-for': '198.51.100.1' }, '10.0.0.5')).status).toBe(429);
    // Another client behind the same balancer is not locked out with the attacker.
    const other = await contractClient(behindProxy.app)('loginUser', {
      body: { email: victim.email, password: victim.password },
      headers: { 'x-forwarded-for': '198.51.100.2' },
      ip: '10.0.0.5',
    });
    expect(other.status).toBe(200);
  });

  it('ignores X-Forwarded-For when nobody is trusted, so forging it does not escape the limit', async () => {
    for (let i = 0; i < 20; i++) expect((await spray(plain, i, { 'x-forwarded-for': `198.51.101.${i}` }, '192.0.2.50')).status).toBe(400);
    expect((await spray(plain, 99, { 'x-forwarded-for': '198.51.101.99' }, '192.0.2.50')).status).toBe(429);
  });
});
