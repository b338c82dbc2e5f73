// A backtest checked by hand: a short NIFTY straddle sold at Monday's last minute (15:39: October 2026 closes at
// 15:40, migration 075) and held into Tuesday's
// expiry. Its P&L must be exactly the premium received (the modelled bids: Black-76 at the day's index level
// with each contract's volatility solved from Monday's settlement price, at the simulator's spread) minus the
// value the exchange settled the contracts at on Tuesday, minus the charges of those dates (Monday's rates on
// the two sells, Tuesday's on the exercise). The history's lot size (75) wins over the configured one (65).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { black76Price } from '../../../quant/black76.ts';
import { impliedVolatility } from '../../../quant/implied-volatility.ts';
import { chargeRatesOn, expiryCharges, fillCharges, totalCharges } from '../../../server/services/brokers/paper/charges.ts';
import { bookAround, spreadTicks } from '../../../server/services/market/spreads.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { backtestStraddle, expiry, importStraddleDays, monday } from './close-straddle.ts';

const year = 365 * 24 * 60;

/** The bid the model quotes for a Monday contract at 15:39, a minute before the close (see the file's header). */
function mondayBid(type: 'CE' | 'PE', settle: number): number {
  return mondayBook(type, settle).bidPaise;
}

/** The bid and offer the model quotes for a Monday contract at 15:39, a minute before the close. */
function mondayBook(type: 'CE' | 'PE', settle: number): { bidPaise: number; askPaise: number } {
  const spot = 25010;
  const solved = impliedVolatility({ kind: type, forward: spot, strike: 25000, years: (24 * 60) / year, rate: 0, price: settle });
  if (!solved.ok) throw new Error('no volatility');
  const atm = impliedVolatility({ kind: 'CE', forward: spot, strike: 25000, years: (24 * 60) / year, rate: 0, price: 95 });
  const years = (24 * 60 + 1) / year;
  const theory = black76Price({ kind: type, forward: spot, strike: 25000, years, rate: 0, volatility: solved.volatility }) * 100;
  const session = { open: '09:15', close: '15:40' };
  const width = spreadTicks({ theoryPaise: theory, strike: 25000, forward: spot, years, atmVolatility: atm.ok ? atm.volatility : 0, istMinutes: 15 * 60 + 39, session, tickPaise: 5 });
  return bookAround(theory, width, 5);
}

describe.each(testBackends)('a hand-computed backtest on %s', (backend) => {
  let server: TestServer;

  beforeEach(async () => {
    server = await startTestServer({ backend });
    await importStraddleDays(server.db);
  });

  afterEach(async () => {
    await server.close();
  });

  it('a short straddle from Monday’s close to Tuesday’s expiry makes the premium received − the settlement value − the charges of those dates', async () => {
    const backtest = await backtestStraddle(server);

    const quantity = 75;
    const callBid = mondayBid('CE', 95);
    const putBid = mondayBid('PE', 85);
    const premium = (callBid + putBid) * quantity;
    // Tuesday: the call settles at 80 (the index at 25,080), the put worthless.
    const settlement = (8000 + 0) * quantity;
    const mondayRates = await chargeRatesOn(server.db, 'NFO', monday);
    const tuesdayRates = await chargeRatesOn(server.db, 'NFO', expiry);
    const charges =
      totalCharges(fillCharges(mondayRates, 'SELL', quantity, callBid, true)) +
      totalCharges(fillCharges(mondayRates, 'SELL', quantity, putBid, true)) +
      totalCharges(expiryCharges(tuesdayRates, { long: false, quantity, intrinsicPaise: 8000, freezeQuantity: 1800 })) +
      totalCharges(expiryCharges(tuesdayRates, { long: false, quantity, intrinsicPaise: 0, freezeQuantity: 1800 }));
    const expected = (premium - settlement - charges) / 100;

    expect(backtest.summary).toMatchObject({ trades: 1, net_pnl: expected, trading_days: 2 });
    expect(backtest.summary!.charges.total).toBe(charges / 100);
    expect(backtest.summary!.gross_pnl).toBe((premium - settlement) / 100);
    expect(backtest.summary!.modelled_share).toBe(0.5);
    const trade = backtest.trades[0]!;
    expect(trade.exit_rule).toBe('expiry');
    expect(trade.net_pnl).toBe(expected);
    expect(trade.legs.map((leg) => [leg.option_type, leg.strike, leg.side, leg.quantity, leg.entry_price, leg.exit_price, leg.entry_modelled, leg.exit_modelled, leg.exit_rule])).toEqual([
      ['CE', 25000, 'SELL', quantity, callBid / 100, 80, true, false, 'expiry'],
      ['PE', 25000, 'SELL', quantity, putBid / 100, 0, true, false, 'expiry'],
    ]);
    expect(backtest.daily.map((day) => day.date)).toEqual([monday, expiry]);
    expect(backtest.daily.reduce((sum, day) => sum + day.pnl * 100, 0) / 100).toBeCloseTo(expected, 2);
    expect(backtest.summary!.max_margin).toBeGreaterThan(0);
    // A MARKET account's backtest reports no execution policy cost.
    expect(backtest.summary!.execution_slippage).toBeUndefined();
  }, 180_000);

  it("with LIMIT and re-price as its account's policy sells by LIMIT at the same bids and reports the half spread that cost against the mid (issue 60)", async () => {
    const policy = { mode: 'limit_reprice', buffer_unit: 'percent', buffer_value: 8, interval_seconds: 10, max_tries: 5, max_seconds: 50, entry_fallback: 'cancel' };
    const backtest = await backtestStraddle(server, policy);
    const quantity = 75;
    const callBook = mondayBook('CE', 95);
    const putBook = mondayBook('PE', 85);
    // The 8 % buffer covers the spread: each sell fills at once at the bid, as MARKET would have.
    expect(backtest.trades[0]!.legs.map((leg) => leg.entry_price)).toEqual([callBook.bidPaise / 100, putBook.bidPaise / 100]);
    const halfSpreads = ((callBook.askPaise - callBook.bidPaise) / 2 + (putBook.askPaise - putBook.bidPaise) / 2) * quantity;
    expect(backtest.summary!.execution_slippage).toEqual({ amount: Math.round(halfSpreads) / 100, orders: 2 });
  }, 180_000);
});
