// Market reads: last prices (v3), minute candles (v3 historical and intraday), and the market feed's
// WebSocket address (v3 authorize: a one-time URL, asked again before every connection).
// https://upstox.com/developer/api-documentation/v3/get-ltp, .../v3/get-historical-candle-data,
// .../v3/get-intra-day-candle-data, .../v3/get-market-data-feed-authorize
import type { UpstoxHttp } from './upstox-http.ts';
import { listAt, malformed, objectAt, read } from './upstox-json.ts';

const ltpShape = { instrument_token: 'string', last_price: 'number', ltq: 'number?', volume: 'number?', cp: 'number?' } as const;

export type UpstoxLtp = ReturnType<typeof readLtp>;

function readLtp(value: unknown) {
  return read(value, ltpShape, 'a last price');
}

/** Last prices keyed by instrument key (`NSE_FO|43919`); Upstox keys its answer `NSE_FO:NIFTY…`, so the key is read from each entry. */
export async function getLtp(http: UpstoxHttp, instrumentKeys: readonly string[]): Promise<Map<string, UpstoxLtp>> {
  const data = objectAt(await http.data({ method: 'GET', path: '/v3/market-quote/ltp', query: { instrument_key: instrumentKeys.join(',') } }), 'the last prices');
  const prices = new Map<string, UpstoxLtp>();
  for (const entry of Object.values(data)) {
    const ltp = readLtp(entry);
    prices.set(ltp.instrument_token, ltp);
  }
  return prices;
}

/** One candle: its IST time as Upstox writes it (`2025-01-02T09:15:00+05:30`), OHLC in rupees, volume, open interest. */
export type UpstoxCandle = { timestamp: string; open: number; high: number; low: number; close: number; volume: number; oi: number };

export function readCandles(data: unknown): UpstoxCandle[] {
  const candles = listAt(objectAt(data, 'the candles').candles, 'the candles');
  return candles.map((row) => {
    const [timestamp, open, high, low, close, volume, oi] = listAt(row, 'a candle');
    if (typeof timestamp !== 'string' || ![open, high, low, close, volume].every((value) => typeof value === 'number')) throw malformed('a candle is not [time, open, high, low, close, volume, oi]');
    const num = (value: unknown) => (typeof value === 'number' ? value : 0);
    return { timestamp, open: num(open), high: num(high), low: num(low), close: num(close), volume: num(volume), oi: num(oi) };
  });
}

/** Minute candles of finished days, `from` and `to` as IST dates (YYYY-MM-DD), newest first as Upstox sends them. */
export async function getMinuteCandles(http: UpstoxHttp, instrumentKey: string, range: { from: string; to: string }, minutes = 1): Promise<UpstoxCandle[]> {
  const path = `/v3/historical-candle/${encodeURIComponent(instrumentKey)}/minutes/${minutes}/${range.to}/${range.from}`;
  return readCandles(await http.data({ method: 'GET', path }));
}

/** Today's minute candles so far. */
export async function getIntradayMinuteCandles(http: UpstoxHttp, instrumentKey: string, minutes = 1): Promise<UpstoxCandle[]> {
  return readCandles(await http.data({ method: 'GET', path: `/v3/historical-candle/intraday/${encodeURIComponent(instrumentKey)}/minutes/${minutes}` }));
}

/** The market feed's one-time WebSocket address. */
export async function authorizeMarketFeed(http: UpstoxHttp): Promise<string> {
  const data = objectAt(await http.data({ method: 'GET', path: '/v3/feed/market-data-feed/authorize' }), 'the feed authorization');
  return read(data, { authorized_redirect_uri: 'string' }, 'the feed authorization').authorized_redirect_uri;
}
