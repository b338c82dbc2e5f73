// The line in front of the password hashes (hash-slots.ts): known devices first, a few places per
// address and per network, a short line and a bounded wait, and 503 server_busy beyond them.
import { describe, expect, it } from 'vitest';
import { createHashSlots, type HashClient, type HashPriority } from '../../../server/services/accounts/hash-slots.ts';
import { DomainError } from '../../../server/services/domain-error.ts';
import { manualTimers } from '../support/manual-timers.ts';

let counter = 0;
/** A client on an address and network of its own. */
const stranger = (priority: HashPriority = 'other'): HashClient => {
  counter += 1;
  return { ip: `10.0.${counter}.1`, network: `10.0.${counter}.0/24`, priority };
};

const settled = () => new Promise((resolve) => setImmediate(resolve));

async function refusal(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'granted',
    (error: unknown) => (error instanceof DomainError ? error.code : 'other error'),
  );
}

describe('the hash line', () => {
  it('runs at most `slots` hashes, and hands a freed slot to a known device before anyone who waited longer', async () => {
    const slots = createHashSlots({ slots: 2 }, manualTimers().startTimer);
    const running = [await slots.enter(stranger('quiet')).slot(), await slots.enter(stranger('quiet')).slot()];
    const order: string[] = [];
    const early = slots.enter(stranger()).slot().then((release) => (order.push('stranger who came first'), release));
    const known = slots.enter(stranger('known')).slot().then((release) => (order.push('known device'), release));
    await settled();
    expect([slots.inUse(), slots.waiting()]).toEqual([2, 2]);

    running[0]?.();
    const knownRelease = await known;
    await settled();
    expect(order).toEqual(['known device']);
    running[1]?.();
    const earlyRelease = await early;
    expect(order).toEqual(['known device', 'stranger who came first']);
    knownRelease();
    earlyRelease();
    expect([slots.inUse(), slots.waiting()]).toEqual([0, 0]);
  });

  it('frees a slot once however often its release is called', async () => {
    const slots = createHashSlots({ slots: 1 }, manualTimers().startTimer);
    const release = await slots.enter(stranger()).slot();
    const next = slots.enter(stranger()).slot();
    release();
    release();
    const second = await next;
    expect(slots.inUse()).toBe(1);
    const third = slots.enter(stranger()).slot();
    await settled();
    expect(slots.waiting()).toBe(1);
    second();
    (await third)();
    expect(slots.inUse()).toBe(0);
  });

  it('lets one address hold 3 places and one network 5, running or waiting, but not a known device', async () => {
    const slots = createHashSlots({ slots: 1 }, manualTimers().startTimer);
    const office = { ip: '203.0.113.7', network: '203.0.113.0/24', priority: 'other' as const };
    const first = slots.enter(office);
    slots.enter(office);
    slots.enter(office);
    expect(() => slots.enter(office)).toThrow(/busy/);
    slots.enter({ ...office, ip: '203.0.113.8' });
    slots.enter({ ...office, ip: '203.0.113.9' });
    expect(() => slots.enter({ ...office, ip: '203.0.113.10' })).toThrow(/busy/);
    // The owner behind the same carrier address is never crowded out.
    expect(() => slots.enter({ ...office, priority: 'known' })).not.toThrow();
    first.leave();
    first.leave();
    expect(() => slots.enter({ ...office, ip: '203.0.113.10' })).not.toThrow();
    expect(() => slots.enter(office)).toThrow(/busy/);
  });

  it('keeps at most 8 waiting of each priority, and refuses more at once', async () => {
    const slots = createHashSlots({ slots: 1 }, manualTimers().startTimer);
    await slots.enter(stranger()).slot();
    const waiting = Array.from({ length: 8 }, () => slots.enter(stranger()).slot());
    expect(await refusal(slots.enter(stranger()).slot())).toBe('server_busy');
    // Known devices have a line of their own.
    void slots.enter(stranger('known')).slot();
    await settled();
    expect(slots.waiting()).toBe(9);
    expect(waiting).toHaveLength(8);
  });

  it('answers server_busy to a hash that waited past maxWaitMs, and leaves the line as it was', async () => {
    const timers = manualTimers();
    const slots = createHashSlots({ slots: 1, maxWaitMs: 2000 }, timers.startTimer);
    const release = await slots.enter(stranger()).slot();
    const late = refusal(slots.enter(stranger()).slot());
    await settled();
    timers.fireAll();
    expect(await late).toBe('server_busy');
    expect(slots.waiting()).toBe(0);
    release();
    expect(slots.inUse()).toBe(0);
    // A hash granted in time has its timer cancelled.
    const holder = await slots.enter(stranger()).slot();
    const granted = slots.enter(stranger()).slot();
    holder();
    (await granted)();
    expect(timers.pending()).toBe(0);
  });

  it("makes an imitation wait for the slots a real hash would wait for, taking neither a slot nor a place", async () => {
    const slots = createHashSlots({ slots: 1 }, manualTimers().startTimer);
    const running = await slots.enter(stranger()).slot();
    const first = slots.enter(stranger()).slot();
    const imitation = slots.enter(stranger()).turn().then(() => 'due');
    await settled();
    expect([slots.inUse(), slots.waiting(), slots.imitating()]).toEqual([1, 1, 1]);
    // A known device that comes later is served first, for the imitation as for a real hash.
    const known = slots.enter(stranger('known')).slot();
    running();
    (await known)();
    expect(await Promise.race([imitation, settled().then(() => 'waiting')])).toBe('waiting');
    (await first)();
    expect(await imitation).toBe('due');
    expect([slots.inUse(), slots.waiting(), slots.imitating()]).toEqual([0, 0, 0]);
    // With a slot free, an imitation's turn is now.
    await slots.enter(stranger()).turn();
  });

  it('refuses an imitation where a real hash would be refused: a full line, a wait past maxWaitMs', async () => {
    const timers = manualTimers();
    const slots = createHashSlots({ slots: 1, maxWaiting: 2 }, timers.startTimer);
    const running = await slots.enter(stranger()).slot();
    const waiting = [slots.enter(stranger()).slot(), slots.enter(stranger()).slot()];
    expect(await refusal(slots.enter(stranger()).turn())).toBe('server_busy');
    const late = refusal(slots.enter(stranger('known')).turn());
    await settled();
    timers.fireAll();
    expect(await late).toBe('server_busy');
    expect(slots.imitating()).toBe(0);
    running();
    for (const release of await Promise.allSettled(waiting)) if (release.status === 'fulfilled') release.value();
  });

  it('serves a sign-in at a quiet account after known devices and before the rest, and imitations likewise', async () => {
    const slots = createHashSlots({ slots: 1 }, manualTimers().startTimer);
    const order: string[] = [];
    const running = await slots.enter(stranger()).slot();
    const join = (priority: HashPriority, label: string) => slots.enter(stranger(priority)).slot().then((release) => (order.push(label), release));
    const other = join('other', 'guess at an attacked account');
    const quietImitation = slots.enter(stranger('quiet')).turn().then(() => order.push('imitation at a quiet account'));
    const quiet = join('quiet', 'sign-in at a quiet account');
    const known = join('known', 'known device');
    await settled();
    running();
    for (const next of [known, quiet, other]) (await next)();
    await quietImitation;
    expect(order).toEqual(['known device', 'imitation at a quiet account', 'sign-in at a quiet account', 'guess at an attacked account']);
  });

  it('keeps one of two slots for traders: guesses at attacked accounts and registrations hold at most one', async () => {
    const slots = createHashSlots({ slots: 2 }, manualTimers().startTimer);
    const attacker = await slots.enter(stranger('other')).slot();
    const second = slots.enter(stranger('other')).slot();
    await settled();
    expect([slots.inUse(), slots.waiting()]).toEqual([1, 1]);
    // A sign-in at a quiet account finds the kept slot free, and so does a known device once it is.
    const trader = await slots.enter(stranger('quiet')).slot();
    const known = slots.enter(stranger('known')).slot();
    trader();
    (await known)();
    attacker();
    (await second)();
    expect([slots.inUse(), slots.waiting()]).toEqual([0, 0]);
  });
});
