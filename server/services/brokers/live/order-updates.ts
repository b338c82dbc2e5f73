// What a live broker says about orders, applied: the mirror moved forward (mirror.ts sync), in the same
// transaction an alert for each order of the trader's that became COMPLETE or REJECTED (the paper broker's
// alerts, same keys, so a postback and the periodic read of the same change tell it once; a bot's orders are
// told by the bot engine), then, outside it, what follows from the change at the broker: the fills read for
// portfolio and bot attribution, a completed order's charges (the broker's own, wire.chargesOf), and
// one-cancels-the-other (a stop-loss or target that filled has its partner cancelled by StrikeDesk, as no
// broker knows such pairs). Each change, once recorded, is told to the account's stream.
import type { Database } from '../../../db/database.ts';
import { recordAlert } from '../../alerts/alert-log.ts';
import { orderAlert } from '../../alerts/watchers/order-watcher.ts';
import type { BrokerOrder, TradingAccount } from '../broker-trading.ts';
import type { LiveWire, WireOrder, WireTrade } from './live-wire.ts';
import type { Mirror, StatusChange } from './mirror.ts';
import { toBrokerOrder, type MirrorOrder } from './order-mapping.ts';

type Owner = { user_id: number; account_number: string };

type OrderUpdatesOptions = {
  db: Database;
  mirror: Mirror;
  wire: LiveWire;
  cancel: (account: TradingAccount, orderIds: readonly string[]) => Promise<unknown>;
  /** Hears each order the mirror moved, after it is recorded. */
  onChanged?: ((accountId: number, order: BrokerOrder) => void) | undefined;
};

export function createOrderUpdates({ db, mirror, wire, cancel, onChanged }: OrderUpdatesOptions) {
  async function tell(changes: readonly StatusChange[], owner: Owner, q: Parameters<typeof recordAlert>[0]): Promise<void> {
    for (const { order, before } of changes) {
      if (order.bot_id !== null || order.status === before || (order.status !== 'COMPLETE' && order.status !== 'REJECTED')) continue;
      await recordAlert(q, orderAlert({
        order_id: order.order_id,
        status: order.status,
        status_message: order.status_message,
        status_message_i18n: order.status_message_i18n,
        purpose: order.purpose,
        tradingsymbol: order.tradingsymbol,
        transaction_type: order.transaction_type,
        quantity: order.quantity,
        filled_quantity: order.filled_quantity,
        filled_value_paise: String(order.filled_value_paise),
        updated_at: order.updated_at,
        broker_account_id: Number(order.broker_account_id),
        user_id: owner.user_id,
        account_number: owner.account_number,
      }));
    }
  }

  /** Mirrors the broker's word on these orders (and fills) and tells the trader what became final. */
  async function record(account: TradingAccount, orders: readonly WireOrder[], trades: readonly WireTrade[] = []): Promise<StatusChange[]> {
    return db.transaction(async (tx) => {
      const changes = await mirror.sync(account.id, orders, trades, tx);
      if (changes.length === 0) return changes;
      const { rows } = await tx.query<Owner>('SELECT user_id, account_number FROM broker_accounts WHERE id = $1', [account.id]);
      if (rows[0] !== undefined) await tell(changes, { user_id: Number(rows[0].user_id), account_number: rows[0].account_number }, tx);
      return changes;
    });
  }

  /** A completed order's charges as the broker prices them, kept on its row (its fills' share of them). */
  async function chargeCompleted(account: TradingAccount, completed: readonly MirrorOrder[]): Promise<void> {
    if (completed.length === 0) return;
    const charges = await wire.chargesOf(account, completed.map((order) => ({
      order_id: order.order_id,
      exchange: order.exchange,
      tradingsymbol: order.tradingsymbol,
      instrument_token: order.instrument_token,
      transaction_type: order.transaction_type,
      product: order.product,
      order_type: order.order_type,
      filled_quantity: order.filled_quantity,
      average_paise: Number(order.filled_value_paise) / order.filled_quantity,
    })));
    for (const [index, order] of completed.entries()) {
      const priced = charges[index];
      if (priced === undefined || priced === null) continue;
      const [paise, brokeragePriced] = typeof priced === 'number' ? [priced, null] : [priced.paise, priced.brokeragePriced];
      await db.query('UPDATE kite_orders SET charges_paise = $3, brokerage_priced = $4 WHERE broker_account_id = $1 AND order_id = $2', [account.id, order.order_id, paise, brokeragePriced]);
    }
  }

  /**
   * One-cancels-the-other: working protective orders whose partner (same oco_group) filled are cancelled.
   * Read from the mirror, not from the change at hand, so a cancel that failed is tried again next time.
   */
  async function settleOco(account: TradingAccount): Promise<void> {
    const { rows } = await db.query<{ order_id: string }>(
      `SELECT w.order_id FROM kite_orders w WHERE w.broker_account_id = $1 AND w.oco_group IS NOT NULL
         AND w.status NOT IN ('COMPLETE', 'CANCELLED', 'REJECTED') AND w.purpose IN ('stoploss', 'target')
         AND EXISTS (SELECT 1 FROM kite_orders f WHERE f.broker_account_id = w.broker_account_id AND f.oco_group = w.oco_group
           AND f.order_id <> w.order_id AND f.status = 'COMPLETE')
       ORDER BY w.id`,
      [account.id],
    );
    if (rows.length > 0) await cancel(account, rows.map((row) => row.order_id));
  }

  /**
   * Applies the broker's word and what follows from it. The follow-ups are best effort (their failure is left to
   * the next update or read, which finds the same changes still to do) and never undo what was recorded.
   */
  async function apply(account: TradingAccount, orders: readonly WireOrder[], trades?: readonly WireTrade[]): Promise<StatusChange[]> {
    const changes = await record(account, orders, trades ?? []);
    for (const change of changes) onChanged?.(account.id, toBrokerOrder(change.order));
    const filled = changes.map((change) => change.order).filter((order) => order.filled_quantity > 0);
    if (filled.length === 0) return changes;
    await followUp(account, filled, trades === undefined).catch(() => undefined);
    return changes;
  }

  async function followUp(account: TradingAccount, filled: readonly MirrorOrder[], readTrades: boolean): Promise<void> {
    if (readTrades) {
      wire.forget(account.id);
      await mirror.sync(account.id, [], await wire.trades(account));
    }
    await settleOco(account);
    await chargeCompleted(account, filled.filter((order) => order.status === 'COMPLETE'));
  }

  return { apply, settleOco };
}

export type OrderUpdates = ReturnType<typeof createOrderUpdates>;
