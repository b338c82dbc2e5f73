// The open-interest charts' model: the choice on screen (kept in the address, so the chain can link to a strike)
// and the server's columns turned into chart lines. A point without a value is a gap (lightweight-charts'
// whitespace): the line breaks there, never bridging what was not stored.
import type { components } from '@openapi/main';

export type OpenInterestDay = components['schemas']['OpenInterestDay'];
export type OpenInterestDays = components['schemas']['OpenInterestDays'];
export type OiSource = components['schemas']['OiSource'];
/** An index or (issue 63) a listed F&O stock: the server answers 404 for a symbol it does not list. */
export type OiIndex = components['schemas']['ChartUnderlying'];

/** A symbol as NSE spells one (M&M, BAJAJ-AUTO): the server's ChartUnderlying pattern. */
const underlyingPattern = /^[A-Z0-9][A-Z0-9&_-]{0,19}$/;
/** The indices whose option OI the charts keep; any other underlying they chart is an F&O stock (ChartUnderlying). */
const oiIndices: ReadonlySet<string> = new Set(['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY']);
export const isOiStock = (index: OiIndex): boolean => !oiIndices.has(index);
export const oiIntervals = [1, 3, 5, 15, 30, 60] as const;
export type OiInterval = (typeof oiIntervals)[number];
/** The server's limit of strikes on one chart. */
export const maxOiStrikes = 8;

export type OiChoice = { index: OiIndex; day: string | null; expiry: string | null; strikes: number[]; interval: OiInterval };

/** The choice read from the address (`?index=NIFTY&expiry=2026-10-06&strikes=25000`); anything unreadable is left to the server's default. */
export function choiceFromSearch(search: URLSearchParams): OiChoice {
  const asked = search.get('index');
  const index = asked !== null && underlyingPattern.test(asked) ? asked : 'NIFTY';
  const date = (value: string | null) => (value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);
  const strikes = (search.get('strikes') ?? '')
    .split(',')
    .map(Number)
    .filter((strike) => Number.isFinite(strike) && strike > 0)
    .slice(0, maxOiStrikes);
  const interval = oiIntervals.find((minutes) => String(minutes) === search.get('interval')) ?? 5;
  return { index, day: date(search.get('day')), expiry: date(search.get('expiry')), strikes, interval };
}

export function searchOfChoice(choice: OiChoice): Record<string, string> {
  return {
    index: choice.index,
    ...(choice.day === null ? {} : { day: choice.day }),
    ...(choice.expiry === null ? {} : { expiry: choice.expiry }),
    ...(choice.strikes.length === 0 ? {} : { strikes: choice.strikes.join(',') }),
    ...(choice.interval === 5 ? {} : { interval: String(choice.interval) }),
  };
}

/** A time on the chart: an intraday minute as seconds (IST shown as UTC, as the candle chart does), or a day. */
export type OiTime = number | string;
export type OiPoint = { time: OiTime; value?: number };
/** A line: what it is (a strike's call or put, PCR, max pain), and its points. */
export type OiLine = { id: string; label: string; kind: 'CE' | 'PE' | 'pcr' | 'max_pain'; points: OiPoint[] };

/** lightweight-charts shows UTC: a minute of the IST day as seconds whose UTC reading is the IST clock. */
export function istMinuteTime(day: string, minute: number): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000 + minute * 60;
}

const pointsOf = (times: readonly OiTime[], values: readonly (number | null)[]): OiPoint[] =>
  times.map((time, i) => {
    const value = values[i];
    return value === null || value === undefined ? { time } : { time, value };
  });

/** Each charted strike's call and put: its OI, or its change in OI from the previous day's end. */
export function strikeLines(times: readonly OiTime[], series: OpenInterestDay['intraday']['series'], figure: 'oi' | 'change', name: (strike: number, type: 'CE' | 'PE') => string): OiLine[] {
  return series.map((entry) => ({ id: `${entry.strike}${entry.type}`, label: name(entry.strike, entry.type), kind: entry.type, points: pointsOf(times, entry[figure]) }));
}

export function intradayTimes(answer: OpenInterestDay): number[] {
  return answer.day === null ? [] : answer.intraday.minutes.map((minute) => istMinuteTime(answer.day as string, minute));
}

export const figureLine = (id: 'pcr' | 'max_pain', label: string, times: readonly OiTime[], values: readonly (number | null)[]): OiLine => ({ id, label, kind: id, points: pointsOf(times, values) });

/** The sources a chart's points come from, each once, in the order met (gaps have none). */
export function sourcesOf(sources: readonly (OiSource | null)[]): OiSource[] {
  return [...new Set(sources.filter((source): source is OiSource => source !== null))];
}

/** How many points are gaps (nothing stored). */
export const gapCount = (sources: readonly (OiSource | null)[]) => sources.filter((source) => source === null).length;

/** The profile's rows around max pain (or the middle), `around` strikes each side; all of them when `around` is null. */
export function profileRows(profile: NonNullable<OpenInterestDay['profile']>, around: number | null) {
  const rows = profile.strikes.map((strike, i) => ({
    strike,
    call: profile.call_oi[i] ?? null,
    put: profile.put_oi[i] ?? null,
    previousCall: profile.previous?.call_oi[i] ?? null,
    previousPut: profile.previous?.put_oi[i] ?? null,
  }));
  if (around === null) return rows;
  const centre = profile.max_pain === null ? Math.floor(rows.length / 2) : Math.max(0, rows.findIndex((row) => row.strike === profile.max_pain));
  return rows.slice(Math.max(0, centre - around), centre + around + 1);
}
