// Kite's historical candles on the test server: GET /instruments/historical/:instrument_token/:interval with
// `from` and `to` ("yyyy-mm-dd hh:mm:ss" or "yyyy-mm-dd", IST), answered in the shape of Zerodha's
// historical_minute.json fixture (`{candles: [["2017-12-15T09:15:00+0530", open, high, low, close, volume]]}`).
// The candles are generated for the window asked: every weekday's 09:15–15:29 IST minutes (no holiday list:
// tests pick their days), none after the server's clock, prices a deterministic wave around the
// instrument's listed price, volume 0 as Kite gives for an index. Kite's rules: one request spans at most
// 60 days of minutes (more is refused with Kite's InputException), 3 historical requests a second per app
// (429 beyond), and an app without the historical-data add-on is answered 403 PermissionException (a
// switch tests turn on). Every request is recorded with the server's time, so tests can read the windows
// and the pacing.
import { istOffsetMs } from '../../server/services/market/ist.ts';
import { AnswerError, inputError } from './answer-error.ts';
import type { Market } from './market.ts';
import { createRateLimiter } from './rate-limit.ts';

/** The longest span of one request per interval, in days (Kite's published limits). */
const maxDays: Record<string, number> = {
  minute: 60, '3minute': 100, '5minute': 100, '10minute': 100, '15minute': 200, '30minute': 200, '60minute': 400, day: 2000,
};

/** Kite's words when the span is too long (as traders quote them on Kite's forum). */
export const intervalLimitMessage = (days: number) => `interval exceeds max limit: ${days} days`;
/** Kite's words for an app without the historical-data add-on. */
export const noHistoricalPermission = 'Insufficient permission for that call.';

export type HistoricalRequestRecord = { at: string; apiKey: string; instrumentToken: number; interval: string; from: string; to: string; candles: number };

const dayMs = 24 * 60 * 60 * 1000;
const minuteMs = 60_000;

/** A Kite time ("2026-01-05 09:15:00", or a day) as an instant; it is IST. */
function kiteInstant(text: string | null, name: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text ?? '');
  if (match === null) throw inputError(`invalid ${name} date`);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(local) || new Date(local).getUTCDate() !== Number(d)) throw inputError(`invalid ${name} date`);
  return local - istOffsetMs;
}

function kiteTimestamp(instant: number): string {
  const ist = new Date(instant + istOffsetMs).toISOString();
  return `${ist.slice(0, 19)}+0530`;
}

const onTick = (rupees: number) => Math.round(rupees * 20) / 20;

/** The deterministic price path: a slow and a fast wave around the listed price. */
function priceAt(base: number, minute: number): number {
  return base + base * 0.004 * Math.sin(minute / 97) + base * 0.001 * Math.cos(minute / 13);
}

function stepMinutes(interval: string): number {
  if (interval === 'minute') return 1;
  if (interval === 'day') return 0;
  return Number.parseInt(interval, 10);
}

export function createHistorical(market: Market, clock: () => Date) {
  const limiter = createRateLimiter(clock, 3, 1_000_000);
  const requests: HistoricalRequestRecord[] = [];
  let permitted = true;

  function candles(base: number, interval: string, from: number, to: number): unknown[][] {
    const rows: unknown[][] = [];
    const now = clock().getTime();
    const step = stepMinutes(interval);
    const firstDay = Math.floor((from + istOffsetMs) / dayMs) * dayMs - istOffsetMs;
    for (let day = firstDay; day <= to; day += dayMs) {
      const weekday = new Date(day + istOffsetMs).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      const open = day + (9 * 60 + 15) * minuteMs;
      const starts = step === 0 ? [day] : Array.from({ length: Math.ceil(375 / step) }, (_, at) => open + at * step * minuteMs);
      for (const start of starts) {
        if (start < from || start > to || start > now) continue;
        const minute = start / minuteMs;
        const first = onTick(priceAt(base, minute));
        const last = onTick(priceAt(base, minute + Math.max(step, 1)));
        rows.push([kiteTimestamp(start), first, onTick(Math.max(first, last) + 0.5), onTick(Math.min(first, last) - 0.5), last, 0]);
      }
    }
    return rows;
  }

  return {
    /** Answers one request of the app, or throws Kite's error. */
    answer(apiKey: string, tokenText: string, interval: string, query: URLSearchParams): { candles: unknown[][] } {
      if (!permitted) throw new AnswerError(403, 'PermissionException', noHistoricalPermission);
      if (!limiter.allow(apiKey)) throw new AnswerError(429, 'NetworkException', 'Too many requests');
      const limit = maxDays[interval];
      if (limit === undefined) throw inputError('invalid interval');
      const instrument = market.find(Number(tokenText));
      if (instrument === undefined) throw inputError('invalid token');
      const from = kiteInstant(query.get('from'), 'from');
      const to = kiteInstant(query.get('to'), 'to');
      if (to < from) throw inputError('invalid to date: it is before from');
      if (to - from > limit * dayMs) throw inputError(intervalLimitMessage(limit));
      const rows = candles(instrument.last_price, interval, from, to);
      requests.push({ at: clock().toISOString(), apiKey, instrumentToken: instrument.instrument_token, interval, from: query.get('from') ?? '', to: query.get('to') ?? '', candles: rows.length });
      return { candles: rows };
    },
    /** Off: every historical request answers 403 PermissionException, as for an app without the add-on. */
    setPermitted(on: boolean): void {
      permitted = on;
    },
    requests: (): HistoricalRequestRecord[] => requests.map((request) => ({ ...request })),
  };
}

export type Historical = ReturnType<typeof createHistorical>;
