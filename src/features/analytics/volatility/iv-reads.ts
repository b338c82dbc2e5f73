// The implied volatility charts' reads of market history (GET /api/market-history/iv/…, issue 40).
import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

export type IvIndex = components['schemas']['HistoryIndex'];
export type IvDay = components['schemas']['IvDay'];
export type IvHistory = components['schemas']['IvHistory'];
export type IvSmile = components['schemas']['IvSmile'];
export type IvSmileAt = components['schemas']['IvSmileAt'];
export type IvSource = components['schemas']['IvSource'];

export const ivIndices: readonly IvIndex[] = ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY'];

export async function getIvHistory(index: IvIndex, lookbackDays: number): Promise<IvHistory> {
  const answer = await mainApi().GET('/api/market-history/iv/history/', { params: { query: { index, lookback_days: lookbackDays } } });
  return requireField(answer, 'dates', 'iv');
}

export async function getIvDay(index: IvIndex, day: string | null, expiry: string | null): Promise<IvDay> {
  const query = { index, ...(day === null ? {} : { day }), ...(expiry === null ? {} : { expiry }) };
  return requireField(await mainApi().GET('/api/market-history/iv/day/', { params: { query } }), 'minutes', 'iv');
}

export async function getIvSmile(index: IvIndex, expiry: string, at: string | null, against: string | null): Promise<IvSmile> {
  const query = { index, expiry, ...(at === null ? {} : { at }), ...(against === null ? {} : { against }) };
  return requireField(await mainApi().GET('/api/market-history/iv/smile/', { params: { query } }), 'now');
}
