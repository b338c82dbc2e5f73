// Issue 63: a bhavcopy day with stock options and futures imports and backtests. Two UDiFF days of RELIANCE in NSE's
// own columns (tests/server/history/fixtures): Monday 29 December 2025 (the stock at 1,545.30, its December future
// settled at 1,546 with no range: the day's path stands at the stock's value all day) and Tuesday 30 December, the
// December contracts' expiry (the stock at 1,590, the future's final settlement 1,590). Each is uploaded through the
// import API, then a covered call (the December future bought, the 1,560 call sold) and a protective put (the future
// and the 1,520 put bought) are backtested from Monday's 15:29 into the expiry, one lot of 500 (the file's lot).
// Held to expiry, the stock's contracts settle by delivery as the paper broker settles them: the future at 1,590 and
// its 500 shares bought at that price, the call in the money assigned (500 shares sold at its strike), the put out of
// the money expiring worthless. The report values the shares at the final settlement price: the call's exit is its
// intrinsic value (30), and each delivery's STT and stamp duty are its trade's charges. Every figure below is
// worked out from the file's prices, the dated charge rows and the quote model (history-prices.ts).
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { black76Price } from '../../../quant/black76.ts';
import { impliedVolatility } from '../../../quant/implied-volatility.ts';
import { servicesDecorator } from '../../../server/app.ts';
import { chargeRatesOn, fillCharges, totalCharges } from '../../../server/services/brokers/paper/charges.ts';
import { bookAround, spreadTicks } from '../../../server/services/market/spreads.ts';
import { futureBook, stockSpreadWidening } from '../../../server/services/market/stocks/stock-quotes.ts';
import type { Services } from '../../../server/services/services.ts';
import { bhavcopiesPerFile, type BhavcopyServer } from '../history/bhavcopy-upload.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody } from '../support/trading.ts';
import { runBacktest } from './paper-run.ts';

type Schemas = components['schemas'];

const monday = '2025-12-29';
const expiry = '2025-12-30';
const files = [monday, expiry].map((day) => `BhavCopy_NSE_FO_0_0_0_${day.replace(/-/g, '')}_F_0000.csv`);
const lot = 500;
const yearMinutes = 365 * 24 * 60;
const entryMinute = 15 * 60 + 29;
// December 2025 closed at 15:30: the entry is a day and a minute before the contracts' expiry.
const years = (24 * 60 + 1) / yearMinutes;
const session = { open: '09:15', close: '15:30' };

/** The December future's book at Monday's 15:29: the simulator's futures book around its settlement (the path is flat). */
const futureAsk = () => futureBook(154600, { kind: 'stock', month: 0, tickPaise: 5, istMinutes: entryMinute, session }).askPaise;

/** A December option's book at Monday's 15:29: Black-76 with the volatility its settlement solves to, at a stock's spread. */
function optionBook(type: 'CE' | 'PE', strike: number, settle: number): { bidPaise: number; askPaise: number } {
  const spot = 1545.3;
  const solved = impliedVolatility({ kind: type, forward: spot, strike, years: (24 * 60) / yearMinutes, rate: 0, price: settle });
  const atm = impliedVolatility({ kind: 'CE', forward: spot, strike: 1540, years: (24 * 60) / yearMinutes, rate: 0, price: 11 });
  if (!solved.ok || !atm.ok) throw new Error('no volatility');
  const theory = black76Price({ kind: type, forward: spot, strike, years, rate: 0, volatility: solved.volatility }) * 100;
  const width = spreadTicks({ theoryPaise: theory, strike, forward: spot, years, atmVolatility: atm.volatility, istMinutes: entryMinute, session, tickPaise: 5, widen: stockSpreadWidening });
  return bookAround(theory, width, 5);
}

describe.each(testBackends)('a bhavcopy day with stock options and futures imports and backtests, on %s', (backend) => {
  let server: TestServer;
  let token: string;
  let call: BhavcopyServer['call'];
  // One server and one import of the two days for the file: each test backtests a bot of its own, on a broker
  // account and portfolio of its own, and the history it reads is never written after the import.
  bhavcopiesPerFile(backend, files, (started) => ({ server, call, token } = started));

  /** A one-lot daily bot (on RELIANCE), Mondays 15:29 (held: its exit at the close is never looked at), backtested over the two days. */
  async function backtest(strategy: string, params: Record<string, unknown>, underlying = 'RELIANCE', to = expiry): Promise<Schemas['Backtest']> {
    const { account } = await createBrokerAccount(call, token, { capital: 2_000_000 });
    const portfolio = await createPortfolio(call, token, account.id);
    const strategies = await baseStrategies(call, token);
    const body = dailyBotBody(portfolio.id, strategies.get(strategy)!.id, { lots: 1, weekdays: [1], entry_time: '15:29', exit_time: '15:30', stop_loss_pct: 100, target_pct: 1000, params });
    const bot = { ...body, underlying };
    // Held into the expiry, not rolled (future-roll-backtest.test.ts rolls): each contract settles as the paper broker settles it.
    return runBacktest(call, token, server.app.getDecorator<Services>(servicesDecorator), { bot, from: monday, to, capital: 2_000_000, futures_roll_days: 0 });
  }

  /** The charges of Monday's two fills: the future's at the futures segment's rates, the option's at the options'. */
  async function entryCharges(option: { side: 'BUY' | 'SELL'; pricePaise: number }): Promise<number> {
    const futures = await chargeRatesOn(server.db, 'NFO', monday, 'FUT');
    const options = await chargeRatesOn(server.db, 'NFO', monday, 'OPT');
    return totalCharges(fillCharges(futures, 'BUY', lot, futureAsk(), true)) + totalCharges(fillCharges(options, option.side, lot, option.pricePaise, true));
  }

  it('a covered call: the future bought and the call above the money sold, the call assigned at expiry, charges by segment and delivery', async () => {
    const report = await backtest('covered_call', { call_distance: 1 });

    const callBid = optionBook('CE', 1560, 2.8).bidPaise;
    // The future settles at 1,590; the call is worth its intrinsic 30 against the shares it delivers at 1,560.
    const gross = (159000 - futureAsk()) * lot + (callBid - 3000) * lot;
    // Delivery: 500 shares bought at 1,590 (STT 0.1 %, stamp duty 0.015 %), 500 sold at 1,560 (STT 0.1 %): delivery_charge_rates.
    const delivery = 79500 + 11925 + 78000;
    const charges = (await entryCharges({ side: 'SELL', pricePaise: callBid })) + delivery;

    expect(report.summary).toMatchObject({ trades: 1, trading_days: 2, gross_pnl: gross / 100, net_pnl: (gross - charges) / 100 });
    expect(report.summary!.charges.total).toBe(charges / 100);
    // The futures segment's STT is on the sell side only, as the options': none on the bought future, none on a delivery settlement.
    const trade = report.trades[0]!;
    expect(trade.exit_rule).toBe('expiry');
    expect(trade.legs.map((leg) => [leg.tradingsymbol, leg.option_type, leg.strike, leg.side, leg.quantity, leg.entry_price, leg.exit_price, leg.exit_rule])).toEqual([
      ['RELIANCE25DECFUT', 'FUT', null, 'BUY', lot, futureAsk() / 100, 1590, 'expiry'],
      ['RELIANCE25DEC1560CE', 'CE', 1560, 'SELL', lot, callBid / 100, 30, 'expiry'],
    ]);
    expect(report.daily.map((day) => day.date)).toEqual([monday, expiry]);
    expect(report.daily.reduce((sum, day) => sum + Math.round(day.pnl * 100), 0)).toBe(gross - charges);
  }, 240_000);

  it('a protective put: the future and the put below the money bought, the put expiring worthless, the future delivered', async () => {
    const report = await backtest('protective_put', { put_distance: 1 });

    const putAsk = optionBook('PE', 1520, 1).askPaise;
    const gross = (159000 - futureAsk()) * lot - putAsk * lot;
    // Only the future delivers: 500 shares bought at 1,590. The put out of the money owes nothing.
    const charges = (await entryCharges({ side: 'BUY', pricePaise: putAsk })) + 79500 + 11925;

    expect(report.summary).toMatchObject({ trades: 1, gross_pnl: gross / 100, net_pnl: (gross - charges) / 100 });
    expect(report.trades[0]!.legs.map((leg) => [leg.tradingsymbol, leg.side, leg.quantity, leg.entry_price, leg.exit_price])).toEqual([
      ['RELIANCE25DEC1520PE', 'BUY', lot, putAsk / 100, 0],
      ['RELIANCE25DECFUT', 'BUY', lot, futureAsk() / 100, 1590],
    ]);
  }, 240_000);

  it("sizes each leg by its own contract's lot across NSE's review: BDL's December put at 325, its January future at 350", async () => {
    // Monday's file lists BDL's December contracts at 325 and its January ones at 350 (NewBrdLotQty; lot_revisions,
    // migration 111); its strike step (20) is the file's, written over the simulator's (migration 141) in the book.
    const report = await backtest('protective_put', { put_distance: 1, future_month: 'next' }, 'BDL', monday);
    const trade = report.trades[0]!;
    // At the money 1,460 (the stock at 1,452.40), the put a step below; open at the range's end, valued at Monday's settlements.
    expect(trade.legs.map((leg) => [leg.tradingsymbol, leg.side, leg.quantity, leg.exit_price, leg.exit_rule])).toEqual([
      ['BDL25DEC1440PE', 'BUY', 325, 5.5, 'end_of_backtest'],
      ['BDL26JANFUT', 'BUY', 350, 1460, 'end_of_backtest'],
    ]);
  }, 240_000);
});
