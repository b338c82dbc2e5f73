// Upstox's webhook (POST /api/brokers/upstox/postback/): the JSON Upstox sends on every change of an order of
// the app's users. Upstox signs nothing, so nothing in it is believed: it only says which order to look at.
// The order is read from Upstox with the session of the linked account it names (its `user_id`, Upstox's UCC:
// the account's client ID), and what Upstox answers is applied: the same path as the portfolio stream's updates
// (upstox-order-hints.ts). A body that is no order update, names no logged-in Upstox account, or whose order Upstox does not
// know for that account changes nothing and is refused (the route logs it). GTT and other updates are
// acknowledged and not read.
// https://upstox.com/developer/api-documentation/webhook
import type { Database } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { upstoxTexts, type UpstoxWebhookRefusal } from '../../texts/upstox-texts.ts';
import type { TradingAccount } from '../broker-trading.ts';
import { toPaise } from '../paper/paise.ts';
import { readWebhook } from '../upstox/upstox-webhook.ts';
import type { UpstoxOrderHints } from './upstox-order-hints.ts';

export type WebhookOutcome =
  | { kind: 'order'; accountNumber: string; orderId: string; status: string; changed: boolean }
  | { kind: 'other'; updateType: string };

const refused = (reason: UpstoxWebhookRefusal) => DomainError.said('postback_refused', upstoxTexts.webhookRefused(reason));

export function createUpstoxWebhooks({ db, hints }: { db: Database; hints: UpstoxOrderHints }) {
  /** The logged-in Upstox accounts with this UCC, the one whose mirror holds the order first. */
  async function accountsOf(userId: string, orderId: string): Promise<TradingAccount[]> {
    const { rows } = await db.query<{ id: number; account_number: string; capital: string }>(
      `SELECT a.id, a.account_number, a.capital FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id
       WHERE b.slug = 'upstox' AND upper(a.account_number) = upper($1) AND a.session_access_token_encrypted IS NOT NULL
       ORDER BY EXISTS (SELECT 1 FROM kite_orders o WHERE o.broker_account_id = a.id AND o.order_id = $2) DESC, a.id`,
      [userId, orderId],
    );
    return rows.map((row) => ({ id: Number(row.id), accountNumber: row.account_number, capitalPaise: toPaise(Number(row.capital)) }));
  }

  async function receive(body: unknown): Promise<WebhookOutcome> {
    let hint;
    try {
      hint = readWebhook(body);
    } catch {
      throw refused('not_order');
    }
    if (hint.kind === 'other') return hint;
    const orderId = hint.order.order_id;
    for (const account of await accountsOf(hint.userId, orderId)) {
      // Upstox does not know the order for this account: the next account with the UCC, if any.
      const confirmed = await hints.confirm(account, orderId);
      if (confirmed !== null) return { kind: 'order', accountNumber: account.accountNumber, orderId, ...confirmed };
    }
    throw refused('unconfirmed');
  }

  return { receive };
}

export type UpstoxWebhooks = ReturnType<typeof createUpstoxWebhooks>;
