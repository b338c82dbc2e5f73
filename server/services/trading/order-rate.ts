// A broker's order rate limits per account (Kite: 10 orders a second, 400 a minute, 5,000 a day; the paper
// broker is as strict). Counted from order_sends, the log of every order StrikeDesk sends to any broker
// (018-order-pipeline.sql), written and read under the account's row lock by the gates that send (the order
// pipeline, the bot engine; the kill switch records its exits), so every server instance shares them and a
// live broker's orders count exactly as paper ones.
//
// Two ways to meet them. A single call (a stop-loss, a bot's entry, a modification) is all or nothing:
// refused with 429 and a Retry-After after which it does fit. A trader's intent (a basket of up to 20
// orders, an order sliced into up to 20) is paced instead (paced-intent.ts): it goes out as fast as the
// second allows and waits for the next seconds for the rest, as Kite's own basket and autoslice do; only
// the minute's and the day's limits are checked up front, for all of its orders, and a request that could
// never fit (more orders than a minute takes) is refused with 422, not with a 429 that waiting cannot cure.
import { said, type Said } from '../texts/said.ts';
import type { Queryable } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { istDate, istOffsetMs } from '../market/ist.ts';
import { refusalTexts } from '../texts/refusal-texts.ts';

export type RateLimits = { perSecond: number; perMinute: number; perDay: number };

/** Kite's limits per account. */
export const kiteRateLimits: RateLimits = { perSecond: 10, perMinute: 400, perDay: 5000 };

/**
 * Orders the account placed in the last second, minute and IST day, and when the second has room again
 * after orders placed now: when its oldest ages out, or a second from now if it holds none yet.
 */
export type RateCounts = { second: number; minute: number; day: number; secondFreesInMs: number };

export async function rateCounts(q: Queryable, accountId: number, now: Date): Promise<RateCounts> {
  const { rows } = await q.query<{ second: string; minute: string; day: string; oldest_in_second: Date | null }>(
    `SELECT count(*) FILTER (WHERE sent_at > $2::timestamptz - interval '1 second') AS second,
            count(*) FILTER (WHERE sent_at > $2::timestamptz - interval '1 minute') AS minute,
            count(*) FILTER (WHERE trading_day = $3::date) AS day,
            min(sent_at) FILTER (WHERE sent_at > $2::timestamptz - interval '1 second') AS oldest_in_second
     FROM order_sends WHERE broker_account_id = $1 AND sent_at > $2::timestamptz - interval '1 day'`,
    [accountId, now, istDate(now)],
  );
  // An aggregate without GROUP BY: always one row, its counts 0 when nothing was sent.
  const row = rows[0]!;
  const oldest = row.oldest_in_second;
  return {
    second: Number(row.second),
    minute: Number(row.minute),
    day: Number(row.day),
    secondFreesInMs: oldest === null ? 1000 : Math.max(1, new Date(oldest).getTime() + 1000 - now.getTime()),
  };
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
export async function checkRateLimits(q: Queryable, accountId: number, count: number, now: Date, limits: RateLimits): Promise<void> {
  const { second, minute, day } = await rateCounts(q, accountId, now);
  if (day + count > limits.perDay) throw dayRefusal(day, limits, now);
  if (minute + count > limits.perMinute) {
    throw DomainError.said('order_rate_limited', refusalTexts.ratePerMinute(limits.perMinute), {
      retryAfterSeconds: await minuteFreesIn(q, accountId, minute, count, limits, now),
    });
  }
  if (second + count > limits.perSecond) {
    const text = count > limits.perSecond ? refusalTexts.requestPerSecond(count, limits.perSecond) : refusalTexts.ratePerSecond(limits.perSecond);
    throw DomainError.said('order_rate_limited', text, { retryAfterSeconds: 1 });
  }
}

/**
 * Whether a paced intent of `count` orders can go out, before any is placed: never more than a minute's
 * worth (422: no wait makes it fit), and room left in today's and this minute's limits (429 until there is).
 */
export async function checkIntentRoom(q: Queryable, accountId: number, count: number, now: Date, limits: RateLimits): Promise<void> {
  if (count === 0) return;
  if (count > limits.perMinute) {
    throw DomainError.said('too_many_orders', refusalTexts.requestPerMinute(count, limits.perMinute));
  }
  const { minute, day } = await rateCounts(q, accountId, now);
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
 * How many of a paced intent's orders may go out now, or why the rest cannot (the minute or the day is
 * used up by other orders since the intent started); else how long until the second has room again.
 */
export function roomNow(counts: RateCounts, limits: RateLimits): { room: number; stop: Said | null; waitMs: number } {
  if (counts.day >= limits.perDay) {
    return { room: 0, stop: said('order.limit_per_day', { limit: limits.perDay }, `The broker's limit of ${limits.perDay} orders a day is reached.`), waitMs: 0 };
  }
  if (counts.minute >= limits.perMinute) {
    return { room: 0, stop: said('order.limit_per_minute', { limit: limits.perMinute }, `The broker's limit of ${limits.perMinute} orders a minute is reached.`), waitMs: 0 };
  }
  const room = Math.min(limits.perSecond - counts.second, limits.perMinute - counts.minute, limits.perDay - counts.day);
  return { room: Math.max(0, room), stop: null, waitMs: counts.secondFreesInMs };
}

/**
 * Writes `count` orders sent to the account's broker now, inside the caller's transaction (which holds the
 * account's row lock); the account's rows older than two days, which no limit counts, go.
 */
export async function recordSends(q: Queryable, accountId: number, count: number, now: Date): Promise<void> {
  if (count <= 0) return;
  await q.query(`INSERT INTO order_sends (broker_account_id, sent_at, trading_day) SELECT $1, $2, $3::date FROM generate_series(1, $4)`, [
    accountId,
    now,
    istDate(now),
    count,
  ]);
  await q.query(`DELETE FROM order_sends WHERE broker_account_id = $1 AND sent_at < $2::timestamptz - interval '2 days'`, [accountId, now]);
}
