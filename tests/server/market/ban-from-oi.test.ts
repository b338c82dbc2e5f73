// Issue 63: the F&O ban list derived from NSE's combined open interest (combineoi_DDMMYYYY.csv, imported as market
// history) by the dated rule (fo_ban_rules, migration 128), not typed. Small files worked by hand
// (tests/server/history/fixtures):
//
//   3 Dec 2025 (future-equivalent OI against the MWPL, the measure since 1 Oct 2025; NSE's own list of 3 Dec holds IDEA):
//     IDEA 170,000,000.5 / 200,000,000 = 85.00 %: between 80 and 95, in the ban on the 3rd → stays in on the 4th
//     MANAPPURAM 85,000,000 / 100,000,000 = 85 %: between, out on the 3rd → stays out
//     SAIL 386,000,000.25 / 400,000,000 = 96.50 % > 95 → enters on the 4th
//     TCS 25,000,000 / 50,000,000 = 50 % (its notional OI 99 %: not the measure any more) → out
//     RELIANCE 30 % → out; NOTLISTED is no stock StrikeDesk lists: skipped
//   → 4 Dec: IDEA, SAIL (SAIL entered)
//   4 Dec 2025 (in nseoi_04122025.zip): IDEA 79.5 % < 80 → leaves; MANAPPURAM 95.2 % > 95 → enters; SAIL 82 %: in → stays
//   → 5 Dec: MANAPPURAM, SAIL (MANAPPURAM entered, IDEA left), which NSE's fo_secban.csv of 5 Dec then says too.
//   29 Sep 2025, the older seven columns (no future-equivalent OI) under the notional rule: TCS 48,000,000 / 50,000,000
//   = 96 % → in on 30 Sep; RELIANCE 10 % → out.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { deriveBanList } from '../../../server/services/market/ban-list/ban-from-oi.ts';
import { signedInAccount } from '../support/accounts.ts';
import { testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';

type BanList = components['schemas']['BanList'];
type ImportAnswer = { files: Array<{ file_name: string; status: string; kind?: string; days?: string[]; rows?: number; skipped_rows?: number; problems?: Array<{ reason: string }> }> };

describe.each(testBackends)("the F&O ban list derived from NSE's combined open interest, on %s", (backend) => {
  let server: TestServer;
  let token: string;
  let call: ReturnType<typeof guardedClient>;

  beforeAll(async () => {
    server = await startTestServer({ backend, clock: manualClock(new Date('2026-01-15T04:00:00Z')) });
    call = guardedClient(server.app);
    token = (await signedInAccount(call)).token;
  }, 120_000);

  afterAll(async () => {
    await server.close();
  });

  async function upload(fileName: string, payload: Buffer = readFileSync(new URL(`../history/fixtures/${fileName}`, import.meta.url))): Promise<ImportAnswer['files']> {
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/market-history/imports/?file_name=${fileName}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload,
    });
    // A refused file answers 422 with every file's outcome in its details.
    expect([200, 422], res.body).toContain(res.statusCode);
    const body = JSON.parse(res.body) as ImportAnswer & { details?: ImportAnswer };
    return res.statusCode === 200 ? body.files : body.details!.files;
  }
  const importNseList = (text: string) => call<BanList & { imported: boolean }>('importBanList', { token, body: { file_text: text } });
  const listOn = async (day: string) => (await call<BanList>('getBanList', { token, query: { day } })).body;

  it('derives each next trading day\'s list with the 95 % in, 80 % out rule, from the day\'s list before it', async () => {
    expect((await importNseList('Securities in Ban For Trade Date 03-DEC-2025:\n1,IDEA\n')).status).toBe(200);

    const first = await upload('combineoi_03122025.csv');
    expect(first).toMatchObject([{ status: 'imported', kind: 'combined_oi', days: ['2025-12-03'], rows: 5, skipped_rows: 1 }]);
    const fourth = await deriveBanList(server.db, { tradeDate: '2025-12-04' });
    expect(fourth).toMatchObject({ fromDay: '2025-12-03', symbols: ['IDEA', 'SAIL'], entered: ['SAIL'], left: [], undetermined: [] });
    expect(fourth!.rule).toMatchObject({ oiMeasure: 'futures_equivalent', enterPct: 95, leavePct: 80 });
    expect(Object.fromEntries(fourth!.uses.map((use) => [use.symbol, Number(use.pctOfMwpl!.toFixed(4))]))).toEqual({ IDEA: 85, MANAPPURAM: 85, RELIANCE: 30, SAIL: 96.5, TCS: 50 });
    expect(await listOn('2025-12-04')).toMatchObject({ known: true, symbols: ['IDEA', 'SAIL'], derived_from: '2025-12-03' });

    // NSE's zip of the day's open interest files, its combineoi CSV inside.
    expect(await upload('nseoi_04122025.zip')).toMatchObject([{ status: 'imported', kind: 'combined_oi', days: ['2025-12-04'], rows: 5 }]);
    const fifth = await deriveBanList(server.db, { tradeDate: '2025-12-05' });
    expect(fifth).toMatchObject({ symbols: ['MANAPPURAM', 'SAIL'], entered: ['MANAPPURAM'], left: ['IDEA'], undetermined: [] });
    const derived = await listOn('2025-12-05');
    expect(derived).toMatchObject({ known: true, symbols: ['MANAPPURAM', 'SAIL'], derived_from: '2025-12-04' });
    expect(derived.source).toContain('95 %');

    // NSE's own file of the 5th agrees, and takes the derived list's place as the exchange's word.
    const nse = await importNseList('Securities in Ban For Trade Date 05-DEC-2025:\n1,MANAPPURAM\n2,SAIL\n');
    expect(nse.status, JSON.stringify(nse.body)).toBe(200);
    expect(nse.body).toMatchObject({ trade_date: '2025-12-05', symbols: derived.symbols, imported: true, derived_from: null });
    expect(await listOn('2025-12-05')).toMatchObject({ symbols: ['MANAPPURAM', 'SAIL'], derived_from: null });
    // The 4th's file imported again derives the 5th's list again: NSE's stays.
    await upload('nseoi_04122025.zip');
    expect(await listOn('2025-12-05')).toMatchObject({ symbols: ['MANAPPURAM', 'SAIL'], derived_from: null });
  }, 240_000);

  it('reads the notional open interest under the rule before 1 Oct 2025 (the seven-column file)', async () => {
    expect(await upload('combineoi_29092025.csv')).toMatchObject([{ status: 'imported', days: ['2025-09-29'], rows: 2 }]);
    const derived = await deriveBanList(server.db, { tradeDate: '2025-09-30' });
    expect(derived).toMatchObject({ symbols: ['TCS'], undetermined: [], entered: [] });
    expect(derived!.rule).toMatchObject({ oiMeasure: 'notional', effectiveFrom: null });
    // No list of the 29th is known: nobody's state before is, but none sits between the thresholds.
    expect(await listOn('2025-09-30')).toMatchObject({ known: true, symbols: ['TCS'], derived_from: '2025-09-29' });
  }, 240_000);

  it('refuses a file whose day is not its name\'s, or after today, as the other history files', async () => {
    const text = readFileSync(new URL('../history/fixtures/combineoi_03122025.csv', import.meta.url));
    const renamed = await upload('combineoi_02122025.csv', text);
    expect(renamed[0]).toMatchObject({ status: 'refused' });
    expect(renamed[0]!.problems![0]!.reason).toContain('2025-12-02');
    const future = Buffer.from(String(text).replaceAll('03-DEC-2025', '16-JAN-2026'));
    expect((await upload('combineoi_16012026.csv', future))[0]).toMatchObject({ status: 'refused' });
    const badLimit = Buffer.from(String(text).replace('10000000\n', 'plenty\n'));
    const refused = await upload('combineoi_03122025.csv', badLimit);
    expect(refused[0]!.problems![0]!.reason).toContain('Limit for Next Day "plenty"');
  }, 240_000);
});
