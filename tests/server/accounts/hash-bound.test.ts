// Password hashing under attack: scrypt runs on libuv's small thread pool, so failing sign-ins from many
// addresses (which no throttle stops) used to queue there and make a trader's own sign-in wait behind
// all of them. The hasher here behaves like that pool (4 threads, the rest in line) and holds the
// attackers' hashes until the test releases them; the server's bound is 2 hashes at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, newAccount, register } from '../support/accounts.ts';
import { contractClient, type Answer, type ContractCall } from '../support/contract-client.ts';
import { heldHasher, whenSettled, type HeldHasher } from '../support/held-hasher.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const bound = 2;

describe('bounded password hashing', () => {
  let server: TestServer;
  let call: ContractCall;
  let held: HeldHasher;
  let counter = 0;

  beforeAll(async () => {
    held = heldHasher((password) => password.startsWith('attack-'), { threads: 4 });
    server = await startTestServer({ passwordHasher: held.hasher, hashConcurrency: bound });
    call = contractClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  /** One failing sign-in from its own address at its own (unknown) account: no throttle stops it. */
  const attack = () => {
    counter += 1;
    return call('loginUser', { body: { email: `target-${counter}@example.in`, password: `attack-${counter}` }, ip: `10.77.${counter >> 8}.${counter & 255}` });
  };

  /** Releases held hashes until every request has its answer. */
  async function drain(requests: Promise<Answer>[]): Promise<Answer[]> {
    let done = false;
    const all = Promise.all(requests).finally(() => {
      done = true;
    });
    while (!done) {
      held.releaseAll();
      await Promise.race([all, held.whenHeld(1)]);
    }
    return all;
  }

  it('answers a trader at once while 40 failing sign-ins hold the hasher, and never runs more than the bound', async () => {
    const trader = await register(call);
    const attacks = Array.from({ length: 40 }, attack);
    // The bound admits two; the other 38 are answered without waiting for anything.
    const admitted = await Promise.race([
      Promise.all([held.whenHeld(bound), whenSettled(attacks, 40 - bound)]).then(() => 'bounded' as const),
      held.whenHeld(bound + 1).then(() => 'unbounded' as const),
    ]);
    expect(admitted).toBe('bounded');

    // Every slot is taken by an attacker: the trader is told to retry, not put in line behind them.
    const answer = await Promise.race([
      call('loginUser', { body: { email: trader.email, password: trader.password }, ip: '203.0.113.5' }),
      held.whenQueued(1).then(() => 'queued' as const),
    ]);
    expect(answer).not.toBe('queued');
    if (answer === 'queued') return;
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.body).toEqual({ code: 'server_busy', message: 'The server is busy checking other passwords. Try again in a second.' });

    // One attacker finishes; the trader's retry takes the free slot and signs in while the other still holds one.
    held.releaseOne();
    await whenSettled(attacks, 40 - bound + 1);
    const retry = await call('loginUser', { body: { email: trader.email, password: trader.password }, ip: '203.0.113.5' });
    expect(retry.status).toBe(200);
    expect(held.held()).toBe(1);

    const answers = await drain(attacks);
    expect(answers.filter((res) => res.status === 503)).toHaveLength(40 - bound);
    expect(answers.filter((res) => res.status === 400)).toHaveLength(bound);
    expect(held.maxRunning()).toBeLessThanOrEqual(bound);
  });

  it('gives a refused attempt back: 503s never count towards a lock', async () => {
    const trader = await register(call);
    const attacks = Array.from({ length: bound }, attack);
    await held.whenHeld(bound);
    for (let i = 0; i < 8; i++) {
      const res = await call('loginUser', { body: { email: trader.email, password: `wrong-${i}` }, ip: '203.0.113.6' });
      expect(res.status).toBe(503);
    }
    await drain(attacks);
    const { rows } = await server.db.query("SELECT 1 FROM throttle_events WHERE key IN ($1, '203.0.113.6')", [trader.email]);
    expect(rows).toEqual([]);
    expect((await call('loginUser', { body: { email: trader.email, password: trader.password }, ip: '203.0.113.6' })).status).toBe(200);
  });

  it('applies the throttles before any hashing: a locked account answers 429 even when every slot is taken', async () => {
    const trader = await register(call);
    for (let i = 0; i < 5; i++) await call('loginUser', { body: { email: trader.email, password: `wrong-${i}` }, ip: `203.0.114.${i}` });
    const attacks = Array.from({ length: bound }, attack);
    await held.whenHeld(bound);
    const before = held.started();
    const res = await call('loginUser', { body: { email: trader.email, password: trader.password }, ip: '203.0.114.9' });
    expect(res.status).toBe(429);
    expect(held.started()).toBe(before);
    await drain(attacks);
  });

  it('answers registration and change-password 503 at once too, and counts neither against the address', async () => {
    const trader = await register(call);
    const token = await login(call, trader, '203.0.115.1');
    const attacks = Array.from({ length: bound }, attack);
    await held.whenHeld(bound);
    const registration = await call('registerUser', { body: newAccount(), ip: '203.0.115.2' });
    expect(registration.status).toBe(503);
    expect(registration.body).toMatchObject({ code: 'server_busy' });
    const change = await call('changePassword', { token, body: { current_password: trader.password, new_password: 'Straddle-Seller-2026' }, ip: '203.0.115.3' });
    expect(change.status).toBe(503);
    await drain(attacks);
    const { rows } = await server.db.query("SELECT 1 FROM throttle_events WHERE key IN ('203.0.115.2', '203.0.115.3')");
    expect(rows).toEqual([]);
    expect((await call('changePassword', { token, body: { current_password: trader.password, new_password: 'Straddle-Seller-2026' } })).status).toBe(200);
  });
});
