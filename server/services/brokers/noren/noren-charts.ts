// Noren's historical candles, as NorenRestApiPy asks for them (github.com/Shoonya-Dev/ShoonyaApi-py, README
// "get_time_price_series" and "get_daily_price_series"): TPSeries (`uid`, `exch`, `token`, `st` and `et` in
// seconds since the epoch, `intrv` "1" for one-minute candles) answers a list of candles newest first, each
// `time` "dd-mm-yyyy HH:MM:SS" (IST) with `into`, `inth`, `intl`, `intc`, `intv` as text; EODChartData (`sym`
// "EXCH:TSYM", `from`, `to` in seconds) answers daily candles, each a JSON object sent as a string (the live
// service's form, which clients parse again), its `time` "dd-MON-yyyy". A range without candles is Not_Ok "no data".
// A contract's TPSeries (exch NFO, its scrip master token) carries its open interest as `oi` (NorenRestApiPy's
// README lists `intoi` and `oi` among TPSeries' fields); an index's has none.
import type { NorenHttp } from './noren-http.ts';
import { isNoData } from './noren-errors.ts';
import { amount, isObject, malformed } from './noren-json.ts';

/** One candle as Noren gives it: `at` is its start, as text a candle timestamp reads (IST, no offset). */
export type NorenCandle = { at: string; open: number; high: number; low: number; close: number; volume: number; openInterest: number };

const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** "12-01-2026 09:15:00" or "12-JAN-2026" as "2026-01-12 09:15:00" (IST); null for anything else. */
export function norenTime(time: string): string | null {
  const intraday = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}:\d{2}:\d{2})$/.exec(time.trim());
  if (intraday !== null) return `${intraday[3]}-${intraday[2]}-${intraday[1]} ${intraday[4]}`;
  const daily = /^(\d{2})-([A-Za-z]{3})-(\d{4})$/.exec(time.trim());
  const month = daily === null ? -1 : months.indexOf(daily[2]!.toUpperCase());
  if (daily === null || month === -1) return null;
  return `${daily[3]}-${String(month + 1).padStart(2, '0')}-${daily[1]} 00:00:00`;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The candles of an answer; a row that is not one (no readable time) is left for the caller to count. */
export function readNorenCandles(body: unknown): { candles: NorenCandle[]; unreadable: number } {
  const rows = Array.isArray(body) ? body : isObject(body) && Array.isArray(body.values) ? body.values : null;
  if (rows === null) throw malformed('candles: not a list');
  const candles: NorenCandle[] = [];
  let unreadable = 0;
  for (const raw of rows) {
    const row = typeof raw === 'string' ? parsed(raw) : raw;
    const at = isObject(row) && typeof row.time === 'string' ? norenTime(row.time) : null;
    if (at === null || !isObject(row)) {
      unreadable += 1;
      continue;
    }
    const text = (field: string) => (typeof row[field] === 'string' || typeof row[field] === 'number' ? String(row[field]) : undefined);
    candles.push({ at, open: amount(text('into'), 'into'), high: amount(text('inth'), 'inth'), low: amount(text('intl'), 'intl'), close: amount(text('intc'), 'intc'), volume: amount(text('intv') ?? text('v'), 'intv'), openInterest: text('oi') === undefined ? 0 : amount(text('oi'), 'oi') });
  }
  return { candles, unreadable };
}

async function candlesOrNone(read: () => Promise<unknown>): Promise<{ candles: NorenCandle[]; unreadable: number }> {
  try {
    return readNorenCandles(await read());
  } catch (error) {
    if (isNoData(error)) return { candles: [], unreadable: 0 };
    throw error;
  }
}

/** One-minute candles between two instants (seconds since the epoch). */
export function getTimePriceSeries(http: NorenHttp, request: { uid: string; exch: string; token: string; st: number; et: number }) {
  const data = { uid: request.uid, exch: request.exch, token: request.token, st: String(request.st), et: String(request.et), intrv: '1' };
  return candlesOrNone(() => http.call({ name: 'TPSeries', data }));
}

/** Daily candles of `sym` ("NSE:NIFTY INDEX") between two instants (seconds since the epoch). */
export function getDailyPriceSeries(http: NorenHttp, request: { uid: string; sym: string; from: number; to: number }) {
  const data = { uid: request.uid, sym: request.sym, from: String(request.from), to: String(request.to) };
  return candlesOrNone(() => http.call({ name: 'EODChartData', data }));
}
