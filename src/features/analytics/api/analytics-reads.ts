/**
 * The analytics backend's tables, read the way spec §7 says (order, page sizes of §9). Every answer keeps
 * when the server produced it (`X-Fetched-At`, else the moment it arrived) and whether the service worker
 * answered from its saved copy (`X-Served-From: cache`, sw/analytics-cache.ts), so every screen can say
 * "as of" and show the offline banner. The rows are the server's text: screens render them as text only.
 */
import type { components } from '@openapi/analytics';
import { ApiError } from '@/lib/api/api-error';
import { analyticsApi } from '@/lib/api/clients';

type Schemas = components['schemas'];
export type Commentary = Schemas['Commentary'];
export type MarketData = Schemas['MarketData'];
export type DailyData = Schemas['DailyData'];
export type Candle = Schemas['Candle'];
export type Recommendation = Schemas['Screener'];
export type StrategyBot = Schemas['Bot'];
export type IndexConfig = Schemas['IndexConfig'];
export type IndexName = Schemas['IndexName'];
export type CandleInterval = Candle['interval'];

/** Spec §9's page sizes. */
export const pageSizes = { commentary: 100, data: 20, dailyData: 10, screener: 10 } as const;

export type AnalyticsAnswer<T> = {
  value: T;
  /** When the server produced the answer (ms since the epoch). */
  fetchedAt: number;
  /** The service worker's saved copy answered: the network did not, in time. */
  cached: boolean;
  /** Rows in the whole table for this query (`Prefer: count=exact`), when asked. */
  total: number | null;
};

/** "0-99/1234" → 1234; "*" or no header → null. */
export function totalOf(contentRange: string | null): number | null {
  const total = contentRange?.split('/')[1];
  return total === undefined || !/^\d+$/.test(total) ? null : Number(total);
}

function answerOf<T>(value: T | undefined, response: Response, error: unknown): AnalyticsAnswer<T> {
  if (value === undefined) throw error instanceof Error ? error : new ApiError('invalid_response', 'Error', { cause: error });
  const stamped = Date.parse(response.headers.get('x-fetched-at') ?? '');
  return {
    value,
    fetchedAt: Number.isNaN(stamped) ? Date.now() : stamped,
    cached: response.headers.get('x-served-from') === 'cache',
    total: totalOf(response.headers.get('content-range')),
  };
}

/** A page of commentary, newest first (`size` rows a page: spec §9's 100 unless a panel shows fewer). */
export async function getCommentary(page: number, size: number = pageSizes.commentary): Promise<AnalyticsAnswer<Commentary[]>> {
  const { data, error, response } = await analyticsApi().GET('/rest/v1/commentary', {
    params: { query: { order: 'created_at.desc', limit: size, offset: (page - 1) * size } },
    headers: { Prefer: 'count=exact' },
  });
  return answerOf(data, response, error);
}

/** The latest index snapshots (indicator null), newest first. */
export async function getMarketData(): Promise<AnalyticsAnswer<MarketData[]>> {
  const { data, error, response } = await analyticsApi().GET('/rest/v1/data', {
    params: { query: { indicator: 'is.null', order: 'created_at.desc', limit: pageSizes.data } },
  });
  return answerOf(data, response, error);
}

/** The screener's signals (indicator screener), newest first. */
export async function getScreenerSignals(): Promise<AnalyticsAnswer<MarketData[]>> {
  const { data, error, response } = await analyticsApi().GET('/rest/v1/data', {
    params: { query: { indicator: 'eq.screener', order: 'created_at.desc', limit: pageSizes.screener } },
  });
  return answerOf(data, response, error);
}

/** The latest daily bars, newest first; one index's when given. */
export async function getDailyData(index?: IndexName, limit: number = pageSizes.dailyData): Promise<AnalyticsAnswer<DailyData[]>> {
  const { data, error, response } = await analyticsApi().GET('/rest/v1/daily_data', {
    params: { query: { order: 'date.desc', limit, ...(index === undefined ? {} : { index: `eq.${index}` }) } },
  });
  return answerOf(data, response, error);
}

/** The recommendations (the screener table), in display_order. */
export async function getRecommendations(): Promise<AnalyticsAnswer<Recommendation[]>> {
  const { data, error, response } = await analyticsApi().GET('/rest/v1/screener', { params: { query: { order: 'display_order.asc' } } });
  return answerOf(data, response, error);
}

export async function getStrategyBots(): Promise<AnalyticsAnswer<StrategyBot[]>> {
  const { data, error, response } = await analyticsApi().GET('/rest/v1/bots', { params: { query: { order: 'id.asc' } } });
  return answerOf(data, response, error);
}

/** Candles of an index, oldest first, the latest `limit` of them. */
export async function getCandles(index: IndexName, interval: CandleInterval, limit: number): Promise<AnalyticsAnswer<Candle[]>> {
  const { data, error, response } = await analyticsApi().GET('/rest/v1/candles', {
    params: { query: { index: `eq.${index}`, interval: `eq.${interval}`, order: 'time.desc', limit } },
  });
  const answer = answerOf(data, response, error);
  return { ...answer, value: [...answer.value].reverse() };
}

export type LastPrices = Schemas['MarketDataResponse'];

/** Last prices of up to 500 instruments from the market_data function (saved by the service worker too). */
export async function getLastPrices(instruments: readonly string[]): Promise<AnalyticsAnswer<LastPrices>> {
  const { data, error, response } = await analyticsApi().POST('/functions/v1/market_data', { body: { instruments: [...instruments] } });
  return answerOf(data, response, error);
}

/** An index a screen offers; its lot size as index_config says (null until it has answered). */
export type IndexChoice = { index: IndexName; lotSize: number | null };

/**
 * The indices the screens offer and their lot sizes, from index_config: for each index its first row in
 * force today (rows newest first by effective_from), in the order the indices first appear (their rows' ids).
 */
export function indexChoices(rows: readonly IndexConfig[], today: string): IndexChoice[] {
  const inForce = new Map<IndexName, IndexConfig>();
  for (const row of [...rows].sort((a, b) => b.effective_from.localeCompare(a.effective_from))) {
    if (row.effective_from <= today && !inForce.has(row.index)) inForce.set(row.index, row);
  }
  // Each index keeps its place (its first row's id) when a newer row changes its facts.
  const place = new Map<IndexName, number>();
  for (const row of rows) place.set(row.index, Math.min(place.get(row.index) ?? row.id, row.id));
  return [...inForce.values()].sort((a, b) => place.get(a.index)! - place.get(b.index)!).map((row) => ({ index: row.index, lotSize: row.lot_size }));
}

export async function getIndexConfig(): Promise<AnalyticsAnswer<IndexConfig[]>> {
  const { data, error, response } = await analyticsApi().GET('/rest/v1/index_config', { params: { query: { order: 'effective_from.desc' } } });
  return answerOf(data, response, error);
}
