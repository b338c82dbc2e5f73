// Kite's order and trade records, read from JSON. One reader serves the order book, an order's history,
// postbacks and the ticker's order updates, which all carry the same fields (updates add a few).
import { type JsonObject, bool, malformed, num, numOr, objectAt, optStr, str, strList } from './kite-json.ts';

export type KiteVariety = 'regular' | 'amo' | 'co' | 'iceberg' | 'auction';
export type KiteOrderType = 'MARKET' | 'LIMIT' | 'SL' | 'SL-M';
export type KiteTransactionType = 'BUY' | 'SELL';
export type KiteProduct = 'NRML' | 'MIS' | 'CNC' | 'MTF' | 'CO';
export type KiteValidity = 'DAY' | 'IOC' | 'TTL';

/**
 * Kite's statuses. Final: COMPLETE, CANCELLED, REJECTED. Working: OPEN, TRIGGER PENDING, AMO REQ RECEIVED.
 * Transient ones ("PUT ORDER REQ RECEIVED", "VALIDATION PENDING", "OPEN PENDING", "MODIFY PENDING", ...)
 * appear in an order's history and briefly in the book; postbacks also send UPDATE.
 */
export type KiteOrderStatus = string;

export const finalOrderStatuses: readonly KiteOrderStatus[] = ['COMPLETE', 'CANCELLED', 'REJECTED'];

export type KiteOrder = {
  order_id: string;
  exchange_order_id: string | null;
  parent_order_id: string | null;
  placed_by: string;
  status: KiteOrderStatus;
  status_message: string | null;
  status_message_raw: string | null;
  /** IST "YYYY-MM-DD HH:MM:SS"; kiteTime() reads it. */
  order_timestamp: string | null;
  exchange_update_timestamp: string | null;
  exchange_timestamp: string | null;
  variety: string;
  modified: boolean;
  exchange: string;
  tradingsymbol: string;
  instrument_token: number;
  order_type: string;
  transaction_type: KiteTransactionType;
  validity: string;
  validity_ttl: number;
  product: string;
  quantity: number;
  disclosed_quantity: number;
  /** Rupees, as Kite sends them. */
  price: number;
  trigger_price: number;
  average_price: number;
  filled_quantity: number;
  pending_quantity: number;
  cancelled_quantity: number;
  market_protection: number;
  meta: JsonObject;
  tag: string | null;
  /** Kite adds its own: "mktp", "mktp:2.00" for protected market orders; "autoslice", "autoslice:<parent>". */
  tags: string[];
  guid: string | null;
};

/** A postback or a ticker order message: an order plus who it is for and, for postbacks, a checksum. */
export type KiteOrderUpdate = KiteOrder & {
  user_id: string | null;
  unfilled_quantity: number;
  app_id: number | null;
  checksum: string | null;
};

export type KiteTrade = {
  trade_id: string;
  order_id: string;
  exchange_order_id: string | null;
  exchange: string;
  tradingsymbol: string;
  instrument_token: number;
  product: string;
  average_price: number;
  quantity: number;
  transaction_type: KiteTransactionType;
  fill_timestamp: string | null;
  /** Kite sends a bare time of day here ("09:16:39"). */
  order_timestamp: string | null;
  exchange_timestamp: string | null;
};

export function readTransactionType(o: JsonObject): KiteTransactionType {
  const side = str(o, 'transaction_type');
  if (side !== 'BUY' && side !== 'SELL') throw malformed(`transaction_type "${side}" is neither BUY nor SELL`);
  return side;
}

export function readKiteOrder(value: unknown): KiteOrder {
  const o = objectAt(value, 'order');
  return {
    order_id: str(o, 'order_id'),
    exchange_order_id: optStr(o, 'exchange_order_id'),
    parent_order_id: optStr(o, 'parent_order_id'),
    placed_by: optStr(o, 'placed_by') ?? '',
    status: str(o, 'status'),
    status_message: optStr(o, 'status_message'),
    status_message_raw: optStr(o, 'status_message_raw'),
    order_timestamp: optStr(o, 'order_timestamp'),
    exchange_update_timestamp: optStr(o, 'exchange_update_timestamp'),
    exchange_timestamp: optStr(o, 'exchange_timestamp'),
    variety: str(o, 'variety'),
    modified: bool(o, 'modified', false),
    exchange: str(o, 'exchange'),
    tradingsymbol: str(o, 'tradingsymbol'),
    instrument_token: num(o, 'instrument_token'),
    order_type: str(o, 'order_type'),
    transaction_type: readTransactionType(o),
    validity: str(o, 'validity'),
    validity_ttl: numOr(o, 'validity_ttl', 0),
    product: str(o, 'product'),
    quantity: num(o, 'quantity'),
    disclosed_quantity: numOr(o, 'disclosed_quantity', 0),
    price: numOr(o, 'price', 0),
    trigger_price: numOr(o, 'trigger_price', 0),
    average_price: numOr(o, 'average_price', 0),
    filled_quantity: numOr(o, 'filled_quantity', 0),
    pending_quantity: numOr(o, 'pending_quantity', 0),
    cancelled_quantity: numOr(o, 'cancelled_quantity', 0),
    market_protection: numOr(o, 'market_protection', 0),
    meta: o.meta === undefined || o.meta === null ? {} : objectAt(o.meta, 'meta'),
    tag: optStr(o, 'tag'),
    tags: strList(o, 'tags'),
    guid: optStr(o, 'guid'),
  };
}

export function readKiteOrderUpdate(value: unknown): KiteOrderUpdate {
  const o = objectAt(value, 'order update');
  const order = readKiteOrder(o);
  return {
    ...order,
    user_id: optStr(o, 'user_id'),
    unfilled_quantity: numOr(o, 'unfilled_quantity', order.pending_quantity),
    app_id: o.app_id === undefined || o.app_id === null ? null : num(o, 'app_id'),
    checksum: optStr(o, 'checksum'),
  };
}

export function readKiteTrade(value: unknown): KiteTrade {
  const o = objectAt(value, 'trade');
  return {
    trade_id: str(o, 'trade_id'),
    order_id: str(o, 'order_id'),
    exchange_order_id: optStr(o, 'exchange_order_id'),
    exchange: str(o, 'exchange'),
    tradingsymbol: str(o, 'tradingsymbol'),
    instrument_token: num(o, 'instrument_token'),
    product: str(o, 'product'),
    average_price: num(o, 'average_price'),
    quantity: num(o, 'quantity'),
    transaction_type: readTransactionType(o),
    fill_timestamp: optStr(o, 'fill_timestamp'),
    order_timestamp: optStr(o, 'order_timestamp'),
    exchange_timestamp: optStr(o, 'exchange_timestamp'),
  };
}
