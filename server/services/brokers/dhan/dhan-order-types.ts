// Dhan's order, trade and position records as its v2 books answer them (https://dhanhq.co/docs/v2/orders/,
// /portfolio/), field names as Dhan spells them; checked against the official Python client `dhanhq` and
// marketcalls/openalgo's broker/dhan mapping.
import { listAt, read } from './dhan-json.ts';

const orderShape = {
  orderId: 'string',
  correlationId: 'string?',
  orderStatus: 'string',
  transactionType: 'string',
  exchangeSegment: 'string',
  productType: 'string',
  orderType: 'string',
  tradingSymbol: 'string?',
  securityId: 'string',
  quantity: 'number',
  price: 'number?',
  triggerPrice: 'number?',
  afterMarketOrder: 'boolean?',
  createTime: 'string?',
  exchangeTime: 'string?',
  omsErrorDescription: 'string?',
  remainingQuantity: 'number?',
  averageTradedPrice: 'number?',
  filledQty: 'number?',
} as const;

const tradeShape = {
  orderId: 'string',
  exchangeTradeId: 'string',
  transactionType: 'string',
  exchangeSegment: 'string',
  productType: 'string',
  tradingSymbol: 'string?',
  securityId: 'string',
  tradedQuantity: 'number',
  tradedPrice: 'number',
  exchangeTime: 'string?',
  createTime: 'string?',
} as const;

const positionShape = {
  tradingSymbol: 'string?',
  securityId: 'string',
  exchangeSegment: 'string',
  productType: 'string',
  netQty: 'number',
  costPrice: 'number?',
  unrealizedProfit: 'number?',
  carryForwardBuyQty: 'number?',
  carryForwardSellQty: 'number?',
  carryForwardBuyValue: 'number?',
  carryForwardSellValue: 'number?',
  dayBuyQty: 'number?',
  daySellQty: 'number?',
  dayBuyValue: 'number?',
  daySellValue: 'number?',
} as const;

export type DhanOrder = ReturnType<typeof readDhanOrder>;
export type DhanTrade = ReturnType<typeof readDhanTrade>;
export type DhanPosition = ReturnType<typeof readDhanPosition>;

export const readDhanOrder = (value: unknown) => read(value, orderShape, 'order');
export const readDhanTrade = (value: unknown) => read(value, tradeShape, 'trade');
export const readDhanPosition = (value: unknown) => read(value, positionShape, 'position');

/** A book: a list, or Dhan's empty answer (some of its books answer nothing at all when empty). */
export function listOf<T>(value: unknown, what: string, readOne: (item: unknown) => T): T[] {
  if (value === null || value === '' || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)) return [];
  return listAt(value, what).map(readOne);
}
