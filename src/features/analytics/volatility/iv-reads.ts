// The implied volatility charts' reads of market history (GET /api/market-history/iv/…, issue 40).
import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';
import { shownByScreen } from '@/lib/api/api-error';

export type IvIndex = components['schemas']['HistoryIndex'];
export type IvDay = components['schemas']['IvDay'];
export type IvHistory = components['schemas']['IvHistory'];
export type IvSmile = components['schemas']['IvSmile'];
export type IvSmileAt = components['schemas']['IvSmileAt'];
export type IvSource = components['schemas']['IvSource'];

export const ivIndices: readonly IvIndex[] = ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY'];

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
