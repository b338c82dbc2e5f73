// The regular session is a dated fact (migration 075): NSE's F&O close moved from 15:30 to 15:40 IST on 3 August 2026,
// with the close-price window from 15:00–15:30 to 15:10–15:40. A day is traded, replayed and backtested at its own.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { loadRegularSessions, loadTradingCalendar } from '../../../server/services/market/calendar-data.ts';
import { sessionAt } from '../../../server/services/market/exchange-session.ts';
import { contractExpiryMs, dayHours, expiriesTradingFrom, regularSessionOn, sessionOn } from '../../../server/services/market/trading-calendar.ts';
import { nseRegularSessions } from '../support/regular-sessions.ts';
import { migratedDatabasePerFile, testBackends } from '../support/test-database.ts';

const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);

describe.each(testBackends)('the regular session by date on %s', (backend) => {
  let db: Database;
  migratedDatabasePerFile(backend, (opened) => (db = opened));

  it("is read from market_sessions with its source, as the tests' copy has it", async () => {
    expect(await loadRegularSessions(db, 'NSE')).toEqual(nseRegularSessions);
    const bse = await loadRegularSessions(db, 'BSE');
    expect(bse.map((session) => [session.effectiveFrom, session.close, session.preOpen?.from ?? null])).toEqual([
      ['2000-01-01', '15:30', null],
      ['2025-12-08', '15:30', '09:00'],
      ['2026-08-03', '15:40', '09:00'],
    ]);
  });

  it('closes a day of 2025 at 15:30 and a day since 3 August 2026 at 15:40, each with its close-price window', async () => {
    const calendar = await loadTradingCalendar(db, 'NSE');
    expect(sessionOn(calendar, '2025-11-03')).toEqual({ open: '09:15', close: '15:30' });
    expect(regularSessionOn(calendar, '2025-11-03').closePrice).toEqual({ from: '15:00', to: '15:30' });
    expect(sessionOn(calendar, '2026-07-31')).toEqual({ open: '09:15', close: '15:30' });
    expect(sessionOn(calendar, '2026-08-03')).toEqual({ open: '09:15', close: '15:40' });
    expect(regularSessionOn(calendar, '2026-08-03').closePrice).toEqual({ from: '15:10', to: '15:40' });
    expect(regularSessionOn(calendar, '2026-08-03').source).toMatch(/NSE circular 74\/2026/);
    expect(dayHours(calendar, '2026-11-23')).toEqual({ open: '09:15', close: '15:40', misSquareOff: '15:25' });
  });

  it('keeps the exchange open until 15:40 on exchange hours since 3 August 2026, and until 15:30 before', async () => {
    const calendar = await loadTradingCalendar(db, 'NSE');
    expect(sessionAt(calendar, ist('2026-11-23', '15:35')).open).toBe(true);
    expect(sessionAt(calendar, ist('2026-11-23', '15:39')).open).toBe(true);
    expect(sessionAt(calendar, ist('2026-11-23', '15:40'))).toMatchObject({ open: false, closedAt: ist('2026-11-23', '15:40') });
    expect(sessionAt(calendar, ist('2025-11-03', '15:35'))).toMatchObject({ open: false, closedAt: ist('2025-11-03', '15:30') });
  });

  it("expires a contract at the close of its expiry day, and lists that day's expiry until then", async () => {
    const calendar = await loadTradingCalendar(db, 'NSE');
    expect(new Date(contractExpiryMs(calendar, '2026-11-24'))).toEqual(ist('2026-11-24', '15:40'));
    expect(new Date(contractExpiryMs(calendar, '2025-11-04'))).toEqual(ist('2025-11-04', '15:30'));
    expect(expiriesTradingFrom(calendar, ist('2026-12-01', '15:35'))).toBe('2026-12-01');
    expect(expiriesTradingFrom(calendar, ist('2026-12-01', '15:40'))).toBe('2026-12-02');
    expect(expiriesTradingFrom(calendar, ist('2025-12-02', '15:35'))).toBe('2025-12-03');
  });
});
