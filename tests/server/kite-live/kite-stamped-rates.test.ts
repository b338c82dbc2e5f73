// Kite counts an account's orders at its end, 10 in any second of its own timestamps (issue 36): the kill
// switch flattening 27 exits of one account (25 positions, one of them sliced at the freeze quantity) must
// never put more than 10 into one second of the test server's order_timestamp, nor meet Kite's 429. The
// exits go paced, ten at a time, each batch a second and the network's margin after the last; both servers
// read one manual clock, which the server's waits move.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { testBackends } from '../support/test-database.ts';
import { openKiteDesk, startKiteStack, type KiteDesk, type KiteStack } from './kite-desk.ts';

type Schemas = components['schemas'];

/** How many of the orders share each of Kite's order_timestamp seconds, the most first. */
const perStampedSecond = (stamps: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const stamp of stamps) counts.set(stamp, (counts.get(stamp) ?? 0) + 1);
  return [...counts.values()].sort((a, b) => b - a);
};

describe.each(testBackends)("a Kite account's exits on Kite's own timestamps on %s", (backend) => {
  let stack: KiteStack;
  let desk: KiteDesk;

  beforeAll(async () => {
    stack = await startKiteStack(backend);
    desk = await openKiteDesk(stack, { netRupees: 10_000_000 });
  });

  afterAll(async () => {
    await stack.close();
  });

  /** The account's orders at Kite (the test server's own record), oldest first. */
  const atKite = () => stack.kite.control.orders().filter((order) => order!.placed_by === desk.accountNumber);

  it('flattens 25 positions (27 exits, one position sliced in three) at most ten to a second of Kite\'s stamps, none refused', async () => {
    const symbols: string[] = [];
    for (const strike of desk.strikes) {
      for (const type of ['CE', 'PE'] as const) if (symbols.length < 25) symbols.push(desk.symbol(strike, type));
    }
    for (const symbol of symbols) stack.kite.control.setPrice(`NFO:${symbol}`, 10);
    const perSlice = Math.floor(1800 / desk.lotSize) * desk.lotSize;
    const first = await desk.place(symbols.slice(0, 20).map((symbol) => desk.order(symbol, 'BUY', desk.lotSize)));
    // The second basket waits for a second with room: the first's last ten went out in this one.
    stack.server.clock.advance(2000);
    const second = await desk.place([...symbols.slice(20, 24).map((symbol) => desk.order(symbol, 'BUY', desk.lotSize)), desk.order(symbols[24]!, 'BUY', 3 * perSlice)]);
    const opened = [first, second];
    for (const answer of opened) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(opened.flatMap((answer) => answer.body.orders).filter((order) => order.status !== 'COMPLETE')).toEqual([]);
    const before = atKite().length;

    stack.server.clock.advance(2000);
    const started = stack.server.clock.now().getTime();
    const armed = await stack.call<Schemas['KillSwitchResult']>('armKillSwitch', {
      token: desk.token,
      body: { account_number: desk.accountNumber, source: 'header' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    const [result] = armed.body.accounts;
    expect(result!.flat).toBe(true);
    expect(result!.exits).toHaveLength(27);
    expect(result!.exits.filter((order) => order.status !== 'COMPLETE')).toEqual([]);
    const exits = atKite().slice(before);
    expect(exits).toHaveLength(27);
    expect(perStampedSecond(exits.map((order) => order!.order_timestamp!))[0]).toBeLessThanOrEqual(10);
    // Three batches (10, 10, 7), each a second and Kite's margin after the one before: never faster.
    expect(stack.server.clock.now().getTime() - started).toBeGreaterThanOrEqual(2 * 1250);
    // Every order of the account, the openings' too, within Kite's ten a second.
    expect(perStampedSecond(atKite().map((order) => order!.order_timestamp!))[0]).toBeLessThanOrEqual(10);
    const open = (await desk.positionBook()).body.position_book.net.filter((position) => position.quantity !== 0);
    expect(open).toEqual([]);
  });
});
