// The periodic order book read of one live broker (on the leader, after a tick: server/app.ts): every account
// of the broker with working orders in the mirror has its book read and applied, at most once every few
// seconds whichever instance leads, so fills and rejections that no postback or webhook brought (one lost,
// none registered) still reach the mirror and the trader, and a protective order whose partner filled is
// cancelled. Bounded by the broker's limits: one read per account per interval, a handful of accounts per
// pass. No lock is held across a broker call: an account is claimed by a compare-and-set on its poll time.
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { toPaise } from '../paper/paise.ts';
import type { TradingAccount } from '../broker-trading.ts';
import type { LiveWire } from './live-wire.ts';
import type { OrderUpdates } from './order-updates.ts';

export const pollIntervalMs = 5_000;
const accountsPerPass = 20;

export type SyncReport = { read: number; errors: { accountId: number; error: unknown }[] };

/** A broker's wire and the updates its reads go through. */
export type BookReader = { wire: LiveWire; updates: OrderUpdates };

/**
 * One account's book read afresh and applied, then one-cancels-the-other settled: the periodic read's, and what
 * follows a broker's order socket (re)opening, as the updates sent while it was closed are lost.
 */
export async function readBook(trading: BookReader, account: TradingAccount): Promise<void> {
  trading.wire.forget(account.id);
  await trading.updates.apply(account, await trading.wire.orders(account));
  await trading.updates.settleOco(account);
}

/** `trading`: the broker's wire (its slug names its accounts) and the updates its reads go through. */
export function createOrderSync({ db, clock, trading }: { db: Database; clock: Clock; trading: BookReader }) {
  async function claimDue(now: Date): Promise<TradingAccount[]> {
    const { rows } = await db.query<{ id: number; account_number: string; capital: string }>(
      `WITH due AS (
         SELECT a.id FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id
         WHERE b.slug = $4 AND a.session_expires_at > $1 AND a.session_access_token_encrypted IS NOT NULL
           AND EXISTS (SELECT 1 FROM kite_orders o WHERE o.broker_account_id = a.id AND o.status NOT IN ('COMPLETE', 'CANCELLED', 'REJECTED'))
         ORDER BY a.id LIMIT $3
       ), claimed AS (
         INSERT INTO kite_order_polls (broker_account_id, polled_at) SELECT id, $1 FROM due
         ON CONFLICT (broker_account_id) DO UPDATE SET polled_at = EXCLUDED.polled_at WHERE kite_order_polls.polled_at <= $2
         RETURNING broker_account_id
       )
       SELECT a.id, a.account_number, a.capital FROM broker_accounts a JOIN claimed c ON c.broker_account_id = a.id ORDER BY a.id`,
      [now, new Date(now.getTime() - pollIntervalMs), accountsPerPass, trading.wire.slug],
    );
    return rows.map((row) => ({ id: Number(row.id), accountNumber: row.account_number, capitalPaise: toPaise(Number(row.capital)) }));
  }

  /** One pass; never throws (what failed is reported, and tried again next interval). */
  async function pass(now: Date = clock()): Promise<SyncReport> {
    const report: SyncReport = { read: 0, errors: [] };
    let due: TradingAccount[];
    try {
      due = await claimDue(now);
    } catch (error) {
      return { read: 0, errors: [{ accountId: 0, error }] };
    }
    for (const account of due) {
      try {
        await readBook(trading, account);
        report.read += 1;
      } catch (error) {
        report.errors.push({ accountId: account.id, error });
      }
    }
    return report;
  }

  return { pass };
}

export type OrderSync = ReturnType<typeof createOrderSync>;
