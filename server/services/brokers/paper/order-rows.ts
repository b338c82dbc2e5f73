// The paper broker's rows: its orders and trades as stored, the account lock every change takes first, and
// the statements that write them. Every function runs in the caller's transaction.
import type { Queryable } from '../../../db/database.ts';
import type { Said } from '../../texts/said.ts';
import { DomainError } from '../../domain-error.ts';
import { notFoundTexts } from '../../texts/not-found-texts.ts';
import { istDate } from '../../market/ist.ts';
import type { BrokerOrder, OrderBot, OrderIntent, OrderPurpose, OrderStatus, Product, Side, TradingAccount } from '../broker-trading.ts';
import { readEntryGuards, type EntryGuards } from '../entry-guards.ts';
import type { Charges } from './charges.ts';
import type { Contract } from './contracts.ts';
import { amoPendingStatus } from '../after-market.ts';

/** A paper order: the broker's record plus its row id (the order of placement) and, for an AMO the broker still holds, when it goes to the exchange. */
export type OrderRow = BrokerOrder & { id: string; amo_release_at: Date | null };

/**
 * Whose an order is and why it is placed; `intent`: the planned intent it belongs to and its number in the
 * plan (unique per account: placed at most once).
 */
export type PlaceOptions = {
  portfolioId: number | null;
  tag: string;
  purpose: OrderPurpose;
  ocoGroup?: string | null;
  bot?: OrderBot | null;
  intent?: { ref: string; slice: number } | null;
  /** An after-market order: held by the broker until this open, then sent to the exchange. */
  amoReleaseAt?: Date | null;
  /**
   * The instant its send was admitted under the account's rate limits (trading/order-rate.ts): the broker's
   * own stamp (placed_at, Kite's order_timestamp), so a second of stamps never holds more than the limit. The
   * placing itself may come a little later; absent, it is stamped when placed (the broker's own orders).
   */
  sentAt?: Date | null;
};

export const working: readonly OrderStatus[] = ['OPEN', 'TRIGGER PENDING'];
export const orderColumns = `o.id, o.order_id, o.exchange_order_id, o.broker_account_id, o.portfolio_id, o.instrument_token, o.exchange,
  o.tradingsymbol, o.transaction_type, o.order_type, o.product, o.quantity, o.price_paise, o.trigger_price_paise,
  o.filled_quantity, o.filled_value_paise, o.cancelled_quantity, o.status, o.status_message, o.status_message_i18n, o.tag, o.purpose, o.oco_group,
  o.modifications, o.placed_at, o.exchange_at, o.intent_key AS intent_ref, o.intent_slice, o.variety, o.amo_release_at,
  CASE WHEN o.amo_release_at IS NOT NULL AND o.status IN ('OPEN', 'TRIGGER PENDING') THEN '${amoPendingStatus}' END AS broker_status`;

export const pendingOf = (row: Pick<OrderRow, 'quantity' | 'filled_quantity' | 'cancelled_quantity'>) =>
  row.quantity - row.filled_quantity - row.cancelled_quantity;

export const sideSign = (side: Side) => (side === 'BUY' ? 1 : -1);

/** Serialises everything that changes this account's orders (paper-trading.ts says why), reading what an entry must respect. */
export const lockAccount = (q: Queryable, accountId: number): Promise<EntryGuards> => readEntryGuards(q, accountId, true);

export async function insertOrder(
  q: Queryable,
  account: TradingAccount,
  intent: OrderIntent,
  contract: Contract,
  options: PlaceOptions,
  status: OrderStatus,
  message: Said | null,
  now: Date,
): Promise<OrderRow> {
  const amoReleaseAt = status === 'REJECTED' ? null : (options.amoReleaseAt ?? null);
  // An AMO reaches the exchange (and gets its exchange order id) only at the open.
  const accepted = status !== 'REJECTED' && amoReleaseAt === null;
  // The Kite-like ids come from the order sequence inside the INSERT: the IST date (yymmdd) and 9 digits,
  // and an exchange order id for an order the exchange accepted.
  const { rows } = await q.query<OrderRow>(
    `WITH seq AS (SELECT nextval('paper_order_seq') AS n)
     INSERT INTO paper_orders AS o (order_id, exchange_order_id, broker_account_id, portfolio_id, instrument_token, exchange, tradingsymbol,
       transaction_type, order_type, product, quantity, price_paise, trigger_price_paise, status, status_message, tag, purpose,
       oco_group, trading_day, placed_at, exchange_at, updated_at, cancelled_quantity, bot_kind, bot_id, intent_key, intent_slice, status_message_i18n,
       variety, amo_release_at)
     SELECT $1::text || CASE WHEN seq.n < 1000000000 THEN lpad(seq.n::text, 9, '0') ELSE seq.n::text END,
       CASE WHEN $2::boolean THEN (1100000000000000 + seq.n)::text END, $3::int, $4::int, $5::int, $6::text, $7::text, $8::text, $9::text,
       $10::text, $11::int, $12::bigint, $13::bigint, $14::text, $15::text, $16::text, $17::text, $18::bigint, $19::date, $20::timestamptz,
       $21::timestamptz, $30::timestamptz, $22::int, $23::text, $24::int, $25::text, $26::int, $27::jsonb, $28::text, $29::timestamptz
     FROM seq
     RETURNING ${orderColumns}`,
    [
      istDate(now).slice(2).replaceAll('-', ''),
      accepted,
      account.id,
      options.portfolioId,
      contract.instrumentToken,
      contract.exchange,
      contract.tradingsymbol,
      intent.side,
      intent.orderType,
      intent.product,
      intent.quantity,
      intent.orderType === 'MARKET' || intent.orderType === 'SL-M' ? 0 : intent.pricePaise,
      intent.orderType === 'SL' || intent.orderType === 'SL-M' ? intent.triggerPaise : 0,
      status,
      message?.text ?? null,
      options.tag,
      options.purpose,
      options.ocoGroup ?? null,
      istDate(now),
      options.sentAt ?? now,
      accepted ? now : null,
      status === 'REJECTED' ? intent.quantity : 0,
      options.bot?.kind ?? null,
      options.bot?.id ?? null,
      options.intent?.ref ?? null,
      options.intent?.slice ?? null,
      message === null ? null : JSON.stringify(message.i18n),
      // A refused AMO is still an AMO (its release time is dropped above).
      (options.amoReleaseAt ?? null) === null ? 'regular' : 'amo',
      amoReleaseAt,
      now,
    ],
  );
  return rows[0]!;
}

/** Cancels a working order, saying why (an order already final is answered as it is). */
export async function cancelRow(q: Queryable, order: OrderRow, message: Said, now: Date): Promise<OrderRow> {
  const { rows } = await q.query<OrderRow>(
    `UPDATE paper_orders o SET status = 'CANCELLED', status_message = $2, status_message_i18n = $4::jsonb, cancelled_quantity = quantity - filled_quantity, updated_at = $3
     WHERE id = $1 AND status IN ('OPEN', 'TRIGGER PENDING') RETURNING ${orderColumns}`,
    [order.id, message.text, now, JSON.stringify(message.i18n)],
  );
  return rows[0] ?? order;
}

export async function ownedOrder(q: Queryable, accountId: number, orderId: string, lock = false): Promise<OrderRow> {
  const { rows } = await q.query<OrderRow>(
    `SELECT ${orderColumns} FROM paper_orders o WHERE o.broker_account_id = $1 AND o.order_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [accountId, orderId],
  );
  const order = rows[0];
  if (order === undefined) throw DomainError.said('not_found', notFoundTexts.order(orderId, 'account'), { field: 'order_id' });
  return order;
}

type TradeOwner = { accountId: number; portfolioId: number | null; product: Product };

/** A paper_trades INSERT whose 20 values start at parameter $first (the trade id comes from its sequence). */
export const tradeInsertSql = (first: number) => `INSERT INTO paper_trades (trade_id, order_id, broker_account_id, portfolio_id, instrument_token, exchange,
     tradingsymbol, product, transaction_type, quantity, price_paise, brokerage_paise, stt_paise, exchange_paise, sebi_paise, gst_paise,
     stamp_paise, call_and_trade_paise, kind, trading_day, filled_at)
   VALUES ((10000000 + nextval('paper_trade_seq'))::text, ${Array.from({ length: 20 }, (_, n) => `$${first + n}`).join(', ')})`;

export function tradeValues(
  order: Pick<OrderRow, 'order_id' | 'broker_account_id' | 'portfolio_id' | 'product'> | null,
  contract: Contract,
  side: Side,
  quantity: number,
  pricePaise: number,
  charges: Charges,
  kind: 'fill' | 'settlement',
  now: Date,
  owner?: TradeOwner,
): unknown[] {
  return [
    order?.order_id ?? null,
    order?.broker_account_id ?? owner?.accountId,
    order === null ? owner?.portfolioId ?? null : order.portfolio_id,
    contract.instrumentToken,
    contract.exchange,
    contract.tradingsymbol,
    order?.product ?? owner?.product,
    side,
    quantity,
    pricePaise,
    charges.brokerage,
    charges.stt,
    charges.exchange,
    charges.sebi,
    charges.gst,
    charges.stamp,
    charges.callAndTrade,
    kind,
    istDate(now),
    now,
  ];
}
