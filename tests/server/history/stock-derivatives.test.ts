// Issue 63: a bhavcopy day with stock options and futures imports them (migration 124), each contract with its own
// lot, beside the indices' options and futures; a stock StrikeDesk does not list is skipped. The fixture is a UDiFF
// file of 1 Dec 2025 in NSE's own columns: RELIANCE's December and January options and futures, and BDL's across
// NSE's lot review of October 2025 (325 → 350 from the January 2026 expiry, the December contracts keeping 325:
// lot_revisions, migration 111), so the lots follow the contract in history as the paper broker's lots do.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractLot } from '../../../server/services/market/contract-lots.ts';
import { signedInAccount } from '../support/accounts.ts';
import { assertMatchesContract, contractClient } from '../support/contract-client.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

const fileName = 'BhavCopy_NSE_FO_0_0_0_20251201_F_0000.csv';
const file = readFileSync(new URL(`./fixtures/${fileName}`, import.meta.url));

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ clock: manualClock(new Date('2026-11-20T04:00:00Z')) });
  token = (await signedInAccount(contractClient(server.app))).token;
});

afterAll(async () => {
  await server.close();
});

async function upload(bearer = token) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/market-history/imports/?file_name=${fileName}`,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/octet-stream' },
    payload: file,
  });
  assertMatchesContract('importMarketHistory', res);
  return res;
}

type Row = { index_name: string; expiry: string; strike: string | null; option_type: string | null; settle: number; lot_size: number; underlying: number };

async function storedRows(): Promise<Row[]> {
  const { rows } = await server.db.query<Row>(
    `SELECT index_name, to_char(expiry, 'YYYY-MM-DD') AS expiry, (strike_paise / 100)::text AS strike, option_type, settle_paise::integer AS settle,
       lot_size, underlying_paise::integer AS underlying
     FROM history_option_days WHERE trade_date = '2025-12-01'
     UNION ALL
     SELECT index_name, to_char(expiry, 'YYYY-MM-DD'), NULL, 'FUT', settle_paise::integer, lot_size, underlying_paise::integer
     FROM history_future_days WHERE trade_date = '2025-12-01'
     ORDER BY 1, 2, 4, 3`,
  );
  return rows;
}

describe('a bhavcopy day with stock options and futures', () => {
  it("imports RELIANCE's and BDL's options and futures with each contract's lot, and skips a stock StrikeDesk does not list", async () => {
    const res = await upload();
    expect(res.statusCode, res.body).toBe(200);
    // Options: NIFTY 1, RELIANCE 9, BDL 2; futures: NIFTY 1, RELIANCE 2, BDL 2; ZZNOTLISTED's option skipped.
    expect(res.json().files).toEqual([
      { file_name: fileName, status: 'imported', kind: 'bhavcopy_udiff', days: ['2025-12-01'], rows: 12, future_rows: 5, skipped_rows: 1 },
    ]);
    const rows = await storedRows();
    expect(rows.filter((row) => row.index_name === 'RELIANCE').map((row) => `${row.expiry} ${row.strike ?? ''} ${row.option_type} ${row.settle} ${row.lot_size}`)).toEqual([
      '2025-12-30 1500 CE 6240 500', '2025-12-30 1540 CE 3510 500', '2025-12-30 1560 CE 2425 500', '2025-12-30 1600 CE 970 500',
      '2025-12-30  FUT 155360 500',
      '2025-12-30 1500 PE 1485 500', '2025-12-30 1540 PE 2760 500', '2025-12-30 1560 PE 3680 500', '2025-12-30 1600 PE 6215 500',
      '2026-01-27 1600 CE 2245 500', '2026-01-27  FUT 156140 500',
    ]);
    expect(new Set(rows.filter((row) => row.index_name === 'RELIANCE').map((row) => row.underlying))).toEqual(new Set([154_530]));
    expect(rows.filter((row) => row.index_name === 'NIFTY').map((row) => `${row.expiry} ${row.option_type} ${row.lot_size}`)).toEqual([
      '2025-12-02 CE 75', '2025-12-30 FUT 75',
    ]);
    expect(rows.some((row) => row.index_name === 'ZZNOTLISTED')).toBe(false);
    // The replay's day list holds the stock's day (issue 63: a stock's day replays, replay-stock-day.test.ts); the
    // history screen's coverage stays the indices'.
    const days = await server.app.inject({ method: 'GET', url: '/api/replays/days/', headers: { authorization: `Bearer ${token}` } });
    assertMatchesContract('getReplayDays', days);
    expect(days.statusCode, days.body).toBe(200);
    expect(days.json<{ days: { index: string }[] }>().days.map((listed) => listed.index)).toEqual(expect.arrayContaining(['RELIANCE', 'BDL']));
    const coverage = await server.app.inject({ method: 'GET', url: '/api/market-history/coverage/', headers: { authorization: `Bearer ${token}` } });
    assertMatchesContract('getMarketHistoryCoverage', coverage);
    expect(JSON.stringify(coverage.json())).not.toContain('RELIANCE');
  });

  it("keeps each contract's lot across a revision: BDL's December contracts 325, its January ones 350, as the paper broker's revisions say", async () => {
    await upload();
    const bdl = (await storedRows()).filter((row) => row.index_name === 'BDL');
    expect(bdl.map((row) => `${row.expiry} ${row.option_type} ${row.lot_size}`)).toEqual([
      '2025-12-30 CE 325', '2025-12-30 FUT 325', '2026-01-27 CE 350', '2026-01-27 FUT 350',
    ]);
    // The lot a paper order of that day counts in (no contract listed: the dated revisions), contract by contract.
    expect((await contractLot(server.db, 'BDL', '2025-12-30', '2025-12-01'))?.lotSize).toBe(325);
    expect((await contractLot(server.db, 'BDL', '2026-01-27', '2025-12-01'))?.lotSize).toBe(350);
  });

  it("draws a stock's open interest from its imported day, and answers 404 for a symbol not listed or an expiry without history", async () => {
    await upload();
    const get = async (operationId: string, url: string) => {
      const res = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      assertMatchesContract(operationId, res);
      return res;
    };
    const days = await get('getOpenInterestDays', '/api/market-history/open-interest/days/?index=RELIANCE&expiry=2025-12-30&strikes=1540,1560');
    expect(days.statusCode, days.body).toBe(200);
    expect(days.json()).toMatchObject({ index: 'RELIANCE', expiry: '2025-12-30', dates: ['2025-12-01'], strikes: [1540, 1560] });
    const day = await get('getOpenInterestDay', '/api/market-history/open-interest/?index=RELIANCE&day=2025-12-01&expiry=2025-12-30');
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json()).toMatchObject({ index: 'RELIANCE', day: '2025-12-01', expiry: '2025-12-30', expiries: ['2025-12-30', '2026-01-27'] });
    expect((await get('getOpenInterestDays', '/api/market-history/open-interest/days/?index=ZZNOTLISTED&expiry=2025-12-30')).statusCode).toBe(404);
    const unlisted = await get('getOpenInterestDay', '/api/market-history/open-interest/?index=ZZNOTLISTED');
    expect(unlisted.statusCode).toBe(404);
    // Said as a symbol with no F&O, not as a missing index.
    expect(unlisted.json<{ details: { text: unknown } }>().details.text).toEqual({ code: 'not_found.underlying', params: { symbol: 'ZZNOTLISTED' } });
    expect((await get('getOpenInterestDays', '/api/market-history/open-interest/days/?index=HDFCBANK&expiry=2025-12-30')).statusCode).toBe(404);
    expect((await get('getOpenInterestDays', '/api/market-history/open-interest/days/?index=reliance%3B&expiry=2025-12-30')).statusCode).toBe(400);
  });

  it('is idempotent: importing the day again replaces its options and futures, and deleting the range removes both', async () => {
    await upload();
    const before = await storedRows();
    expect((await upload()).statusCode).toBe(200);
    expect(await storedRows()).toEqual(before);
    const { rows: imports } = await server.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM history_imports');
    expect(imports[0]?.count).toBe(1);
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: '/api/market-history/days/?from=2025-12-01&to=2025-12-01',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ option_rows: 12 });
    expect(await storedRows()).toEqual([]);
  });
});
