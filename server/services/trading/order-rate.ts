// A broker's order rate limits per account (Kite: 10 orders a second, 400 a minute, 5,000 a day; the paper
// broker is as strict). Counted from order_sends, the log of every order StrikeDesk sends to any broker
// (018-order-pipeline.sql), each at the instant its send is admitted, written and read under the account's
// row lock by every sender (the order pipeline, the bot engine, the kill switch), so every server instance
// shares them and a live broker's orders count exactly as paper ones. The second is what the broker itself
// counts, on its own timestamps: the paper broker stamps an order at the instant its send was admitted, and
// a broker that stamps on arrival (Kite) gets its sends spaced by a margin more (send-windows.ts).
//
// Three ways to meet them. A trader's single call (a stop-loss, a target, a modification) is all or nothing:
// refused with 429 and a Retry-After after which it does fit. A trader's intent (a basket of up to 20
// orders, an order sliced into up to 20, a square-off) is paced (paced-intent.ts): it goes out as fast as
// the second allows and waits for the next seconds for the rest, as Kite's own basket and autoslice do; only
// the minute's and the day's limits are checked up front, for all of its orders, and a request that could
// never fit (more orders than a minute takes) is refused with 422, not with a 429 that waiting cannot cure.
// What must not fail for want of a free second (the kill switch's exits, a bot's entries and exits) reserves
// the account's next free instant, even one ahead of now, and waits for it (reserveSends).
import { said, type Said } from '../texts/said.ts';
import type { Queryable } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { istDate, istOffsetMs } from '../market/ist.ts';
import { refusalTexts } from '../texts/refusal-texts.ts';
import { earliestFit, fitsAt, roomAt, type SendWindow } from './send-windows.ts';

export type RateLimits = { perSecond: number; perMinute: number; perDay: number };

/** Kite's limits per account. */
export const kiteRateLimits: RateLimits = { perSecond: 10, perMinute: 400, perDay: 5000 };

/**
 * The window of a broker's per-second limit: a second for one that stamps an order when its send is
 * admitted, widened by `marginMs` for one that stamps it on arrival.
 */
export function secondWindow(limits: RateLimits, marginMs: number): SendWindow {
  return { ms: 1000 + marginMs, limit: limits.perSecond };
}

/** Orders the account sent in the last minute (and reserved ahead) and on this IST day. */
export type RateCounts = { minute: number; day: number };

export async function rateCounts(q: Queryable, accountId: number, now: Date): Promise<RateCounts> {
  const { rows } = await q.query<{ minute: string; day: string }>(
    `SELECT count(*) FILTER (WHERE sent_at > $2::timestamptz - interval '1 minute') AS minute, count(*) FILTER (WHERE trading_day = $3::date) AS day
     FROM order_sends WHERE broker_account_id = $1 AND sent_at > $2::timestamptz - interval '1 day'`,
    [accountId, now, istDate(now)],
  );
  // An aggregate without GROUP BY: always one row, its counts 0 when nothing was sent.
  const row = rows[0]!;
  return { minute: Number(row.minute), day: Number(row.day) };
}

/**
 * The counts and the send times (rateCounts, sendTimes) in one round trip: what a sender reads under the
 * account's lock before it admits anything.
 */
export async function rateState(q: Queryable, accountId: number, now: Date, window: SendWindow): Promise<{ counts: RateCounts; times: number[] }> {
  const { rows } = await q.query<{ minute: string; day: string; times: Array<string | number> }>(
    `SELECT count(*) FILTER (WHERE sent_at > $2::timestamptz - interval '1 minute') AS minute, count(*) FILTER (WHERE trading_day = $3::date) AS day,
       coalesce(json_agg(floor(extract(epoch FROM sent_at) * 1000)::bigint ORDER BY sent_at) FILTER (WHERE sent_at > $4::timestamptz), '[]'::json) AS times
     FROM order_sends WHERE broker_account_id = $1 AND sent_at > $2::timestamptz - interval '1 day'`,
    [accountId, now, istDate(now), new Date(now.getTime() - window.ms)],
  );
  // An aggregate without GROUP BY: always one row, its counts 0 when nothing was sent.
  const row = rows[0]!;
  return { counts: { minute: Number(row.minute), day: Number(row.day) }, times: row.times.map(Number) };
}

/** When the account's sends that can share a window with an instant from `now` on went (reservations ahead included), in epoch ms, sorted. */
export async function sendTimes(q: Queryable, accountId: number, now: Date, window: SendWindow): Promise<number[]> {
  const { rows } = await q.query<{ sent_at: Date }>(
    'SELECT sent_at FROM order_sends WHERE broker_account_id = $1 AND sent_at > $2::timestamptz ORDER BY sent_at',
    [accountId, new Date(now.getTime() - window.ms)],
  );
  return rows.map((row) => new Date(row.sent_at).getTime());
}

function secondsToNextIstDay(now: Date): number {
  const shifted = now.getTime() + istOffsetMs;
  const dayMs = 24 * 60 * 60 * 1000;
  return Math.max(1, Math.ceil((dayMs - (shifted % dayMs)) / 1000));
}

const dayRefusal = (day: number, limits: RateLimits, now: Date) =>
  DomainError.said('order_rate_limited', refusalTexts.ratePerDay(day, limits.perDay), {
    retryAfterSeconds: secondsToNextIstDay(now),
  });

export const perSecondRefusal = (limits: RateLimits) =>
  DomainError.said('order_rate_limited', refusalTexts.ratePerSecond(limits.perSecond), {
    retryAfterSeconds: 1,
  });

/** Seconds until enough of the last minute's orders age out for `count` more (the k-th oldest's turn). */
async function minuteFreesIn(q: Queryable, accountId: number, minute: number, count: number, limits: RateLimits, now: Date): Promise<number> {
  const mustAge = minute + count - limits.perMinute;
  const { rows } = await q.query<{ sent_at: Date }>(
    `SELECT sent_at FROM order_sends WHERE broker_account_id = $1 AND sent_at > $2::timestamptz - interval '1 minute'
     ORDER BY sent_at OFFSET $3 LIMIT 1`,
    [accountId, now, mustAge - 1],
  );
  const freedAt = rows[0] === undefined ? now.getTime() : new Date(rows[0].sent_at).getTime() + 60_000;
  return Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
}

/** One call's `count` orders now, or a 429 whose Retry-After says when they fit. */
export async function checkRateLimits(q: Queryable, accountId: number, count: number, now: Date, limits: RateLimits, window: SendWindow): Promise<void> {
  const {
    counts: { minute, day },
    times,
  } = await rateState(q, accountId, now, window);
  if (day + count > limits.perDay) throw dayRefusal(day, limits, now);
  if (minute + count > limits.perMinute) {
    throw DomainError.said('order_rate_limited', refusalTexts.ratePerMinute(limits.perMinute), {
      retryAfterSeconds: await minuteFreesIn(q, accountId, minute, count, limits, now),
    });
  }
  if (fitsAt(times, count, now.getTime(), window)) return;
  if (count > limits.perSecond) throw DomainError.said('order_rate_limited', refusalTexts.requestPerSecond(count, limits.perSecond), { retryAfterSeconds: 1 });
  const freeAt = earliestFit(times, Math.max(1, count), now.getTime(), window);
  throw DomainError.said('order_rate_limited', refusalTexts.ratePerSecond(limits.perSecond), { retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) });
}

/**
 * Whether a paced intent of `count` orders can go out, before any is placed: never more than a minute's
 * worth (422: no wait makes it fit), and room left in today's and this minute's limits (429 until there is).
 * `counts`: the account's, when the caller read them already (rateState).
 */
export async function checkIntentRoom(q: Queryable, accountId: number, count: number, now: Date, limits: RateLimits, counts?: RateCounts): Promise<void> {
  if (count === 0) return;
  if (count > limits.perMinute) {
    throw DomainError.said('too_many_orders', refusalTexts.requestPerMinute(count, limits.perMinute));
  }
  const { minute, day } = counts ?? (await rateCounts(q, accountId, now));
  if (day + count > limits.perDay) throw dayRefusal(day, limits, now);
  if (minute + count > limits.perMinute) {
    throw DomainError.said(
      'order_rate_limited',
      refusalTexts.requestMinuteFull(count, minute, limits.perMinute),
      { retryAfterSeconds: await minuteFreesIn(q, accountId, minute, count, limits, now) },
    );
  }
}

/**
 * How many of a paced intent's orders may go out now, given the room the second has (`secondRoom`), or why
 * the rest cannot (the minute or the day is used up by other orders since the intent started).
 */
export function roomNow(counts: RateCounts, limits: RateLimits, secondRoom: number): { room: number; stop: Said | null } {
  if (counts.day >= limits.perDay) {
    return { room: 0, stop: said('order.limit_per_day', { limit: limits.perDay }, `The broker's limit of ${limits.perDay} orders a day is reached.`) };
  }
  if (counts.minute >= limits.perMinute) {
    return { room: 0, stop: said('order.limit_per_minute', { limit: limits.perMinute }, `The broker's limit of ${limits.perMinute} orders a minute is reached.`) };
  }
  return { room: Math.max(0, Math.min(secondRoom, limits.perMinute - counts.minute, limits.perDay - counts.day)), stop: null };
}

/**
 * Reserves sends that must not be refused for want of a free second, inside the caller's transaction (which
 * holds the account's row lock): `whole`, all `wanted` at the earliest instant they fit together; otherwise
 * as many as fit at the earliest instant any does. That instant may be ahead of now: the sender waits for it
 * outside any transaction, then sends, and the paper broker stamps the orders with it.
 */
export async function reserveSends(
  q: Queryable,
  accountId: number,
  wanted: number,
  now: Date,
  window: SendWindow,
  { whole, times: read }: { whole: boolean; times?: readonly number[] },
): Promise<{ at: Date; count: number }> {
  // `times`: the send times the caller read under the same lock and in the same transaction (rateState), so none can have changed.
  const times = read ?? (await sendTimes(q, accountId, now, window));
  const first = earliestFit(times, whole ? wanted : 1, now.getTime(), window);
  const count = whole ? wanted : roomAt(times, wanted, first, window);
  const at = new Date(first);
  await recordSends(q, accountId, count, at);
  return { at, count };
}

/**
 * Writes `count` orders sent to the account's broker at `now` (admitted, or reserved ahead), inside the
 * caller's transaction (which holds the account's row lock); the account's rows older than two days, which no
 * limit counts, go.
 */
export async function recordSends(q: Queryable, accountId: number, count: number, now: Date): Promise<void> {
  const sends = sendsRecord(accountId, count, now);
  // One statement: a round trip less for every order.
  if (sends !== null) await q.query(`WITH ${sends.ctes(1)} SELECT 1`, sends.params);
}

/** recordSends as common table expressions of another statement, its parameters numbered from $`first`. */
export type SendsRecord = { ctes: (first: number) => string; params: readonly unknown[] };

/**
 * recordSends to be written by the statement that ends a paced intent's step (idempotency.ts step and
 * finish): the step's transaction holds the account's lock throughout and reads no sends after its count,
 * so they are recorded a round trip cheaper there. Null when there is nothing to record.
 */
export function sendsRecord(accountId: number, count: number, now: Date): SendsRecord | null {
  if (count <= 0) return null;
  return {
    ctes: (first) =>
      `aged AS (DELETE FROM order_sends WHERE broker_account_id = $${first} AND sent_at < $${first + 1}::timestamptz - interval '2 days'),
       sent AS (INSERT INTO order_sends (broker_account_id, sent_at, trading_day) SELECT $${first}, $${first + 1}, $${first + 2}::date FROM generate_series(1, $${first + 3}))`,
    params: [accountId, now, istDate(now), count],
  };
}
