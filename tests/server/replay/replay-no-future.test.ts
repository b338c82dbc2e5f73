// Issue 62: a replay leaked the future. Opened at 11:00, a position's close_price was the replayed day's own
// settlement (its 15:30 price) while the chain rightly showed the day before's. Nothing later than the replayed
// minute may reach an answer: a quote's close is the contract's settlement on the trading day before.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importHistory, syntheticRows } from '../backtests/history-fixture.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';
import { openReplayDesk, replayDay, replayExpiries, type ReplayDesk } from './replay-fixture.ts';

/** The trading day before Monday 5 October 2026 (Friday 2 October is a holiday), NIFTY 300 points lower. */
const dayBefore = '2026-10-01';
const expiry = replayExpiries[1]!;
const symbol = 'NIFTY26O1325050CE';
const buy = { tradingsymbol: symbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: 75 } as const;

describe.each(testBackends)('a replay shows nothing later than its minute, on %s', (backend) => {
  let server: TestServer;
  let desk: ReplayDesk;

  beforeEach(async () => {
    const before = async ({ db }: TestServer) => {
      const underlying = { [dayBefore]: 24_700 };
      await importHistory(db, 'NIFTY', underlying, syntheticRows(underlying, replayExpiries, { around: 10 }));
    };
    desk = await openReplayDesk(backend, { start: '11:00', before });
    ({ server } = desk);
  });

  afterEach(async () => {
    await server.close();
  });

  const settlement = async (day: string) => {
    const { rows } = await server.db.query<{ p: string }>(
      `SELECT settle_paise AS p FROM history_option_days WHERE index_name = 'NIFTY' AND trade_date = $1::date AND expiry = $2::date AND strike_paise = 2505000 AND option_type = 'CE'`,
      [day, expiry],
    );
    return Number(rows[0]!.p) / 100;
  };

  it("gives a position the day before's settlement as its close, as the chain does, never the day's own", async () => {
    const own = await settlement(replayDay);
    const previous = await settlement(dayBefore);
    expect(own).not.toBe(previous);
    const placed = await desk.place('no-future-1', buy);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [position] = (await desk.positions()).net;
    expect(position).toMatchObject({ tradingsymbol: symbol, quantity: 75, close_price: previous });
    const chain = await desk.chain(expiry);
    expect(chain.data[`NFO:${symbol}`]?.close).toBe(previous);
    // Nor after the replay moves on within the day.
    await desk.seek('14:00');
    expect((await desk.positions()).net[0]?.close_price).toBe(previous);
  });
});
