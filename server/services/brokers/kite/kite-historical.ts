// Historical candles (Kite Connect v3, the paid historical-data add-on):
// GET /instruments/historical/:instrument_token/:interval?from=yyyy-mm-dd hh:mm:ss&to=…&continuous=0&oi=0,
// answered `{candles: [[timestamp, open, high, low, close, volume(, oi)]]}` with IST timestamps like
// "2017-12-15T09:15:00+0530" and prices in rupees. Kite caps one request's span by interval (minute: 60
// days) and allows 3 historical requests a second; an app without the add-on is answered 403
// PermissionException. Splitting and pacing belong to the caller (kite-broker/kite-candles.ts).
import type { KiteHttp } from './kite-http.ts';
import { arrayAt, formatKiteTime, malformed, objectAt } from './kite-json.ts';

export type KiteCandleInterval = 'minute' | 'day' | '3minute' | '5minute' | '10minute' | '15minute' | '30minute' | '60minute';

/** One candle as Kite sends it: the timestamp text unchanged, prices in rupees. */
export type KiteCandle = { timestamp: string; open: number; high: number; low: number; close: number; volume: number };

/** The longest span one minute request may cover (Kite's limit for the `minute` interval). */
export const maxMinuteRequestDays = 60;

/** Kite's published limit for the historical endpoint, per app. */
export const historicalRequestsPerSecond = 3;

export type HistoricalRequest = { instrumentToken: number; interval: KiteCandleInterval; from: Date; to: Date };

export async function getHistoricalCandles(http: KiteHttp, request: HistoricalRequest): Promise<KiteCandle[]> {
  const data = await http.request({
    method: 'GET',
    path: `/instruments/historical/${request.instrumentToken}/${request.interval}`,
    query: { from: formatKiteTime(request.from), to: formatKiteTime(request.to), continuous: 0, oi: 0 },
  });
  return arrayAt(objectAt(data, 'historical data').candles, 'candles').map(readCandle);
}

function readCandle(value: unknown, at: number): KiteCandle {
  const row = arrayAt(value, `candles[${at}]`);
  const [timestamp, open, high, low, close, volume] = row;
  if (typeof timestamp !== 'string') throw malformed(`candles[${at}][0] is not a timestamp`);
  const numbers = [open, high, low, close, volume ?? 0];
  if (!numbers.every((item) => typeof item === 'number' && Number.isFinite(item))) throw malformed(`candles[${at}] has a price that is not a number`);
  const [o, h, l, c, v] = numbers as [number, number, number, number, number];
  return { timestamp, open: o, high: h, low: l, close: c, volume: v };
}
