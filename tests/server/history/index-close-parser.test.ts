// NSE's daily index close file (ind_close_all_DDMMYYYY.csv) on a fixture in its exact layout: the four
// optionable indices' open/high/low/close kept (by their dated names, read from a migrated database as the
// importer reads them), the other indices skipped, bad lines named.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { loadIndexNames, type IndexNames } from '../../../server/services/history/index-names.ts';
import { createMigratedTestDatabase } from '../support/test-database.ts';
import { refusalOf } from './file-refusal.ts';
import { isIndexCloseHeader, parseIndexCloses as parseWith } from '../../../server/services/history/index-close-parser.ts';

const text = readFileSync(new URL('./fixtures/ind_close_all_08072024.csv', import.meta.url), 'utf8');
const header = text.slice(0, text.indexOf('\n'));

let database: Database;
let names: IndexNames;
const parseIndexCloses = (file: string) => parseWith(file, names);

beforeAll(async () => {
  database = await createMigratedTestDatabase('pglite');
  names = await loadIndexNames(database);
});

afterAll(async () => {
  await database.close();
});

describe('index close file', () => {
  it('is told by its header', () => {
    expect(isIndexCloseHeader(header)).toBe(true);
    expect(isIndexCloseHeader('timestamp,open,high,low,close')).toBe(false);
  });

  it("keeps the four indices' days in paise and skips the others", () => {
    const parsed = parseIndexCloses(text);
    expect(parsed.tradeDates).toEqual(['2024-07-08']);
    expect(parsed.skipped).toBe(2);
    expect(parsed.days).toEqual([
      { index: 'NIFTY', tradeDate: '2024-07-08', openPaise: 2_432_945, highPaise: 2_434_460, lowPaise: 2_424_055, closePaise: 2_432_055 },
      { index: 'BANKNIFTY', tradeDate: '2024-07-08', openPaise: 5_261_590, highPaise: 5_277_055, lowPaise: 5_226_180, closePaise: 5_242_580 },
      { index: 'FINNIFTY', tradeDate: '2024-07-08', openPaise: 2_342_510, highPaise: 2_346_895, lowPaise: 2_329_930, closePaise: 2_336_500 },
      { index: 'MIDCPNIFTY', tradeDate: '2024-07-08', openPaise: 1_273_085, highPaise: 1_278_340, lowPaise: 1_265_005, closePaise: 1_274_845 },
    ]);
  });

  it('refuses the file naming each bad line, and nothing of it is kept', () => {
    const bad = [
      header,
      'Nifty 50,2024-07-08,24329.45,24344.60,24240.55,24320.55,-3.30,-0.01,1,1,1,1,1',
      'Nifty Bank,08-07-2024,52615.90,52000.00,52261.80,52425.80,-234.45,-0.45,1,1,1,1,1',
      'Nifty Financial Services,08-07-2024,23425.10,23468.95,23299.30,23365.00,-71.65,-0.31,1,1,1,1,1',
      'Nifty Financial Services,08-07-2024,23425.10,23468.95,23299.30,23365.00,-71.65,-0.31,1,1,1,1,1',
      'Nifty Midcap Select,31-02-2024,1,2,1,1,0,0,1,1,1,1,1',
    ].join('\n');
    expect(refusalOf(() => parseIndexCloses(bad)).problems).toEqual([
      {
        line: 2,
        reason: 'Index Date "2024-07-08" is not a date like 08-07-2024',
        reason_i18n: { code: 'history.not_a_day_month_number_date', params: { column: 'Index Date', value: { code: 'text', params: { text: '2024-07-08' } } } },
      },
      { line: 3, reason: 'the high is below the open, close or low', reason_i18n: { code: 'history.candle_high_below', params: {} } },
      {
        line: 5,
        reason: 'FINNIFTY appears twice for 2024-07-08',
        reason_i18n: { code: 'history.index_day_twice', params: { index: 'FINNIFTY', trade_date: '2024-07-08' } },
      },
      {
        line: 6,
        reason: 'Index Date "31-02-2024" is not a calendar date',
        reason_i18n: { code: 'history.not_a_calendar_date', params: { column: 'Index Date', value: { code: 'text', params: { text: '31-02-2024' } } } },
      },
    ]);
  });

  it('refuses a file without any of the four indices, and a header missing a value column', () => {
    const others = `${header}\nIndia VIX,08-07-2024,14.10,14.51,13.62,14.11,0.21,1.51,-,-,-,-,-\n`;
    expect(refusalOf(() => parseIndexCloses(others)).problems).toMatchObject([{ line: 0, reason_i18n: { code: 'history.no_index_close_rows' } }]);
    const noLow = 'Index Name,Index Date,Open Index Value,High Index Value,Closing Index Value\n';
    expect(refusalOf(() => parseIndexCloses(noLow)).problems).toMatchObject([{ line: 1, reason: 'the header lacks Low Index Value' }]);
  });
});
