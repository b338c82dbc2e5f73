// Issue 62: the Replay button works on the first run. A fresh server ships one replayable day, a sample said to
// be one (origin 'sample': modelled prices, not market data), its index modelled from its open, high, low and
// close; it replays, takes an order and squares it off, no backtest reads it, and it is written once however often
// the server starts.
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { sampleFileName, sampleReplayDay, seedSampleReplayDay } from '../../../server/services/analysis/replay/replay-sample.ts';
import type { MarketService } from '../../../server/services/market/market-service.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient } from '../support/trading.ts';

type Schemas = components['schemas'];

describe.each(testBackends)('the sample day a fresh install replays, on %s', (backend) => {
  let server: TestServer | undefined;

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('is listed as a sample, replays along its modelled index and takes an order, and is written once', async () => {
    // Started here, not in a hook: the demo desk's first start is the test (npm start seeds it the same way).
    server = await startTestServer({ backend, demoDesk: true });
    const call: ContractCall = guardedClient(server.app);
    const { token } = await signedInAccount(call);
    const days = await call<Schemas['ReplayDaysResponse']>('getReplayDays', { token });
    expect(days.status).toBe(200);
    const [sample] = days.body.days;
    expect(days.body.days).toHaveLength(1);
    expect(sample).toMatchObject({ index: 'NIFTY', day: sampleReplayDay.day, origin: 'sample', index_path: 'ohlc', prices: 'modelled', bhavcopy: true, real_contracts: 0 });
    // Three expiries, 41 strikes, calls and puts.
    expect(sample!.contracts).toBe(3 * 41 * 2);
    const { rows } = await server.db.query<{ kind: string; file_name: string }>(`SELECT kind, file_name FROM history_imports`);
    expect(rows).toEqual([{ kind: 'sample', file_name: sampleFileName }]);

    const created = await call<{ replay: Schemas['Replay'] }>('createReplay', { token, body: { index: 'NIFTY', day: sampleReplayDay.day, start: '09:15' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id } = created.body.replay;
    expect(created.body.replay).toMatchObject({ origin: 'sample', index_path: 'ohlc' });
    const index = await call<Schemas['ReplayQuotesResponse']>('getReplayIndex', { token, params: { id } });
    expect(index.body.data['NSE:NIFTY 50']).toMatchObject({ last_price: sampleReplayDay.open, source: 'modelled' });

    const expiries = await call<Schemas['ExpiriesResponse']>('getReplayExpiries', { token, params: { id } });
    const expiry = expiries.body.expiries[0]!.date;
    const chain = await call<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id }, query: { expiry } });
    const atm = chain.body.chain.instruments.find((row) => Number(row.strike) === 25_200 && row.instrument_type === 'CE')!;
    const quote = chain.body.data[`NFO:${atm.tradingsymbol}`]!;
    expect(quote).toMatchObject({ source: 'modelled' });
    expect(quote.bid).toBeGreaterThan(0);
    const order = (key: string, side: 'BUY' | 'SELL') =>
      call<Schemas['OrdersResponse']>('placeReplayOrders', {
        token,
        params: { id },
        headers: { 'idempotency-key': key },
        body: { orders: [{ tradingsymbol: atm.tradingsymbol, exchange: 'NFO', transaction_type: side, order_type: 'MARKET', product: 'MIS', quantity: chain.body.chain.lot_size }] },
      });
    expect((await order('sample-buy', 'BUY')).body.orders[0]).toMatchObject({ status: 'COMPLETE', average_price: quote.ask });
    expect((await order('sample-sell', 'SELL')).body.orders[0]).toMatchObject({ status: 'COMPLETE' });
    const positions = await call<Schemas['PositionBookResponse']>('getReplayPositions', { token, params: { id } });
    expect(positions.body.position_book.net[0]).toMatchObject({ tradingsymbol: atm.tradingsymbol, quantity: 0 });

    // Its figures are made up: a backtest over its week reads none of them, and says history holds no day there.
    const { account } = await createBrokerAccount(call, token);
    const portfolio = await createPortfolio(call, token, account.id);
    const straddle = (await baseStrategies(call, token)).get('short_straddle')!;
    const bot = dailyBotBody(portfolio.id, straddle.id, { weekdays: [1, 2, 3, 4, 5], entry_time: '09:20', exit_time: '15:15', params: { strike_offset: 0 } });
    const backtest = await call<{ code: string }>('createBacktest', { token, body: { bot, from: '2025-07-14', to: '2025-07-18', capital: 1_000_000 } });
    expect(backtest.status, JSON.stringify(backtest.body)).toBe(422);
    expect(backtest.body.code).toBe('backtest_no_history');

    // A second start finds it there, and asks the market nothing.
    const market = { expiries: () => Promise.reject(new Error('the sample is there: nothing to list')) } as unknown as MarketService;
    expect(await seedSampleReplayDay(server.db, market, server.clock.now)).toBe(false);
  });
});
