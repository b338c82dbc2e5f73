// A live broker's order limits, counted in the database so every server instance draws on the same allowance
// (an in-memory counter per instance would let two instances send 20 orders in a second between them). A
// call is written before it is made, under a per-account advisory lock, and refused (order_rate_limited,
// nothing sent) when it would go past a limit; the broker's own 429 is the backstop. Each broker gives its
// published windows (Kite: a second, a minute, the day; Upstox: a second, a minute, 30 minutes) and says the
// refusal in its own words.
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { istOffsetMs } from '../../market/ist.ts';
import type { Said } from '../../texts/said.ts';

/** One window of order writes: at most `count` within `windowMs` (or the IST day), refused as `limit`. */
export type OrderWindow<Limit extends string = string> = { limit: Limit; count: number; windowMs: number | 'day' };

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

export function createRateLimits<Limit extends string>({ db, clock, limits }: { db: Database; clock: Clock; limits: LiveLimits<Limit> }) {
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
   * Counts calls made whatever the limit (the kill switch's flatten: a broker's own kill switch is no API
   * client to slow down; the broker's 429 still answers what goes past its limit, and is reported as not sent).
   */
  async function record(accountId: number, kind: 'order' | 'quote', count = 1): Promise<void> {
    if (count <= 0) return;
    await db.query('INSERT INTO kite_api_calls (broker_account_id, kind, at) SELECT $1, $2, $3 FROM generate_series(1, $4)', [accountId, kind, clock(), count]);
  }

  return { reserve, record, limits };
}

/** The counters as the core uses them, whichever broker's limits they count. */
export type RateLimits = Pick<ReturnType<typeof createRateLimits>, 'reserve' | 'record'> & { limits: Pick<LiveLimits, 'modificationsPerOrder'> };
