// A broker's unsigned push of an order change (Upstox's webhook, Dhan's postback), broker-neutral. Neither
// broker signs it, so nothing in the body is believed: it only names a client and an order to look at. The
// order is read from the broker with the session of a logged-in account of that broker whose client ID is the
// one named (the account whose mirror holds the order first), and only the broker's answer is applied (the
// adapter's `confirm`: the same path as its order socket's updates). An order no such account's broker knows
// is refused, and so is a client StrikeDesk holds no logged-in account of: the caller logs the refusal.
// Each push costs the trader one read of the broker's API, so the reads a client's pushes cause are counted
// in the database (every instance shares the count) and refused past the limit (429, nothing read): a sender
// flooding the address cannot spend the trader's read budget. A change refused then is still found by the
// order socket or the leader's periodic book read (order-sync.ts).
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { DomainError } from '../../domain-error.ts';
import type { PostbackRefusal } from '../../texts/live-texts.ts';
import { reserveAttempt, type LimitRule } from '../../throttle.ts';
import type { TradingAccount } from '../broker-trading.ts';
import { toPaise } from '../paper/paise.ts';

/** What a push names: the broker's client ID (Upstox's UCC, Dhan's dhanClientId) and its order. */
export type OrderHint = { clientId: string; orderId: string };

/** The order as the broker read it, applied (`changed`: whether the mirror moved). */
export type ConfirmedOrder = { status: string; changed: boolean };

export type PostbackOutcome = { kind: 'order'; accountNumber: string; orderId: string; status: string; changed: boolean };

export type OrderPostbacksOptions = {
  db: Database;
  clock: Clock;
  /** The broker's slug: only its accounts are looked at. */
  broker: string;
  /** The broker's reads one client's pushes may cause (throttle-limits.ts, postbackReadsPerClient). */
  readsPerClient: LimitRule;
  /** The order as the broker reads it for this account, applied; null when the broker does not know it for the account. */
  confirm: (account: TradingAccount, orderId: string) => Promise<ConfirmedOrder | null>;
  /** The broker's refusal, in its own words (coded like every refusal). */
  refused: (reason: PostbackRefusal) => DomainError;
};

export function createOrderPostbacks({ db, clock, broker, readsPerClient, confirm, refused }: OrderPostbacksOptions) {
  /** The logged-in accounts of the broker with this client ID, the one whose mirror holds the order first. */
  async function accountsOf({ clientId, orderId }: OrderHint): Promise<TradingAccount[]> {
    const { rows } = await db.query<{ id: number; account_number: string; capital: string }>(
      `SELECT a.id, a.account_number, a.capital FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id
       WHERE b.slug = $3 AND upper(a.account_number) = upper($1) AND a.session_access_token_encrypted IS NOT NULL
       ORDER BY EXISTS (SELECT 1 FROM kite_orders o WHERE o.broker_account_id = a.id AND o.order_id = $2) DESC, a.id`,
      [clientId, orderId, broker],
    );
    return rows.map((row) => ({ id: Number(row.id), accountNumber: row.account_number, capitalPaise: toPaise(Number(row.capital)) }));
  }

  /** Reads the hinted order from the broker and applies it; throws `refused('unconfirmed')` or too_many_attempts. */
  async function receive(hint: OrderHint): Promise<PostbackOutcome> {
    const accounts = await accountsOf(hint);
    // A client nobody holds costs no read, so it is refused before anything is counted.
    if (accounts.length === 0) throw refused('unconfirmed');
    await reserveAttempt(db, [{ scope: 'postback_client', key: `${broker}:${hint.clientId.toUpperCase()}`, rule: readsPerClient }], clock());
    for (const account of accounts) {
      // The broker does not know the order for this account: the next account with the client ID, if any.
      const confirmed = await confirm(account, hint.orderId);
      if (confirmed !== null) return { kind: 'order', accountNumber: account.accountNumber, orderId: hint.orderId, ...confirmed };
    }
    throw refused('unconfirmed');
  }

  return { receive };
}

export type OrderPostbacks = ReturnType<typeof createOrderPostbacks>;
