// The trend signals on candles (pure): bucketing minute candles on the IST clock, only completed candles,
// the EMA crossover and the Supertrend flip read on the last completed candle only.
import { describe, expect, it } from 'vitest';
import { aggregate, emaCrossover, supertrendFlip, type MinuteCandle } from '../../../server/services/bots/engine/signals.ts';
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
});
