// Signing in during a flood of guesses from many addresses (issue 21). The hasher here behaves like
// libuv's pool (4 threads, the rest in line) and holds the attackers' checks until the test releases
// them; the server runs 2 hashes at once with a short line in front (hash-slots.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { knownDeviceCookie, newAccount, register } from '../support/accounts.ts';
import { contractClient, type Answer, type ContractCall } from '../support/contract-client.ts';
import { heldHasher, type HeldHasher } from '../support/held-hasher.ts';
import { manualTimers, type ManualTimers } from '../support/manual-timers.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const bound = 2;

/** Lets pending I/O run until `done` holds (no timers: the requests' own work moves it on). */
async function until(done: () => boolean): Promise<void> {
  for (let turns = 0; !done(); turns++) {
    if (turns > 100_000) throw new Error('gave up waiting');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.each(testBackends)('signing in during a flood of guesses on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let held: HeldHasher;
  let timers: ManualTimers;
  let line: Services['hashSlots'];
  let counter = 0;

  beforeAll(async () => {
    held = heldHasher((password) => password.startsWith('attack-'), { threads: 4 });
    timers = manualTimers();
    server = await startTestServer({ backend, passwordHasher: held.hasher, hashConcurrency: bound, hashQueue: { startTimer: timers.startTimer } });
    call = contractClient(server.app);
    line = server.app.getDecorator<Services>(servicesDecorator).hashSlots;
  });

  afterAll(async () => {
    held.releaseAll();
    await server.close();
  });

  /** A guess from an address on a network of its own, at `email` (by default one that has no account). */
  const attack = (email?: string) => {
    counter += 1;
    return call('loginUser', { body: { email: email ?? `target-${counter}@example.in`, password: `attack-${counter}` }, ip: `10.${77 + (counter >> 8)}.${counter & 255}.1` });
  };

  /** Accounts strangers already failed at once: guesses at them wait behind sign-ins at quiet accounts. */
  async function underAttack(count: number): Promise<string[]> {
    const emails: string[] = [];
    for (let i = 0; i < count; i++) {
      const victim = await register(call, newAccount());
      counter += 1;
      expect((await call('loginUser', { body: { email: victim.email, password: 'first-wrong' }, ip: `10.${200 + (counter >> 8)}.${counter & 255}.1` })).status).toBe(400);
      emails.push(victim.email);
    }
    return emails;
  }

  /** Releases held checks until every request has its answer. */
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

  it('spends no hash slot on unknown emails: a trader signs in at once while 40 such guesses are under way', async () => {
    const trader = await register(call);
    const attacks = Array.from({ length: 40 }, () => attack());
    await held.whenHeld(40);
    const before = held.maxRunning();

    const answer = await call('loginUser', { body: { email: trader.email, password: trader.password }, ip: '203.0.113.5' });
    expect(answer.status).toBe(200);
    expect(held.maxRunning()).toBe(before);
    expect(held.maxRunning()).toBeLessThanOrEqual(bound);

    // Every guess gets the answer a wrong password gets; none was turned away for lack of a slot.
    const answers = await drain(attacks);
    expect(answers.map((res) => res.status)).toEqual(Array(40).fill(400));
  });

  it('keeps unknown-email guesses out of the line while real guesses hold the slots: a new device still gets a place', async () => {
    const trader = await register(call);
    const victims = [];
    for (let i = 0; i < bound + 6; i++) victims.push(await register(call, newAccount()));
    const realGuesses = victims.map((victim) => attack(victim.email));
    await held.whenHeld(bound);
    await until(() => line.waiting() === 6);
    // Twenty made-up emails wait for the turn a real hash would get, without taking the two places left.
    const madeUp = Array.from({ length: 20 }, () => attack());
    await until(() => line.imitating() === 20);
    expect(line.waiting()).toBe(6);

    const newDevice = call('loginUser', { body: { email: trader.email, password: trader.password }, ip: '203.0.113.9' });
    await until(() => line.waiting() === 7);
    const answers = await drain([...realGuesses, ...madeUp]);
    expect(answers.map((res) => res.status)).toEqual(Array(bound + 6 + 20).fill(400));
    expect((await newDevice).status).toBe(200);
  });

  it('puts a known device first while guesses at real accounts take both slots and fill the line', async () => {
    const trader = await register(call);
    const cookie = await knownDeviceCookie(call, trader);
    const victims = [];
    for (let i = 0; i < bound + 8; i++) victims.push(await register(call, newAccount()));
    const attacks = victims.map((victim) => attack(victim.email));
    let answered = 0;
    for (const request of attacks) void request.then(() => (answered += 1));
    await held.whenHeld(bound);
    await until(() => line.waiting() === 8);

    // The line is full: a newcomer is told to come back, and that attempt counts nowhere.
    const newcomer = await call('loginUser', { body: { email: trader.email, password: trader.password }, ip: '203.0.113.6' });
    expect(newcomer.status).toBe(503);
    expect(newcomer.headers['retry-after']).toBe('1');
    expect((await server.db.query("SELECT 1 FROM throttle_events WHERE key = '203.0.113.6'")).rows).toEqual([]);

    // The owner's known device goes before the eight that waited: the first slot freed is its own.
    const owner = call('loginUser', { body: { email: trader.email, password: trader.password }, ip: '203.0.113.7', headers: { cookie } });
    await until(() => line.waiting() === 9);
    held.releaseOne();
    expect((await owner).status).toBe(200);
    expect(answered).toBe(1);
    expect(held.maxRunning()).toBeLessThanOrEqual(bound);
    expect((await drain(attacks)).map((res) => res.status)).toEqual(Array(bound + 8).fill(400));
  });

  it('keeps a slot for traders: guesses at accounts under attack hold one of the two, and wait for it', async () => {
    const trader = await register(call);
    const [oneMore] = await underAttack(1);
    const attacks = (await underAttack(1 + 8)).map((email) => attack(email));
    await held.whenHeld(1);
    await until(() => line.waiting() === 8);
    // Their line is full; a sign-in at an account nobody failed at finds the kept slot free.
    expect((await attack(oneMore)).status).toBe(503);
    expect((await call('loginUser', { body: { email: trader.email, password: trader.password }, ip: '203.0.113.10' })).status).toBe(200);
    expect(held.held()).toBe(1);
    expect((await drain(attacks)).map((res) => res.status)).toEqual(Array(1 + 8).fill(400));
  });

  it('answers 503 with Retry-After to a place that waited too long, and counts it nowhere', async () => {
    const trader = await register(call);
    const victims = [await register(call, newAccount()), await register(call, newAccount())];
    const attacks = victims.map((victim) => attack(victim.email));
    await held.whenHeld(bound);
    const waiting = call('loginUser', { body: { email: trader.email, password: trader.password }, ip: '203.0.113.8' });
    await until(() => line.waiting() === 1);
    timers.fireAll();
    const answer = await waiting;
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      code: 'server_busy',
      message: 'The server is busy checking other passwords. Try again in a second.',
      details: { text: { code: 'refusal.server_busy', params: {} } },
    });
    expect((await server.db.query("SELECT 1 FROM throttle_events WHERE key IN ($1, '203.0.113.8')", [trader.email])).rows).toEqual([]);
    await drain(attacks);
    expect((await call('loginUser', { body: { email: trader.email, password: trader.password }, ip: '203.0.113.8' })).status).toBe(200);
  });

  it('lets one address hold only 3 places, running or waiting', async () => {
    const victims = [];
    for (let i = 0; i < 4; i++) victims.push(await register(call, newAccount()));
    const ip = '198.51.100.77';
    const guess = (email: string) => call('loginUser', { body: { email, password: `attack-same-address-${email}` }, ip });
    const first = victims.slice(0, 3).map((victim) => guess(victim.email));
    await held.whenHeld(bound);
    await until(() => line.waiting() === 1);
    const fourth = await guess(victims[3]!.email);
    expect(fourth.status).toBe(503);
    expect((await drain(first)).map((res) => res.status)).toEqual([400, 400, 400]);
  });

  it('applies the throttles before any hashing: a slowed account answers 429 even when every slot is taken', async () => {
    const trader = await register(call);
    for (let i = 0; i < 5; i++) await call('loginUser', { body: { email: trader.email, password: `wrong-${i}` }, ip: `203.0.114.${i}` });
    const attacks = [attack((await register(call, newAccount())).email), attack((await register(call, newAccount())).email)];
    await held.whenHeld(bound);
    const before = held.started();
    const res = await call('loginUser', { body: { email: trader.email, password: trader.password }, ip: '203.0.114.9' });
    expect(res.status).toBe(429);
    expect(held.started()).toBe(before);
    await drain(attacks);
  });

  it('answers a registration 503 when its line is full, and counts it nowhere', async () => {
    const attacks = (await underAttack(1 + 8)).map((email) => attack(email));
    await held.whenHeld(1);
    await until(() => line.waiting() === 8);
    const registration = await call('registerUser', { body: newAccount(), ip: '203.0.115.2' });
    expect(registration.status).toBe(503);
    expect(registration.body).toMatchObject({ code: 'server_busy' });
    await drain(attacks);
    expect((await server.db.query("SELECT 1 FROM throttle_events WHERE key = '203.0.115.2'")).rows).toEqual([]);
  });
});
