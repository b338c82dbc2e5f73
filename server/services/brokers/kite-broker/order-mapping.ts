// Kite's orders and trades in StrikeDesk's shapes (BrokerOrder, BrokerTrade: the contract's fields, money in
// paise). Kite's status is kept verbatim in the mirror and mapped here, honestly: a final state only when
// Kite says it (COMPLETE, CANCELLED, REJECTED); every transient one (PUT ORDER REQ RECEIVED, VALIDATION
// PENDING, OPEN PENDING, MODIFY ... PENDING, CANCEL PENDING, AMO REQ RECEIVED) reads as still working (OPEN,
// or TRIGGER PENDING for an untriggered stop), with Kite's own word in broker_status. A CANCEL PENDING order
// is not cancelled until Kite says so.
import type { LocalText } from '../../texts/said.ts';
import type { BrokerOrder, BrokerTrade, Exchange, OrderBot, OrderPurpose, OrderStatus, OrderType, Product, Side } from '../broker-trading.ts';
import { kiteTime } from '../kite/kite-json.ts';
import type { KiteOrder, KiteTrade } from '../kite/kite-order-types.ts';

/** A kite_orders row (migration 019). */
export type MirrorOrder = {
  order_id: string;
  parent_order_id: string | null;
  exchange_order_id: string | null;
  broker_account_id: number;
  tag: string | null;
  portfolio_id: number | null;
  bot_kind: OrderBot['kind'] | null;
  bot_id: number | null;
  purpose: OrderPurpose;
  oco_group: string | null;
  variety: string;
  exchange: string;
  tradingsymbol: string;
  instrument_token: number;
  transaction_type: Side;
  order_type: string;
  requested_order_type: string;
  product: string;
  quantity: number;
  price_paise: string | number;
  trigger_price_paise: string | number;
  status: string;
  status_message: string | null;
  /** Set only when StrikeDesk wrote the message (an order it did not send): Kite's own words have no code. */
  status_message_i18n: LocalText | null;
  filled_quantity: number;
  pending_quantity: number;
  cancelled_quantity: number;
  filled_value_paise: string | number;
  market_protection: string | number | null;
  converted_to_limit: boolean;
  modifications: number;
  placed_at: Date;
  exchange_at: Date | null;
  updated_at: Date;
  intent_ref: string | null;
  intent_slice: number | null;
};

export const mirrorColumns = `order_id, parent_order_id, exchange_order_id, broker_account_id, tag, portfolio_id, bot_kind, bot_id, purpose, oco_group,
  variety, exchange, tradingsymbol, instrument_token, transaction_type, order_type, requested_order_type, product, quantity, price_paise,
  trigger_price_paise, status, status_message, status_message_i18n, filled_quantity, pending_quantity, cancelled_quantity, filled_value_paise, market_protection,
  converted_to_limit, modifications, placed_at, exchange_at, updated_at, intent_ref, intent_slice`;

/** What Kite's record of an order says, in the mirror's columns. */
export type KiteState = Pick<
  MirrorOrder,
  | 'exchange_order_id' | 'parent_order_id' | 'variety' | 'exchange' | 'tradingsymbol' | 'instrument_token' | 'transaction_type' | 'order_type'
  | 'product' | 'quantity' | 'status' | 'status_message' | 'filled_quantity' | 'pending_quantity' | 'cancelled_quantity' | 'converted_to_limit'
  | 'exchange_at'
> & { price_paise: number; trigger_price_paise: number; filled_value_paise: number; placed_at: Date | null };

export const finalStatuses: readonly string[] = ['COMPLETE', 'CANCELLED', 'REJECTED'];
export const isFinal = (status: string) => finalStatuses.includes(status);

const paise = (rupees: number) => Math.round(rupees * 100);

/** A Kite timestamp (IST text), or null when absent or unreadable. */
export function kiteStamp(text: string | null): Date | null {
  if (text === null) return null;
  try {
    return kiteTime(text);
  } catch {
    return null;
  }
}

export function kiteState(order: KiteOrder): KiteState {
  return {
    exchange_order_id: order.exchange_order_id,
    parent_order_id: order.parent_order_id ?? autosliceParent(order.tags),
    variety: order.variety,
    exchange: order.exchange,
    tradingsymbol: order.tradingsymbol,
    instrument_token: order.instrument_token,
    transaction_type: order.transaction_type,
    order_type: order.order_type,
    product: order.product,
    quantity: order.quantity,
    price_paise: paise(order.price),
    trigger_price_paise: paise(order.trigger_price),
    status: order.status,
    status_message: order.status_message,
    filled_quantity: order.filled_quantity,
    pending_quantity: order.pending_quantity,
    cancelled_quantity: order.cancelled_quantity,
    filled_value_paise: Math.round(order.average_price * order.filled_quantity * 100),
    // Kite tags a MARKET order its market protection turned into a LIMIT "mktp" (and "mktp:<percent>").
    converted_to_limit: order.tags.some((tag) => tag === 'mktp' || tag.startsWith('mktp:')),
    placed_at: kiteStamp(order.order_timestamp),
    exchange_at: kiteStamp(order.exchange_timestamp),
  };
}

/** Autoslice children are tagged "autoslice:<parent order_id>". */
export function autosliceParent(tags: readonly string[]): string | null {
  const tag = tags.find((candidate) => candidate.startsWith('autoslice:'));
  return tag === undefined ? null : tag.slice('autoslice:'.length);
}

/** The contract's status for Kite's: final only when Kite says so. */
export function contractStatus(kiteStatus: string, orderType: string, filledQuantity: number): OrderStatus {
  if (kiteStatus === 'COMPLETE' || kiteStatus === 'CANCELLED' || kiteStatus === 'REJECTED' || kiteStatus === 'OPEN' || kiteStatus === 'TRIGGER PENDING') {
    return kiteStatus;
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

/** An order in Kite's book that StrikeDesk did not place (the trader's own, from Kite's app): no portfolio, no bot. */
export function unmirrored(order: KiteOrder, accountId: number, now: Date): MirrorOrder {
  const state = kiteState(order);
  return {
    ...state,
    status_message_i18n: null,
    order_id: order.order_id,
    broker_account_id: accountId,
    tag: order.tag,
    portfolio_id: null,
    bot_kind: null,
    bot_id: null,
    purpose: 'entry',
    oco_group: null,
    requested_order_type: order.order_type,
    market_protection: order.market_protection === 0 ? null : order.market_protection,
    modifications: 0,
    placed_at: state.placed_at ?? now,
    updated_at: now,
    intent_ref: null,
    intent_slice: null,
  };
}

export function toBrokerTrade(trade: KiteTrade, accountId: number, portfolioId: number | null): BrokerTrade {
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
    price_paise: String(paise(trade.average_price)),
    kind: 'fill',
    filled_at: kiteStamp(trade.fill_timestamp) ?? kiteStamp(trade.exchange_timestamp) ?? new Date(0),
    // Kite's trades carry no charges: the mirror's share of the order's, once it is complete (order-books.ts).
    charges_paise: null,
  };
}
