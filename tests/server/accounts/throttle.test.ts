// Sign-in throttling throttles the guesser, not the account (issue 21): strangers' failures only slow
// sign-ins from devices the account has not seen, progressively and never past a minute; a device that
// signed in before (its device cookie) keeps its own allowance; addresses and networks are limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { knownDeviceCookie, login, newAccount, register } from '../support/accounts.ts';
import { contractClient, type ContractCall } from '../support/contract-client.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

const second = 1000;
const minute = 60 * second;

describe.each(testBackends)('throttling on %s', (backend) => {
  let db: Database;
  let server: TestServer;
  let call: ContractCall;
  let ipCounter = 0;
  /** A fresh address on a network of its own, so one test's failures never throttle another. */
  const freshIp = () => `10.${3 + (++ipCounter >> 8)}.${ipCounter & 255}.1`;

  beforeAll(async () => {
    db = await createMigratedTestDatabase(backend);
    server = await startTestServer({ database: db });
    call = contractClient(server.app);
  });

  afterAll(async () => {
    await server.close();
    await db.close();
  });

  const attempt = (email: string, password: string, ip = freshIp(), cookie?: string) =>
    call('loginUser', { body: { email, password }, ip, ...(cookie === undefined ? {} : { headers: { cookie } }) });

  it('slows an account down after 5 failed sign-ins from unknown devices, and never locks it', async () => {
    const account = await register(call);
    for (let i = 0; i < 5; i++) expect((await attempt(account.email, `wrong-${i}`)).status).toBe(400);

    // The next unknown device waits a second; even the right password is not checked before then.
    const slowed = await attempt(account.email, account.password);
    expect(slowed.status).toBe(429);
    expect(slowed.body).toMatchObject({
      code: 'too_many_attempts',
      message: 'Too many attempts. Try again in 1 second.',
      // Coded, so a form says the wait in the trader's language.
      details: { text: { code: 'refusal.too_many_attempts', params: { unit: 'seconds', seconds: 1, minutes: 1 } } },
    });
    expect(slowed.headers['retry-after']).toBe('1');

    server.clock.advance(second);
    expect((await attempt(account.email, account.password)).status).toBe(200);
  });

  it('doubles the wait with each further failure, up to one minute, however long strangers keep guessing', async () => {
    const account = await register(call);
    for (let i = 0; i < 5; i++) await attempt(account.email, `wrong-${i}`);
    const waits: string[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await attempt(account.email, 'still-guessing');
      expect(refused.status).toBe(429);
      waits.push(String(refused.headers['retry-after']));
      server.clock.advance(Number(refused.headers['retry-after']) * second);
      expect((await attempt(account.email, `wrong-again-${i}`)).status).toBe(400);
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16', '32', '60', '60']);
    // The owner, from a new device, waits at most that minute.
    server.clock.advance(minute);
    expect((await attempt(account.email, account.password)).status).toBe(200);
  });

  it('lets the owner in at once from a device that signed in before, however many strangers failed', async () => {
    const account = await register(call);
    const cookie = await knownDeviceCookie(call, account, freshIp());
    for (let i = 0; i < 5; i++) await attempt(account.email, `wrong-${i}`);
    for (let i = 0; i < 20; i++) {
      server.clock.advance(minute);
      await attempt(account.email, `stranger-${i}`);
    }
    expect((await attempt(account.email, account.password)).status).toBe(429);
    // From any address, even one the strangers used.
    const owner = await attempt(account.email, account.password, freshIp(), cookie);
    expect(owner.status).toBe(200);
    expect(String(owner.headers['set-cookie'])).toMatch(/^sd_device_\d+=[^;]+; Path=\/api\/authenticate; Max-Age=31536000; HttpOnly; SameSite=Strict$/);
  });

  it('gives a known device its own allowance: 10 of its own failures lock that device, not the account', async () => {
    const account = await register(call);
    const phone = await knownDeviceCookie(call, account);
    const laptop = await knownDeviceCookie(call, account);
    for (let i = 0; i < 10; i++) expect((await attempt(account.email, `typo-${i}`, freshIp(), phone)).status).toBe(400);
    const locked = await attempt(account.email, account.password, freshIp(), phone);
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    expect((await attempt(account.email, account.password, freshIp(), laptop)).status).toBe(200);
    // Its failures were its own: unknown devices are not slowed by them.
    expect((await attempt(account.email, account.password)).status).toBe(200);
  });

  it('forgives a known device its own typos when it signs in, but not strangers their guesses', async () => {
    const account = await register(call);
    const cookie = await knownDeviceCookie(call, account);
    for (let i = 0; i < 5; i++) await attempt(account.email, `stranger-${i}`);
    for (let i = 0; i < 9; i++) await attempt(account.email, `typo-${i}`, freshIp(), cookie);
    expect((await attempt(account.email, account.password, freshIp(), cookie)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await attempt(account.email, `typo-again-${i}`, freshIp(), cookie)).status).toBe(400);
    // The strangers' five still slow unknown devices.
    expect((await attempt(account.email, account.password)).status).toBe(429);
  });

  it('treats a device cookie of another account, or a forged one, as an unknown device', async () => {
    const account = await register(call);
    const other = await register(call);
    const othersCookie = await knownDeviceCookie(call, other);
    const [, value = ''] = othersCookie.split('=');
    const me = (await call<{ user: { id: number } }>('loginUser', { body: { email: account.email, password: account.password }, ip: freshIp() })).body.user.id;
    for (let i = 0; i < 5; i++) await attempt(account.email, `wrong-${i}`);
    const borrowed = `sd_device_${me}=${value}`;
    expect((await attempt(account.email, account.password, freshIp(), borrowed)).status).toBe(429);
    expect((await attempt(account.email, account.password, freshIp(), othersCookie)).status).toBe(429);
    const forged = `sd_device_${me}=${'A'.repeat(22)}.${Math.floor(server.clock.now().getTime() / 1000)}.${'B'.repeat(43)}`;
    expect((await attempt(account.email, account.password, freshIp(), forged)).status).toBe(429);
  });

  it('slows unknown emails exactly like accounts, so the answers reveal nothing', async () => {
    const account = await register(call);
    const ghost = `ghost-${Date.now()}@example.in`;
    for (let i = 0; i < 5; i++) {
      expect((await attempt(ghost, 'guess')).status).toBe(400);
      expect((await attempt(account.email, 'guess')).status).toBe(400);
    }
    const [unknown, known] = [await attempt(ghost, 'guess'), await attempt(account.email, 'guess')];
    expect(unknown.status).toBe(429);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers['retry-after']).toBe(known.headers['retry-after']);
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

  it('counts refused attempts against the address, so polling a slowed account costs the poller', async () => {
    const ip = '198.51.100.40';
    const account = await register(call);
    for (let i = 0; i < 5; i++) await attempt(account.email, `wrong-${i}`);
    for (let i = 0; i < 20; i++) expect((await attempt(account.email, 'poll', ip)).status).toBe(429);
    server.clock.advance(minute);
    const other = await register(call);
    expect((await attempt(other.email, other.password, ip)).status).toBe(429);
    expect((await attempt(account.email, account.password)).status).toBe(200);
  });

  it('limits one network (an IPv4 /24) to 100 failed sign-ins in 15 minutes, across its addresses', async () => {
    const victim = await register(call);
    for (let i = 0; i < 100; i++) {
      expect((await attempt(`net-${i}-${Date.now()}@example.in`, 'guess', `203.0.113.${i % 50}`)).status).toBe(400);
    }
    expect((await attempt(victim.email, victim.password, '203.0.113.200')).status).toBe(429);
    expect((await attempt(victim.email, victim.password, '203.0.114.200')).status).toBe(200);
  });

  it("throttles wrong current passwords at change_password on the session, never the owner's sign-in", async () => {
    const account = await register(call);
    const token = await login(call, account, freshIp());
    for (let i = 0; i < 5; i++) {
      const res = await call('changePassword', { token, body: { current_password: `wrong-${i}`, new_password: 'Straddle-Seller-2026' } });
      expect(res.status).toBe(422);
    }
    const res = await call('changePassword', { token, body: { current_password: account.password, new_password: 'Straddle-Seller-2026' } });
    expect(res.status).toBe(429);
    expect((await attempt(account.email, account.password)).status).toBe(200);
    // Another session of the owner is not held back by the thief's.
    const own = await login(call, account, freshIp());
    expect((await call('changePassword', { token: own, body: { current_password: account.password, new_password: 'Straddle-Seller-2026' } })).status).toBe(200);
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
      const res = await contractClient(other.app)('loginUser', { body: { email: account.email, password: account.password }, ip: freshIp() });
      expect(res.status).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('registration and IPv6 network throttling', () => {
  let server: TestServer;
  let call: ContractCall;

  beforeAll(async () => {
    server = await startTestServer({
      throttleLimits: { registerPerIp: { limit: 3, windowMs: 60 * minute }, loginPerNetwork: { limit: 3, windowMs: 15 * minute } },
      clock: manualClock(),
    });
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

  it('counts every address of an IPv6 /64 as one network', async () => {
    const account = newAccount();
    expect((await call('registerUser', { body: account, ip: '198.51.100.10' })).status).toBe(201);
    for (let i = 1; i <= 3; i++) await call('loginUser', { body: { email: `v6-${i}@example.in`, password: 'guess' }, ip: `2001:db8:7:1::${i}` });
    const sameHome = await call('loginUser', { body: { email: account.email, password: account.password }, ip: '2001:db8:7:1:ffff::9' });
    expect(sameHome.status).toBe(429);
    expect((await call('loginUser', { body: { email: account.email, password: account.password }, ip: '2001:db8:7:2::1' })).status).toBe(200);
  });
});
