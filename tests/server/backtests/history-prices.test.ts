// The prices a backtest trades at, read from imported history (history-prices.ts), and the market shaped
// as it was on those days (history-market.ts): the index inside a day from its minutes or, without them, a
// straight line between two closes; each option by Black-76 with its volatility solved from that day's
// settlement price, quoted at a modelled spread; an expiry settled at the file's settlement price; holidays
// from NSE's calendar (a weekday without a file a holiday only in a year the calendar has no list for); no lot
// size written for the index from a day's file (each contract is listed at its own: tests/server/replay/replay-lots.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { historyPrices, type HistoryPrices } from '../../../server/services/analysis/backtests/history-prices.ts';
import { shapeMarket } from '../../../server/services/analysis/backtests/history-market.ts';
import { expiryWeekdayRow } from '../../../server/services/market/expiries.ts';
import { indexFacts } from '../../../server/services/market/index-config.ts';
import { istOffsetMs } from '../../../server/services/market/ist.ts';
import { createMigratedTestDatabase } from '../support/test-database.ts';
import { importHistory, importMinutes, type FixtureRow } from './history-fixture.ts';

// Wednesday the 8th has no file, but NSE's 2025 list says it traded: it stays a trading day (a gap).
const monday = '2025-01-06';
const tuesday = '2025-01-07';
const thursday = '2025-01-09';
const nextWeek = '2025-01-16';
const underlying = { [monday]: 23_600, [tuesday]: 23_700, [thursday]: 23_650 };
const rows: FixtureRow[] = [
  { day: monday, expiry: thursday, strike: 23_600, type: 'CE', settle: 120 },
  { day: monday, expiry: thursday, strike: 23_600, type: 'PE', settle: 118 },
  { day: tuesday, expiry: thursday, strike: 23_700, type: 'CE', settle: 96.5 },
  { day: tuesday, expiry: thursday, strike: 23_700, type: 'PE', settle: 94 },
  { day: tuesday, expiry: nextWeek, strike: 23_700, type: 'CE', settle: 210 },
  // Thursday's expiry: the calls in the money settle at the index's closing value (23,662.40) less the strike.
  { day: thursday, expiry: thursday, strike: 23_600, type: 'CE', settle: 62.4 },
  { day: thursday, expiry: thursday, strike: 23_500, type: 'CE', settle: 162.4 },
  { day: thursday, expiry: thursday, strike: 23_700, type: 'CE', settle: 0 },
  { day: thursday, expiry: nextWeek, strike: 23_700, type: 'CE', settle: 150 },
];

/** An IST instant of a day. */
const at = (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00Z`) - istOffsetMs);

describe('history prices and the market as it was', () => {
  let db: Database;
  let now = at(monday, '09:15');
  let prices: HistoryPrices;
  let days: string[];

  beforeAll(async () => {
    // A migrated schema on the worker's PGlite (test-database.ts), not a new cluster migrated again.
    db = await createMigratedTestDatabase('pglite');
    // A file lot (25) no revision gives: never made the index's.
    await importHistory(db, 'NIFTY', underlying, rows, 25);
    // Tuesday's minutes: the index at 23,650 + the minute's number (from 09:15).
    await importMinutes(db, 'NIFTY', tuesday, (minute) => 23_650 + minute);
    prices = historyPrices({ history: db, clock: () => now });
    days = await prices.load('NIFTY', monday, thursday);
    await shapeMarket(db, 'NIFTY', days.map((day) => prices.day('NIFTY', day)!));
  }, 60_000);

  afterAll(async () => {
    await db.close();
  });

  it('loads the days with option rows', () => {
    expect(days).toEqual([monday, tuesday, thursday]);
  });

  it('moves the index along the imported minutes, else in a straight line from the previous close to the day’s', async () => {
    now = at(tuesday, '11:00');
    expect(await prices.spotPaise('NIFTY', db)).toBe((23_650 + 105) * 100);
    // Thursday has no minutes: from Tuesday's 23,700 at 09:15 to Thursday's 23,650 at 15:30.
    now = at(thursday, '09:15');
    expect(await prices.spotPaise('NIFTY', db)).toBe(23_700_00);
    now = at(thursday, '12:22');
    expect(await prices.spotPaise('NIFTY', db)).toBe(Math.round(23_700_00 + (23_650_00 - 23_700_00) * (187 / 375)));
    now = at(thursday, '15:30');
    expect(await prices.spotPaise('NIFTY', db)).toBe(23_650_00);
  });

  it('prices an option by Black-76 with the volatility its settlement price gives: at the close the model is the settlement price', () => {
    // Monday has no minutes and no previous day: the index stays at its close all day.
    const close = prices.theory('NIFTY', thursday, 23_600_00, 'CE', at(monday, '15:30'))!;
    expect(close.spot).toBe(23_600_00);
    expect(close.theory).toBeCloseTo(120_00, 0);
    // Earlier the same day more time is left, so the same volatility gives more.
    expect(prices.theory('NIFTY', thursday, 23_600_00, 'CE', at(monday, '09:20'))!.theory).toBeGreaterThan(close.theory);
    // A contract the file does not have is not priced.
    expect(prices.theory('NIFTY', thursday, 23_650_00, 'CE', at(monday, '09:20'))).toBeNull();
  });

  it('quotes a listed contract around the model, at least a tick wide, and counts every quote as modelled', async () => {
    await db.query(
      `INSERT INTO instruments (exchange, tradingsymbol, name, expiry, expiry_kind, strike, instrument_type, lot_size)
       VALUES ('NFO', 'NIFTY2510923700CE', 'NIFTY', '2025-01-09', 'weekly', 23700, 'CE', 75)`,
    );
    now = at(tuesday, '11:00');
    const before = prices.counts.modelled;
    const quote = (await prices.quotes(['NFO:NIFTY2510923700CE'], db)).get('NFO:NIFTY2510923700CE')!;
    const theory = prices.theory('NIFTY', thursday, 23_700_00, 'CE', now)!.theory;
    expect(quote.bidPaise).toBeLessThan(theory);
    expect(quote.askPaise).toBeGreaterThan(theory);
    expect(quote.askPaise - quote.bidPaise).toBeGreaterThanOrEqual(5);
    expect(quote.lastPaise).toBe(Math.round(theory / 5) * 5);
    // Its close is the day before's settlement, never Tuesday's own 96.50 (its 15:30 price, the future at 11:00,
    // issue 62): Monday's file has no row of this contract, so the price at the minute stands in.
    expect(quote.closePaise).toBe(quote.lastPaise);
    expect(quote.closePaise).not.toBe(96_50);
    expect(prices.counts.modelled).toBe(before + 1);
  });

  it('prices a day the same whichever day the range starts on (issue 62: 28 Jan 2025 alone entered another straddle than from 24 Jan)', async () => {
    // Thursday alone, and Monday to Thursday with Tuesday's expiring call priced first: a range starting on
    // Thursday still starts Thursday's path at Tuesday's close, and prices Thursday's expiring 23,700 call
    // (no volatility explains a settlement of 0 on its expiry day) with the volatility it had on Tuesday.
    let clock = at(thursday, '09:20');
    const alone = historyPrices({ history: db, clock: () => clock });
    const longer = historyPrices({ history: db, clock: () => clock });
    expect(await alone.load('NIFTY', thursday, thursday)).toEqual([thursday]);
    expect(await longer.load('NIFTY', monday, thursday)).toEqual(days);
    longer.theory('NIFTY', thursday, 23_700_00, 'CE', at(tuesday, '15:30'));
    for (const time of ['09:15', '09:20', '12:00', '15:20']) {
      clock = at(thursday, time);
      expect(await alone.spotPaise('NIFTY', db)).toBe(await longer.spotPaise('NIFTY', db));
      for (const expiry of [thursday, nextWeek]) expect(alone.theory('NIFTY', expiry, 23_700_00, 'CE', clock)).toEqual(longer.theory('NIFTY', expiry, 23_700_00, 'CE', clock));
    }
    clock = at(thursday, '09:15');
    expect(await alone.spotPaise('NIFTY', db)).toBe(23_700_00);
    const tuesdays = longer.theory('NIFTY', thursday, 23_700_00, 'CE', at(tuesday, '15:30'))!.volatility;
    expect(alone.theory('NIFTY', thursday, 23_700_00, 'CE', at(thursday, '09:20'))!.volatility).toBe(tuesdays);
  });

  it('settles an expiry at the index value the file’s settlement prices give, not at the day’s underlying', async () => {
    expect(await prices.closingValuePaise('NIFTY', thursday, db)).toBe(23_662_40);
  });

  const holidaysBetween = async (from: string, to: string) => {
    const { rows: holidays } = await db.query<{ day: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM market_calendar WHERE exchange = 'NSE' AND kind = 'holiday' AND day BETWEEN $1::date AND $2::date`,
      [from, to],
    );
    return holidays.map((row) => row.day);
  };

  it('keeps NSE’s calendar where it has a list, and makes no lot size of the file’s the index’s', async () => {
    expect(await holidaysBetween(monday, thursday)).toEqual([]);
    const { rows: lots } = await db.query<{ lot_size: number }>("SELECT lot_size FROM index_config WHERE index_name = 'NIFTY' AND effective_from >= $1::date", [monday]);
    expect(lots.map((row) => row.lot_size)).not.toContain(25);
    // Its Thursday expiries are the dated rows' own (migration 093): the book adds none.
    expect(expiryWeekdayRow((await indexFacts(db, 'NIFTY', at(tuesday, '12:00'))).expiryWeekdays, thursday).weekday).toBe(4);
  });

  it('takes a weekday without a file for a holiday in a year without NSE’s list (2019)', async () => {
    const day = (date: string) => ({ ...prices.day('NIFTY', monday)!, day: date });
    await shapeMarket(db, 'NIFTY', [day('2019-01-07'), day('2019-01-09')]);
    expect(await holidaysBetween('2019-01-07', '2019-01-09')).toEqual(['2019-01-08']);
  });
});
