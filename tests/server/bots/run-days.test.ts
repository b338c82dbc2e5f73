// Which days a bot runs on: trading days among its weekdays, and in demo mode (a market that never closes)
// every day, weekends included.
import { describe, expect, it } from 'vitest';
import { scheduledOn } from '../../../server/services/bots/engine/no-trade-days.ts';
import { botRunsOn } from '../../../server/services/bots/engine/rules.ts';

const monday = '2026-11-23';
const holidayTuesday = '2026-11-24';
const friday = '2026-11-27';
const saturday = '2026-11-28';

describe('botRunsOn', () => {
  it('runs a daily bot on its weekdays when the exchange trades, never on a holiday', () => {
    expect(botRunsOn([1, 3], monday, true, false)).toBe(true);
    expect(botRunsOn([3], monday, true, false)).toBe(false);
    expect(botRunsOn([2], holidayTuesday, false, false)).toBe(false);
    expect(botRunsOn(null, holidayTuesday, false, false)).toBe(false);
  });

  it('in demo mode runs on holidays and weekends, and its weekdays still choose among Monday to Friday', () => {
    expect(botRunsOn([2], holidayTuesday, false, true)).toBe(true);
    expect(botRunsOn([1], saturday, false, true)).toBe(true);
    expect(botRunsOn(null, saturday, false, true)).toBe(true);
    expect(botRunsOn([3], monday, true, true)).toBe(false);
    expect(botRunsOn([1], friday, true, true)).toBe(false);
  });

  it('backtests and replays schedule a bot on the days the live engine runs it, a Saturday session included (scheduledOn)', () => {
    // Saturday 1 February 2025 traded a full session (the Union Budget); Saturday 8 February did not.
    const budgetSaturday = '2025-02-01';
    const plainSaturday = '2025-02-08';
    const days: [string, boolean, boolean][] = [
      [monday, true, false],
      [holidayTuesday, false, false],
      [budgetSaturday, true, true],
      [plainSaturday, false, false],
    ];
    // A daily bot's weekdays are Monday to Friday (the contract's Weekdays); a trading bot has none.
    for (const weekdays of [null, [1, 2, 3, 4, 5], [2]] as const) {
      for (const [day, tradingDay, weekendSession] of days) {
        if (!tradingDay) continue;
        expect(scheduledOn(weekdays, day, false, weekendSession), `${String(weekdays)} on ${day}`).toBe(botRunsOn(weekdays, day, tradingDay, false));
      }
    }
    expect(scheduledOn(null, budgetSaturday, false, true)).toBe(true);
    expect(scheduledOn(null, plainSaturday, false, false)).toBe(false);
    expect(scheduledOn([1, 2, 3, 4, 5], budgetSaturday, false, true)).toBe(false);
  });
});
