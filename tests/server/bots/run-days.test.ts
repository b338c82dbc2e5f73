// Which days a bot runs on: trading days among its weekdays, and in demo mode (a market that never closes)
// every day, weekends included.
import { describe, expect, it } from 'vitest';
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
});
