// Market history is shared data: guard it (issue 61). A file dated after today (IST, the server's clock) or
// before NSE's F&O segment opened (12 Jun 2000, fo_segment_starts), or whose name's date is not its rows', is
// refused whole with a clear 422 and changes nothing. And one trader's import never hides, changes or deletes
// what another imported: when B imports a day A imported, A's rows stay as they were, and B's delete leaves
// them; A's replay of the day lists the same contracts throughout.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';
import { syntheticRows, type FixtureRow } from '../backtests/history-fixture.ts';
import { dayClose, indexAt, replayDay, replayExpiries } from '../replay/replay-fixture.ts';

type Schemas = components['schemas'];
type Outcome = Schemas['HistoryFileOutcome'];

const udiffHeader =
  'TradDt,BizDt,Sgmt,Src,FinInstrmTp,FinInstrmId,ISIN,TckrSymb,SctySrs,XpryDt,FininstrmActlXpryDt,StrkPric,OptnTp,FinInstrmNm,OpnPric,HghPric,LwPric,ClsPric,LastPric,PrvsClsgPric,UndrlygPric,SttlmPric,OpnIntrst,ChngInOpnIntrst,TtlTradgVol,TtlTrfVal,TtlNbOfTxsExctd,SsnId,NewBrdLotQty,Rmks,Rsvd1,Rsvd2,Rsvd3,Rsvd4';

/** A UDiFF bhavcopy of NIFTY options, as NSE publishes it (the parser reads the columns by name). */
function udiff(rows: readonly FixtureRow[], underlying: number): string {
  const lines = rows.map((row, at) => {
    const price = row.settle.toFixed(2);
    return [row.day, row.day, 'FO', 'NSE', 'IDO', 40_000 + at, '', 'NIFTY', '', row.expiry, row.expiry, row.strike.toFixed(2), row.type, 'NIFTY-OPT', price, price, price, price, price, price, underlying.toFixed(2), price, 7500, 0, 100, 1000, 10, 'F1', 75, '', '', '', '', ''].join(',');
  });
  return [udiffHeader, ...lines, ''].join('\n');
}

const udiffName = (day: string) => `BhavCopy_NSE_FO_0_0_0_${day.replaceAll('-', '')}_F_0000.csv`;

/** A day's NIFTY minute candles from 09:15 (close of minute m: `price(m)`), as a minute CSV. */
function minutesCsv(day: string, price: (minute: number) => number): string {
  const start = Date.parse(`${day}T09:15:00+05:30`);
  const lines = Array.from({ length: 375 }, (_, m) => {
    const open = price(Math.max(0, m - 1));
    const close = price(m);
    return `${new Date(start + m * 60_000).toISOString()},${open},${Math.max(open, close)},${Math.min(open, close)},${close}`;
  });
  return ['timestamp,open,high,low,close', ...lines, ''].join('\n');
}

const fullDay = syntheticRows({ [replayDay]: dayClose }, replayExpiries, { around: 6 });

describe.each(testBackends)('market history guards on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let a: string;
  let b: string;

  beforeEach(async () => {
    // The morning after the replay day: Tuesday 6 October 2026, 10:00 IST.
    server = await startTestServer({ backend, clock: manualClock(new Date('2026-10-06T04:30:00Z')) });
    call = guardedClient(server.app);
    a = (await signedInAccount(call)).token;
    b = (await signedInAccount(call)).token;
  });

  afterEach(async () => {
    await server.close();
  });

  const upload = (token: string, name: string, data: string) =>
    call<Schemas['HistoryImportResponse'] & Schemas['Error']>('importMarketHistory', {
      token,
      query: { file_name: name },
      payload: data,
      headers: { 'content-type': 'text/csv' },
    });

  /** Everything stored of history, to compare before and after a refusal. */
  async function stored() {
    const tables = ['history_option_days', 'history_index_minutes', 'history_index_days', 'history_participant_oi', 'history_imports', 'history_day_claims'];
    const counts: Record<string, unknown> = {};
    for (const table of tables) counts[table] = (await server.db.query(`SELECT * FROM ${table} ORDER BY 1, 2, 3`)).rows;
    return counts;
  }

  it('refuses with a clear 422 a file dated after today, before the F&O segment, or not on its name\'s day, changing nothing', async () => {
    expect((await upload(a, udiffName(replayDay), udiff(fullDay, dayClose))).status).toBe(200);
    const before = await stored();
    const refused = async (name: string, data: string) => {
      const res = await upload(a, name, data);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.code).toBe('import_refused');
      const outcome = (res.body.details as { files: Outcome[] }).files[0]!;
      expect(outcome.status).toBe('refused');
      expect(await stored()).toEqual(before);
      return { message: res.body.message, problem: outcome.problems![0]! };
    };

    // Wednesday 7 October has not traded yet (today is the 6th in India).
    const tomorrow = fullDay.filter((row) => row.expiry >= '2026-10-07').map((row) => ({ ...row, day: '2026-10-07' }));
    const future = await refused(udiffName('2026-10-07'), udiff(tomorrow, dayClose));
    expect(future.message).toBe(`${udiffName('2026-10-07')}: the file holds 2026-10-07, after today (2026-10-06, IST): a day that has not traded yet`);
    expect(future.problem.reason_i18n).toEqual({ code: 'history.day_in_future', params: { trade_date: '2026-10-07', today: '2026-10-06' } });
    // 2099, the example, as a minute file (no date in its name).
    expect((await refused('NIFTY_minute.csv', minutesCsv('2099-01-05', indexAt))).problem.reason_i18n.code).toBe('history.day_in_future');

    // 1990: no F&O market existed; NSE's opened on 12 June 2000 (the fact's row, not a literal in the service).
    const oneExpiry = fullDay.filter((row) => row.expiry === replayExpiries[0]);
    const old = oneExpiry.map((row) => ({ ...row, day: '1990-01-05', expiry: '1990-01-25' }));
    const before2000 = await refused(udiffName('1990-01-05'), udiff(old, dayClose));
    expect(before2000.problem.reason_i18n).toEqual({ code: 'history.day_before_exchange', params: { trade_date: '1990-01-05', first_day: '2000-06-12', exchange: 'NSE' } });
    expect(before2000.problem.reason).toBe("the file holds 1990-01-05, before NSE's F&O segment opened (2000-06-12): no such market existed");
    const start = await server.db.query<{ first_day: string; source: string }>(`SELECT to_char(first_day, 'YYYY-MM-DD') AS first_day, source FROM fo_segment_starts WHERE exchange = 'NSE'`);
    expect(start.rows[0]).toMatchObject({ first_day: '2000-06-12', source: expect.stringContaining('12 Jun 2000') as string });
    // The day before the segment opened is refused, its first day is not refused for its date.
    const eve = oneExpiry.map((row) => ({ ...row, day: '2000-06-09', expiry: '2000-06-29' }));
    expect((await refused(udiffName('2000-06-09'), udiff(eve, dayClose))).problem.reason_i18n.code).toBe('history.day_before_exchange');

    // Named for 2 October, holding the 5th: a renamed or altered file.
    const renamed = await refused(udiffName('2026-10-02'), udiff(fullDay, dayClose));
    expect(renamed.problem.reason_i18n).toEqual({ code: 'history.name_day_mismatch', params: { name_day: '2026-10-02', trade_date: replayDay } });
    // The older layout's name is read too (fo05OCT2026bhav.csv would be the 5th).
    expect((await refused('fo02OCT2026bhav.csv', udiff(fullDay, dayClose))).problem.reason_i18n.code).toBe('history.name_day_mismatch');
  });

  it("keeps A's day as A imported it when B imports the same day, and after B deletes it: A's replay lists the same contracts", async () => {
    expect((await upload(a, udiffName(replayDay), udiff(fullDay, dayClose))).body.files).toMatchObject([{ status: 'imported', rows: fullDay.length }]);
    expect((await upload(a, 'NIFTY_minute.csv', minutesCsv(replayDay, indexAt))).status).toBe(200);
    const created = await call<{ replay: Schemas['Replay'] }>('createReplay', { token: a, body: { index: 'NIFTY', day: replayDay, start: '10:00' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const replayId = created.body.replay.id;
    /** Every contract A's replay lists, over the expiries it lists (the two weeklies the exchange listed that day). */
    const chainOfA = async () => {
      const contracts: string[] = [];
      const expiries = await call<Schemas['ExpiriesResponse']>('getReplayExpiries', { token: a, params: { id: replayId } });
      for (const { date: expiry } of expiries.body.expiries) {
        const res = await call<Schemas['ReplayChainResponse']>('getReplayChain', { token: a, params: { id: replayId }, query: { expiry } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        contracts.push(...res.body.chain.instruments.map((instrument) => `${instrument.tradingsymbol} ${instrument.lot_size}`));
      }
      return contracts.sort();
    };
    const rowsOfDay = async () =>
      (await server.db.query<{ settle_paise: string }>(`SELECT settle_paise::text FROM history_option_days WHERE trade_date = $1 ORDER BY expiry, strike_paise, option_type`, [replayDay])).rows;
    const chain = await chainOfA();
    const rows = await rowsOfDay();
    expect(chain).toHaveLength(2 * 26);
    expect(rows).toHaveLength(fullDay.length);

    // B's file of the same day holds 10 contracts at other prices: recorded as B's import, A's rows untouched.
    const bDay = fullDay.slice(0, 10).map((row) => ({ ...row, settle: row.settle + 1 }));
    const bImport = await upload(b, udiffName(replayDay), udiff(bDay, dayClose + 5));
    expect(bImport.status, JSON.stringify(bImport.body)).toBe(200);
    expect(bImport.body.files).toEqual([
      { file_name: udiffName(replayDay), status: 'imported', kind: 'bhavcopy_udiff', days: [replayDay], rows: 0, future_rows: 0, skipped_rows: 0, kept_days: [{ index: 'NIFTY', trade_date: replayDay }] },
    ]);
    expect(await rowsOfDay()).toEqual(rows);
    expect(await chainOfA()).toEqual(chain);
    // Who imported what: both traders' imports of the day are recorded, per file and per day.
    const claims = await server.db.query<{ uploaded: number }>(
      `SELECT count(DISTINCT c.user_id)::integer AS uploaded FROM history_day_claims c JOIN history_imports i ON i.id = c.import_id
       WHERE c.kind = 'history_option_days' AND c.trade_date = $1 AND i.uploaded_by = c.user_id`,
      [replayDay],
    );
    expect(claims.rows[0]!.uploaded).toBe(2);

    // B deletes "their" day: nothing of A's goes.
    const deleted = await call<Schemas['HistoryDeleted']>('deleteMarketHistoryDays', { token: b, query: { from: replayDay, to: replayDay } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ option_rows: 0, minute_candles: 0, kept_other_traders_rows: fullDay.length + 375 });
    expect(await rowsOfDay()).toEqual(rows);
    expect(await chainOfA()).toEqual(chain);

    // The other way round: B imports the day again, A deletes it; B imported it, so it stays for B.
    await upload(b, udiffName(replayDay), udiff(bDay, dayClose + 5));
    const aDeletes = await call<Schemas['HistoryDeleted']>('deleteMarketHistoryDays', { token: a, query: { from: replayDay, to: replayDay, index: 'NIFTY' } });
    expect(aDeletes.body).toMatchObject({ option_rows: 0, minute_candles: 375 });
    expect(await rowsOfDay()).toEqual(rows);
    // B holds the day now: B's own next import of it replaces it, as a corrected file does.
    expect((await upload(b, udiffName(replayDay), udiff(bDay, dayClose + 5))).body.files).toMatchObject([{ rows: 10 }]);
    expect(await rowsOfDay()).toHaveLength(10);
  });
});
