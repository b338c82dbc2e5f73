// Kite's limits, counted in the database so every server instance draws on the same allowance (an
// in-memory counter per instance would let two instances send 20 orders in a second between them). A call
// is written before it is made, under a per-account advisory lock, and refused (order_rate_limited, nothing
// sent) when it would go past a limit; Kite's own 429 is the backstop. Figures as Kite publishes them
// (kite.trade docs and forum, 2026): order placements, modifications and cancellations 10 a second, 400 a
// minute and 5,000 a day per account; quotes 1 a second; an order modified at most 25 times.
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { istOffsetMs } from '../../market/ist.ts';
import { kiteTexts, type KiteLimit } from '../../texts/kite-texts.ts';

export type KiteLimits = { ordersPerSecond: number; ordersPerMinute: number; ordersPerDay: number; quotesPerSecond: number; modificationsPerOrder: number };

export const kiteLimits: KiteLimits = { ordersPerSecond: 10, ordersPerMinute: 400, ordersPerDay: 5000, quotesPerSecond: 1, modificationsPerOrder: 25 };

/** The advisory lock class of the counters (any fixed number; the account id is the lock's second key). */
const lockClass = 8_842_030;
const dayMs = 24 * 60 * 60 * 1000;

function istDayStart(now: Date): Date {
  return new Date(Math.floor((now.getTime() + istOffsetMs) / dayMs) * dayMs - istOffsetMs);
}

export function createKiteRateLimits({ db, clock, limits = kiteLimits }: { db: Database; clock: Clock; limits?: KiteLimits }) {
  /**
   * Counts `count` calls of `kind` for the account now, or refuses them all: a basket is sent whole or not
   * at all, never cut in the middle by the limit.
   */
  async function reserve(accountId: number, kind: 'order' | 'quote', count = 1): Promise<void> {
    if (count <= 0) return;
    const now = clock();
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [lockClass, accountId]);
      const { rows } = await tx.query<{ second: string; minute: string; day: string }>(
        `SELECT count(*) FILTER (WHERE at > $3) AS second, count(*) FILTER (WHERE at > $4) AS minute, count(*) FILTER (WHERE at >= $5) AS day
         FROM kite_api_calls WHERE broker_account_id = $1 AND kind = $2 AND at >= least($4, $5)`,
        [accountId, kind, new Date(now.getTime() - 1000), new Date(now.getTime() - 60_000), istDayStart(now)],
      );
      const used = { second: Number(rows[0]?.second ?? 0), minute: Number(rows[0]?.minute ?? 0), day: Number(rows[0]?.day ?? 0) };
      if (kind === 'quote') {
        if (used.second + count > limits.quotesPerSecond) throw refusal('quotes_second', limits.quotesPerSecond, 1);
      } else {
        if (count > limits.ordersPerSecond) {
          throw refusal('orders_burst', limits.ordersPerSecond, 1);
        }
        if (used.second + count > limits.ordersPerSecond) throw refusal('orders_second', limits.ordersPerSecond, 1);
        if (used.minute + count > limits.ordersPerMinute) throw refusal('orders_minute', limits.ordersPerMinute, 60);
        if (used.day + count > limits.ordersPerDay) throw refusal('orders_day', limits.ordersPerDay, Math.ceil((istDayStart(now).getTime() + dayMs - now.getTime()) / 1000));
      }
      await tx.query(
        `INSERT INTO kite_api_calls (broker_account_id, kind, at) SELECT $1, $2, $3 FROM generate_series(1, $4)`,
        [accountId, kind, now, count],
      );
      await tx.query('DELETE FROM kite_api_calls WHERE broker_account_id = $1 AND at < $2', [accountId, new Date(istDayStart(now).getTime() - dayMs)]);
    });
  }

  /**
   * Counts calls made whatever the limit (the kill switch's flatten: a broker's own kill switch is no API
   * client to slow down; Kite's 429 still answers what goes past its limit, and is reported as not sent).
   */
  async function record(accountId: number, kind: 'order' | 'quote', count = 1): Promise<void> {
    if (count <= 0) return;
    await db.query('INSERT INTO kite_api_calls (broker_account_id, kind, at) SELECT $1, $2, $3 FROM generate_series(1, $4)', [accountId, kind, clock(), count]);
  }

  return { reserve, record, limits };
}

function refusal(limit: KiteLimit, count: number, retryAfterSeconds: number): DomainError {
  return DomainError.said('order_rate_limited', kiteTexts.rateLimited(limit, count, retryAfterSeconds), { retryAfterSeconds });
}

export type KiteRateLimits = ReturnType<typeof createKiteRateLimits>;
