// Throttling under parallel guesses: an attempt is reserved before its password hash, so requests that
// arrive together cannot all pass a check that none of them has been counted in yet. The hasher holds
// the guesses' hashes until the test releases them, so the requests overlap for certain; on PostgreSQL
// (TEST_DATABASE_URL) they also run on several pooled connections under READ COMMITTED.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { knownDeviceCookie, login, newAccount, register } from '../support/accounts.ts';
import { contractClient, type Answer, type ContractCall } from '../support/contract-client.ts';
import { heldHasher, whenSettled, type HeldHasher } from '../support/held-hasher.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const minute = 60_000;

/** Every password that starts with "guess-" or "Hold-Me" waits for the test before it is hashed. */
const isHeld = (password: string) => password.startsWith('guess-') || password.startsWith('Hold-Me');

function statuses(answers: readonly Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

describe.each(testBackends)('parallel guesses on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let held: HeldHasher;
  let ipCounter = 0;
  /** A fresh address on a network of its own. */
  const freshIp = () => `10.${90 + (++ipCounter >> 8)}.${ipCounter & 255}.1`;

  beforeAll(async () => {
    held = heldHasher(isHeld);
    // Plenty of hash slots and places in line: these tests are about the throttles alone.
    server = await startTestServer({
      backend,
      passwordHasher: held.hasher,
      hashConcurrency: 100,
      hashQueue: { limits: { perAddress: 100, perNetwork: 100 } },
      throttleLimits: { registerPerIp: { limit: 3, windowMs: 60 * minute } },
    });
    call = contractClient(server.app);
  });

  afterEach(() => held.releaseAll());

  afterAll(async () => {
    await server.close();
  });

  /**
   * Sends the requests together and waits until the throttle has decided each one: `admitted` are
   * held in the hasher and the rest answered. Says "over-admitted" as soon as one more is held.
   */
  async function sendTogether(requests: Promise<Answer>[], admitted: number): Promise<'throttled' | 'over-admitted'> {
    return Promise.race([
      Promise.all([held.whenHeld(admitted), whenSettled(requests, requests.length - admitted)]).then(() => 'throttled' as const),
      held.whenHeld(admitted + 1).then(() => 'over-admitted' as const),
    ]);
  }

  it('lets 5 of 40 parallel guesses at one account reach the password check, and slows an unknown device then, not a known one', async () => {
    const account = await register(call);
    const cookie = await knownDeviceCookie(call, account, freshIp());
    const before = held.started();
    const guesses = Array.from({ length: 39 }, (_, i) => call('loginUser', { body: { email: account.email, password: `guess-${i}` }, ip: freshIp() }));
    expect(await sendTogether(guesses, 5)).toBe('throttled');

    // The five in flight slow the account for unknown devices: the right password is not even checked.
    const right = await call('loginUser', { body: { email: account.email, password: account.password }, ip: freshIp() });
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ code: 'too_many_attempts' });
    const owner = await call('loginUser', { body: { email: account.email, password: account.password }, ip: freshIp(), headers: { cookie } });
    expect(owner.status).toBe(200);

    held.releaseAll();
    expect(statuses(await Promise.all(guesses))).toEqual({ 400: 5, 429: 34 });
    expect(held.started() - before).toBe(6);
  });

  it('lets 20 of 60 parallel guesses from one address reach the password check', async () => {
    const ip = '192.0.2.200';
    const before = held.started();
    const stamp = Date.now();
    const guesses = Array.from({ length: 60 }, (_, i) => call('loginUser', { body: { email: `spray-${stamp}-${i}@example.in`, password: `guess-${i}` }, ip }));
    expect(await sendTogether(guesses, 20)).toBe('throttled');
    held.releaseAll();
    expect(statuses(await Promise.all(guesses))).toEqual({ 400: 20, 429: 40 });
    expect(held.started() - before).toBe(20);
  });

  it("lets 5 of 40 parallel wrong current passwords from one session reach the check at change_password, and leaves the owner's sign-in alone", async () => {
    const account = await register(call);
    const token = await login(call, account, freshIp());
    const before = held.started();
    const body = (i: number) => ({ current_password: `guess-${i}`, new_password: 'Straddle-Seller-2026' });
    const guesses = Array.from({ length: 40 }, (_, i) => call('changePassword', { token, body: body(i), ip: freshIp() }));
    expect(await sendTogether(guesses, 5)).toBe('throttled');
    held.releaseAll();
    expect(statuses(await Promise.all(guesses))).toEqual({ 422: 5, 429: 35 });
    expect(held.started() - before).toBe(5);
    const signIn = await call('loginUser', { body: { email: account.email, password: account.password }, ip: freshIp() });
    expect(signIn.status).toBe(200);
  });

  it('creates 3 of 12 parallel registrations from one address when the limit is 3', async () => {
    const ip = '192.0.2.201';
    const accounts = Array.from({ length: 12 }, (_, i) => newAccount({ password: `Hold-Me-${i}-Strangle` }));
    const requests = accounts.map((account) => call('registerUser', { body: account, ip }));
    expect(await sendTogether(requests, 3)).toBe('throttled');
    held.releaseAll();
    expect(statuses(await Promise.all(requests))).toEqual({ 201: 3, 429: 9 });
  });

  it('gives a successful sign-in back to its address, so 20 good sign-ins never lock it', async () => {
    const ip = '192.0.2.202';
    const account = await register(call);
    for (let i = 0; i < 25; i++) await login(call, account, ip);
  });
});
