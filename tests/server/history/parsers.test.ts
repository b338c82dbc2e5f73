// The history file parsers on fixtures in NSE's exact layouts (UDiFF since July 2024, the older
// foDDMONYYYYbhav.csv), minute-candle CSVs, and ZIPs written by a standard archiver (Python's zipfile).
import { readFileSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseBhavcopy } from '../../../server/services/history/bhavcopy-parser.ts';
import { paise } from '../../../server/services/history/csv-values.ts';
import { refusalOf } from './file-refusal.ts';
import { candleInstant, parseMinuteCandles } from '../../../server/services/history/minute-candles-parser.ts';
import { ZipError, readZip } from '../../../server/services/history/zip-reader.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const udiffName = 'BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv';
const udiff = fixture(udiffName).toString('utf8');
const legacy = fixture('fo05JUL2024bhav.csv').toString('utf8');

/** A value read from the file, as the coded reason carries it: words shown as they are. */
const fileValue = (text: string) => ({ code: 'text', params: { text } });

describe('UDiFF bhavcopy', () => {
  it('keeps the four indices\' options and futures, and skips stocks not listed and other indices', () => {
    const parsed = parseBhavcopy(udiff);
    expect(parsed.layout).toBe('udiff');
    expect(parsed.days).toEqual(['2024-07-08']);
    expect(parsed.rows.map((row) => `${row.index} ${row.expiry} ${row.strikePaise / 100} ${row.optionType}`)).toEqual([
      'NIFTY 2024-07-11 24300 CE',
      'NIFTY 2024-07-11 24300 PE',
      'NIFTY 2024-07-25 25000 CE',
      'BANKNIFTY 2024-07-10 52500 CE',
      'BANKNIFTY 2024-07-10 52500 PE',
    ]);
    expect(parsed.futures.map((row) => `${row.index} ${row.expiry} ${row.settlePaise / 100} ${row.lotSize}`)).toEqual(['NIFTY 2024-07-25 24433.55 25']);
    // NIFTYNXT50 option, RELIANCE option and future (no stock passed in).
    expect(parsed.skipped).toBe(3);
  });

  it('keeps the options and futures of the stocks it is given, each with its own lot', () => {
    const parsed = parseBhavcopy(udiff, ['RELIANCE']);
    expect(parsed.rows.filter((row) => row.index === 'RELIANCE')).toEqual([{
      index: 'RELIANCE', tradeDate: '2024-07-08', expiry: '2024-07-25', strikePaise: 320_000, optionType: 'CE',
      openPaise: 4_500, highPaise: 5_230, lowPaise: 4_010, closePaise: 4_765, settlePaise: 4_765,
      openInterest: 4_125_000, changeInOi: 231_000, volumeContracts: 23_450, underlyingPaise: 318_840, lotSize: 250,
    }]);
    expect(parsed.futures.find((row) => row.index === 'RELIANCE')).toEqual({
      index: 'RELIANCE', tradeDate: '2024-07-08', expiry: '2024-07-25', openPaise: 319_000, highPaise: 321_050, lowPaise: 318_010,
      closePaise: 320_135, settlePaise: 320_135, openInterest: 41_230_500, changeInOi: -12_500, volumeContracts: 34_567, underlyingPaise: 318_840, lotSize: 250,
    });
    expect(parsed.skipped).toBe(1);
    const legacyParsed = parseBhavcopy(legacy, ['RELIANCE']);
    expect(legacyParsed.rows.filter((row) => row.index === 'RELIANCE')).toMatchObject([{ strikePaise: 320_000, settlePaise: 4_410, underlyingPaise: null, lotSize: null }]);
    expect(legacyParsed.futures.map((row) => `${row.index} ${row.expiry} ${row.settlePaise}`)).toEqual([
      'BANKNIFTY 2024-07-25 5268990', 'NIFTY 2024-07-25 2440245', 'RELIANCE 2024-07-25 318560',
    ]);
    expect(legacyParsed.skipped).toBe(0);
  });

  it('reads every figure of a row into paise and whole numbers', () => {
    const row = parseBhavcopy(udiff).rows[0];
    expect(row).toEqual({
      index: 'NIFTY', tradeDate: '2024-07-08', expiry: '2024-07-11', strikePaise: 2_430_000, optionType: 'CE',
      openPaise: 12_000, highPaise: 14_250, lowPaise: 8_810, closePaise: 10_535, settlePaise: 10_535,
      openInterest: 5_432_100, changeInOi: 812_350, volumeContracts: 1_254_320, underlyingPaise: 2_432_055, lotSize: 25,
    });
  });

  it('keeps an untraded contract: zero prices, its settlement price and open interest', () => {
    const row = parseBhavcopy(udiff).rows[2];
    expect(row).toMatchObject({ openPaise: 0, highPaise: 0, closePaise: 0, settlePaise: 3_955, openInterest: 125_000, volumeContracts: 0 });
  });

  it('refuses the whole file for a bad row, naming its line and what is wrong', () => {
    const lines = udiff.split('\r\n');
    lines[3] = (lines[3] as string).replace('24300.00,PE', '24300.00,XX');
    lines[5] = (lines[5] as string).replace('2024-07-10,2024-07-10', '2024-07-32,2024-07-10');
    const refusal = refusalOf(() => parseBhavcopy(lines.join('\r\n')));
    expect(refusal.problems).toEqual([
      { line: 4, reason: 'OptnTp "XX" is not CE or PE', reason_i18n: { code: 'history.not_call_or_put', params: { column: 'OptnTp', value: fileValue('XX') } } },
      {
        line: 6,
        reason: 'XpryDt "2024-07-32" is not a calendar date',
        reason_i18n: { code: 'history.not_a_calendar_date', params: { column: 'XpryDt', value: fileValue('2024-07-32') } },
      },
    ]);
  });

  it('refuses a header that lacks a needed column, and a contract listed twice', () => {
    expect(refusalOf(() => parseBhavcopy(udiff.replace('SttlmPric', 'Settle'))).problems).toEqual([
      { line: 1, reason: 'the header lacks SttlmPric', reason_i18n: { code: 'history.header_lacks', params: { columns: 'SttlmPric' } } },
    ]);
    const lines = udiff.split('\r\n');
    lines.splice(3, 0, lines[2] as string);
    expect(refusalOf(() => parseBhavcopy(lines.join('\r\n'))).problems).toEqual([
      {
        line: 4,
        reason: 'NIFTY 2024-07-11 24300 CE appears twice for 2024-07-08',
        reason_i18n: {
          code: 'history.contract_twice',
          params: { index: 'NIFTY', expiry: '2024-07-11', strike: 24300, option_type: 'CE', trade_date: '2024-07-08' },
        },
      },
    ]);
  });

  it('counts lines as the file has them when only option lines are read: blank lines, mixed endings, other rows between', () => {
    // The parser looks at two fields of each line before reading it whole, and counts the lines as the file has them.
    const lines = udiff.split('\r\n').filter((line) => line !== '');
    const mixed = [lines[0], '', lines[1], ' \t', lines[2], `${lines[3]?.replace('24300.00,PE', '24300.00,XX')}\r`, '\u00a0', ...lines.slice(4)];
    const refusal = refusalOf(() => parseBhavcopy(`${mixed.join('\n')}\n\n`));
    expect(refusal.problems.map((problem) => problem.line)).toEqual([6]);
    mixed[5] = `${lines[3]}\r`;
    const parsed = parseBhavcopy(`${mixed.join('\n')}\n\n`);
    expect(parsed.rows).toEqual(parseBhavcopy(udiff).rows);
    expect(parsed.skipped).toBe(3);
  });

  it('reads plain figures and careful ones alike', () => {
    expect(['24300', '24300.5', '24300.50', '0.05', '5.', '007.30', '1.005', ' 12.3 '].map((text) => paise(text, 'StrkPric'))).toEqual([
      2_430_000, 2_430_050, 2_430_050, 5, 500, 730, 101, 1230,
    ]);
    expect(() => paise('99999999999999999', 'StrkPric')).toThrow(/too large/);
    expect(() => paise('.5', 'StrkPric')).toThrow(/not a number/);
  });

  it('refuses a file of other instruments only', () => {
    const lines = udiff.split('\r\n').filter((line) => !/,ID[OF],\d+,,(NIFTY|BANKNIFTY),/.test(line));
    const [problem] = refusalOf(() => parseBhavcopy(lines.join('\n'))).problems;
    expect(problem?.reason).toMatch(/no NIFTY, BANKNIFTY, FINNIFTY or MIDCPNIFTY option rows/);
    expect(problem).toMatchObject({ line: 0, reason_i18n: { code: 'history.no_index_option_rows', params: {} } });
  });
});

describe('the older bhavcopy layout (foDDMONYYYYbhav.csv)', () => {
  it('keeps OPTIDX rows of the four indices with no underlying value, and skips the rest', () => {
    const parsed = parseBhavcopy(legacy);
    expect(parsed.layout).toBe('legacy');
    expect(parsed.days).toEqual(['2024-07-05']);
    expect(parsed.rows).toHaveLength(5);
    // RELIANCE's option and future (no stock passed in); the index futures are kept.
    expect(parsed.futures).toHaveLength(2);
    expect(parsed.skipped).toBe(2);
    expect(parsed.rows.find((row) => row.index === 'NIFTY' && row.optionType === 'PE')).toEqual({
      index: 'NIFTY', tradeDate: '2024-07-05', expiry: '2024-07-11', strikePaise: 2_430_000, optionType: 'PE',
      openPaise: 8_205, highPaise: 9_500, lowPaise: 6_430, closePaise: 7_020, settlePaise: 7_020,
      openInterest: 5_623_400, changeInOi: 412_325, volumeContracts: 1_123_456, underlyingPaise: null, lotSize: null,
    });
  });

  it('refuses a bad row with its line', () => {
    const refusal = refusalOf(() => parseBhavcopy(legacy.replace('OPTIDX,NIFTY,11-Jul-2024,24300,CE,160,', 'OPTIDX,NIFTY,11-Jul-2024,24300,CE,abc,')));
    expect(refusal.problems).toEqual([
      { line: 6, reason: 'OPEN "abc" is not a number', reason_i18n: { code: 'history.not_a_number', params: { column: 'OPEN', value: fileValue('abc') } } },
    ]);
  });

  it('refuses a high below the low', () => {
    const refusal = refusalOf(() => parseBhavcopy(legacy.replace('560.4,560.4', '560.4,560.4').replace('530,612.3,470.05', '530,412.3,470.05')));
    expect(refusal.problems).toEqual([{ line: 4, reason: 'the high is below the low', reason_i18n: { code: 'history.high_below_low', params: {} } }]);
  });

  it('refuses a date that is not like 25-JUL-2024, with its column and value', () => {
    const refusal = refusalOf(() => parseBhavcopy(legacy.replace('OPTIDX,NIFTY,11-Jul-2024,24300,CE,160,', 'OPTIDX,NIFTY,2024-07-11,24300,CE,160,')));
    expect(refusal.problems).toEqual([
      {
        line: 6,
        reason: 'EXPIRY_DT "2024-07-11" is not a date like 25-JUL-2024',
        reason_i18n: { code: 'history.not_a_day_month_year_date', params: { column: 'EXPIRY_DT', value: fileValue('2024-07-11') } },
      },
    ]);
  });
});

describe('values', () => {
  it.each([
    ['24300', 2_430_000], ['24300.5', 2_430_050], ['0.05', 5], ['105.355', 10_536], ['105.354', 10_535],
  ])('%s rupees are %d paise', (text, expected) => {
    expect(paise(text, 'x')).toBe(expected);
  });
});

describe('minute candles', () => {
  it('reads a vendor CSV in IST, the index given by the importer', () => {
    const parsed = parseMinuteCandles(fixture('NIFTY_minute_2024-07-08.csv').toString('utf8'), 'NIFTY');
    expect(parsed.days).toEqual(['2024-07-08']);
    expect(parsed.candles[0]).toEqual({
      index: 'NIFTY', minute: new Date('2024-07-08T03:45:00Z'), tradeDate: '2024-07-08',
      openPaise: 2_432_945, highPaise: 2_434_460, lowPaise: 2_430_120, closePaise: 2_431_205,
    });
  });

  it('honours an offset (Kite: +0530) and a symbol column', () => {
    expect(candleInstant('2024-07-08T09:15:00+0530')).toEqual(new Date('2024-07-08T03:45:00Z'));
    expect(candleInstant('2024-07-08T03:45:00Z')).toEqual(new Date('2024-07-08T03:45:00Z'));
    const parsed = parseMinuteCandles('timestamp,symbol,open,high,low,close\n2024-07-08T09:15:00+05:30,BANKNIFTY,52400,52450,52390,52410\n', null);
    expect(parsed.index).toBe('BANKNIFTY');
  });

  it('refuses bad lines with their numbers, and a file that does not say its index', () => {
    const text = 'timestamp,open,high,low,close\n2024-07-08 09:15:00,100,101,99,100.5\n2024-07-08 09:16:30,100,101,99,100\n2024-07-08 09:17:00,100,99,98,100\n';
    expect(refusalOf(() => parseMinuteCandles(text, 'NIFTY')).problems).toEqual([
      {
        line: 3,
        reason: 'timestamp "2024-07-08 09:16:30" is not on a whole minute',
        reason_i18n: { code: 'history.timestamp_not_whole_minute', params: { value: fileValue('2024-07-08 09:16:30') } },
      },
      { line: 4, reason: 'the high is below the open, close or low', reason_i18n: { code: 'history.candle_high_below', params: {} } },
    ]);
    const [unsaid] = refusalOf(() => parseMinuteCandles(text, null)).problems;
    expect(unsaid?.reason).toMatch(/say which index/);
    expect(unsaid).toMatchObject({ line: 0, reason_i18n: { code: 'history.minute_index_unknown', params: {} } });
  });

  it('refuses a symbol that is not one of the four indices, and lists how many more lines fail past twenty', () => {
    const foreign = 'timestamp,symbol,open,high,low,close\n2024-07-08 09:15:00,SENSEX,100,101,99,100\n';
    expect(refusalOf(() => parseMinuteCandles(foreign, null)).problems).toEqual([
      {
        line: 2,
        reason: 'symbol "SENSEX" is not NIFTY, BANKNIFTY, FINNIFTY or MIDCPNIFTY',
        reason_i18n: { code: 'history.unknown_symbol', params: { symbol: fileValue('SENSEX') } },
      },
    ]);
    const bad = Array.from({ length: 25 }, (_, at) => `2024-07-08 10:${String(at).padStart(2, '0')}:00,x,1,1,1`);
    const problems = refusalOf(() => parseMinuteCandles(['timestamp,open,high,low,close', ...bad].join('\n'), 'NIFTY')).problems;
    expect(problems[1]).toEqual({ line: 3, reason: 'open "x" is not a number', reason_i18n: { code: 'history.not_a_number', params: { column: 'open', value: fileValue('x') } } });
    expect(problems.at(-1)).toEqual({ line: 0, reason: '5 more lines do not parse', reason_i18n: { code: 'history.more_lines', params: { count: 5 } } });
  });
});

describe('ZIP archives', () => {
  it('reads the CSV inside a ZIP written by a standard archiver', () => {
    const entries = readZip(fixture(`${udiffName}.zip`), 1024 * 1024);
    expect(entries.map((entry) => entry.name)).toEqual([udiffName]);
    expect(entries[0]?.data.toString('utf8')).toBe(udiff);
  });

  it('refuses a damaged archive and one that would inflate past the cap', () => {
    const zip = Buffer.from(fixture(`${udiffName}.zip`));
    const damaged = Buffer.from(zip);
    // A byte inside the deflated data (after the 30-byte local header and the name).
    const at = 30 + udiffName.length + 20;
    damaged[at] = (damaged[at] as number) ^ 0xff;
    expect(() => readZip(damaged, 1024 * 1024)).toThrow(ZipError);
    expect(() => readZip(zip, 1000)).toThrow(/larger than/);
    expect(() => readZip(Buffer.from('not a zip at all'), 1000)).toThrow(/central directory is missing/);
  });

  it('does not inflate more than an entry declares (a zip bomb with a lying header)', () => {
    const bomb = deflateRawSync(Buffer.alloc(5_000_000, 0x41));
    expect(() => readZip(oneEntryZip('bomb.csv', bomb, 100), 1024 * 1024)).toThrow(/does not inflate to its stated size/);
  });
});

/** A one-file deflated archive whose headers state `declaredSize`, whatever the data inflates to. */
function oneEntryZip(name: string, deflated: Buffer, declaredSize: number): Buffer {
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc32(Buffer.alloc(declaredSize, 0x41)), 14);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(local.readUInt32LE(14), 16);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const directoryOffset = local.length + nameBytes.length + deflated.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, nameBytes, deflated, central, nameBytes, end]);
}
