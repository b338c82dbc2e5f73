// Index history under earlier names (issue 60): NSE's index close file printed NIFTY as `CNX Nifty` until the
// IISL rebrand of 9 Nov 2015. Those names are dated rows of index_names (migration 081) that the importer reads:
// a 2015 file imports as NIFTY, Nifty Bank and Nifty Financial Services with their day's open, high, low and
// close; a name on a day it was not used refuses its file with the reason, nothing stored; a name added to
// the table is taken with no change to the code. The 2015 fixture has the file's exact layout; its values are
// made up for the test (consistent open/high/low/close), not NSE's.
import { readFileSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import { assertMatchesContract, contractClient } from '../support/contract-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const closes2015 = readFileSync(new URL('./fixtures/ind_close_all_01102015.csv', import.meta.url), 'utf8');

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await signedInAccount(contractClient(server.app))).token;
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  await server.db.exec(`DELETE FROM history_index_days; DELETE FROM history_index_minutes; DELETE FROM history_imports; DELETE FROM index_names WHERE name = 'Bank Nifty';`);
});

async function upload(data: string) {
  const options: InjectOptions = {
    method: 'POST',
    url: '/api/market-history/imports/',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    payload: Buffer.from(data),
  };
  const res = await server.app.inject(options);
  assertMatchesContract('importMarketHistory', res);
  return res;
}

const indexDays = async () =>
  (
    await server.db.query<{ index_name: string; day: string; o: number; h: number; l: number; c: number }>(
      `SELECT index_name, to_char(trade_date, 'YYYY-MM-DD') AS day, open_paise::integer AS o, high_paise::integer AS h, low_paise::integer AS l,
         close_paise::integer AS c FROM history_index_days ORDER BY index_name`,
    )
  ).rows;

describe("NSE's index close file under the indices' earlier names", () => {
  it('imports a 2015 file naming CNX Nifty, CNX Bank and CNX Finance as NIFTY, BANKNIFTY and FINNIFTY', async () => {
    const res = await upload(closes2015);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().files).toEqual([{ file_name: 'upload', status: 'imported', kind: 'index_closes', days: ['2015-10-01'], rows: 3, skipped_rows: 2 }]);
    expect(await indexDays()).toEqual([
      { index_name: 'BANKNIFTY', day: '2015-10-01', o: 1_724_010, h: 1_732_545, l: 1_710_280, c: 1_718_735 },
      { index_name: 'FINNIFTY', day: '2015-10-01', o: 698_015, h: 701_040, l: 692_130, c: 695_055 },
      { index_name: 'NIFTY', day: '2015-10-01', o: 799_205, h: 800_825, l: 793_065, c: 795_090 },
    ]);
  });

  it('refuses a name on a day NSE did not use it, naming the line and the days it did, and stores nothing', async () => {
    // CNX Nifty after the rebrand, and Nifty 50 before it: each its own problem, the file refused whole.
    const after = closes2015.replaceAll('01-10-2015', '12-11-2015');
    const refused = await upload(after);
    expect(refused.statusCode).toBe(422);
    const [file] = refused.json().details.files;
    expect(file.problems.map((problem: { line: number; reason_i18n: unknown }) => [problem.line, problem.reason_i18n])).toEqual([
      [2, { code: 'history.index_name_outside_dates', params: { name: 'CNX Nifty', index: 'NIFTY', from: '2013-02-01', until: '2015-11-08', trade_date: '2015-11-12' } }],
      [4, { code: 'history.index_name_outside_dates', params: { name: 'CNX Bank', index: 'BANKNIFTY', from: '…', until: '2015-11-08', trade_date: '2015-11-12' } }],
      [5, { code: 'history.index_name_outside_dates', params: { name: 'CNX Finance', index: 'FINNIFTY', from: '…', until: '2015-11-08', trade_date: '2015-11-12' } }],
    ]);
    expect(file.problems[0].reason).toBe('"CNX Nifty" names NIFTY in NSE\'s files from 2013-02-01 to 2015-11-08, not on 2015-11-12: a file of another day, or a name NSE did not use then');
    const before = await upload(closes2015.replace('CNX Nifty,', 'Nifty 50,'));
    expect(before.json().details.files[0].problems).toMatchObject([
      { line: 2, reason_i18n: { params: { name: 'Nifty 50', index: 'NIFTY', from: '2015-11-09', until: '…', trade_date: '2015-10-01' } } },
    ]);
    expect(await indexDays()).toEqual([]);
    // The names of the day itself, on the first day of the rebrand, are taken.
    const rebranded = closes2015.replaceAll('01-10-2015', '09-11-2015').replace('CNX Nifty,', 'Nifty 50,').replace('CNX Bank,', 'Nifty Bank,').replace('CNX Finance,', 'Nifty Financial Services,');
    expect((await upload(rebranded)).statusCode).toBe(200);
    expect((await indexDays()).map((row) => [row.index_name, row.day])).toEqual([
      ['BANKNIFTY', '2015-11-09'],
      ['FINNIFTY', '2015-11-09'],
      ['NIFTY', '2015-11-09'],
    ]);
  });

  it('takes the names from the table: a name written there is read at the next import, with no change to the code', async () => {
    const bankNifty = closes2015.replace('CNX Bank,', 'Bank Nifty,');
    expect((await upload(bankNifty)).json().files[0]).toMatchObject({ status: 'imported', rows: 2 });
    await server.db.query(`INSERT INTO index_names (index_name, name, valid_from, valid_until, source) VALUES ('BANKNIFTY', 'Bank Nifty', NULL, '2015-11-08', 'test')`);
    expect((await upload(bankNifty)).json().files[0]).toMatchObject({ status: 'imported', rows: 3 });
    expect((await indexDays()).find((row) => row.index_name === 'BANKNIFTY')).toMatchObject({ day: '2015-10-01', c: 1_718_735 });
  });

  it("reads a minute file's symbol column by the same dated names", async () => {
    const minutes = (symbol: string) => `timestamp,symbol,open,high,low,close\n2024-07-08T09:15:00+05:30,${symbol},24329.45,24340,24320,24335.5\n`;
    const named = await upload(minutes('NIFTY 50'));
    expect(named.json().files[0]).toMatchObject({ status: 'imported', kind: 'index_minutes', days: ['2024-07-08'] });
    const { rows } = await server.db.query<{ index_name: string }>('SELECT DISTINCT index_name FROM history_index_minutes');
    expect(rows).toEqual([{ index_name: 'NIFTY' }]);
    const old = await upload(minutes('CNX Nifty'));
    expect(old.json().details.files[0].problems).toMatchObject([
      { line: 2, reason_i18n: { code: 'history.index_name_outside_dates', params: { name: 'CNX Nifty', index: 'NIFTY', trade_date: '2024-07-08' } } },
    ]);
  });
});
