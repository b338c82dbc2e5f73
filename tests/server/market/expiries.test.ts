// Expiry dates and Kite tradingsymbols from index facts and the exchange calendar (NSE's 2026 circular).
import { describe, expect, it } from 'vitest';
import { listExpiries, type Expiry } from '../../../server/services/market/expiries.ts';
import { isTradingDay, sessionOn, expiryDayOnOrBefore, type TradingCalendar } from '../../../server/services/market/trading-calendar.ts';
import { optionTradingsymbol } from '../../../server/services/market/tradingsymbol.ts';
import { nseRegularSessions } from '../support/regular-sessions.ts';

/** The date and kind of each expiry (its close is checked on its own). */
const shape = (list: readonly Expiry[]) => list.map(({ date, kind }) => ({ date, kind }));

const calendar: TradingCalendar = {
  regular: nseRegularSessions,
  holidays: new Map([
    ['2026-03-03', 'Holi'],
    ['2026-03-26', 'Shri Ram Navami'],
    ['2026-03-31', 'Shri Mahavir Jayanti'],
    ['2026-11-10', 'Diwali Balipratipada'],
    ['2026-11-24', 'Prakash Gurpurb Sri Guru Nanak Dev'],
    ['2026-12-25', 'Christmas'],
  ]),
  specialSessions: new Map([['2026-02-01', { open: '09:15', close: '15:30', description: 'Union Budget' }]]),
};
/** Expiry weekdays as migration 093 dates them: NSE Thursday, then Tuesday for contracts expiring from 1 Sep 2025. */
const nseWeekdays = [
  { expiringFrom: '2000-01-01', weekday: 4, source: 'NSE: Thursday' },
  { expiringFrom: '2025-09-01', weekday: 2, source: 'SEBI circular of 26 May 2025; NSE/FAOP/68589' },
];
/** BSE: Friday, Tuesday from the weekly after Friday 3 Jan 2025 (BSE circular of 28 Nov 2024), Thursday from 1 Sep 2025. */
const bseWeekdays = [
  { expiringFrom: '2000-01-01', weekday: 5, source: 'BSE: Friday' },
  { expiringFrom: '2025-01-04', weekday: 2, source: 'BSE circular of 28 Nov 2024' },
  { expiringFrom: '2025-09-01', weekday: 4, source: 'SEBI circular of 26 May 2025' },
];
const nifty = { expiryCycle: 'weekly', expiryWeekdays: nseWeekdays } as const;
const sensex = { expiryCycle: 'weekly', expiryWeekdays: bseWeekdays } as const;
const bankNifty = { expiryCycle: 'monthly', expiryWeekdays: nseWeekdays } as const;

describe('the trading calendar', () => {
  it('closes weekends and holidays, and opens special sessions', () => {
    expect(isTradingDay(calendar, '2026-11-23')).toBe(true);
    expect(isTradingDay(calendar, '2026-11-24')).toBe(false);
    expect(isTradingDay(calendar, '2026-11-22')).toBe(false);
    expect(sessionOn(calendar, '2026-02-01')).toEqual({ open: '09:15', close: '15:30' });
    // NSE's F&O close moved to 15:40 on 3 August 2026 (migration 075); the Budget Sunday's special session kept its own hours.
    expect(sessionOn(calendar, '2026-11-23')).toEqual({ open: '09:15', close: '15:40' });
    expect(sessionOn(calendar, '2026-07-31')).toEqual({ open: '09:15', close: '15:30' });
  });

  it('finds the expiry day on or before a date, across a weekend', () => {
    expect(expiryDayOnOrBefore(calendar, '2026-12-27')).toBe('2026-12-24');
    expect(expiryDayOnOrBefore(calendar, '2026-11-23')).toBe('2026-11-23');
  });

  it('never lets a contract expire in a special session: a weekday Muhurat hour is a holiday for expiries, a Budget Sunday none', () => {
    // NSE's 2025 calendar: Tuesday 21 October was Diwali Laxmi Pujan, traded only 13:45–14:45 (Muhurat); the
    // NIFTY weekly of that Tuesday expired on Monday the 20th.
    const diwali: TradingCalendar = {
      regular: nseRegularSessions,
      holidays: new Map([['2025-10-22', 'Diwali Balipratipada']]),
      specialSessions: new Map([['2025-10-21', { open: '13:45', close: '14:45', description: 'Diwali Laxmi Pujan: Muhurat trading only' }]]),
    };
    expect(isTradingDay(diwali, '2025-10-21')).toBe(true);
    expect(expiryDayOnOrBefore(diwali, '2025-10-21')).toBe('2025-10-20');
    expect(listExpiries(nifty, diwali, '2025-10-20', { weekly: 2, monthly: 0 }).map((expiry) => expiry.date)).toEqual(['2025-10-20', '2025-10-28']);
    expect(expiryDayOnOrBefore(calendar, '2026-02-02')).toBe('2026-02-02');
    expect(expiryDayOnOrBefore(calendar, '2026-02-01')).toBe('2026-01-30');
  });
});

describe('expiries', () => {
  it('lists NIFTY on Thursdays for contracts expiring before 1 September 2025 and on Tuesdays after, side by side in August 2025', () => {
    expect(shape(listExpiries(nifty, calendar, '2025-08-20'))).toEqual([
      { date: '2025-08-21', kind: 'weekly' },
      { date: '2025-08-28', kind: 'monthly' },
      { date: '2025-09-02', kind: 'weekly' },
      { date: '2025-09-09', kind: 'weekly' },
      { date: '2025-09-30', kind: 'monthly' },
      { date: '2025-10-28', kind: 'monthly' },
    ]);
    // A clock in 2024 lists Thursdays only; the monthly index its last Thursdays, then its last Tuesday.
    expect(shape(listExpiries(nifty, calendar, '2024-06-03', { weekly: 2, monthly: 1 }))).toEqual([
      { date: '2024-06-06', kind: 'weekly' },
      { date: '2024-06-13', kind: 'weekly' },
      { date: '2024-06-27', kind: 'monthly' },
    ]);
    expect(shape(listExpiries(bankNifty, calendar, '2025-07-01', { weekly: 0, monthly: 3 })).map((expiry) => expiry.date)).toEqual(['2025-07-31', '2025-08-28', '2025-09-30']);
  });

  it("lists SENSEX by BSE's own dates: Friday, then Tuesday from January 2025 (3 January kept its Friday), then Thursday from September 2025", () => {
    expect(shape(listExpiries(sensex, calendar, '2024-12-26', { weekly: 4, monthly: 2 }))).toEqual([
      { date: '2024-12-27', kind: 'monthly' },
      { date: '2025-01-03', kind: 'weekly' },
      { date: '2025-01-07', kind: 'weekly' },
      { date: '2025-01-14', kind: 'weekly' },
      { date: '2025-01-28', kind: 'monthly' },
    ]);
    expect(shape(listExpiries(sensex, calendar, '2025-08-20', { weekly: 3, monthly: 2 }))).toEqual([
      { date: '2025-08-26', kind: 'monthly' },
      { date: '2025-09-04', kind: 'weekly' },
      { date: '2025-09-11', kind: 'weekly' },
      { date: '2025-09-25', kind: 'monthly' },
    ]);
  });

  it('lists NIFTY weeklies on Tuesdays and moves holiday expiries to the trading day before', () => {
    expect(shape(listExpiries(nifty, calendar, '2026-11-03', { weekly: 4, monthly: 2 }))).toEqual([
      { date: '2026-11-03', kind: 'weekly' },
      { date: '2026-11-09', kind: 'weekly' },
      { date: '2026-11-17', kind: 'weekly' },
      { date: '2026-11-23', kind: 'monthly' },
      { date: '2026-12-29', kind: 'monthly' },
    ]);
  });

  it('moves a monthly expiry on a holiday (31 March 2026, Mahavir Jayanti) to the Monday', () => {
    const expiries = shape(listExpiries(nifty, calendar, '2026-03-01', { weekly: 5, monthly: 1 }));
    expect(expiries).toContainEqual({ date: '2026-03-02', kind: 'weekly' });
    expect(expiries).toContainEqual({ date: '2026-03-30', kind: 'monthly' });
    expect(expiries.map((expiry) => expiry.date)).not.toContain('2026-03-31');
  });

  it('lists SENSEX weeklies on Thursdays, the last one monthly and shifted off Ram Navami', () => {
    const expiries = shape(listExpiries(sensex, calendar, '2026-03-19', { weekly: 2, monthly: 1 }));
    expect(expiries).toEqual([
      { date: '2026-03-19', kind: 'weekly' },
      { date: '2026-03-25', kind: 'monthly' },
    ]);
  });

  it('lists only monthlies for a monthly index', () => {
    expect(shape(listExpiries(bankNifty, calendar, '2026-11-22', { weekly: 4, monthly: 2 }))).toEqual([
      { date: '2026-11-23', kind: 'monthly' },
      { date: '2026-12-29', kind: 'monthly' },
    ]);
  });

  it('keeps the day after a shifted expiry from listing the past', () => {
    expect(listExpiries(nifty, calendar, '2026-11-24', { weekly: 1, monthly: 1 })[0]).toEqual({ date: '2026-12-01', kind: 'weekly', closes_at: '2026-12-01T10:10:00.000Z' });
  });

  it("closes each expiry at its day's close: 15:30 IST before 3 August 2026, 15:40 since", () => {
    expect(listExpiries(nifty, calendar, '2026-07-27', { weekly: 2, monthly: 0 }).map((expiry) => expiry.closes_at)).toEqual([
      '2026-07-28T10:00:00.000Z',
      '2026-08-04T10:10:00.000Z',
    ]);
  });
});

describe('Kite tradingsymbols', () => {
  it.each([
    ['a December weekly', 'NIFTY', { date: '2026-12-01', kind: 'weekly' }, 24000, 'CE', 'NIFTY26D0124000CE'],
    ['an October weekly', 'NIFTY', { date: '2026-10-06', kind: 'weekly' }, 25050, 'PE', 'NIFTY26O0625050PE'],
    ['a November weekly', 'NIFTY', { date: '2026-11-09', kind: 'weekly' }, 24000, 'PE', 'NIFTY26N0924000PE'],
    ['a January weekly', 'NIFTY', { date: '2027-01-05', kind: 'weekly' }, 25000, 'CE', 'NIFTY2710525000CE'],
    ['a September weekly', 'SENSEX', { date: '2026-09-03', kind: 'weekly' }, 81000, 'CE', 'SENSEX2690381000CE'],
    ['a monthly', 'NIFTY', { date: '2026-12-29', kind: 'monthly' }, 24000, 'CE', 'NIFTY26DEC24000CE'],
    ['a monthly moved off a holiday', 'BANKNIFTY', { date: '2026-11-23', kind: 'monthly' }, 52000, 'PE', 'BANKNIFTY26NOV52000PE'],
  ] as const)('names %s', (_label, index, expiry, strike, type, symbol) => {
    expect(optionTradingsymbol(index, expiry, strike, type)).toBe(symbol);
  });
});

it('refuses a strike off the whole-rupee grid', () => {
  expect(() => optionTradingsymbol('NIFTY', { date: '2026-12-29', kind: 'monthly' }, 24012.5, 'CE')).toThrow(RangeError);
});
