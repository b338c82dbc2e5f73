// The trading contract's shapes from the broker's records: an order request as an intent, and orders,
// trades and positions as the contract's Order, Trade and Position (paise to rupees at this edge).
import type { components } from '../../../openapi/main.d.ts';
import type { BrokerOrder, BrokerTrade, ChargesStatus, HoldingTradeRecord, OrderIntent, PositionEntry, Product } from '../brokers/broker-trading.ts';
import { toPaise, toRupees } from '../brokers/paper/paise.ts';
import { averagePaise, dayTotals, positionFigures } from '../brokers/paper/position-math.ts';
import { tagOfKey } from './idempotency.ts';

type Schemas = components['schemas'];
type Order = Schemas['Order'];
type Trade = Schemas['Trade'];
type Position = Schemas['Position'];

type OrderRequestBody = Pick<Schemas['OrderRequest'], 'tradingsymbol' | 'exchange' | 'transaction_type' | 'order_type' | 'product' | 'quantity' | 'price' | 'trigger_price' | 'after_market' | 'after_market_time'>;

export function intentOf(body: OrderRequestBody): OrderIntent {
  return {
    exchange: body.exchange,
    tradingsymbol: body.tradingsymbol,
    side: body.transaction_type,
    orderType: body.order_type,
    product: body.product,
    quantity: body.quantity,
    pricePaise: toPaise(body.price ?? 0),
    triggerPaise: toPaise(body.trigger_price ?? 0),
    ...(body.after_market === true ? { afterMarket: true } : {}),
    ...(body.after_market_time === undefined ? {} : { afterMarketTime: body.after_market_time }),
  };
}

export function toOrder(row: BrokerOrder, accountNumber: string): Order {
  return {
    order_id: row.order_id,
    exchange_order_id: row.exchange_order_id,
    account_number: accountNumber,
    portfolio_id: row.portfolio_id,
    tradingsymbol: row.tradingsymbol,
    instrument_token: row.instrument_token,
    exchange: row.exchange,
    transaction_type: row.transaction_type,
    order_type: row.order_type,
    product: row.product,
    variety: row.variety ?? 'regular',
    validity: 'DAY',
    quantity: row.quantity,
    price: toRupees(Number(row.price_paise)),
    trigger_price: toRupees(Number(row.trigger_price_paise)),
    average_price: toRupees(averagePaise(Number(row.filled_value_paise), row.filled_quantity)),
    filled_quantity: row.filled_quantity,
    pending_quantity: row.status === 'OPEN' || row.status === 'TRIGGER PENDING' ? row.quantity - row.filled_quantity - row.cancelled_quantity : 0,
    cancelled_quantity: row.cancelled_quantity,
    status: row.status,
    status_message: row.status_message,
    status_message_i18n: row.status_message_i18n ?? null,
    tag: row.tag,
    order_timestamp: new Date(row.placed_at).toISOString(),
    exchange_timestamp: row.exchange_at === null ? null : new Date(row.exchange_at).toISOString(),
    modifications: row.modifications,
    // A live broker's extras (kite-broker/order-mapping.ts); paper orders have none.
    ...(row.broker_status === undefined ? {} : { broker_status: row.broker_status }),
    ...(row.parent_order_id === undefined ? {} : { parent_order_id: row.parent_order_id }),
    ...(row.market_protection === undefined ? {} : { market_protection: row.market_protection }),
    ...(row.converted_to_limit === undefined ? {} : { converted_to_limit: row.converted_to_limit }),
  };
}

export function toTrade(row: BrokerTrade, accountNumber: string): Trade {
  return {
    trade_id: row.trade_id,
    order_id: row.order_id ?? `settlement-${row.trade_id}`,
    account_number: accountNumber,
    portfolio_id: row.portfolio_id,
    tradingsymbol: row.tradingsymbol,
    instrument_token: row.instrument_token,
    exchange: row.exchange,
    product: row.product,
    transaction_type: row.transaction_type,
    quantity: row.quantity,
    average_price: toRupees(Number(row.price_paise)),
    fill_timestamp: new Date(row.filled_at).toISOString(),
    charges: row.charges_paise === null ? null : toRupees(Number(row.charges_paise)),
    call_and_trade: row.call_and_trade_paise === undefined || row.call_and_trade_paise === null ? null : toRupees(Number(row.call_and_trade_paise)),
    ...(row.brokerage_not_priced === true ? { brokerage_status: 'not_priced' as const } : {}),
  };
}

const holdingCharges = ({ charges }: HoldingTradeRecord) => charges.brokerage + charges.stt + charges.stamp + charges.exchange + charges.sebi + charges.dp + charges.gst;

/**
 * A sale of delivered shares (or a buy-back of shares owed) as the order book's order: an equity delivery (CNC) order
 * on NSE, filled in full when placed (the paper broker rests none), tagged as every order from its Idempotency-Key.
 */
export function holdingOrder(record: HoldingTradeRecord, accountNumber: string): Order {
  const at = record.tradedAt.toISOString();
  return {
    order_id: record.orderId,
    exchange_order_id: record.exchangeOrderId,
    account_number: accountNumber,
    portfolio_id: null,
    tradingsymbol: record.symbol,
    exchange: 'NSE',
    transaction_type: record.side,
    order_type: record.orderType,
    product: 'CNC',
    variety: 'regular',
    validity: 'DAY',
    quantity: record.shares,
    price: toRupees(record.limitPaise ?? 0),
    trigger_price: 0,
    average_price: toRupees(record.pricePaise),
    filled_quantity: record.shares,
    pending_quantity: 0,
    cancelled_quantity: 0,
    status: 'COMPLETE',
    status_message: null,
    status_message_i18n: null,
    tag: tagOfKey(record.key),
    order_timestamp: at,
    exchange_timestamp: at,
    modifications: 0,
  };
}

/** That order's one fill, with its equity delivery charges. */
export function holdingFill(record: HoldingTradeRecord, accountNumber: string): Trade {
  return {
    trade_id: record.tradeId,
    order_id: record.orderId,
    account_number: accountNumber,
    portfolio_id: null,
    tradingsymbol: record.symbol,
    exchange: 'NSE',
    product: 'CNC',
    transaction_type: record.side,
    quantity: record.shares,
    average_price: toRupees(record.pricePaise),
    fill_timestamp: record.tradedAt.toISOString(),
    charges: toRupees(holdingCharges(record)),
    call_and_trade: null,
  };
}

/** "2 orders placed, 1 rejected": what the trader reads first; every order's own outcome follows. */
export function ordersMessage(orders: readonly Order[], verb: string): string {
  if (orders.length === 0) return 'Nothing to do: no open quantity';
  const rejected = orders.filter((order) => order.status === 'REJECTED').length;
  const cancelled = orders.filter((order) => order.status === 'CANCELLED').length;
  const done = orders.length - rejected - cancelled;
  const parts = [`${done} ${done === 1 ? 'order' : 'orders'} ${verb}`];
  if (rejected > 0) parts.push(`${rejected} rejected`);
  if (cancelled > 0) parts.push(`${cancelled} cancelled`);
  return parts.join(', ');
}

/**
 * A total's charges status from its positions'. `not_priced` wins over `partial`: `partial` promises that every
 * fill placed through StrikeDesk is counted, which a position with a fill of its own not priced yet (or a
 * brokerage left out) breaks, and the not-priced words (fills outside StrikeDesk or not priced yet) cover the
 * partial positions' outside fills too. `partial` when some position is, and none is not priced.
 */
export function totalChargesStatus(entries: readonly Pick<PositionEntry, 'chargesStatus' | 'brokerageNotPriced'>[]): ChargesStatus {
  if (entries.some((entry) => entry.chargesStatus === 'not_priced' || entry.brokerageNotPriced === true)) return 'not_priced';
  return entries.some((entry) => entry.chargesStatus === 'partial') ? 'partial' : 'priced';
}

export function toPosition(entry: PositionEntry, day: boolean): Position {
  const totals = day ? dayTotals(entry.totals) : entry.totals;
  const figures = positionFigures(totals, entry.lastPaise, entry.closePaise);
  return {
    tradingsymbol: entry.contract.tradingsymbol,
    exchange: entry.contract.exchange,
    instrument_token: entry.contract.instrumentToken,
    product: entry.product as Product,
    quantity: figures.quantity,
    overnight_quantity: day ? 0 : figures.overnightQuantity,
    average_price: toRupees(figures.averagePricePaise),
    last_price: toRupees(entry.lastPaise),
    close_price: toRupees(entry.closePaise),
    priced: entry.priced,
    pnl: toRupees(figures.pnlPaise),
    realised: toRupees(figures.realisedPaise),
    unrealised: toRupees(figures.unrealisedPaise),
    m2m: toRupees(figures.m2mPaise),
    charges: toRupees(figures.chargesPaise),
    net_pnl: toRupees(figures.netPnlPaise),
    buy_quantity: totals.buyQuantity,
    buy_price: toRupees(figures.buyPricePaise),
    buy_value: toRupees(totals.buyValuePaise),
    sell_quantity: totals.sellQuantity,
    sell_price: toRupees(figures.sellPricePaise),
    sell_value: toRupees(totals.sellValuePaise),
    day_buy_quantity: totals.dayBuyQuantity,
    day_sell_quantity: totals.daySellQuantity,
    lot_size: entry.contract.lotSize,
    expiry: entry.contract.expiry,
    portfolio_id: entry.portfolioId,
    charges_status: entry.chargesStatus ?? 'priced',
    ...(entry.brokerageNotPriced === true ? { brokerage_status: 'not_priced' as const } : {}),
  };
}
