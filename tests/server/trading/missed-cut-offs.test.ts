// Which MIS square-off a server that was down missed (issue 26, from the mutation run): the 15:25 IST cut-off of
// the position's last trade's day, once the regular square-off's window (to the close: 15:40 since 3 August 2026,
// 15:30 before) is over, and none for a
// position traded after its day's cut-off. No server: the rule itself, at its edges to the millisecond. On a
// special session's day (issue 39) the cut-off and the window are the session's own, read from NSE's calendar
// as migrated (Muhurat trading on Sunday 8 November 2026: 18:00–19:00, square-off 18:50; the drill of Saturday
// 2 March 2024: 09:15–10:00 and 11:30–12:30, no MIS at all, the square-off at the open).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { cutOffOn, missedCutOff, missedFrom } from '../../../server/services/brokers/paper/missed-cut-offs.ts';
import { loadTradingCalendar } from '../../../server/services/market/calendar-data.ts';
import { dayHours } from '../../../server/services/market/trading-calendar.ts';
import { nseRegularSessions } from '../support/regular-sessions.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';

const ist = (day: string, time: string) => new Date(`${day}T${time}+05:30`);
const ms = (instant: Date, offset: number) => new Date(instant.getTime() + offset);
// A regular day of November 2026 (migration 075): 09:15–15:40, the paper broker's square-off at 15:25.
const regular = dayHours({ regular: nseRegularSessions, holidays: new Map(), specialSessions: new Map() }, '2026-11-20');

describe("the MIS cut-off a stopped server missed", () => {
  it('is 15:25 IST of the given IST day, and the window the regular square-off has runs to the 15:40 close', () => {
    expect(cutOffOn('2026-11-20', regular)).toEqual(ist('2026-11-20', '15:25:00'));
    expect(missedFrom('2026-11-20', regular)).toEqual(ist('2026-11-20', '15:40:00'));
    // A day before 3 August 2026 closed at 15:30: five minutes after the cut-off.
    const before = dayHours({ regular: nseRegularSessions, holidays: new Map(), specialSessions: new Map() }, '2026-07-31');
    expect(missedFrom('2026-07-31', before)).toEqual(ist('2026-07-31', '15:30:00'));
  });

  it("is the last trade's own IST day's cut-off, even for a trade before 05:30 IST (the previous UTC day)", () => {
    const earlyMorning = ist('2026-11-20', '01:00:00');
    expect(missedCutOff(earlyMorning, ist('2026-11-23', '10:00:00'), regular)).toEqual(ist('2026-11-20', '15:25:00'));
  });

  it('counts a position last traded at the very cut-off, not one traded a millisecond after it', () => {
    const cutOff = ist('2026-11-20', '15:25:00');
    const later = ist('2026-11-20', '16:00:00');
    expect(missedCutOff(cutOff, later, regular)).toEqual(cutOff);
    expect(missedCutOff(ms(cutOff, 1), later, regular)).toBeNull();
  });

  it('is missed from the very instant the window ends (15:40 IST), not a millisecond before', () => {
    const traded = ist('2026-11-20', '10:00:00');
    const cutOff = ist('2026-11-20', '15:25:00');
    expect(missedCutOff(traded, ist('2026-11-20', '15:40:00'), regular)).toEqual(cutOff);
    expect(missedCutOff(traded, ms(ist('2026-11-20', '15:40:00'), -1), regular)).toBeNull();
    expect(missedCutOff(traded, ist('2026-11-20', '15:30:00'), regular)).toBeNull();
    expect(missedCutOff(traded, ist('2026-11-20', '12:00:00'), regular)).toBeNull();
  });

  it("on a later day is still the last trade's day's cut-off, not today's", () => {
    expect(missedCutOff(ist('2026-11-18', '11:00:00'), ist('2026-11-20', '09:20:00'), regular)).toEqual(ist('2026-11-18', '15:25:00'));
  });
});

describe.each(testBackends)("a special session's MIS cut-off a stopped server missed, on %s", (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await createMigratedTestDatabase(backend);
  });
  afterAll(async () => {
    await db.close();
  });

  it("is the session's own square-off from NSE's calendar, missed once the session has closed", async () => {
    const calendar = await loadTradingCalendar(db, 'NSE');
    const muhurat = dayHours(calendar, '2026-11-08');
    expect(muhurat).toEqual({ open: '18:00', close: '19:00', misSquareOff: '18:50', regular: { open: '09:15', close: '15:40' } });
    const traded = ist('2026-11-08', '18:10:00');
    expect(cutOffOn('2026-11-08', muhurat)).toEqual(ist('2026-11-08', '18:50:00'));
    // Not 15:25: a position bought at 18:10 had not missed a cut-off that came before it.
    expect(missedCutOff(traded, ist('2026-11-08', '18:59:59'), muhurat)).toBeNull();
    expect(missedCutOff(traded, ist('2026-11-08', '19:00:00'), muhurat)).toEqual(ist('2026-11-08', '18:50:00'));
    expect(missedCutOff(traded, ist('2026-11-09', '09:20:00'), muhurat)).toEqual(ist('2026-11-08', '18:50:00'));
    expect(missedCutOff(ist('2026-11-08', '18:51:00'), ist('2026-11-09', '09:20:00'), muhurat)).toBeNull();
    // The drill took no MIS orders: its square-off is its open, missed from the close of its second session
    // (11:30–12:30, migration 071), the day's last.
    const drill = dayHours(calendar, '2024-03-02');
    expect(drill).toEqual({ open: '09:15', close: '12:30', misSquareOff: '09:15', pause: { from: '10:00', until: '11:30' }, regular: { open: '09:15', close: '15:30' } });
    expect(missedCutOff(ist('2024-03-02', '09:15:00'), ist('2024-03-02', '12:29:59'), drill)).toBeNull();
    expect(missedCutOff(ist('2024-03-02', '09:15:00'), ist('2024-03-02', '12:30:00'), drill)).toEqual(ist('2024-03-02', '09:15:00'));
    // A regular day still 15:25.
    expect(cutOffOn('2026-11-09', dayHours(calendar, '2026-11-09'))).toEqual(ist('2026-11-09', '15:25:00'));
  });

  it('says the 8 November 2026 Muhurat hours are unconfirmed: no circular of their timings was found (migration 071)', async () => {
    for (const exchange of ['NSE', 'BSE'] as const) {
      const calendar = await loadTradingCalendar(db, exchange);
      expect(calendar.sources?.get('2026-11-08')).toBe(
        'NSE/CMTR/71775 (trading holidays 2026: Muhurat trading on Sunday 8 November, timings to be notified). Hours 18:00-19:00 unconfirmed: no NSE circular of the session\'s timings found (searched 28 November 2026)',
      );
    }
  });
});
