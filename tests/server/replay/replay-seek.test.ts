// A seek over a quiet book (issue 39's seek in ≤ 300 ms): the fill engine's pass is skipped at the minutes it
// could change nothing (no working order that would fill or trigger at that minute's prices, no MIS position
// before 15:25), so one far seek must give the very book that stepping minute by minute gives (a minute after the
// MIS square-off, and at the close): a stop-loss triggered and a limit order filled at the minutes their prices
// were reached (the chain read at each step says which), a limit working most of the day that fills in the
// afternoon, one that never fills, the MIS position squared off at 15:25, every order, trade and position alike.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';
import { openReplayDesk, traderReplay, type ReplayDesk } from './replay-fixture.ts';

type Schemas = components['schemas'];
const call25050 = 'NIFTY26O1325050CE';
const put25050 = 'NIFTY26O1325050PE';
const put25100 = 'NIFTY26O1325100PE';
const put25150 = 'NIFTY26O1325150PE';
const order = (tradingsymbol: string, side: 'BUY' | 'SELL', more: Record<string, unknown> = {}) => ({
  tradingsymbol,
  exchange: 'NFO',
  transaction_type: side,
  order_type: 'MARKET',
  product: 'NRML',
  quantity: 75,
  ...more,
});
/** A price on the 5 paise tick. */
const tick = (rupees: number) => Math.round(rupees * 20) / 20;
const ist = (iso: string | null | undefined) => (iso === null || iso === undefined ? null : new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(11, 16));

describe.each(testBackends)('a far seek gives the book stepping gives on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let far: Omit<ReplayDesk, 'server' | 'call'>;

  beforeEach(async () => {
    ({ server, call, ...far } = await openReplayDesk(backend, { start: '09:20' }));
  });

  afterEach(async () => {
    await server.close();
  });

  /**
   * The same orders at 09:20: a short call with a stop-loss above it, a limit buy of a put under its price, a short
   * MIS put; a limit buy of a deeper put far under its price (the index must rise for hours), one at 5 paise (never).
   */
  async function trade(desk: Omit<ReplayDesk, 'server' | 'call'>): Promise<{ trigger: number; stopLimit: number; putLimit: number; lateLimit: number }> {
    const { data } = await desk.chain();
    const callBid = data[`NFO:${call25050}`]!.bid!;
    const putAsk = data[`NFO:${put25100}`]!.ask!;
    const prices = { trigger: tick(callBid + 12), stopLimit: tick(callBid + 17), putLimit: tick(putAsk - 8), lateLimit: tick(data[`NFO:${put25150}`]!.ask! - 100) };
    const placed = await desk.place(
      'seek-orders',
      order(call25050, 'SELL'),
      // The index rises ₹1 a minute: the call rises through its trigger, the put falls to its limit, within the hour.
      order(call25050, 'BUY', { order_type: 'SL', trigger_price: prices.trigger, price: prices.stopLimit }),
      order(put25100, 'BUY', { order_type: 'LIMIT', price: prices.putLimit }),
      order(put25050, 'SELL', { product: 'MIS' }),
      order(put25150, 'BUY', { order_type: 'LIMIT', price: prices.lateLimit }),
      order(put25150, 'BUY', { order_type: 'LIMIT', price: 0.05 }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.orders.map((placedOrder) => placedOrder.status)).toEqual(['COMPLETE', 'TRIGGER PENDING', 'OPEN', 'COMPLETE', 'OPEN', 'OPEN']);
    return prices;
  }

  it('one seek from 09:20 to 15:26, then to the close, and a step at every minute, give the same orders, trades and positions', async () => {
    const stepped = await traderReplay(call, '09:20');
    const { trigger, stopLimit, putLimit, lateLimit } = await trade(far);
    await trade(stepped);

    expect((await far.seek('15:26')).status).toBe(200);
    // Stepping, the chain read at each minute gives when the orders must fill, the paper broker's rules applied by
    // hand: the limit buy at the first minute whose ask is at or under its price; the stop at the first minute
    // (from the one whose last price reached its trigger) whose ask is at or under its limit.
    let putFill: string | null = null;
    let lateFill: string | null = null;
    let triggeredAt: string | null = null;
    let stopFill: string | null = null;
    const step = async () => {
      const stepped = await call<{ replay: Schemas['Replay'] }>('stepReplay', { token: steppedToken, params: { id: steppedId } });
      expect(stepped.status).toBe(200);
      return stepped.body.replay.minute;
    };
    const { token: steppedToken, id: steppedId } = stepped;
    while ((await step()) < '15:26') {
      if (putFill !== null && stopFill !== null && lateFill !== null) continue;
      const { data, replay } = await stepped.chain();
      const callQuote = data[`NFO:${call25050}`]!;
      if (putFill === null && data[`NFO:${put25100}`]!.ask! <= putLimit) putFill = replay.minute;
      if (lateFill === null && data[`NFO:${put25150}`]!.ask! <= lateLimit) lateFill = replay.minute;
      if (triggeredAt === null && callQuote.last_price >= trigger) triggeredAt = replay.minute;
      if (triggeredAt !== null && stopFill === null && callQuote.ask! <= stopLimit) stopFill = replay.minute;
    }
    // A minute after the MIS square-off, and again at the close (after the expiry settlement's pass).
    expect(await far.orderBook()).toEqual(await stepped.orderBook());
    const at1526 = await far.positions();
    expect(at1526).toEqual(await stepped.positions());
    expect(at1526.net.find((position) => position.tradingsymbol === put25050)?.quantity).toBe(0);
    // The close of an October 2026 day: 15:40 (NSE's F&O hours since 3 August 2026).
    expect((await far.seek('15:40')).status).toBe(200);
    while ((await step()) < '15:40');
    const farBook = await far.orderBook();
    expect(farBook).toEqual(await stepped.orderBook());
    expect(await far.positions()).toEqual(await stepped.positions());

    // What the book did, so the equality is of a day with things happening at their minutes.
    const byPurpose = (tag: (row: Schemas['Order']) => boolean) => farBook.order_book.filter(tag).map((row) => [row.status, ist(row.exchange_timestamp ?? row.order_timestamp)]);
    const stop = farBook.order_book.find((row) => row.order_type === 'SL')!;
    const limit = farBook.order_book.find((row) => row.order_type === 'LIMIT' && row.tradingsymbol === put25100)!;
    const late = farBook.order_book.find((row) => row.tradingsymbol === put25150 && row.price === lateLimit);
    const never = farBook.order_book.find((row) => row.tradingsymbol === put25150 && row.price === 0.05);
    expect(stop.status).toBe('COMPLETE');
    expect(limit.status).toBe('COMPLETE');
    expect(late!.status).toBe('COMPLETE');
    expect(never!.status, 'a limit at 5 paise never fills').not.toBe('COMPLETE');
    expect(farBook.trades.some((trade) => trade.order_id === never!.order_id)).toBe(false);
    const filledAt = (row: Schemas['Order']) => ist(farBook.trades.find((trade) => trade.order_id === row.order_id)!.fill_timestamp);
    expect(putFill! > '09:20' && stopFill! > '09:20' && putFill! < '15:25' && stopFill! < '15:25', `${putFill} ${stopFill}`).toBe(true);
    expect(filledAt(limit)).toBe(putFill);
    expect(filledAt(stop)).toBe(stopFill);
    // The late limit worked from 09:20 into the afternoon: the far seek's pass found its minute without a pass a minute.
    expect(lateFill! > '12:00' && lateFill! < '15:25', `${lateFill}`).toBe(true);
    expect(filledAt(late!)).toBe(lateFill);
    expect(byPurpose((row) => row.tradingsymbol === put25050 && row.transaction_type === 'BUY')).toEqual([['COMPLETE', '15:25']]);
    expect((await far.positions()).net.every((position) => position.quantity === 0 || position.product === 'NRML')).toBe(true);
  }, 600_000);
});
