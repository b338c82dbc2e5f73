// A live broker's orders and trades in StrikeDesk's shapes (BrokerOrder, BrokerTrade: the contract's fields,
// money in paise). The broker's status is kept verbatim (upper case) in the mirror and mapped here, honestly:
// a final state only when the broker says it (COMPLETE, CANCELLED, REJECTED); every transient one (PUT ORDER
// REQ RECEIVED, VALIDATION PENDING, OPEN PENDING, MODIFY ... PENDING, CANCEL PENDING, AMO REQ RECEIVED)
// reads as still working (OPEN, or TRIGGER PENDING for an untriggered stop), with the broker's own word in
// broker_status. A CANCEL PENDING order is not cancelled until the broker says so.
import type { LocalText } from '../../texts/said.ts';
import type { BrokerOrder, BrokerTrade, Exchange, OrderBot, OrderPurpose, OrderStatus, OrderType, Product } from '../broker-trading.ts';
import type { WireOrder, WireTrade } from './live-wire.ts';

/** A kite_orders row (migration 019; the table keeps its first broker's name and holds every live broker's orders). */
export type MirrorOrder = Pick<
  WireOrder,
  | 'order_id' | 'parent_order_id' | 'exchange_order_id' | 'tag' | 'variety' | 'exchange' | 'tradingsymbol' | 'instrument_token' | 'transaction_type'
  | 'order_type' | 'product' | 'quantity' | 'status' | 'status_message' | 'filled_quantity' | 'pending_quantity' | 'cancelled_quantity'
  | 'converted_to_limit' | 'exchange_at'
> & {
  broker_account_id: number;
  portfolio_id: number | null;
  bot_kind: OrderBot['kind'] | null;
  bot_id: number | null;
  purpose: OrderPurpose;
  oco_group: string | null;
  requested_order_type: string;
  /** Money as the database answers it (bigint text) or as written. */
  price_paise: string | number;
  trigger_price_paise: string | number;
  filled_value_paise: string | number;
  /** Set only when StrikeDesk wrote the message (an order it did not send): the broker's own words have no code. */
  status_message_i18n: LocalText | null;
  market_protection: string | number | null;
  modifications: number;
  placed_at: Date;
  updated_at: Date;
  intent_ref: string | null;
  intent_slice: number | null;
};

export const mirrorColumns = `order_id, parent_order_id, exchange_order_id, broker_account_id, tag, portfolio_id, bot_kind, bot_id, purpose, oco_group,
  variety, exchange, tradingsymbol, instrument_token, transaction_type, order_type, requested_order_type, product, quantity, price_paise,
  trigger_price_paise, status, status_message, status_message_i18n, filled_quantity, pending_quantity, cancelled_quantity, filled_value_paise, market_protection,
  converted_to_limit, modifications, placed_at, exchange_at, updated_at, intent_ref, intent_slice`;

/** What the broker's record of an order says, in the mirror's columns (a WireOrder without its identity). */
export type LiveState = Omit<WireOrder, 'order_id' | 'tag' | 'slice_parent' | 'market_protection'>;

export const finalStatuses: readonly string[] = ['COMPLETE', 'CANCELLED', 'REJECTED'];
export const isFinal = (status: string) => finalStatuses.includes(status);

/** The contract's status for the broker's: final only when the broker says so. */
export function contractStatus(brokerStatus: string, orderType: string, filledQuantity: number): OrderStatus {
  if (brokerStatus === 'COMPLETE' || brokerStatus === 'CANCELLED' || brokerStatus === 'REJECTED' || brokerStatus === 'OPEN' || brokerStatus === 'TRIGGER PENDING') {
    return brokerStatus;
  }
  const stop = orderType === 'SL' || orderType === 'SL-M';
  return stop && filledQuantity === 0 ? 'TRIGGER PENDING' : 'OPEN';
}

const exchanges: readonly string[] = ['NFO', 'BFO'];
const products: readonly string[] = ['MIS', 'NRML'];
const orderTypes: readonly string[] = ['MARKET', 'LIMIT', 'SL', 'SL-M'];

/** Whether StrikeDesk can show it: index options and futures on NFO and BFO, as MIS or NRML (the contract's). */
export function isShown(order: { exchange: string; product: string; order_type?: string }): boolean {
  return exchanges.includes(order.exchange) && products.includes(order.product) && (order.order_type === undefined || orderTypes.includes(order.order_type));
}

/**
 * Whether the order and trade books show it: those positions are made of, and equity delivery (CNC) orders on NSE and
 * BSE, sales of the account's holdings (issue 63), whether StrikeDesk placed them or the trader in the broker's app.
 * The positions leave CNC out: the holdings are read on their own (live-holdings.ts).
 */
export function isShownInBook(order: { exchange: string; product: string; order_type?: string }): boolean {
  if (isShown(order)) return true;
  return (order.exchange === 'NSE' || order.exchange === 'BSE') && order.product === 'CNC' && (order.order_type === undefined || orderTypes.includes(order.order_type));
}

export function toBrokerOrder(row: MirrorOrder): BrokerOrder {
  const status = contractStatus(row.status, row.order_type, row.filled_quantity);
  return {
    order_id: row.order_id,
    exchange_order_id: row.exchange_order_id,
    broker_account_id: Number(row.broker_account_id),
    portfolio_id: row.portfolio_id,
    instrument_token: Number(row.instrument_token),
    exchange: row.exchange as Exchange,
    tradingsymbol: row.tradingsymbol,
    transaction_type: row.transaction_type,
    order_type: row.order_type as OrderType,
    product: row.product as Product,
    quantity: row.quantity,
    price_paise: String(row.price_paise),
    trigger_price_paise: String(row.trigger_price_paise),
    filled_quantity: row.filled_quantity,
    filled_value_paise: String(row.filled_value_paise),
    cancelled_quantity: row.cancelled_quantity,
    status,
    status_message: row.status_message,
    status_message_i18n: row.status_message_i18n,
    variety: row.variety === 'amo' ? 'amo' : 'regular',
    tag: row.tag,
    purpose: row.purpose,
    oco_group: row.oco_group,
    modifications: row.modifications,
    placed_at: new Date(row.placed_at),
    exchange_at: row.exchange_at === null ? null : new Date(row.exchange_at),
    updated_at: new Date(row.updated_at),
    broker_status: status === row.status ? null : row.status,
    parent_order_id: row.parent_order_id,
    market_protection: row.market_protection === null ? null : Number(row.market_protection),
    converted_to_limit: row.converted_to_limit,
    intent_ref: row.intent_ref,
    intent_slice: row.intent_slice === null ? null : Number(row.intent_slice),
  };
}

/** An order in the broker's book that StrikeDesk did not place (the trader's own, from the broker's app): no portfolio, no bot. */
export function unmirrored(order: WireOrder, accountId: number, now: Date): MirrorOrder {
  const { order_id: orderId, tag, slice_parent: _parent, market_protection: marketProtection, ...state } = order;
  return {
    ...state,
    status_message_i18n: null,
    order_id: orderId,
    broker_account_id: accountId,
    tag,
    portfolio_id: null,
    bot_kind: null,
    bot_id: null,
    purpose: 'entry',
    oco_group: null,
    requested_order_type: order.order_type,
    market_protection: marketProtection,
    modifications: 0,
    placed_at: state.placed_at ?? now,
    updated_at: now,
    intent_ref: null,
    intent_slice: null,
  };
}

export function toBrokerTrade(trade: WireTrade, accountId: number, portfolioId: number | null): BrokerTrade {
  return {
    trade_id: trade.trade_id,
    order_id: trade.order_id,
    broker_account_id: accountId,
    portfolio_id: portfolioId,
    instrument_token: trade.instrument_token,
    exchange: trade.exchange as Exchange,
    tradingsymbol: trade.tradingsymbol,
    product: trade.product as Product,
    transaction_type: trade.transaction_type,
    quantity: trade.quantity,
    price_paise: String(trade.price_paise),
    kind: 'fill',
    filled_at: trade.filled_at ?? new Date(0),
    // A broker's trades carry no charges: the mirror's share of the order's, once it is complete (order-books.ts).
    charges_paise: null,
  };
}
