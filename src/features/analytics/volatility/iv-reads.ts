// The implied volatility charts' reads of market history (GET /api/market-history/iv/…, issue 40).
import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';
import { shownByScreen } from '@/lib/api/api-error';
import { startEarlyRead } from '@/lib/api/early-read';

/** An index or (issue 63) a listed F&O stock: the server reads a stock's IVs from its imported bhavcopies. */
export type IvIndex = components['schemas']['ChartUnderlying'];
export type IvDay = components['schemas']['IvDay'];
export type IvHistory = components['schemas']['IvHistory'];
export type IvSmile = components['schemas']['IvSmile'];
export type IvSmileAt = components['schemas']['IvSmileAt'];
export type IvSource = components['schemas']['IvSource'];
export type IvFirstOpen = components['schemas']['IvFirstOpen'];

/** The indices whose minutes the recorder keeps (an IV alert watches those minutes: a stock has none). */
export type IvRecordedIndex = components['schemas']['HistoryIndex'];
export const ivIndices: readonly IvRecordedIndex[] = ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY'];
export const isIvIndex = (value: string | null): value is IvRecordedIndex => value !== null && (ivIndices as readonly string[]).includes(value);
/** The underlying an address names (`?index=RELIANCE`), spelled as the server's symbols are; NIFTY without one. */
export const ivUnderlyingOf = (asked: string | null): IvIndex => (asked !== null && /^[A-Z0-9][A-Z0-9&_-]{0,19}$/.test(asked) ? asked : 'NIFTY');
/** The IV percentile's lookback when the screen opens, in days. */
export const defaultIvLookback = 365;

/** The names the screen keeps each answer under (its last-known copy, its early read); null: the server's default. */
export const ivReadNames = {
  history: (index: IvIndex, lookbackDays: number) => `analytics:iv-history:${index}:${lookbackDays}`,
  day: (index: IvIndex, day: string | null, expiry: string | null) => `analytics:iv-day:${index}:${day ?? 'latest'}:${expiry ?? 'nearest'}`,
  smile: (index: IvIndex, expiry: string | null, day: string | null, against: string | null) =>
    `analytics:iv-smile:${index}:${expiry ?? 'nearest'}:${day ?? 'latest'}:${against ?? 'previous'}`,
};

/** The refusals the screen says where the chart would be (an expiry from a link that was over before the day). */
const inPlace = shownByScreen('history.iv_expiry_before_day', 'history.iv_minute_outside_session');

export async function getIvHistory(index: IvIndex, lookbackDays: number): Promise<IvHistory> {
  const answer = await mainApi().GET('/api/market-history/iv/history/', { params: { query: { index, lookback_days: lookbackDays } }, middleware: [inPlace] });
  return requireField(answer, 'dates', 'iv');
}

export async function getIvDay(index: IvIndex, day: string | null, expiry: string | null): Promise<IvDay> {
  const query = { index, ...(day === null ? {} : { day }), ...(expiry === null ? {} : { expiry }) };
  return requireField(await mainApi().GET('/api/market-history/iv/day/', { params: { query }, middleware: [inPlace] }), 'minutes', 'iv');
}

/**
 * Without an expiry (and without `at`), the smile of the expiry and day getIvDay answers for the same choice: the
 * screen asks both at once, so its first smile does not wait for the day's answer.
 */
export async function getIvSmile(index: IvIndex, expiry: string | null, at: string | null, against: string | null): Promise<IvSmile> {
  const query = { index, ...(expiry === null ? {} : { expiry }), ...(at === null ? {} : { at }), ...(against === null ? {} : { against }) };
  return requireField(await mainApi().GET('/api/market-history/iv/smile/', { params: { query }, middleware: [inPlace] }), 'index');
}

export async function getIvFirstOpen(index: IvIndex, expiry: string | null): Promise<IvFirstOpen> {
  const query = { index, ...(expiry === null ? {} : { expiry }) };
  return requireField(await mainApi().GET('/api/market-history/iv/first-open/', { params: { query }, middleware: [inPlace] }), 'history', 'day', 'smile');
}

/**
 * The screen's three first reads for the address being opened (`search`: ?index= and ?expiry=, the latest day, the
 * default lookback, the smile against the previous day), started beside its files (screens.ts); the screen takes them.
 * One request answers the three (issue 61: a round trip each on a slow network, and the screen's first drawing
 * waited for the last); should it fail, each read asks for itself, so the screen shows the very refusal it did.
 */
export function startEarlyIvReads(search: string): void {
  const params = new URLSearchParams(search);
  const index = ivUnderlyingOf(params.get('index'));
  const expiry = params.get('expiry');
  let firstOpen: Promise<IvFirstOpen> | null = null;
  // Sent by the first of the three early reads to go out, once the session is restored (early-read.ts).
  const together = () => (firstOpen ??= getIvFirstOpen(index, expiry));
  startEarlyRead(ivReadNames.history(index, defaultIvLookback), () => together().then((answer) => answer.history, () => getIvHistory(index, defaultIvLookback)));
  startEarlyRead(ivReadNames.day(index, null, expiry), () => together().then((answer) => answer.day, () => getIvDay(index, null, expiry)));
  startEarlyRead(ivReadNames.smile(index, expiry, null, null), () => together().then((answer) => answer.smile, () => getIvSmile(index, expiry, null, null)));
}
