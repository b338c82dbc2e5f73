// The lot of a contract on a day (services/market/contract-lots.ts): NSE's dated revisions leave the nearer
// contracts at the old lot (migration 088, each row with its circular), and the simulator lists each expiry at
// its own. Today's contracts carry today's lots; a simulator set on 3 November 2025 lists the weeklies at 75 and
// the January 2026 monthly at 65, and the paper broker takes each contract's own.
import { afterAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../../server/db/database.ts';
import { contractLot, revisedLots } from '../../../server/services/market/contract-lots.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk } from '../support/paper-desk.ts';
import { migratedDatabasePerFile } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';

type Schemas = components['schemas'];

describe('the dated lot revisions', () => {
  let db: Database;
  migratedDatabasePerFile('pglite', (opened) => (db = opened));

  /** [expiry, lot] of each expiry, in the order asked. */
  const lots = async (index: Parameters<typeof revisedLots>[1], day: string, expiries: string[]) => {
    const found = await revisedLots(db, index, day, expiries);
    return expiries.map((expiry) => [expiry, found.get(expiry)?.lotSize]);
  };

  it("takes a month's options' listed lot over its future's, whichever was listed first", async () => {
    // A backtest's book: the month's future listed at the revisions' lot (65) before history's options of that
    // month came with their own (75); a bot sizes its legs by the options'. Rows' order in a table is no order.
    await db.query(
      `INSERT INTO instruments (exchange, tradingsymbol, name, expiry, expiry_kind, strike, instrument_type, lot_size) VALUES
         ('NFO', 'NIFTY26FEBFUT', 'NIFTY', '2026-02-24', 'monthly', NULL, 'FUT', 65),
         ('NFO', 'NIFTY26FEB25400CE', 'NIFTY', '2026-02-24', 'monthly', 25400, 'CE', 75)`,
    );
    // Read as a table scan would (a small table's plan): in the rows' own order, the future first.
    const lot = await db.transaction(async (tx) => {
      await tx.exec('SET LOCAL enable_indexscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_indexonlyscan = off');
      return contractLot(tx, 'NIFTY', '2026-02-24', '2026-02-23');
    });
    expect(lot).toMatchObject({ lotSize: 75, source: 'listed contract' });
  });

  it('leaves the contracts up to 30 December 2025 at the old lot after NSE/FAOP/70616, for each index', async () => {
    const expiries = ['2025-11-04', '2025-11-25', '2025-12-30', '2026-01-27'];
    expect(await lots('NIFTY', '2025-11-03', expiries)).toEqual([['2025-11-04', 75], ['2025-11-25', 75], ['2025-12-30', 75], ['2026-01-27', 65]]);
    expect(await lots('BANKNIFTY', '2025-11-03', expiries.slice(1))).toEqual([['2025-11-25', 35], ['2025-12-30', 35], ['2026-01-27', 30]]);
    expect(await lots('FINNIFTY', '2025-11-03', expiries.slice(1))).toEqual([['2025-11-25', 65], ['2025-12-30', 65], ['2026-01-27', 60]]);
    expect(await lots('MIDCPNIFTY', '2025-11-03', expiries.slice(1))).toEqual([['2025-11-25', 140], ['2025-12-30', 140], ['2026-01-27', 120]]);
    const january = (await revisedLots(db, 'NIFTY', '2025-11-03', ['2026-01-27'])).get('2026-01-27')!;
    expect(january).toMatchObject({ effectiveFrom: '2025-10-29' });
    expect(january.source).toContain('NSE/FAOP/70616');
    // Before the revision is in force (28 October 2025), every contract is at 75.
    expect(await lots('NIFTY', '2025-10-28', ['2025-12-30', '2026-01-27'])).toEqual([['2025-12-30', 75], ['2026-01-27', 75]]);
  });

  it('gives July 2021 (the older layout has no lot column) its weeklies at 75 and its monthly at 50, after NSE/FAOP/47854', async () => {
    expect(await lots('NIFTY', '2021-07-05', ['2021-07-08', '2021-07-22', '2021-07-29', '2021-08-05'])).toEqual([
      ['2021-07-08', 75],
      ['2021-07-22', 75],
      ['2021-07-29', 50],
      ['2021-08-05', 50],
    ]);
    // Before 30 April 2021 every contract was at 75.
    expect(await lots('NIFTY', '2021-04-29', ['2021-06-24', '2021-09-30'])).toEqual([['2021-06-24', 75], ['2021-09-30', 75]]);
  });

  it('revises the nearer contracts too once their lot is the new one, and a revision of all contracts at once', async () => {
    // BANKNIFTY from 25 April 2025: the June monthly at 30, the July monthly at 35.
    expect(await lots('BANKNIFTY', '2025-05-02', ['2025-06-26', '2025-07-31'])).toEqual([['2025-06-26', 30], ['2025-07-31', 35]]);
    // NIFTY 50 → 25 for every contract from 26 April 2024.
    expect(await lots('NIFTY', '2024-04-26', ['2024-05-02', '2024-05-30'])).toEqual([['2024-05-02', 25], ['2024-05-30', 25]]);
  });
});

describe('the simulator and the paper broker', () => {
  let server: TestServer;
  let call: ContractCall;

  afterAll(async () => {
    await server.close();
  });

  const chainOf = async (token: string, expiry: string) => {
    const res = await call<Schemas['InstrumentsResponse']>('getInstruments', { token, query: { index: 'NIFTY', expiry } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('lists today’s contracts at today’s lot', async () => {
    server = await startTestServer({ clock: manualClock(new Date('2026-11-27T04:30:00Z')), market: { seed: 'lots-today', demo: true, tickMs: 1000 } });
    call = guardedClient(server.app);
    const desk = await openDesk(server, call);
    const { expiries } = (await call<Schemas['ExpiriesResponse']>('getExpiries', { token: desk.token, query: { index: 'NIFTY' } })).body;
    expect(expiries.length).toBeGreaterThan(3);
    for (const { date } of expiries) {
      const chain = await chainOf(desk.token, date);
      expect(chain.lot_size, date).toBe(65);
      expect(new Set(chain.instruments.map((instrument) => instrument.lot_size)), date).toEqual(new Set([65]));
    }
    await server.close();
  });

  it('lists 3 November 2025’s weeklies at 75 and January’s monthly at 65, and takes each contract’s own lot', async () => {
    server = await startTestServer({ clock: manualClock(new Date('2025-11-03T04:30:00Z')), market: { seed: 'lots-2025', demo: true, tickMs: 1000 } });
    call = guardedClient(server.app);
    const desk = await openDesk(server, call, 5_000_000);
    const { expiries } = (await call<Schemas['ExpiriesResponse']>('getExpiries', { token: desk.token, query: { index: 'NIFTY' } })).body;
    // Each expiry at its own lot: those up to the 30 December 2025 expiry at 75, the later (January's monthly) at 65.
    const sizes = new Map<string, number>();
    for (const { date } of expiries) sizes.set(date, (await chainOf(desk.token, date)).lot_size);
    expect([...sizes]).toEqual(expiries.map(({ date }) => [date, date > '2025-12-30' ? 65 : 75]));
    expect(new Set(sizes.values())).toEqual(new Set([65, 75]));
    expect(desk.lotSize).toBe(75);
    const january = expiries.find(({ date }) => date.startsWith('2026-01'))!.date;

    const atmOf = async (expiry: string) => {
      const chain = await chainOf(desk.token, expiry);
      const strikes = [...new Set(chain.instruments.map((instrument) => instrument.strike))];
      return chain.instruments.find((instrument) => instrument.strike === strikes[Math.floor(strikes.length / 2)] && instrument.instrument_type === 'CE')!.tradingsymbol;
    };
    const weekly = await desk.place(await atmOf(expiries[0]!.date), 'BUY', 65);
    expect(weekly).toMatchObject({ status: 'REJECTED', status_message_i18n: { code: 'order.lot_multiple', params: { quantity: 65, lot_size: 75 } } });
    const placed = await desk.place(await atmOf(january), 'BUY', 65);
    expect(placed.status, placed.status_message ?? '').not.toBe('REJECTED');
    expect(placed.quantity).toBe(65);
  });
});
