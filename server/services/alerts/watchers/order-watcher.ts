// Paper orders that became final since the last look: a fill (a stop-loss or target filling is a hit) or a
// rejection with the broker's message. (Live orders are told from the update that brought their final state,
// with the same alert and key: kite-broker/order-alerts.ts.) Read by updated_at, not id: an order keeps its id when it fills later.
// Orders a bot placed are left to the bot engine, which tells them as bot events, once it marks them (the
// bot_id column of migration 013); before that column exists every order is told.
import type { Queryable } from '../../../db/database.ts';
import { formatPaise, toRupees } from '../../brokers/paper/paise.ts';
import { said, words, type LocalText } from '../../texts/said.ts';
import { recordAlerts, type NewAlert } from '../alert-log.ts';
import { advance, readFrom } from './cursors.ts';

const cursorName = 'orders';
/** Orders read per look; more wait for the next tick. */
const ordersPerLook = 500;

/** An order that became final, as its alert needs it (a paper order here; a live one from kite-broker/order-alerts.ts). */
export type FinalOrder = {
  order_id: string;
  status: 'COMPLETE' | 'REJECTED';
  status_message: string | null;
  /** The message's code when StrikeDesk wrote it; null or absent for a broker's own words. */
  status_message_i18n?: LocalText | null;
  purpose: 'entry' | 'stoploss' | 'target' | 'squareoff' | 'auto_squareoff';
  tradingsymbol: string;
  transaction_type: 'BUY' | 'SELL';
  quantity: number;
  filled_quantity: number;
  filled_value_paise: string;
  updated_at: Date;
  broker_account_id: number;
  user_id: number;
  account_number: string;
};

type OrderRow = FinalOrder & { id: string };

/** The alert key of an order's final state; push-dispatcher.ts reads the order id back from it. */
export const orderDedupeKey = (orderId: string, status: string) => `order:${orderId}:${status}`;

export function orderAlert(row: FinalOrder): NewAlert {
  const side = row.transaction_type === 'BUY' ? 'Bought' : 'Sold';
  const base = { userId: row.user_id, accountId: row.broker_account_id, category: 'order' as const, link: '/app/order_book', at: new Date(row.updated_at) };
  const dedupeKey = orderDedupeKey(row.order_id, row.status);
  const symbol = { tradingsymbol: row.tradingsymbol };
  const where = { account: row.account_number, order_id: row.order_id };
  if (row.status === 'REJECTED') {
    const reason =
      row.status_message === null ? said('alert.no_reason', {}, 'The broker gave no reason.') : row.status_message_i18n ? { text: row.status_message, i18n: row.status_message_i18n } : words(row.status_message);
    return {
      ...base,
      event: 'order_rejected',
      severity: 'danger',
      title: said('alert.order_rejected_title', { side: row.transaction_type, quantity: row.quantity, ...symbol }, `Order rejected: ${row.transaction_type} ${row.quantity} ${row.tradingsymbol}`),
      body: said('alert.order_rejected_body', { reason: reason.i18n, ...where }, `${reason.text} (${row.account_number}, order ${row.order_id})`),
      dedupeKey,
    };
  }
  // Average fill price, rounded to the paisa half away from zero as the order book shows it.
  const average = row.filled_quantity === 0 ? 0 : Math.round(Number(row.filled_value_paise) / row.filled_quantity);
  const detail = said(
    'alert.order_filled_body',
    { side: row.transaction_type, quantity: row.filled_quantity, ...symbol, price: toRupees(average), ...where },
    `${side} ${row.filled_quantity} ${row.tradingsymbol} at ${formatPaise(average)} (${row.account_number}, order ${row.order_id})`,
  );
  if (row.purpose === 'stoploss') {
    return { ...base, event: 'stop_loss_hit', severity: 'warning', title: said('alert.stop_loss_hit_title', symbol, `Stop-loss hit: ${row.tradingsymbol}`), body: detail, dedupeKey };
  }
  if (row.purpose === 'target') {
    return { ...base, event: 'target_hit', severity: 'success', title: said('alert.target_hit_title', symbol, `Target hit: ${row.tradingsymbol}`), body: detail, dedupeKey };
  }
  const title =
    row.purpose === 'auto_squareoff'
      ? said('alert.squared_off_by_broker_title', symbol, `Squared off by the broker: ${row.tradingsymbol}`)
      : said('alert.order_filled_title', { side: row.transaction_type, quantity: row.filled_quantity, ...symbol }, `${side} ${row.filled_quantity} ${row.tradingsymbol}`);
  return { ...base, event: 'order_filled', severity: 'success', title, body: detail, dedupeKey };
}

/** Whether paper_orders says which bot placed an order (migration 013 adds bot_id). */
async function hasBotColumn(q: Queryable): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'paper_orders' AND column_name = 'bot_id'`,
  );
  return rows.length > 0;
}

export function createOrderWatcher() {
  let botColumn: boolean | undefined;

  /** Writes an alert for each order final since the last look; answers how many it wrote. */
  return async function watchOrders(tx: Queryable, now: Date): Promise<number> {
    botColumn ??= await hasBotColumn(tx);
    const from = await readFrom(tx, cursorName, now);
    const { rows } = await tx.query<OrderRow>(
      `SELECT o.id, o.order_id, o.status, o.status_message, o.status_message_i18n, o.purpose, o.tradingsymbol, o.transaction_type, o.quantity, o.filled_quantity,
         o.filled_value_paise, o.updated_at, o.broker_account_id, a.user_id, a.account_number
       FROM paper_orders o JOIN broker_accounts a ON a.id = o.broker_account_id
       WHERE o.status IN ('COMPLETE', 'REJECTED') AND o.updated_at > $1 AND o.updated_at <= $2${botColumn ? ' AND o.bot_id IS NULL' : ''}
         AND NOT EXISTS (SELECT 1 FROM alerts al WHERE al.user_id = a.user_id AND al.dedupe_key = 'order:' || o.order_id || ':' || o.status)
       ORDER BY o.updated_at, o.id LIMIT $3`,
      [from, now, ordersPerLook],
    );
    const written = (await recordAlerts(tx, rows.map(orderAlert))).length;
    const last = rows.at(-1);
    await advance(tx, cursorName, rows.length === ordersPerLook && last !== undefined ? new Date(last.updated_at) : now);
    return written;
  };
}
