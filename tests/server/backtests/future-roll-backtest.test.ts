// Issue 63: a futures leg rolled inside a backtest, N trading days before its expiry, rather than delivered. Three UDiFF
// days of RELIANCE in NSE's columns (tests/server/history/fixtures, prices made up): Friday 26 December 2025 (the stock
// at 1,538, the December future settled at 1,540, January's at 1,547, December options Black-76 at 25 %), Monday the
// 29th (1,545.30; futures 1,546 and 1,553) and Tuesday the 30th, the December expiry (1,590; January's future 1,597).
// Thursday the 25th was Christmas (a holiday): Monday is the one trading day before the expiry.
//
// A protective put (the December 1,520 put and future bought) entered on Friday at 15:29 with a roll one trading day
// before expiry is rolled on Monday at 15:29 as one basket: the December future sold at its bid, January's bought at its
// ask (the simulator's futures book, twice as wide in the next month), each charged at the futures segment's rates;
// the put expires worthless on Tuesday and January's future is valued at Tuesday's settlement at the end. With 0 the
// future is held into the expiry and delivered instead. Every figure is worked out from the file's prices, the dated
// charge rows and the quote model (history-prices.ts), as stock-backtest.test.ts does.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { black76Price } from '../../../quant/black76.ts';
import { impliedVolatility } from '../../../quant/implied-volatility.ts';
import { servicesDecorator } from '../../../server/app.ts';
import { chargeRatesOn, fillCharges, totalCharges } from '../../../server/services/brokers/paper/charges.ts';
import { bookAround, spreadTicks } from '../../../server/services/market/spreads.ts';
import { futureBook, stockSpreadWidening } from '../../../server/services/market/stocks/stock-quotes.ts';
import type { Services } from '../../../server/services/services.ts';
import { bhavcopiesPerTest, type BhavcopyServer } from '../history/bhavcopy-upload.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody } from '../support/trading.ts';
import { runBacktest } from './paper-run.ts';

type Schemas = components['schemas'];

const friday = '2025-12-26';
const monday = '2025-12-29';
const expiry = '2025-12-30';
const files = [friday, monday, expiry].map((day) => `BhavCopy_NSE_FO_0_0_0_${day.replace(/-/g, '')}_F_0000.csv`);
const lot = 500;
const yearMinutes = 365 * 24 * 60;
const lookMinute = 15 * 60 + 29;
const session = { open: '09:15', close: '15:30' };

/** A future's book at 15:29 around its settlement (the days' paths are flat): `month` 0 near, 1 next. */
const future = (settlePaise: number, month: number) => futureBook(settlePaise, { kind: 'stock', month, tickPaise: 5, istMinutes: lookMinute, session });

/** Friday's December 1,520 put at 15:29: Black-76 at the volatility its settlement solves to (4 days left), a stock's spread. */
function fridayPutAsk(): number {
  const spot = 1538;
  const daysLeft = 4 * 24 * 60;
  const solved = impliedVolatility({ kind: 'PE', forward: spot, strike: 1520, years: daysLeft / yearMinutes, rate: 0, price: 8.55 });
  const atm = impliedVolatility({ kind: 'CE', forward: spot, strike: 1540, years: daysLeft / yearMinutes, rate: 0, price: 15.1 });
  if (!solved.ok || !atm.ok) throw new Error('no volatility');
  const years = (daysLeft + 1) / yearMinutes;
  const theory = black76Price({ kind: 'PE', forward: spot, strike: 1520, years, rate: 0, volatility: solved.volatility }) * 100;
  const width = spreadTicks({ theoryPaise: theory, strike: 1520, forward: spot, years, atmVolatility: atm.volatility, istMinutes: lookMinute, session, tickPaise: 5, widen: stockSpreadWidening });
  return bookAround(theory, width, 5).askPaise;
}

describe.each(testBackends)('a futures leg rolled inside a backtest, on %s', (backend) => {
  let server: TestServer;
  let token: string;
  let call: BhavcopyServer['call'];
  bhavcopiesPerTest(backend, files, (started) => ({ server, call, token } = started));

  /** A one-lot protective put on RELIANCE entered Fridays at 15:29 (held: its exit is never looked at), Friday to Tuesday. */
  async function backtest(roll: { futures_roll_days?: number }): Promise<Schemas['Backtest']> {
    const { account } = await createBrokerAccount(call, token, { capital: 2_000_000 });
    const portfolio = await createPortfolio(call, token, account.id);
    const strategies = await baseStrategies(call, token);
    const body = dailyBotBody(portfolio.id, strategies.get('protective_put')!.id, { lots: 1, weekdays: [5], entry_time: '15:29', exit_time: '15:30', stop_loss_pct: 100, target_pct: 1000, params: { put_distance: 1 } });
    const bot = { ...body, underlying: 'RELIANCE' };
    return runBacktest(call, token, server.app.getDecorator<Services>(servicesDecorator), { bot, from: friday, to: expiry, capital: 2_000_000, ...roll });
  }

  /** The charges of one fill at the segment's rates of its day (each order fills at once: its brokerage with it). */
  async function charged(day: string, kind: 'FUT' | 'OPT', side: 'BUY' | 'SELL', pricePaise: number): Promise<number> {
    return totalCharges(fillCharges(await chargeRatesOn(server.db, 'NFO', day, kind), side, lot, pricePaise, true));
  }

  it('rolls the December future to January on Monday, the trading day before its expiry, one basket at that day\'s prices', async () => {
    const report = await backtest({ futures_roll_days: 1 });

    const putAsk = fridayPutAsk();
    const decemberAsk = future(154000, 0).askPaise;
    // Monday's roll: December sold at its bid, January (the next month: a book twice as wide) bought at its ask.
    const decemberBid = future(154600, 0).bidPaise;
    const januaryAsk = future(155300, 1).askPaise;
    const rollCharges = (await charged(monday, 'FUT', 'SELL', decemberBid)) + (await charged(monday, 'FUT', 'BUY', januaryAsk));
    const charges = (await charged(friday, 'OPT', 'BUY', putAsk)) + (await charged(friday, 'FUT', 'BUY', decemberAsk)) + rollCharges;
    // The put expires worthless (the stock at 1,590); January's future is valued at Tuesday's settlement, 1,597.
    const gross = -putAsk * lot + (decemberBid - decemberAsk) * lot + (159700 - januaryAsk) * lot;

    expect(report.futures_roll_days).toBe(1);
    expect(report.summary).toMatchObject({ trades: 1, trading_days: 3, gross_pnl: gross / 100, net_pnl: (gross - charges) / 100 });
    expect(report.summary!.charges.total).toBe(charges / 100);
    const trade = report.trades[0]!;
    expect(trade.exit_rule).toBe('end_of_backtest');
    expect(trade.legs.map((leg) => [leg.tradingsymbol, leg.side, leg.quantity, leg.entry_price, leg.exit_price, leg.exit_rule])).toEqual([
      ['RELIANCE25DEC1520PE', 'BUY', lot, putAsk / 100, 0, 'expiry'],
      ['RELIANCE25DECFUT', 'BUY', lot, decemberAsk / 100, decemberBid / 100, 'roll'],
      ['RELIANCE26JANFUT', 'BUY', lot, januaryAsk / 100, 1597, 'end_of_backtest'],
    ]);
    // The roll as the report shows it: the spread it traded at (January's ask less December's bid) and what it cost.
    expect(trade.rolls).toEqual([
      {
        at: '2025-12-29T09:59:00.000Z',
        from: 'RELIANCE25DECFUT',
        to: 'RELIANCE26JANFUT',
        side: 'BUY',
        quantity: lot,
        from_quantity: lot,
        close_price: decemberBid / 100,
        open_price: januaryAsk / 100,
        spread: (januaryAsk - decemberBid) / 100,
        spread_paid: ((januaryAsk - decemberBid) * lot) / 100,
        charges: rollCharges / 100,
      },
    ]);
    expect(report.daily.map((day) => day.date)).toEqual([friday, monday, expiry]);
    expect(report.daily.reduce((sum, day) => sum + Math.round(day.pnl * 100), 0)).toBe(gross - charges);
  }, 240_000);

  it('with 0 the future is held into its expiry and delivered, as before rolls', async () => {
    const report = await backtest({ futures_roll_days: 0 });

    const putAsk = fridayPutAsk();
    const decemberAsk = future(154000, 0).askPaise;
    // 500 shares bought at the final settlement price, 1,590: the delivery's STT (0.1 %) and stamp duty (0.015 %).
    const delivery = 79500 + 11925;
    const charges = (await charged(friday, 'OPT', 'BUY', putAsk)) + (await charged(friday, 'FUT', 'BUY', decemberAsk)) + delivery;
    const gross = -putAsk * lot + (159000 - decemberAsk) * lot;

    expect(report.futures_roll_days).toBe(0);
    expect(report.summary).toMatchObject({ trades: 1, gross_pnl: gross / 100, net_pnl: (gross - charges) / 100 });
    const trade = report.trades[0]!;
    expect(trade.rolls).toBeUndefined();
    expect(trade.legs.map((leg) => [leg.tradingsymbol, leg.exit_price, leg.exit_rule])).toEqual([
      ['RELIANCE25DEC1520PE', 0, 'expiry'],
      ['RELIANCE25DECFUT', 1590, 'expiry'],
    ]);
  }, 240_000);

  it('rolls by default a trading day before expiry, and two days before rolls on Friday, the entry\'s own minute', async () => {
    const byDefault = await backtest({});
    expect(byDefault.futures_roll_days).toBe(1);
    expect(byDefault.trades[0]!.rolls?.map((roll) => roll.at)).toEqual(['2025-12-29T09:59:00.000Z']);

    const early = await backtest({ futures_roll_days: 2 });
    // Friday and Monday are the two trading days before Tuesday's expiry: rolled at Friday's 15:29, after the entry.
    const decemberBid = future(154000, 0).bidPaise;
    const januaryAsk = future(154700, 1).askPaise;
    expect(early.trades[0]!.rolls).toMatchObject([{ at: '2025-12-26T09:59:00.000Z', close_price: decemberBid / 100, open_price: januaryAsk / 100, spread: (januaryAsk - decemberBid) / 100 }]);
    expect(early.trades[0]!.legs.map((leg) => [leg.tradingsymbol, leg.exit_rule])).toEqual([
      ['RELIANCE25DEC1520PE', 'expiry'],
      ['RELIANCE25DECFUT', 'roll'],
      ['RELIANCE26JANFUT', 'end_of_backtest'],
    ]);
  }, 240_000);

  it('refuses a roll of more than 10 days as bad input', async () => {
    const { account } = await createBrokerAccount(call, token, { capital: 2_000_000 });
    const portfolio = await createPortfolio(call, token, account.id);
    const strategies = await baseStrategies(call, token);
    const bot = { ...dailyBotBody(portfolio.id, strategies.get('protective_put')!.id, { lots: 1, weekdays: [5] }), underlying: 'RELIANCE' };
    const res = await call('createBacktest', { token, body: { bot, from: friday, to: expiry, capital: 2_000_000, futures_roll_days: 11 } });
    expect(res.status).toBe(400);
  }, 240_000);
});
