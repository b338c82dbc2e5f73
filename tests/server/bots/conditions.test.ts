// The conditions' arithmetic (pure): the threshold of a fall or rise in percent and points, the VWAP weighted by the
// legs' volume (the minutes' average where no minute has any), and each kind read on the last completed minute only.
import { describe, expect, it } from 'vitest';
import {
  ivConditionMet,
  premiumConditionMet,
  premiumThreshold,
  vwapSeries,
  type ConditionSettings,
  type PremiumMinute,
} from '../../../server/services/bots/engine/conditions.ts';

const settings: ConditionSettings = { strikesAt: '09:20', move: 20, moveUnit: 'percent', ivLevel: 15 };
const series = (premiums: readonly number[], volumes?: readonly (number | null)[]): PremiumMinute[] =>
  premiums.map((premium, index) => ({ end: (index + 1) * 60_000, premium, volume: volumes?.[index] ?? null }));

describe('premium conditions', () => {
  it('measures a fall or rise from the fixing value in percent or points', () => {
    expect(premiumThreshold(200, settings, 'falls')).toBe(160);
    expect(premiumThreshold(200, settings, 'rises')).toBe(240);
    expect(premiumThreshold(200, { ...settings, move: 35, moveUnit: 'points' }, 'falls')).toBe(165);
  });

  it('is met on the minute the premium crosses the threshold, not on later minutes beyond it', () => {
    expect(premiumConditionMet('premium_falls', series([200, 180, 161]), settings)).toBeNull();
    const met = premiumConditionMet('premium_falls', series([200, 180, 160]), settings);
    expect(met).toEqual({ at: new Date(180_000), text: 'the 09:20 straddle fell 20% from 200.00 to 160.00' });
    expect(premiumConditionMet('premium_falls', series([200, 180, 160, 150]), settings)).toBeNull();
    expect(premiumConditionMet('premium_rises', series([200, 239, 240]), settings)).not.toBeNull();
    // The fixing minute alone: nothing to cross from.
    expect(premiumConditionMet('premium_falls', series([100]), settings)).toBeNull();
  });

  it("weighs the VWAP by the legs' volume, and by time where the data has none", () => {
    // (100 × 10 + 130 × 30) / 40 = 122.5 after the second minute.
    expect(vwapSeries(series([100, 130], [10, 30]))).toEqual([100, 122.5]);
    expect(vwapSeries(series([100, 130]))).toEqual([100, 115]);
    // A minute that did not trade weighs nothing; the VWAP before any volume is unknown, never 0.
    expect(vwapSeries(series([90, 100, 130], [0, 10, 0]))).toEqual([null, 100, 100]);
  });

  it('crosses its VWAP on the last minute only', () => {
    // VWAP 200, 195, 190, 185 then 187.1 with 195: crossed above on the last minute.
    const falling = [200.5, 190, 180, 170];
    expect(premiumConditionMet('premium_crosses_above_vwap', series(falling), settings)).toBeNull();
    expect(premiumConditionMet('premium_crosses_above_vwap', series([...falling, 195]), settings)?.at).toEqual(new Date(300_000));
    expect(premiumConditionMet('premium_crosses_above_vwap', series([...falling, 195, 196]), settings)).toBeNull();
    expect(premiumConditionMet('premium_crosses_below_vwap', series([100, 110, 90]), settings)?.text).toBe("the 09:20 straddle's premium 90.00 crossed below its VWAP 100.00");
  });
});

describe('IV conditions', () => {
  const ivs = (...values: number[]) => values.map((iv, index) => ({ end: (index + 1) * 60_000, iv }));
  it('compares the last minute with the level, and crosses only from the minute before', () => {
    expect(ivConditionMet('iv_above', ivs(15.2), settings)).not.toBeNull();
    expect(ivConditionMet('iv_above', ivs(15), settings)).toBeNull();
    expect(ivConditionMet('iv_below', ivs(14.9), settings)).not.toBeNull();
    expect(ivConditionMet('iv_crosses_above', ivs(14.8, 15.1), settings)?.at).toEqual(new Date(120_000));
    expect(ivConditionMet('iv_crosses_above', ivs(15.1, 15.3), settings)).toBeNull();
    expect(ivConditionMet('iv_crosses_above', ivs(15.1), settings)).toBeNull();
    expect(ivConditionMet('iv_crosses_below', ivs(15.1, 14.9), settings)).not.toBeNull();
  });
});
