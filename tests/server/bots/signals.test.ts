// The trend signals on candles (pure): bucketing minute candles on the IST clock, only completed candles,
// the EMA crossover and the Supertrend flip read on the last completed candle only.
import { describe, expect, it } from 'vitest';
import { aggregate, ema, emaCrossover, supertrend, supertrendDirections, supertrendFlip, type Candle, type MinuteCandle } from '../../../server/services/bots/engine/signals.ts';
import { istInstant, monday } from './bot-desk.ts';

const minutes = (time: string, closes: readonly number[], spread = 5): MinuteCandle[] =>
  closes.map((close, index) => ({ minute: new Date(istInstant(monday, time).getTime() + index * 60_000), open: close, high: close + spread, low: close - spread, close }));

describe('trend signals', () => {
  it('buckets minutes into IST-aligned candles and leaves out the one still forming', () => {
    const bars = aggregate(minutes('09:15', [1, 2, 3, 4, 5, 6, 7]), 5, istInstant(monday, '09:21').getTime());
    expect(bars).toHaveLength(1);
    expect(bars[0]).toMatchObject({ start: istInstant(monday, '09:15').getTime(), open: 1, close: 5, high: 10, low: -4 });
  });

  it('signals an EMA crossover only on the candle where it happens', () => {
    const closes = [100, 99, 98, 97, 96, 95, 94, 93, 92, 110];
    const now = (count: number) => istInstant(monday, '10:00').getTime() + count * 60_000;
    expect(emaCrossover(aggregate(minutes('10:00', closes), 1, now(10)), 3, 5)).toEqual({ direction: 'up', at: new Date(now(10)) });
    expect(emaCrossover(aggregate(minutes('10:00', [...closes, 111]), 1, now(11)), 3, 5)).toBeNull();
    expect(emaCrossover(aggregate(minutes('10:00', [...closes, 111, 80]), 1, now(12)), 3, 5)?.direction).toBe('down');
  });

  it('signals the Supertrend flip when the close breaks the opposite band', () => {
    const rising = Array.from({ length: 20 }, (_, n) => 1000 + n * 10);
    const now = (count: number) => istInstant(monday, '10:00').getTime() + count * 60_000;
    expect(supertrendFlip(aggregate(minutes('10:00', rising), 1, now(20)), 5, 2)).toBeNull();
    const crash = [...rising, 1100];
    expect(supertrendFlip(aggregate(minutes('10:00', crash), 1, now(21)), 5, 2)).toEqual({ direction: 'down', at: new Date(now(21)) });
    expect(supertrendFlip(aggregate(minutes('10:00', [...crash, 1095]), 1, now(22)), 5, 2)).toBeNull();
  });

  it('averages with alpha 2/(n+1), seeded with the first close', () => {
    expect(ema([10, 20, 30], 3)).toEqual([10, 15, 22.5]);
    expect(ema([10, 20], 1)).toEqual([10, 20]);
  });

  it('reads an EMA crossover from two candles on, and none when the lines meet without crossing', () => {
    const bars = (closes: readonly number[]): Candle[] => closes.map((close, index) => ({ start: index * 60_000, end: (index + 1) * 60_000, open: close, high: close, low: close, close }));
    expect(emaCrossover(bars([]), 1, 3)).toBeNull();
    expect(emaCrossover(bars([100]), 1, 3)).toBeNull();
    expect(emaCrossover(bars([100, 104]), 1, 3)).toEqual({ direction: 'up', at: new Date(120_000) });
    expect(emaCrossover(bars([100, 96]), 1, 3)).toEqual({ direction: 'down', at: new Date(120_000) });
    // Fast 100 → 104 → 102 against slow 100 → 102 → 102: they touch, no turn.
    expect(emaCrossover(bars([100, 104, 102]), 1, 3)).toBeNull();
  });

  it("follows Wilder's ATR and the final bands, flipping only when the close breaks a band, not when it touches it", () => {
    // [high, low, close]; period 2, multiplier 1. Every figure below is exact in binary.
    const hlc = [[12, 8, 10], [14, 10, 13], [15, 9, 9], [10, 6, 7], [12, 8, 11], [16, 12, 15], [13, 9, 9.125], [12, 8, 10], [10, 6, 7], [13, 11, 12.359375], [14, 12, 13]];
    const bars: Candle[] = hlc.map(([high, low, close], index) => ({ start: index * 60_000, end: (index + 1) * 60_000, open: close!, high: high!, low: low!, close: close! }));
    expect(supertrend(bars, 2, 1)).toEqual([
      { atr: 4, upper: 14, lower: 6, up: true },
      { atr: 4, upper: 14, lower: 8, up: true },
      { atr: 5, upper: 14, lower: 8, up: true },
      // The close breaks the lower band: down; the upper band only moves down meanwhile.
      { atr: 4.5, upper: 12.5, lower: 8, up: false },
      // The previous close under the lower band: it resets to the basic band.
      { atr: 4.75, upper: 12.5, lower: 5.25, up: false },
      { atr: 4.875, upper: 12.5, lower: 9.125, up: true },
      // The close touches the lower band: still up. The previous close above the upper band resets it.
      { atr: 5.4375, upper: 16.4375, lower: 9.125, up: true },
      // The previous close on the lower band keeps it.
      { atr: 4.71875, upper: 14.71875, lower: 9.125, up: true },
      { atr: 4.359375, upper: 12.359375, lower: 9.125, up: false },
      // The close touches the upper band: still down.
      { atr: 5.1796875, upper: 12.359375, lower: 6.8203125, up: false },
      // The previous close on the upper band keeps it; this close breaks it: up.
      { atr: 3.58984375, upper: 12.359375, lower: 9.41015625, up: true },
    ]);
    // Past its first period the ATR is smoothed over the period: (ATR × (n − 1) + range) / n.
    const atrs = supertrend(bars.slice(0, 5), 3, 1).map((point) => point.atr);
    [4, 4, 14 / 3, 40 / 9, 125 / 27].forEach((atr, index) => expect(atrs[index]).toBeCloseTo(atr, 9));
    // Directions from the candle after the ATR's first period; a flip needs two of them.
    expect(supertrendDirections(bars, 2, 1)).toEqual([true, false, false, true, true, true, false, false, true]);
    expect(supertrendDirections(bars.slice(0, 2), 2, 1)).toEqual([]);
    expect(supertrendFlip(bars.slice(0, 3), 2, 1)).toBeNull();
    expect(supertrendFlip(bars.slice(0, 4), 2, 1)).toEqual({ direction: 'down', at: new Date(240_000) });
    expect(supertrendFlip(bars.slice(0, 5), 2, 1)).toBeNull();
    expect(supertrendFlip(bars.slice(0, 6), 2, 1)).toEqual({ direction: 'up', at: new Date(360_000) });
  });
});
