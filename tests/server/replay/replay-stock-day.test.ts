// Issue 63: a stock's day replays as an index's does. RELIANCE's UDiFF bhavcopy of 29 December 2025 (its December
// and January options and futures, each at its file's lot of 500) is imported through the import API; the day is then
// in the replay's day list with its path modelled from the near future's range ('ohlc': a stock has no index close
// file), a replay of it lists the December expiry's chain at the file's strike step (20) and lot, quotes the stock
// where its path stands, and fills a future and a put bought as a hedge at the replayed minute's prices. A day the
// recorder kept of RELIANCE while it was watched (its minutes, migration 132) replays on those minutes: the stock's
// path and its options' prices are the recorded ones, not modelled from a day's figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { storeRecordedMinute } from '../../../server/services/history/recorded-minutes-store.ts';
import { uploadBhavcopy } from '../history/bhavcopy-upload.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';

type Schemas = components['schemas'];

const day = '2025-12-29';
const fileName = 'BhavCopy_NSE_FO_0_0_0_20251229_F_0000.csv';

describe.each(testBackends)("a stock's day replayed on %s", (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
    token = (await signedInAccount(call)).token;
    await uploadBhavcopy(server, token, fileName);
  }, 180_000);

  afterAll(async () => {
    await server.close();
  });

  it("lists the day, opens it, shows the December chain at the file's step and lot, and fills a future and a put bought as a hedge", async () => {
    const days = await call<Schemas['ReplayDaysResponse']>('getReplayDays', { token, query: { index: 'RELIANCE' } });
    expect(days.status, JSON.stringify(days.body)).toBe(200);
    expect(days.body.days).toEqual([
      expect.objectContaining({ index: 'RELIANCE', day, bhavcopy: true, origin: 'history', index_path: 'ohlc', prices: 'modelled', contracts: 16 }),
    ]);

    const created = await call<{ replay: Schemas['Replay'] }>('createReplay', { token, body: { index: 'RELIANCE', day, start: '10:00' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.replay.id;

    const expiries = await call<Schemas['ExpiriesResponse']>('getReplayExpiries', { token, params: { id } });
    expect(expiries.status, JSON.stringify(expiries.body)).toBe(200);
    expect(expiries.body.expiries.map((expiry) => expiry.date)).toEqual(['2025-12-30', '2026-01-27']);
    expect((expiries.body.futures ?? []).map((future) => [future.tradingsymbol, future.lot_size])).toEqual([
      ['RELIANCE25DECFUT', 500],
      ['RELIANCE26JANFUT', 500],
      ['RELIANCE26FEBFUT', 500],
    ]);

    const chain = await call<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id }, query: { expiry: '2025-12-30' } });
    expect(chain.status, JSON.stringify(chain.body)).toBe(200);
    expect(chain.body.chain).toMatchObject({ index: 'RELIANCE', strike_step: 20, lot_size: 500, freeze_quantity: 15_000 });
    expect([...new Set(chain.body.chain.instruments.map((instrument) => instrument.strike))]).toEqual([1500, 1520, 1540, 1560, 1580, 1600]);
    const put = chain.body.data['NFO:RELIANCE25DEC1520PE']!;
    expect(put.source).toBe('modelled');
    expect(put.ask).toBeGreaterThan(put.bid!);

    // The day's path: the future traded at one price all day, so the stock stands at its value (1,545.30) from the open.
    const index = await call<Schemas['ReplayQuotesResponse']>('getReplayIndex', { token, params: { id } });
    expect(index.status, JSON.stringify(index.body)).toBe(200);
    expect(Object.values(index.body.data)[0]).toMatchObject({ last_price: 1545.3, source: 'modelled' });

    const order = (tradingsymbol: string) => ({ tradingsymbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: 500 });
    const placed = await call<Schemas['OrdersResponse']>('placeReplayOrders', {
      token,
      params: { id },
      headers: { 'idempotency-key': 'stock-hedge' },
      body: { orders: [order('RELIANCE25DEC1520PE'), order('RELIANCE25DECFUT')] },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const positions = await call<Schemas['PositionBookResponse']>('getReplayPositions', { token, params: { id } });
    expect(positions.status, JSON.stringify(positions.body)).toBe(200);
    const held = new Map(positions.body.position_book.net.map((position) => [position.tradingsymbol, position]));
    expect(held.get('RELIANCE25DEC1520PE')).toMatchObject({ quantity: 500, average_price: put.ask });
    // The future at the replayed minute: its settlement (1,546) where the path stands at the stock's value, bought at the ask.
    const future = held.get('RELIANCE25DECFUT')!;
    expect(future.quantity).toBe(500);
    expect(future.average_price).toBeGreaterThan(1546);
    expect(future.average_price).toBeLessThan(1548);
  }, 180_000);

  it('replays a day the recorder kept of the stock on its minutes: the stock and its options at their recorded prices', async () => {
    const recordedDay = '2025-12-26';
    // Six minutes from 09:15 IST a live feed recorded: the stock at 1,540 + m, the 1520 put at 20 − m/10, the call at 40 + m/10.
    const minuteAt = (m: number) => new Date(Date.parse(`${recordedDay}T03:45:00Z`) + m * 60_000);
    const candle = (m: number, paise: number) => ({ key: '', minute: minuteAt(m), openPaise: paise, highPaise: paise, lowPaise: paise, closePaise: paise, volume: 100 * m, openInterest: 5000, ivBp: null, bidPaise: null, askPaise: null });
    const minutes = [0, 1, 2, 3, 4, 5];
    await server.db.transaction((tx) =>
      storeRecordedMinute(
        tx,
        'recorded',
        recordedDay,
        minutes.map((m) => ({ ...candle(m, 154_000 + 100 * m), index: 'RELIANCE' })),
        minutes.flatMap((m) => [
          { ...candle(m, 2000 - 10 * m), index: 'RELIANCE', expiry: '2025-12-30', strikePaise: 152_000, optionType: 'PE' as const },
          { ...candle(m, 4000 + 10 * m), index: 'RELIANCE', expiry: '2025-12-30', strikePaise: 152_000, optionType: 'CE' as const },
        ]),
        minuteAt(6),
        minutes.map((m) => ({ ...candle(m, 154_500 + 100 * m), index: 'RELIANCE', expiry: '2025-12-30' })),
      ),
    );
    const days = await call<Schemas['ReplayDaysResponse']>('getReplayDays', { token, query: { index: 'RELIANCE' } });
    expect(days.status, JSON.stringify(days.body)).toBe(200);
    expect(days.body.days.find((listed) => listed.day === recordedDay)).toMatchObject({ index_path: 'minutes', prices: 'real', real_contracts: 2, bhavcopy: false, origin: 'history' });

    const created = await call<{ replay: Schemas['Replay'] }>('createReplay', { token, body: { index: 'RELIANCE', day: recordedDay, start: '09:18', replace: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.replay.id;
    const index = await call<Schemas['ReplayQuotesResponse']>('getReplayIndex', { token, params: { id } });
    expect(index.status, JSON.stringify(index.body)).toBe(200);
    // At 09:18 the stock stands at its 09:18 minute's recorded close, its day so far the minutes before.
    expect(Object.values(index.body.data)[0]).toMatchObject({ last_price: 1543, open: 1540, high: 1543, low: 1540, source: 'real' });

    const chain = await call<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id }, query: { expiry: '2025-12-30' } });
    expect(chain.status, JSON.stringify(chain.body)).toBe(200);
    expect(chain.body.data['NFO:RELIANCE25DEC1520PE']).toMatchObject({ last_price: 19.7, source: 'real' });
    expect(chain.body.data['NFO:RELIANCE25DEC1520CE']).toMatchObject({ last_price: 40.3, source: 'real' });
  }, 180_000);

  it("replays a stock whose strikes are ₹2.50 apart on its file's strikes, and fills one with paise", async () => {
    // NSE's own NTPC rows of 16 December 2025 (its December strikes 317.5 to 325, two futures, lot 1,500), as its
    // options and futures bhavcopies of that day give them (vinnzy/stockreco, commit 4b06ada2). A strike with paise
    // was rounded into the book's whole-rupee strikes (322.5 listed as 323) before migration 146.
    await uploadBhavcopy(server, token, 'BhavCopy_NSE_FO_0_0_0_20251216_F_0000.csv');
    const created = await call<{ replay: Schemas['Replay'] }>('createReplay', { token, body: { index: 'NTPC', day: '2025-12-16', start: '10:00', replace: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.replay.id;
    const chain = await call<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id }, query: { expiry: '2025-12-30' } });
    expect(chain.status, JSON.stringify(chain.body)).toBe(200);
    expect(chain.body.chain).toMatchObject({ index: 'NTPC', strike_step: 2.5, lot_size: 1500 });
    expect([...new Set(chain.body.chain.instruments.map((instrument) => instrument.strike))]).toEqual([317.5, 320, 322.5, 325]);
    const put = chain.body.data['NFO:NTPC25DEC322.5PE']!;
    expect(put.ask).toBeGreaterThan(put.bid!);

    const placed = await call<Schemas['OrdersResponse']>('placeReplayOrders', {
      token,
      params: { id },
      headers: { 'idempotency-key': 'ntpc-half-strike' },
      body: { orders: [{ tradingsymbol: 'NTPC25DEC322.5PE', exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: 1500 }] },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const positions = await call<Schemas['PositionBookResponse']>('getReplayPositions', { token, params: { id } });
    expect(positions.body.position_book.net.find((position) => position.tradingsymbol === 'NTPC25DEC322.5PE')).toMatchObject({ quantity: 1500, average_price: put.ask });
  }, 180_000);
});
