import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { login, newAccount, register } from '../support/accounts.ts';
import { contractClient, type ContractCall } from '../support/contract-client.ts';
import { createTestDatabase, testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

const minute = 60_000;

describe.each(testBackends)('throttling on %s', (backend) => {
  let db: Database;
  let server: TestServer;
  let call: ContractCall;
  let ipCounter = 0;
  const freshIp = () => `10.3.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    server = await startTestServer({ database: db });
    call = contractClient(server.app);
  });

  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const attempt = (email: string, password: string, ip = freshIp()) => call('loginUser', { body: { email, password }, ip });

  it('locks an account for the rest of 15 minutes after 5 failed sign-ins, from any address', async () => {
    const account = await register(call);
    for (let i = 0; i < 5; i++) expect((await attempt(account.email, `wrong-${i}`)).status).toBe(400);

    // Even the right password is refused while locked: the answer must not confirm a guess.
    const locked = await attempt(account.email, account.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'too_many_attempts' });
    expect(locked.headers['retry-after']).toBe('900');

    server.clock.advance(10 * minute);
    const later = await attempt(account.email, account.password);
    expect(later.status).toBe(429);
    expect(later.headers['retry-after']).toBe('300');

    server.clock.advance(5 * minute);
    expect((await attempt(account.email, account.password)).status).toBe(200);
  });

  it('locks unknown emails the same way, so the lock reveals nothing', async () => {
    const email = `ghost-${Date.now()}@example.in`;
    for (let i = 0; i < 5; i++) expect((await attempt(email, 'guess')).status).toBe(400);
    expect((await attempt(email, 'guess')).status).toBe(429);
  });

  it('resets the account counter on a successful sign-in', async () => {
    const account = await register(call);
    for (let i = 0; i < 4; i++) await attempt(account.email, 'wrong');
    expect((await attempt(account.email, account.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(account.email, 'wrong')).status).toBe(400);
    expect((await attempt(account.email, 'wrong')).status).toBe(400);
    expect((await attempt(account.email, account.password)).status).toBe(429);
  });

  it('limits one address to 20 failed sign-ins in 15 minutes, whatever the accounts', async () => {
    const ip = '192.0.2.77';
    const victim = await register(call);
    for (let i = 0; i < 20; i++) expect((await attempt(`spray-${i}-${Date.now()}@example.in`, 'Summer2026!', ip)).status).toBe(400);
    const blocked = await attempt(victim.email, victim.password, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // Other addresses are unaffected.
    expect((await attempt(victim.email, victim.password, '192.0.2.78')).status).toBe(200);
  });

  it('counts wrong current passwords at change_password against the account', async () => {
    const account = await register(call);
    const token = await login(call, account, freshIp());
    for (let i = 0; i < 5; i++) {
      const res = await call('changePassword', { token, body: { current_password: `wrong-${i}`, new_password: 'Straddle-Seller-2026' } });
      expect(res.status).toBe(422);
    }
    const res = await call('changePassword', { token, body: { current_password: account.password, new_password: 'Straddle-Seller-2026' } });
    expect(res.status).toBe(429);
    expect((await attempt(account.email, account.password)).status).toBe(429);
  });

  it('forgets events older than a day as new attempts come in', async () => {
    const email = `old-${Date.now()}@example.in`;
    await attempt(email, 'guess');
    server.clock.advance(25 * 60 * minute);
    await attempt(`other-${Date.now()}@example.in`, 'guess');
    const { rows } = await db.query('SELECT 1 FROM throttle_events WHERE key = $1', [email]);
    expect(rows).toEqual([]);
  });

  it('shares the counts between server instances on one database', async () => {
    const other = await startTestServer({ database: db, clock: server.clock });
    try {
      const account = await register(call);
      for (let i = 0; i < 5; i++) await attempt(account.email, 'wrong');
      const res = await contractClient(other.app)('loginUser', { body: { email: account.email, password: account.password } });
      expect(res.status).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('registration throttling', () => {
  let server: TestServer;
  let call: ContractCall;

  beforeAll(async () => {
    server = await startTestServer({ throttleLimits: { registerPerIp: { limit: 3, windowMs: 60 * minute } }, clock: manualClock() });
    call = contractClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  it('limits registrations per address and answers 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++) await register(call);
    const res = await call('registerUser', { body: newAccount() });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('3600');
    expect((await call('registerUser', { body: newAccount(), ip: '198.51.100.9' })).status).toBe(201);
    server.clock.advance(60 * minute);
    expect((await call('registerUser', { body: newAccount() })).status).toBe(201);
  });
});
