// Lot size belongs to the contract, not the day (issue 60). After NSE/FAOP/70616 (NIFTY 75 → 65 for the contracts
// expiring after 30 December 2025, from 29 October 2025) NSE's UDiFF bhavcopy of 3 November 2025 lists the weeklies
// and the November and December monthlies at 75 and the January 2026 monthly at 65 (NewBrdLotQty). Replayed, each
// contract shows and takes its own lot, and a backtest sizes each bot's contract by its own. A day of NSE's older
// layout (no lot column) takes each contract's lot from the dated revisions: 5 July 2021, after NSE/FAOP/47854,
// the July weeklies at 75 and the July monthly at 50.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { importHistory, importMinutes, syntheticRows, type FixtureRow } from '../backtests/history-fixture.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient } from '../support/trading.ts';

type Schemas = components['schemas'];

const november = '2025-11-03';
const novemberExpiries = ['2025-11-04', '2025-11-11', '2025-11-25', '2025-12-30', '2026-01-27'];
const december = '2025-12-26';
const decemberExpiries = ['2025-12-30', '2026-01-06', '2026-01-27'];
/** NewBrdLotQty as NSE's file gives it: 65 for the contracts after the 30 December 2025 expiry, 75 before. */
const fileLot = (row: FixtureRow) => (row.expiry > '2025-12-30' ? 65 : 75);

/** A day's rows of every expiry (syntheticRows keeps three expiries a day: one call per expiry keeps them all). */
const rowsOf = (day: string, level: number, expiries: readonly string[]) => expiries.flatMap((expiry) => syntheticRows({ [day]: level }, [expiry], { around: 4 }));

describe.each(testBackends)('each contract at its own lot on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
    await importHistory(server.db, 'NIFTY', { [november]: 25_750 }, rowsOf(november, 25_750, novemberExpiries), fileLot);
    await importMinutes(server.db, 'NIFTY', november, (minute) => 25_750 + minute / 10);
    await importHistory(server.db, 'NIFTY', { [december]: 26_050 }, rowsOf(december, 26_050, decemberExpiries), fileLot);
    await importMinutes(server.db, 'NIFTY', december, (minute) => 26_050 + minute / 10);
    // The older layout: no lot column (null), four Thursday weeklies and the July monthly.
    await importHistory(server.db, 'NIFTY', { '2021-07-05': 15_800 }, rowsOf('2021-07-05', 15_800, ['2021-07-08', '2021-07-15', '2021-07-22', '2021-07-29']), null);
    await importMinutes(server.db, 'NIFTY', '2021-07-05', (minute) => 15_800 + minute / 10);
  }, 120_000);

  afterAll(async () => {
    await server.close();
  });

  /** A trader's replay of `day` at 10:00, and calls on it. */
  async function replayOf(day: string) {
    const { token } = await signedInAccount(call);
    const created = await call<{ replay: Schemas['Replay'] }>('createReplay', { token, body: { index: 'NIFTY', day, start: '10:00' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.replay.id;
    const chain = async (expiry: string) => {
      const res = await call<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id }, query: { expiry } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.chain;
    };
    const atmCall = async (expiry: string) => {
      const listed = await chain(expiry);
      const strikes = [...new Set(listed.instruments.map((instrument) => instrument.strike))];
      return listed.instruments.find((instrument) => instrument.strike === strikes[Math.floor(strikes.length / 2)] && instrument.instrument_type === 'CE')!.tradingsymbol;
    };
    const order = (tradingsymbol: string, quantity: number) => ({ tradingsymbol, exchange: 'NFO', transaction_type: 'SELL', order_type: 'MARKET', product: 'NRML', quantity });
    const place = (key: string, tradingsymbol: string, quantity: number) =>
      call<Schemas['OrdersResponse']>('placeReplayOrders', { token, params: { id }, headers: { 'idempotency-key': key }, body: { orders: [order(tradingsymbol, quantity)] } });
    return { token, id, chain, atmCall, order, place };
  }

  it('shows 3 November 2025 as its file lists it: the weeklies and the Nov/Dec monthlies at 75, January at 65', async () => {
    const { chain } = await replayOf(november);
    for (const expiry of novemberExpiries) {
      const listed = await chain(expiry);
      const lot = expiry === '2026-01-27' ? 65 : 75;
      expect(listed.lot_size, expiry).toBe(lot);
      expect(new Set(listed.instruments.map((instrument) => instrument.lot_size)), expiry).toEqual(new Set([lot]));
    }
  }, 120_000);

  it('takes 65 on the January contract and refuses 65 on a weekly, naming the weekly’s lot of 75', async () => {
    const { id, token, atmCall, order, place } = await replayOf(november);
    const january = await atmCall('2026-01-27');
    const weekly = await atmCall('2025-11-04');

    const preview = await call<Schemas['OrderMarginsResponse']>('getReplayOrderMargins', { token, params: { id }, body: { orders: [order(january, 65)] } });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.margins.margin).toBeGreaterThan(0);

    const taken = await place('lots-january-65', january, 65);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.orders[0]).toMatchObject({ status: 'COMPLETE', quantity: 65 });

    const refused = await place('lots-weekly-65', weekly, 65);
    expect(refused.body.orders[0]).toMatchObject({
      status: 'REJECTED',
      status_message: 'Quantity 65 is not a multiple of the lot size 75. Enter whole lots, for example 75 (1 lot).',
      status_message_i18n: { code: 'order.lot_multiple', params: { quantity: 65, lot_size: 75 } },
    });
    const weeklyLot = await place('lots-weekly-75', weekly, 75);
    expect(weeklyLot.body.orders[0]).toMatchObject({ status: 'COMPLETE', quantity: 75 });
  }, 120_000);

  it('sizes a backtest’s bot by the lot of the contract it chose on each day', async () => {
    const { token } = await signedInAccount(call);
    const { account } = await createBrokerAccount(call, token);
    const portfolio = await createPortfolio(call, token, account.id);
    const straddle = (await baseStrategies(call, token)).get('short_straddle')!.id;
    const run = async (expiry: string | undefined) => {
      const bot = dailyBotBody(portfolio.id, straddle, { weekdays: [1, 2, 3, 4, 5], entry_time: '09:20', exit_time: '15:15', lots: 2, params: { strike_offset: 0, ...(expiry === undefined ? {} : { expiry }) } });
      const created = await call<{ backtest: Schemas['Backtest'] }>('createBacktest', { token, body: { bot, from: november, to: december, capital: 1_000_000 } });
      expect(created.status, JSON.stringify(created.body)).toBe(202);
      expect((await server.app.getDecorator<Services>(servicesDecorator).backtests.worker.pass()).outcome).toBe('done');
      const done = (await call<{ backtest: Schemas['Backtest'] }>('getBacktest', { token, params: { id: created.body.backtest.id } })).body.backtest;
      expect(done.status).toBe('done');
      expect(done.no_trade_days?.filter((day) => day.reason === 'refused')).toEqual([]);
      return new Map(done.trades.map((trade) => [trade.entered_at.slice(0, 10), trade.legs.map((leg) => [leg.expiry, leg.quantity])]));
    };

    // The nearest contract: 4 November's weekly at 75; on 26 December the 30 December monthly, still at 75 while
    // every later contract of the day (most of the file) is at 65: two lots of 75 each day.
    expect(await run(undefined)).toEqual(new Map([
      [november, [['2025-11-04', 150], ['2025-11-04', 150]]],
      [december, [['2025-12-30', 150], ['2025-12-30', 150]]],
    ]));
    // The next weekly: 11 November's at 75; on 26 December 6 January's, at 65.
    expect(await run('next_weekly')).toEqual(new Map([
      [november, [['2025-11-11', 150], ['2025-11-11', 150]]],
      [december, [['2026-01-06', 130], ['2026-01-06', 130]]],
    ]));
  }, 240_000);

  it('gives a day of the older layout each contract’s lot from the dated revisions: July 2021’s weeklies 75, its monthly 50', async () => {
    const { chain, atmCall, place } = await replayOf('2021-07-05');
    for (const [expiry, lot] of [['2021-07-08', 75], ['2021-07-22', 75], ['2021-07-29', 50]] as const) {
      const listed = await chain(expiry);
      expect(listed.lot_size, expiry).toBe(lot);
      expect(new Set(listed.instruments.map((instrument) => instrument.lot_size)), expiry).toEqual(new Set([lot]));
    }
    expect((await place('lots-2021-monthly', await atmCall('2021-07-29'), 50)).body.orders[0]).toMatchObject({ status: 'COMPLETE' });
    expect((await place('lots-2021-weekly', await atmCall('2021-07-08'), 50)).body.orders[0]).toMatchObject({
      status: 'REJECTED',
      status_message_i18n: { code: 'order.lot_multiple', params: { lot_size: 75 } },
    });
  }, 120_000);
});
