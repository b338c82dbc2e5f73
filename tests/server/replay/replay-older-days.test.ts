// Any day in market history replays (issue 39): days before April 2023 and July 2024, imported from NSE's older
// bhavcopy layout (no lot size in the file), trade in the replay's book with the rules in force on that day
// (migration 055: charge rates, margin parameters, NIFTY's lot size, each with its source), where a 500 came
// before; a day a rule is not known on is refused before the replay starts, saying which rule and from when, and
// a backtest whose range holds such a day is refused the same before it is queued (it ran and said "refused").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import { chargeRatesOn, fillCharges, totalCharges } from '../../../server/services/brokers/paper/charges.ts';
import type { Services } from '../../../server/services/services.ts';
import { importHistory, importMinutes, syntheticRows } from '../backtests/history-fixture.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient } from '../support/trading.ts';

type Schemas = components['schemas'];

/** A day as NSE's older bhavcopy stores it (no lot size), three Thursday expiries, and its index minutes. */
async function importOlderDay(server: TestServer, index: string, day: string, expiries: string[], level: number): Promise<void> {
  const underlying = { [day]: level };
  await importHistory(server.db, index, underlying, syntheticRows(underlying, expiries, { around: 4, step: index === 'NIFTY' ? 50 : 100 }), null);
  await importMinutes(server.db, index, day, (minute) => level + minute / 10);
}

describe.each(testBackends)('replays of days before April 2023 on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
    await importOlderDay(server, 'NIFTY', '2022-06-15', ['2022-06-16', '2022-06-23', '2022-06-30'], 15_700);
    await importOlderDay(server, 'NIFTY', '2023-06-14', ['2023-06-15', '2023-06-22', '2023-06-29'], 18_700);
    await importOlderDay(server, 'NIFTY', '2019-06-12', ['2019-06-13', '2019-06-20', '2019-06-27'], 11_900);
    await importOlderDay(server, 'BANKNIFTY', '2022-06-15', ['2022-06-16', '2022-06-23', '2022-06-30'], 33_300);
  });

  afterAll(async () => {
    await server.close();
  });

  /** A trader's replay of the day at 10:00, its second expiry's chain, and a call to trade in it. */
  async function replayOf(day: string, expiry: string, strike: number) {
    const { token } = await signedInAccount(call);
    const created = await call<{ replay: Schemas['Replay'] }>('createReplay', { token, body: { index: 'NIFTY', day, start: '10:00' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.replay.id;
    const { chain, data } = (await call<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id }, query: { expiry } })).body;
    const contract = chain.instruments.find((instrument) => instrument.strike === strike && instrument.instrument_type === 'CE')!;
    const quote = data[`NFO:${contract.tradingsymbol}`]!;
    const order = (quantity: number) => ({ tradingsymbol: contract.tradingsymbol, exchange: 'NFO', transaction_type: 'SELL', order_type: 'MARKET', product: 'NRML', quantity });
    return { token, id, chain, quote, order };
  }

  it("trades a 2022 day with that day's lot of 50, STT of 0.05 %, NSE's 0.053 % and a margin preview", async () => {
    const { token, id, chain, quote, order } = await replayOf('2022-06-15', '2022-06-23', 15_700);
    expect(chain.lot_size).toBe(50);
    const rates = await chargeRatesOn(server.db, 'NFO', '2022-06-15');
    expect(rates).toMatchObject({ sttSell: '0.0005', exchange: '0.00053', sebi: '0.000001', stampBuy: '0.00003', gst: '0.18' });

    // Today's lot (65) and 2024's (75) are not multiples of the day's.
    const wrongLot = await call<Schemas['OrdersResponse']>('placeReplayOrders', { token, params: { id }, headers: { 'idempotency-key': 'older-75' }, body: { orders: [order(75)] } });
    expect(wrongLot.body.orders[0]).toMatchObject({ status: 'REJECTED', status_message_i18n: { code: 'order.lot_multiple', params: { lot_size: 50 } } });

    const preview = await call<Schemas['OrderMarginsResponse']>('getReplayOrderMargins', { token, params: { id }, body: { orders: [order(50)] } });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const expected = totalCharges(fillCharges(rates, 'SELL', 50, Math.round(quote.bid! * 100), true)) / 100;
    expect(preview.body.margins.charges).toBe(expected);
    // SPAN's 7 % scan and 3 % exposure of 50 × 15,700: well above the 3 % short option minimum alone.
    expect(preview.body.margins.margin).toBeGreaterThan(0.03 * 50 * 15_700);

    const placed = await call<Schemas['OrdersResponse']>('placeReplayOrders', { token, params: { id }, headers: { 'idempotency-key': 'older-2022' }, body: { orders: [order(50)] } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.orders[0]).toMatchObject({ status: 'COMPLETE', average_price: quote.bid });
    const { trades } = (await call<Schemas['OrderBookResponse']>('getReplayOrders', { token, params: { id } })).body;
    expect(trades[0]!.charges).toBe(expected);
  });

  it("trades a 2023 day under the margin rules before NSE's July 2024 recalibration, at 2023's rates", async () => {
    const { token, id, chain, quote, order } = await replayOf('2023-06-14', '2023-06-22', 18_700);
    expect(chain.lot_size).toBe(50);
    const rates = await chargeRatesOn(server.db, 'NFO', '2023-06-14');
    expect(rates).toMatchObject({ sttSell: '0.000625', exchange: '0.000495' });
    const placed = await call<Schemas['OrdersResponse']>('placeReplayOrders', { token, params: { id }, headers: { 'idempotency-key': 'older-2023' }, body: { orders: [order(50)] } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.orders[0]).toMatchObject({ status: 'COMPLETE', average_price: quote.bid });
    const { trades } = (await call<Schemas['OrderBookResponse']>('getReplayOrders', { token, params: { id } })).body;
    expect(trades[0]!.charges).toBe(totalCharges(fillCharges(rates, 'SELL', 50, Math.round(quote.bid! * 100), true)) / 100);
    const { margins } = (await call<Schemas['PositionBookResponse']>('getReplayPositions', { token, params: { id } })).body.position_book;
    expect(margins.used).toBeGreaterThan(0);
  });

  it('refuses a day before stamp duty was one rate, and a day whose lot size no file or source gives, before the replay starts', async () => {
    const { token } = await signedInAccount(call);
    const old = await call('createReplay', { token, body: { index: 'NIFTY', day: '2019-06-12', start: '10:00' } });
    expect(old.status).toBe(422);
    expect(old.body).toMatchObject({
      code: 'replay_rules_unknown',
      field: 'day',
      details: { text: { code: 'replay.rules_unknown', params: { index: 'NIFTY', day: '2019-06-12', rule: 'charges', from: '2020-07-01' } } },
    });
    const bank = await call('createReplay', { token, body: { index: 'BANKNIFTY', day: '2022-06-15', start: '10:00' } });
    expect(bank.status).toBe(422);
    expect(bank.body).toMatchObject({ code: 'replay_rules_unknown', details: { text: { params: { rule: 'lot_size', from: '2024-04-26' } } } });
    expect((await call<{ replay: null }>('getReplays', { token })).body.replay).toBeNull();
  });

  it('refuses a backtest whose range holds such a day with the same clear 422 before queuing it, and runs one whose days are known', async () => {
    const { token } = await signedInAccount(call);
    const { account } = await createBrokerAccount(call, token);
    const portfolio = await createPortfolio(call, token, account.id);
    const strategies = await baseStrategies(call, token);
    const bot = (underlying: string) => ({ ...dailyBotBody(portfolio.id, strategies.get('short_straddle')!.id, { weekdays: [1, 2, 3, 4, 5], entry_time: '09:20', exit_time: '15:15' }), underlying });
    const backtest = (underlying: string, from: string, to: string) =>
      call<{ backtest: Schemas['Backtest'] }>('createBacktest', { token, body: { bot: bot(underlying), from, to, capital: 1_000_000 } });

    // The 2019 day alone, and a range from it to 2022: the first day of history without charge rates is named.
    for (const [from, to] of [['2019-06-12', '2019-06-12'], ['2019-01-01', '2022-06-30']] as const) {
      const refused = await backtest('NIFTY', from, to);
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body).toMatchObject({
        code: 'backtest_rules_unknown',
        field: 'from',
        message: 'NIFTY on 2019-06-12 cannot be backtested: the server knows the charge rates (STT, exchange, SEBI, stamp duty) only from 2020-07-01',
        details: { text: { code: 'backtest.rules_unknown', params: { index: 'NIFTY', day: '2019-06-12', rule: 'charges', from: '2020-07-01' } } },
      });
    }
    // BANKNIFTY's 2022 day: no lot size in its file, no revision dated before 26 April 2024 (migration 088).
    const bank = await backtest('BANKNIFTY', '2022-06-01', '2022-06-30');
    expect(bank.status, JSON.stringify(bank.body)).toBe(422);
    expect(bank.body).toMatchObject({ code: 'backtest_rules_unknown', details: { text: { params: { index: 'BANKNIFTY', day: '2022-06-15', rule: 'lot_size', from: '2024-04-26' } } } });
    expect((await call<{ backtests: Schemas['Backtest'][] }>('getBacktests', { token })).body.backtests).toEqual([]);

    // From July 2020 the rules are known: the 2022 and 2023 days run, each straddle charged at its day's rates.
    const known = await backtest('NIFTY', '2020-07-01', '2023-06-30');
    expect(known.status, JSON.stringify(known.body)).toBe(202);
    expect((await server.app.getDecorator<Services>(servicesDecorator).backtests.worker.pass()).outcome).toBe('done');
    const done = (await call<{ backtest: Schemas['Backtest'] }>('getBacktest', { token, params: { id: known.body.backtest.id } })).body.backtest;
    expect(done.status).toBe('done');
    expect(done.no_trade_days?.filter((day) => day.reason === 'refused')).toEqual([]);
    expect(new Set(done.trades.map((trade) => trade.entered_at.slice(0, 10)))).toEqual(new Set(['2022-06-15', '2023-06-14']));
    expect(done.summary?.charges.total).toBeGreaterThan(0);
  }, 240_000);
});
