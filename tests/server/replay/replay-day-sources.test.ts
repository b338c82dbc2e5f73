// Issue 62: replay cannot start on a fresh install, "even after importing a week of NSE bhavcopies" (NSE publishes
// no index minutes). A day of bhavcopy rows and NSE's index close file replays with its index modelled through
// the day's open, low, high and close (the backtests' model, history-prices.ts), marked modelled; a day the demo
// market recorded (at night: it runs at any hour) replays over the hours it was recorded, marked simulated, its
// prices the simulator's recorded minutes. Each places and squares off an order in its own book.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { ohlcLevelPaise } from '../../../server/services/analysis/backtests/history-prices.ts';
import { createMarketRecorder, type Watched } from '../../../server/services/history/market-recorder.ts';
import type { LastPrice } from '../../../server/services/market/market-service.ts';
import { importHistory, importIndexDay, syntheticRows } from '../backtests/history-fixture.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';

type Schemas = components['schemas'];
const bhavcopyDay = '2026-10-06';
const expiries = ['2026-10-06', '2026-10-13', '2026-10-20'];
const ohlc = { open: 25_020, high: 25_180, low: 24_940, close: 25_100 };
const demoDay = '2026-10-07';
const demoOpen = Date.parse(`${demoDay}T21:00:00+05:30`);
const minuteMs = 60_000;
const demoExpiry = '2026-10-13';
const demoSymbol = (strike: number, type: 'CE' | 'PE') => `NFO:NIFTY26O13${strike}${type}`;
const session = { open: '09:15', close: '15:40', mis_square_off: '15:25' };

describe.each(testBackends)('replaying days without real index minutes, on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;

  beforeEach(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
    token = (await signedInAccount(call)).token;
  });

  afterEach(async () => {
    await server.close();
  });

  const replay = async (day: string, start: string) => {
    const created = await call<{ replay: Schemas['Replay'] }>('createReplay', { token, body: { index: 'NIFTY', day, start, replace: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.replay;
  };
  const indexOf = async (id: number) => (await call<Schemas['ReplayQuotesResponse']>('getReplayIndex', { token, params: { id } })).body.data['NSE:NIFTY 50']!;
  const trade = async (id: number, tradingsymbol: string, side: 'BUY' | 'SELL', key: string, quantity = 75) => {
    const placed = await call<Schemas['OrdersResponse']>('placeReplayOrders', {
      token,
      params: { id },
      headers: { 'idempotency-key': key },
      body: { orders: [{ tradingsymbol, exchange: 'NFO', transaction_type: side, order_type: 'MARKET', product: 'NRML', quantity }] },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.orders[0], placed.body.orders[0]?.status_message ?? '').toMatchObject({ status: 'COMPLETE' });
    return placed.body.orders[0]!;
  };
  const positions = async (id: number) => (await call<Schemas['PositionBookResponse']>('getReplayPositions', { token, params: { id } })).body.position_book.net;

  it("replays an imported bhavcopy day along the index path modelled from its open, high, low and close", async () => {
    const underlying = { [bhavcopyDay]: ohlc.close };
    await importHistory(server.db, 'NIFTY', underlying, syntheticRows(underlying, expiries, { around: 4 }));
    await importIndexDay(server.db, 'NIFTY', bhavcopyDay, ohlc);
    const days = await call<Schemas['ReplayDaysResponse']>('getReplayDays', { token });
    expect(days.body.days).toEqual([{ index: 'NIFTY', day: bhavcopyDay, contracts: 3 * 9 * 2, real_contracts: 0, prices: 'modelled', bhavcopy: true, origin: 'history', index_path: 'ohlc', session, special: null }]);

    const { id, origin, index_path } = await replay(bhavcopyDay, '09:15');
    expect({ origin, index_path }).toEqual({ origin: 'history', index_path: 'ohlc' });
    expect(await indexOf(id)).toMatchObject({ last_price: ohlc.open, open: ohlc.open, source: 'modelled' });
    // 10:30, on the way down to the low (at 28 % of 09:15–15:40, 11:03, as backtests place the first extreme on a
    // day that closed up), then the low itself; the high is not reached yet and nothing later shows.
    const model = { openPaise: ohlc.open * 100, highPaise: ohlc.high * 100, lowPaise: ohlc.low * 100, closePaise: ohlc.close * 100 };
    await call('seekReplay', { token, params: { id }, body: { minute: '10:30' } });
    expect((await indexOf(id)).last_price).toBe(ohlcLevelPaise(model, 10 * 60 + 30, session) / 100);
    await call('seekReplay', { token, params: { id }, body: { minute: '11:03' } });
    const atLow = await indexOf(id);
    expect(atLow).toMatchObject({ last_price: ohlc.low, low: ohlc.low, high: ohlc.open, source: 'modelled' });
    // The chart draws the same path, a candle a minute from 09:15 to 11:03, its last close the strip's price.
    const candles = (await call<Schemas['ReplayCandlesResponse']>('getReplayCandles', { token, params: { id }, query: { interval: '1m' } })).body.candles;
    expect(candles).toHaveLength(109);
    expect(candles.at(-1)).toMatchObject({ time: '2026-10-06T05:33:00.000Z', close: ohlc.low });

    const chain = await call<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id }, query: { expiry: '2026-10-13' } });
    const symbol = 'NIFTY26O1325000CE';
    expect(chain.body.data[`NFO:${symbol}`]).toMatchObject({ source: 'modelled' });
    const bought = await trade(id, symbol, 'BUY', 'bhav-buy');
    expect(bought.average_price).toBe(chain.body.data[`NFO:${symbol}`]!.ask);
    await trade(id, symbol, 'SELL', 'bhav-sell');
    expect((await positions(id))[0]).toMatchObject({ tradingsymbol: symbol, quantity: 0 });
  });

  it('replays a day the demo market recorded at night over the hours it ran, its prices simulated', async () => {
    // The simulator's NIFTY and two contracts, recorded from 21:00 to 21:16 (a pass every 15 s until 21:17).
    const watched: Watched = {
      indices: new Map([['NSE:NIFTY 50', 'NIFTY']]),
      options: new Map((['CE', 'PE'] as const).map((type) => [demoSymbol(25_000, type), { index: 'NIFTY', expiry: demoExpiry, strikePaise: 2_500_000, optionType: type }] as const)),
    };
    let now = 0;
    const feed = (ms: number): Record<string, LastPrice> => {
      const spot = 25_000 + Math.floor((ms - demoOpen) / minuteMs) * 2;
      return {
        'NSE:NIFTY 50': { last_price: spot } as LastPrice,
        [demoSymbol(25_000, 'CE')]: { last_price: 100 + (spot - 25_000) / 2, volume: 750, oi: 90_000 } as LastPrice,
        [demoSymbol(25_000, 'PE')]: { last_price: 100 - (spot - 25_000) / 2, volume: 750, oi: 80_000 } as LastPrice,
      };
    };
    const recorder = createMarketRecorder({
      db: server.db,
      clock: () => new Date(now),
      source: 'simulated',
      retentionDays: 3650,
      isOpen: async (at) => at.getTime() >= demoOpen,
      watched: async () => watched,
      quotes: async (keys) => Object.fromEntries(Object.entries(feed(now)).filter(([key]) => keys.includes(key))),
    });
    for (now = demoOpen - 15_000; now <= demoOpen + 17 * minuteMs; now += 15_000) await recorder.pass(new Date(now));

    const days = await call<Schemas['ReplayDaysResponse']>('getReplayDays', { token });
    expect(days.body.days).toEqual([
      { index: 'NIFTY', day: demoDay, contracts: 2, real_contracts: 0, prices: 'simulated', bhavcopy: false, origin: 'simulated', index_path: 'simulated', session: { open: '21:00', close: '21:17', mis_square_off: '21:02' }, special: null },
    ]);
    const { id, origin, index_path } = await replay(demoDay, '21:05');
    expect({ origin, index_path }).toEqual({ origin: 'simulated', index_path: 'simulated' });
    expect(await indexOf(id)).toMatchObject({ last_price: 25_010, source: 'simulated' });
    // Its chart: the simulator's minutes from 21:00 to the replayed 21:05.
    const candles = (await call<Schemas['ReplayCandlesResponse']>('getReplayCandles', { token, params: { id }, query: { interval: '1m' } })).body.candles;
    expect(candles.map((candle) => candle.close)).toEqual([25_000, 25_002, 25_004, 25_006, 25_008, 25_010]);
    const chain = await call<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id }, query: { expiry: demoExpiry } });
    expect(chain.status, JSON.stringify(chain.body)).toBe(200);
    expect(chain.body.data[demoSymbol(25_000, 'CE')]).toMatchObject({ last_price: 105, source: 'simulated' });
    // A lot of 65: the dated revision in force (a recorded contract carries no lot of its own).
    await trade(id, 'NIFTY26O1325000CE', 'BUY', 'demo-buy', 65);
    await call('seekReplay', { token, params: { id }, body: { minute: '21:12' } });
    await trade(id, 'NIFTY26O1325000CE', 'SELL', 'demo-sell', 65);
    const [position] = await positions(id);
    expect(position).toMatchObject({ tradingsymbol: 'NIFTY26O1325000CE', quantity: 0 });
    // Bought near 105 and sold near 112 (the simulated index up ₹14 in seven minutes): a gain before charges.
    expect(position!.realised).toBeGreaterThan(0);
  });
});
