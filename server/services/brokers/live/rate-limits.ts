// A live broker's order limits, counted in the database so every server instance draws on the same allowance
// (an in-memory counter per instance would let two instances send 20 orders in a second between them). A
// call is written before it is made, under a per-account advisory lock, and refused (order_rate_limited,
// nothing sent) when it would go past a limit; the broker's own 429 is the backstop. Each broker gives its
// published windows (Kite: a second, a minute, the day; Upstox: a second, a minute, 30 minutes) and says the
// refusal in its own words. The kill switch's cancellations are never refused: each waits for room in the
// windows instead (`pace`), so a flatten of many orders goes out at the broker's pace and is not cut short
// by the broker's 429.
import type { Database } from '../../../db/database.ts';
import { timerWait, type Clock, type Wait } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { istOffsetMs } from '../../market/ist.ts';
import type { Said } from '../../texts/said.ts';

/** One window of order writes: at most `count` within `windowMs` (or the IST day), refused as `limit`. */
export type OrderWindow<Limit extends string = string> = { limit: Limit; count: number; windowMs: number | 'day' };

/**
 * Brokers stamp an order's arrival, not its sending: each window of sends is kept a quarter of a second wider
 * than the broker's, so a send at the edge of a window is never counted in the broker's next one.
 */
export const arrivalMarginMs = 250;

/** The windows and refusals every live broker shares, whatever its own. */
type SharedLimit = 'orders_second' | 'orders_burst' | 'quotes_second';

/**
 * A live broker's limits: SEBI's retail algo framework caps an algo at 10 orders a second per client, so that is
 * every broker's first window (docs/live-trading.md), whatever more the broker allows; then the broker's own
 * longer `windows`, its quotes a second, and at most 25 modifications of one order (Kite's published cap, kept
 * where a broker publishes none), refused in the broker's words.
 */
export function brokerLimits<Limit extends string>(broker: {
  windows: ReadonlyArray<OrderWindow<Limit>>;
  quotesPerSecond: number;
  refusal: (limit: Limit | SharedLimit, count: number, retryAfterSeconds: number) => Said;
}): LiveLimits<Limit | SharedLimit> {
  return {
    orders: [{ limit: 'orders_second', count: 10, windowMs: 1000 }, ...broker.windows],
    burst: 'orders_burst',
    quotes: { limit: 'quotes_second', perSecond: broker.quotesPerSecond },
    modificationsPerOrder: 25,
    refusal: broker.refusal,
  };
}

export type LiveLimits<Limit extends string = string> = {
  /** The first window is the shortest: a burst above its count is refused whole as `burst`. */
  orders: ReadonlyArray<OrderWindow<Limit>>;
  burst: Limit;
  quotes: { limit: Limit; perSecond: number };
  modificationsPerOrder: number;
  /** The refusal in the broker's words. */
  refusal: (limit: Limit, count: number, retryAfterSeconds: number) => Said;
};

/** The advisory lock class of the counters (any fixed number; the account id is the lock's second key). */
const lockClass = 8_842_030;
const dayMs = 24 * 60 * 60 * 1000;

function istDayStart(now: Date): Date {
  return new Date(Math.floor((now.getTime() + istOffsetMs) / dayMs) * dayMs - istOffsetMs);
}

export type RateLimitsOptions<Limit extends string> = {
  db: Database;
  clock: Clock;
  limits: LiveLimits<Limit>;
  /** How a paced call waits for room (a timer; tests move their clock). */
  wait?: Wait | undefined;
  /** How much longer than each window a paced call waits: the broker stamps arrivals, not departures. */
  marginMs?: number | undefined;
};

export function createRateLimits<Limit extends string>({ db, clock, limits, wait = timerWait, marginMs = 0 }: RateLimitsOptions<Limit>) {
  const refuse = (limit: Limit, count: number, retryAfterSeconds: number) =>
    DomainError.said('order_rate_limited', limits.refusal(limit, count, retryAfterSeconds), { retryAfterSeconds });

  /**
   * Counts `count` calls of `kind` for the account now, or refuses them all: a basket is sent whole or not
   * at all, never cut in the middle by the limit.
   */
  async function reserve(accountId: number, kind: 'order' | 'quote', count = 1): Promise<void> {
    if (count <= 0) return;
    const now = clock();
    const windows = kind === 'quote' ? [{ limit: limits.quotes.limit, count: limits.quotes.perSecond, windowMs: 1000 }] : limits.orders;
    const since = (window: OrderWindow) => (window.windowMs === 'day' ? istDayStart(now) : new Date(now.getTime() - window.windowMs));
    const retryAfter = (window: OrderWindow) =>
      window.windowMs === 'day' ? Math.ceil((istDayStart(now).getTime() + dayMs - now.getTime()) / 1000) : Math.ceil(window.windowMs / 1000);
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [lockClass, accountId]);
      // A day's window counts from its start (inclusive); the others are the last windowMs (exclusive).
      const columns = windows.map((window, index) => `count(*) FILTER (WHERE at ${window.windowMs === 'day' ? '>=' : '>'} $${index + 4}) AS w${index}`);
      const starts = windows.map(since);
      const { rows } = await tx.query<Record<string, string>>(
        `SELECT ${columns.join(', ')} FROM kite_api_calls WHERE broker_account_id = $1 AND kind = $2 AND at >= $3`,
        [accountId, kind, new Date(Math.min(...starts.map((start) => start.getTime()))), ...starts],
      );
      if (kind === 'order' && count > windows[0]!.count) throw refuse(limits.burst, windows[0]!.count, 1);
      for (const [index, window] of windows.entries()) {
        if (Number(rows[0]?.[`w${index}`] ?? 0) + count > window.count) throw refuse(window.limit, window.count, retryAfter(window));
      }
      await tx.query(`INSERT INTO kite_api_calls (broker_account_id, kind, at) SELECT $1, $2, $3 FROM generate_series(1, $4)`, [accountId, kind, now, count]);
      await tx.query('DELETE FROM kite_api_calls WHERE broker_account_id = $1 AND at < $2', [accountId, new Date(istDayStart(now).getTime() - dayMs)]);
    });
  }

  /**
   * Counts one order call once every window has room for it, waiting as long as that takes (the kill switch's
   * cancellations: never refused, never past the broker's limit). Only a full day (Kite's 5,000) refuses.
   */
  async function pace(accountId: number): Promise<void> {
    const windows = limits.orders;
    for (;;) {
      const delayMs = await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [lockClass, accountId]);
        const now = clock();
        let until = now.getTime();
        for (const window of windows) {
          const since = window.windowMs === 'day' ? istDayStart(now) : new Date(now.getTime() - window.windowMs - marginMs);
          // The call whose leaving makes room: the count-th most recent inside the window.
          const { rows } = await tx.query<{ at: Date }>(
            `SELECT at FROM kite_api_calls WHERE broker_account_id = $1 AND kind = 'order' AND at ${window.windowMs === 'day' ? '>=' : '>'} $2 ORDER BY at DESC OFFSET $3 LIMIT 1`,
            [accountId, since, window.count - 1],
          );
          if (rows[0] === undefined) continue;
          if (window.windowMs === 'day') throw refuse(window.limit, window.count, Math.ceil((istDayStart(now).getTime() + dayMs - now.getTime()) / 1000));
          until = Math.max(until, new Date(rows[0].at).getTime() + window.windowMs + marginMs + 1);
        }
        if (until > now.getTime()) return until - now.getTime();
        await tx.query(`INSERT INTO kite_api_calls (broker_account_id, kind, at) VALUES ($1, 'order', $2)`, [accountId, now]);
        return 0;
      });
      if (delayMs === 0) return;
      await wait(delayMs);
    }
  }

  /**
   * Counts calls made whatever the limit (the kill switch's flatten: a broker's own kill switch is no API
   * client to slow down; the broker's 429 still answers what goes past its limit, and is reported as not sent).
   */
  async function record(accountId: number, kind: 'order' | 'quote', count = 1): Promise<void> {
    if (count <= 0) return;
    await db.query('INSERT INTO kite_api_calls (broker_account_id, kind, at) SELECT $1, $2, $3 FROM generate_series(1, $4)', [accountId, kind, clock(), count]);
  }

  return { reserve, record, pace, limits };
}

/** The counters as the core uses them, whichever broker's limits they count. */
export type RateLimits = Pick<ReturnType<typeof createRateLimits>, 'reserve' | 'record' | 'pace'> & { limits: Pick<LiveLimits, 'modificationsPerOrder'> };
