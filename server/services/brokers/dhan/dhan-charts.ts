// Dhan's historical candles (https://dhanhq.co/docs/v2/historical-data/): POST /v2/charts/intraday (1, 5, 15, 25
// or 60-minute candles, at most 90 days a request, `fromDate`/`toDate` as "YYYY-MM-DD HH:MM:SS" IST) and POST
// /v2/charts/historical (daily candles, `toDate` not included). Both answer parallel arrays, one entry a candle:
// `open`, `high`, `low`, `close`, `volume` and `timestamp` (seconds since the epoch), and `open_interest` when asked
// with `oi: true`. An index is asked for in segment IDX_I with instrument INDEX; a listed option in NSE_FNO with
// OPTIDX (or OPTSTK) by its scrip master security id, with its open interest.
import type { DhanHttp } from './dhan-http.ts';
import { isObject, malformed } from './dhan-json.ts';

export type DhanChartInstrument = { securityId: string; exchangeSegment: string; instrument: string };

/** One candle as Dhan's arrays give it: `at` is its start. */
export type DhanCandle = { at: Date; open: number; high: number; low: number; close: number; volume: number; openInterest: number };

/** Dhan's longest intraday request. */
export const dhanIntradayWindowDays = 90;

const fields = ['open', 'high', 'low', 'close', 'volume', 'timestamp'] as const;

/** Dhan's parallel arrays as candles; an empty answer (`{}` or empty arrays: a range without trading) is none. */
export function readDhanCandles(body: unknown): DhanCandle[] {
  if (!isObject(body)) throw malformed('charts: not an object');
  if (body.timestamp === undefined) return [];
  const columns = fields.map((field) => {
    const column = body[field] ?? (field === 'volume' ? [] : undefined);
    if (!Array.isArray(column) || column.some((value) => typeof value !== 'number')) throw malformed(`charts: ${field}`);
    return column as number[];
  });
  const [open, high, low, close, volume, timestamp] = columns as [number[], number[], number[], number[], number[], number[]];
  if ([open, high, low, close].some((column) => column.length !== timestamp.length)) throw malformed('charts: arrays of different lengths');
  const oi = body.open_interest ?? [];
  if (!Array.isArray(oi) || oi.some((value) => typeof value !== 'number')) throw malformed('charts: open_interest');
  return timestamp.map((seconds, at) => ({ at: new Date(seconds * 1000), open: open[at]!, high: high[at]!, low: low[at]!, close: close[at]!, volume: volume[at] ?? 0, openInterest: (oi[at] as number | undefined) ?? 0 }));
}

/** One-minute candles from `from` to `to` (IST days, both included); `oi`: with open interest (derivatives). */
export async function getIntradayCandles(http: DhanHttp, instrument: DhanChartInstrument, from: string, to: string, oi = false): Promise<DhanCandle[]> {
  const json = { ...instrument, interval: '1', oi, fromDate: `${from} 09:00:00`, toDate: `${to} 15:59:00` };
  return readDhanCandles(await http.request({ method: 'POST', path: '/v2/charts/intraday', json }));
}

/** Daily candles from `from` to `to` (IST days, both included: Dhan's `toDate` is not, so the day after is sent). */
export async function getDailyCandles(http: DhanHttp, instrument: DhanChartInstrument, from: string, toExcluded: string): Promise<DhanCandle[]> {
  const json = { ...instrument, expiryCode: 0, oi: false, fromDate: from, toDate: toExcluded };
  return readDhanCandles(await http.request({ method: 'POST', path: '/v2/charts/historical', json }));
}
