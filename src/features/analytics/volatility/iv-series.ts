// The implied volatility charts' lines, from the server's columns (iv-reads.ts): computed once here, drawn by
// iv-chart.ts. A gap stays a gap: a null minute, or a trading day listed missing, becomes a point without a value
// (lightweight-charts' whitespace), so the line breaks there and is never drawn across it.
import type { IvDay, IvHistory, IvSmileAt, IvSource } from '@/features/analytics/volatility/iv-reads';

/** A point of a line on a time axis: seconds, IST read as UTC (the axis then reads IST), or a day. */
export type TimePoint = { time: number; value?: number };
export type DayPoint = { time: string; value?: number };
export type StrikePoint = { time: number; value: number };


/** An IST minute of a day (HH:MM) as the chart's time: its instant shifted by IST's offset. */
export function minuteTime(day: string, clock: string): number {
  return Date.parse(`${day}T${clock}:00Z`) / 1000;
}

/** The day's ATM IV line, a null minute a gap. */
export function dayLine(answer: IvDay): TimePoint[] {
  if (answer.day === null) return [];
  const day = answer.day;
  return answer.minutes.map((clock, at) => {
    const iv = answer.iv[at];
    return iv === null || iv === undefined ? { time: minuteTime(day, clock) } : { time: minuteTime(day, clock), value: iv };
  });
}

/** The across-days line: each day's IV, each missing trading day a gap. */
export function historyLine(answer: IvHistory): DayPoint[] {
  const points: DayPoint[] = answer.dates.map((day, at) => ({ time: day, value: answer.iv[at] as number }));
  for (const day of answer.missing_days) points.push({ time: day });
  return points.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
}

/**
 * The smile as traders read it: each strike's out-of-the-money side (the put below the level, the call at and
 * above it), whose prices carry the volatility; the in-the-money side is mostly intrinsic value. A strike whose
 * side has no IV is left out (the line joins its neighbours: a smile's x axis is strikes, not time).
 */
export function smileLine(smile: IvSmileAt): StrikePoint[] {
  if (smile.spot === null) return [];
  const spot = smile.spot;
  return smile.strikes.flatMap((strike, at) => {
    const iv = strike >= spot ? smile.call_iv[at] : smile.put_iv[at];
    return iv === null || iv === undefined ? [] : [{ time: strike, value: iv }];
  });
}

/** The sources a series' points come from, most numerous first (what the screen says the chart is made of). */
export function sourcesOf(sources: readonly (IvSource | null)[]): IvSource[] {
  const counts = new Map<IvSource, number>();
  for (const source of sources) if (source !== null) counts.set(source, (counts.get(source) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([source]) => source);
}

/** How many of a day's minutes are gaps. */
export const gapMinutes = (answer: IvDay) => answer.iv.filter((iv) => iv === null).length;

/** The last minute with an ATM IV: its IV, strike, level and minute; null without one. */
export function lastDayPoint(answer: IvDay): { iv: number; callIv: number; putIv: number; strike: number; spot: number; minute: string; source: IvSource } | null {
  const at = answer.iv.findLastIndex((iv) => iv !== null);
  if (at < 0) return null;
  return {
    iv: answer.iv[at] as number,
    callIv: answer.call_iv[at] as number,
    putIv: answer.put_iv[at] as number,
    strike: answer.strike[at] as number,
    spot: answer.spot[at] as number,
    minute: answer.minutes[at] as string,
    source: answer.source[at] as IvSource,
  };
}

