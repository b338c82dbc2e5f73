// Which MIS square-off a server that was down missed (issue 26, from the mutation run): the 15:25 IST cut-off of
// the position's last trade's day, once the regular square-off's window (to 15:30) is over, and none for a
// position traded after its day's cut-off. No server: the rule itself, at its edges to the millisecond.
import { describe, expect, it } from 'vitest';
import { cutOffOn, missedAfterMs, missedCutOff } from '../../../server/services/brokers/paper/missed-cut-offs.ts';

const ist = (day: string, time: string) => new Date(`${day}T${time}+05:30`);
const ms = (instant: Date, offset: number) => new Date(instant.getTime() + offset);

describe("the MIS cut-off a stopped server missed", () => {
  it('is 15:25 IST of the given IST day, and the window the regular square-off has is five minutes', () => {
    expect(cutOffOn('2026-11-20')).toEqual(ist('2026-11-20', '15:25:00'));
    expect(missedAfterMs).toBe(5 * 60_000);
  });

  it("is the last trade's own IST day's cut-off, even for a trade before 05:30 IST (the previous UTC day)", () => {
    const earlyMorning = ist('2026-11-20', '01:00:00');
    expect(missedCutOff(earlyMorning, ist('2026-11-23', '10:00:00'))).toEqual(ist('2026-11-20', '15:25:00'));
  });

  it('counts a position last traded at the very cut-off, not one traded a millisecond after it', () => {
    const cutOff = ist('2026-11-20', '15:25:00');
    const later = ist('2026-11-20', '16:00:00');
    expect(missedCutOff(cutOff, later)).toEqual(cutOff);
    expect(missedCutOff(ms(cutOff, 1), later)).toBeNull();
  });

  it('is missed from the very instant the window ends (15:30 IST), not a millisecond before', () => {
    const traded = ist('2026-11-20', '10:00:00');
    const cutOff = ist('2026-11-20', '15:25:00');
    expect(missedCutOff(traded, ist('2026-11-20', '15:30:00'))).toEqual(cutOff);
    expect(missedCutOff(traded, ms(ist('2026-11-20', '15:30:00'), -1))).toBeNull();
    expect(missedCutOff(traded, ist('2026-11-20', '15:26:00'))).toBeNull();
    expect(missedCutOff(traded, ist('2026-11-20', '12:00:00'))).toBeNull();
  });

  it("on a later day is still the last trade's day's cut-off, not today's", () => {
    expect(missedCutOff(ist('2026-11-18', '11:00:00'), ist('2026-11-20', '09:20:00'))).toEqual(ist('2026-11-18', '15:25:00'));
  });
});
