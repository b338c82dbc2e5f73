// The F&O pre-open (issue 63; NSE/FAOP/71092, BSE notice 20251110-40): from 8 Dec 2025 the exchanges take orders on
// current-month futures from 09:00 to 09:08 (the next month's too in the last five trading days before the current
// month's expiry), match them before the 09:15 open, and take no options then. The paper broker queues an eligible
// future's order to the open, and refuses any other order in 09:00-09:15 saying why. The clock is injected: each case
// stands at its own IST minute. Through the paper broker: an option refused, and a future queued at 09:05 and filled
// at the open; preOpenPlacement's own cases cover the minutes, the months and the days.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { inPreOpen, preOpenPlacement } from '../../../server/services/brokers/paper/pre-open.ts';
import { atInstant, quotedDeskPerTest, type Desk, type ScriptedMarket } from '../support/paper-desk.ts';
import { migratedDatabasePerFile, testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';

const ist = (instant: string) => new Date(`${instant}+05:30`);

describe.each(testBackends)('the F&O pre-open on %s', (backend) => {
  let db: Database;
  migratedDatabasePerFile(backend, (opened) => (db = opened));

  it('takes the current month’s future, the next month’s only in the current month’s last five trading days, never an option', async () => {
    // NIFTY's November 2026 contracts expire on Monday the 23rd (Tuesday the 24th is Guru Nanak Jayanti); so do RELIANCE's.
    expect(await inPreOpen(db, 'NIFTY26NOVFUT', '2026-11-16')).toBe('future');
    expect(await inPreOpen(db, 'RELIANCE26NOVFUT', '2026-11-16')).toBe('future');
    // 16 to 23 November holds six trading days: the December future is not in yet; from the 17th (five) it is.
    expect(await inPreOpen(db, 'NIFTY26DECFUT', '2026-11-16')).toBe('other_month');
    expect(await inPreOpen(db, 'NIFTY26DECFUT', '2026-11-17')).toBe('future');
    expect(await inPreOpen(db, 'NIFTY27JANFUT', '2026-11-20')).toBe('other_month');
    // After the November expiry December is the current month.
    expect(await inPreOpen(db, 'NIFTY26DECFUT', '2026-11-25')).toBe('future');
    expect(await inPreOpen(db, 'NIFTY26NOV26000CE', '2026-11-16')).toBe('option');
    expect(await inPreOpen(db, 'NIFTY26N2426000PE', '2026-11-16')).toBe('option');
    expect(await inPreOpen(db, 'SENSEX26NOVFUT', '2026-11-16')).toBe('future');
  });

  it('queues an eligible future to the 09:15 open from 09:00 to 09:08, on days since 8 Dec 2025, and refuses the rest with the reason', async () => {
    const at = (instant: string, tradingsymbol: string, orderType: 'MARKET' | 'LIMIT' | 'SL' = 'MARKET', exchange: 'NSE' | 'BSE' = 'NSE') =>
      preOpenPlacement(db, exchange, { tradingsymbol, orderType }, ist(instant));
    expect(await at('2026-11-16T09:00:00', 'NIFTY26NOVFUT')).toEqual({ releaseAt: ist('2026-11-16T09:15:00') });
    expect(await at('2026-11-16T09:07:59', 'RELIANCE26NOVFUT', 'LIMIT')).toEqual({ releaseAt: ist('2026-11-16T09:15:00') });
    expect(await at('2026-11-16T09:05:00', 'SENSEX26NOVFUT', 'MARKET', 'BSE')).toEqual({ releaseAt: ist('2026-11-16T09:15:00') });
    const refusal = async (instant: string, tradingsymbol: string, orderType: 'MARKET' | 'LIMIT' | 'SL' = 'MARKET') => {
      const placed = await at(instant, tradingsymbol, orderType);
      if (placed === null || !('refusal' in placed)) throw new Error(`${tradingsymbol} at ${instant} was not refused: ${JSON.stringify(placed)}`);
      return placed.refusal;
    };
    expect(await refusal('2026-11-16T09:05:00', 'NIFTY26NOV26000CE')).toEqual({
      text: 'Options trade from 09:15 IST. The F&O pre-open (09:00-09:08 IST) takes only current-month futures: place it from 09:15.',
      i18n: { code: 'order.pre_open_options', params: { from: '09:00', to: '09:08', open: '09:15' } },
    });
    expect((await refusal('2026-11-16T09:05:00', 'NIFTY26DECFUT')).i18n.code).toBe('order.pre_open_other_month');
    expect((await refusal('2026-11-16T09:05:00', 'NIFTY27JANFUT')).text).toContain("it takes the current month's futures only");
    expect((await refusal('2026-11-16T09:05:00', 'NIFTY26NOVFUT', 'SL')).i18n.code).toBe('order.pre_open_stop_loss');
    // Order entry stops at 09:08; the match runs until the open, when nothing is taken.
    expect((await refusal('2026-11-16T09:08:00', 'NIFTY26NOVFUT')).text).toBe(
      'The F&O pre-open stopped taking orders at 09:08 IST and matches them now: orders are taken again from 09:15 IST.',
    );
    expect((await refusal('2026-11-16T09:14:59', 'NIFTY26NOV26000CE')).i18n.code).toBe('order.pre_open_closed');
    // Outside its hours, on a day without it (before 8 Dec 2025), a weekend or a holiday: the after-market rules apply.
    for (const [instant, symbol] of [
      ['2026-11-16T08:59:59', 'NIFTY26NOV26000CE'],
      ['2026-11-16T09:15:00', 'NIFTY26NOV26000CE'],
      ['2025-12-05T09:05:00', 'NIFTY25DEC26000CE'],
      ['2025-12-05T09:05:00', 'NIFTY25DECFUT'],
      ['2026-11-21T09:05:00', 'NIFTY26NOV26000CE'],
      ['2026-11-24T09:05:00', 'NIFTY26DEC26000CE'],
    ] as const) {
      expect(await at(instant, symbol), `${symbol} at ${instant}`).toBeNull();
    }
    // The first day of it.
    expect(await at('2025-12-08T09:01:00', 'NIFTY25DECFUT')).toEqual({ releaseAt: ist('2025-12-08T09:15:00') });
  });
});

describe.each(testBackends)('the paper broker in the F&O pre-open on %s', (backend) => {
  let server: TestServer;
  let market: ScriptedMarket;
  let desk: Desk;
  let symbol: string;

  quotedDeskPerTest(backend, (started) => ({ server, market, desk, atmCall: symbol } = started));

  // Friday 20 November 2026 on exchange hours, before the 09:15 open.
  const beforeOpen = (instant: string, during: () => Promise<void>) =>
    atInstant({ server, market }, instant, async () => {
      market.demo(false);
      market.open(false, { nextOpen: ist('2026-11-20T09:15:00'), closedAt: null });
      await desk.logIn();
      await during();
    });

  it('refuses an option at 09:05 saying the pre-open takes current-month futures only, and after 09:08 refuses every order until the open', async () => {
    await beforeOpen('2026-11-20T09:05:00+05:30', async () => {
      const refused = await desk.place(symbol, 'BUY', 65);
      expect(refused).toMatchObject({
        status: 'REJECTED',
        status_message: 'Options trade from 09:15 IST. The F&O pre-open (09:00-09:08 IST) takes only current-month futures: place it from 09:15.',
        status_message_i18n: { code: 'order.pre_open_options' },
      });
    });
    await beforeOpen('2026-11-20T09:10:00+05:30', async () => {
      expect((await desk.place(symbol, 'BUY', 65)).status_message_i18n?.code).toBe('order.pre_open_closed');
    });
  });

  it('queues the current month’s future at 09:05 and fills it at the 09:15 open, at the ask', async () => {
    const future = 'NIFTY26NOVFUT';
    let queued = '';
    await beforeOpen('2026-11-20T09:05:00+05:30', async () => {
      market.set(future, { bid: 26_120, ask: 26_121.5, last: 26_120.5 });
      const order = await desk.place(future, 'BUY', 65);
      // Held to the open as an after-market order is (the paper broker's queue), not refused as an option is.
      expect(order, JSON.stringify(order)).toMatchObject({ status: 'OPEN', variety: 'amo', order_type: 'MARKET', filled_quantity: 0 });
      queued = order.order_id;
      // Nothing fills in the pre-open: the simulator has no book in which to find its equilibrium price.
      await desk.tick();
      expect((await desk.orderBook()).order_book.find((order) => order.order_id === queued)).toMatchObject({ status: 'OPEN', filled_quantity: 0 });
    });
    await atInstant({ server, market }, '2026-11-20T09:15:00+05:30', async () => {
      market.set(future, { bid: 26_140, ask: 26_141.5, last: 26_140.5 });
      await desk.tick();
      await desk.logIn();
      expect((await desk.orderBook()).order_book.find((order) => order.order_id === queued)).toMatchObject({ status: 'COMPLETE', filled_quantity: 65, average_price: 26_141.5 });
      const held = (await desk.positionBook()).net.find((position) => position.tradingsymbol === future);
      expect(held?.quantity).toBe(65);
    });
  });

  it('still takes an option as an after-market order just before the pre-open (08:55), held to the open', async () => {
    await beforeOpen('2026-11-20T08:55:00+05:30', async () => {
      const held = await desk.place(symbol, 'BUY', 65);
      expect(held, JSON.stringify(held)).toMatchObject({ variety: 'amo', status: 'OPEN' });
    });
  });
});
