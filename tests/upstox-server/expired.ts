// Upstox's Expired Instruments APIs for the test server (an Upstox Plus feature): the expiries of NIFTY 50 (the
// Tuesdays of the 26 weeks before the clock's day), each expiry's option contracts (strikes 25,000 to 27,000 every
// 50, keyed `NSE_FO|<token>|DD-MM-YYYY`), and an expired contract's one-minute candles on the weekdays of the
// range up to its expiry, 09:15 to 15:29 IST, newest first, with open interest. Prices follow a fixed pattern
// around the contract's value with NIFTY at 26,000 (the index's price here), so a test can predict every candle (`expiredCandles`).
// Limits: 50 a second, 500 a minute, 2000 in 30 minutes per user and API (429 UDAPI10005); `requirePlus` makes
// them answer UDAPI1149 as for an account without the Plus plan.
// https://upstox.com/developer/api-documentation/get-expiries
// https://upstox.com/developer/api-documentation/get-expired-option-contracts
// https://upstox.com/developer/api-documentation/get-expired-historical-candle-data
import { UpstoxRefusal } from './http-util.ts';
import { istDate, type CandleRow } from './candles.ts';
import { niftyLotOn } from './market.ts';

export const niftyKey = 'NSE_INDEX|Nifty 50';
const dayMs = 86_400_000;
const istMs = 330 * 60_000;
export const expiredStrikes = Array.from({ length: 41 }, (_, n) => 25_000 + n * 50);

const round2 = (value: number) => Math.round(value * 100) / 100;
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

export function expiredExpiries(now: Date): string[] {
  const today = Date.parse(`${istDate(now)}T00:00:00Z`);
  const expiries: string[] = [];
  for (let day = today - dayMs; day > today - 26 * 7 * dayMs; day -= dayMs) if (new Date(day).getUTCDay() === 2) expiries.push(new Date(day).toISOString().slice(0, 10));
  return expiries.sort();
}

const tokenOf = (strike: number, type: 'CE' | 'PE') => 40_000 + ((strike - 25_000) / 50) * 2 + (type === 'PE' ? 1 : 0);
export const expiredKey = (strike: number, type: 'CE' | 'PE', expiry: string) => `NSE_FO|${tokenOf(strike, type)}|${ddmmyyyy(expiry)}`;

function contract(strike: number, type: 'CE' | 'PE', expiry: string) {
  const [year, month, day] = expiry.split('-');
  const mon = new Date(`${expiry}T00:00:00Z`).toLocaleString('en', { month: 'short', timeZone: 'UTC' }).toUpperCase();
  return {
    name: 'NIFTY', segment: 'NSE_FO', exchange: 'NSE', expiry, instrument_key: expiredKey(strike, type, expiry), exchange_token: String(tokenOf(strike, type)),
    trading_symbol: `NIFTY ${strike} ${type} ${day} ${mon} ${year!.slice(2)}`, tick_size: 5, lot_size: niftyLotOn(expiry), instrument_type: type, freeze_quantity: 1800,
    underlying_key: niftyKey, underlying_type: 'INDEX', underlying_symbol: 'NIFTY', strike_price: strike, minimum_lot: niftyLotOn(expiry),
    // The last Tuesday of a month is the monthly expiry.
    weekly: new Date(Date.parse(`${expiry}T00:00:00Z`) + 7 * dayMs).getUTCMonth() + 1 === Number(month),
  };
}

/** The candles the server serves for a contract on the IST days `from`..`to`, newest first. */
export function expiredCandles(strike: number, type: 'CE' | 'PE', expiry: string, from: string, to: string): CandleRow[] {
  const base = Math.max(type === 'CE' ? 26_000 - strike : strike - 26_000, 0) + 80;
  // Volume and open interest in whole lots of the contract's own lot size.
  const lot = niftyLotOn(expiry);
  const rows: CandleRow[] = [];
  const last = Math.min(Date.parse(`${to}T00:00:00Z`), Date.parse(`${expiry}T00:00:00Z`));
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= last; day += dayMs) {
    if ([0, 6].includes(new Date(day).getUTCDay())) continue;
    let previous: number | null = null;
    for (let m = 0; m < 375; m += 1) {
      const close = round2(Math.max(0.5, base + ((m % 7) - 3) * 0.5));
      const open = previous ?? close;
      previous = close;
      const at = day + (9 * 60 + 15 + m) * 60_000 - istMs;
      const stamp = `${new Date(at + istMs).toISOString().slice(0, 16)}:00+05:30`;
      rows.push([stamp, open, round2(Math.max(open, close) + 0.5), round2(Math.max(0.05, Math.min(open, close) - 0.5)), close, lot * ((m % 5) + 1), 1_000_000 + m * lot]);
    }
  }
  return rows.reverse();
}

/** `requests`: every expired-instrument request that reached the server (path and query), oldest first. */
export type ExpiredState = { requirePlus: boolean; allow: (key: string) => boolean; requests: string[] };

/** Answers an expired-instrument route, or null when the path is not one. */
export function expiredRoute(state: ExpiredState, userId: string, url: URL, now: Date): { data: unknown } | null {
  const candles = /^\/v2\/expired-instruments\/historical-candle\/([^/]+)\/(1minute|3minute|5minute|15minute|30minute|day)\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/.exec(url.pathname);
  const api = candles ? 'candles' : url.pathname;
  if (!candles && url.pathname !== '/v2/expired-instruments/expiries' && url.pathname !== '/v2/expired-instruments/option/contract') return null;
  state.requests.push(url.pathname + url.search);
  if (state.requirePlus) throw new UpstoxRefusal(403, 'UDAPI1149', 'This API is available exclusively with an Upstox Plus plan subscription');
  if (!state.allow(`${userId}|${api}`)) throw new UpstoxRefusal(429, 'UDAPI10005', 'Too Many Request Sent');
  const expiries = expiredExpiries(now);
  if (candles) {
    const [, key = '', interval, to = '', from = ''] = candles;
    const found = expiries.flatMap((expiry) => expiredStrikes.flatMap((strike) => (['CE', 'PE'] as const).map((type) => ({ strike, type, expiry })))).find((c) => expiredKey(c.strike, c.type, c.expiry) === decodeURIComponent(key));
    if (!found) throw new UpstoxRefusal(400, 'UDAPI100011', 'Invalid Instrument key');
    if (interval !== '1minute') throw new UpstoxRefusal(400, 'UDAPI100036', 'Only 1minute candles are served by the test server.');
    if (from > to) throw new UpstoxRefusal(400, 'UDAPI100036', 'Invalid Input: to_date is before from_date.');
    return { data: { candles: expiredCandles(found.strike, found.type, found.expiry, from, to) } };
  }
  if (url.searchParams.get('instrument_key') !== niftyKey) throw new UpstoxRefusal(400, 'UDAPI100011', 'Invalid Instrument key');
  if (url.pathname === '/v2/expired-instruments/expiries') return { data: expiries };
  const expiry = url.searchParams.get('expiry_date') ?? '';
  if (!expiries.includes(expiry)) return { data: [] };
  return { data: expiredStrikes.flatMap((strike) => [contract(strike, 'PE', expiry), contract(strike, 'CE', expiry)]) };
}
