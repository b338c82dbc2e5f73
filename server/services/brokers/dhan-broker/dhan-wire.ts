// Dhan behind the live core's wire (../live/live-wire.ts): Dhan's orders, trades and positions in the mirror's
// shapes, and what only Dhan does: the tag sent as `correlationId` (Dhan keeps it on each order it books,
// https://dhanhq.co/docs/v2/orders/), a leg above the freeze quantity placed through POST /v2/orders/slicing
// (one order a slice, each with the correlationId and no parent: the core matches a lost call's children by
// tag), `afterMarketOrder` for an after-market order, products INTRADAY/MARGIN for MIS/NRML, order types
// STOP_LOSS/STOP_LOSS_MARKET for SL/SL-M, Dhan's statuses in the core's words (TRADED is COMPLETE, EXPIRED is
// CANCELLED, PENDING is OPEN or TRIGGER PENDING), and security ids named back as StrikeDesk's symbols. The demat
// holdings (GET /v2/holdings) and their sale (issue 63): product CNC on the NSE_EQ (BSE_EQ) segment, placed with the
// holding's security id; an equity row names itself (tradingSymbol), the scrip master read here lists F&O only.
import type { OrderChanges, OrderIntent, Side, TradingAccount } from '../broker-trading.ts';
import type { LiveWire, PlaceRequest, WireHolding, WireOrder, WirePosition, WireTrade } from '../live/live-wire.ts';
import { historyOrNull, orderWriter, sessionParts } from '../live/wire-parts.ts';
import { DhanError, DhanOutcomeUnknownError } from '../dhan/dhan-errors.ts';
import type { DhanHolding } from '../dhan/dhan-account.ts';
import type { DhanOrder, DhanPosition, DhanTrade } from '../dhan/dhan-order-types.ts';
import { cancelOrder, dhanAfterMarketTimes, getOrder, modifyOrder, placeOrder, placeSlicedOrder, type DhanOrderType, type DhanPlacement } from '../dhan/dhan-orders.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';
import type { DhanCalls } from './dhan-calls.ts';
import type { DhanContracts } from './dhan-contracts.ts';
import { domainErrorOf, outcomeUnknown } from './dhan-failures.ts';

/** Dhan publishes no cap on one slicing call's orders: StrikeDesk sends at most Upstox's 25 in one. */
export const maxDhanSlices = 25;

const paise = (rupees: number | null) => Math.round((rupees ?? 0) * 100);
const rupees = (paise: number) => paise / 100;

const segments: Record<string, string> = { NFO: 'NSE_FNO', BFO: 'BSE_FNO', NSE: 'NSE_EQ', BSE: 'BSE_EQ' };
const exchanges: Record<string, string> = { NSE_FNO: 'NFO', BSE_FNO: 'BFO', NSE_EQ: 'NSE', BSE_EQ: 'BSE' };
const isEquity = (segment: string) => segment === 'NSE_EQ' || segment === 'BSE_EQ';

/**
 * The StrikeDesk name of a Dhan row's instrument: a contract's from the scrip master (`nameOf`, F&O's only), null for a
 * stock (its row's tradingSymbol names it), whose security id is another segment's and could be taken for a contract's.
 */
export const dhanRowName = (row: { securityId: string; exchangeSegment: string }, nameOf: (securityId: string) => Promise<string | null>): Promise<string | null> =>
  isEquity(row.exchangeSegment) ? Promise.resolve(null) : nameOf(row.securityId);
const exchangeOf = (segment: string) => exchanges[segment] ?? segment;

const orderTypes: Record<OrderIntent['orderType'], DhanOrderType> = { LIMIT: 'LIMIT', MARKET: 'MARKET', SL: 'STOP_LOSS', 'SL-M': 'STOP_LOSS_MARKET' };
const ourOrderType = (type: string) => ({ STOP_LOSS: 'SL', STOP_LOSS_MARKET: 'SL-M' })[type] ?? type;
const productOf = (product: string) => (product === 'CNC' ? 'CNC' : product === 'MIS' ? 'INTRADAY' : 'MARGIN');
const ourProduct = (product: string) => ({ INTRADAY: 'MIS', MARGIN: 'NRML' })[product] ?? product;
const side = (type: string): Side => (type === 'SELL' ? 'SELL' : 'BUY');

/** Dhan's IST "YYYY-MM-DD HH:MM:SS", or null when absent or unreadable. */
export function dhanStamp(text: string | null): Date | null {
  if (text === null || text === '') return null;
  const stamp = new Date(`${text.slice(0, 19).replace(' ', 'T')}+05:30`);
  return Number.isNaN(stamp.getTime()) ? null : stamp;
}

/** Dhan's status in the core's words (https://dhanhq.co/docs/v2/annexure, "Order Status"). */
export function coreStatus(order: Pick<DhanOrder, 'orderStatus' | 'orderType'>): string {
  switch (order.orderStatus) {
    case 'TRADED':
      return 'COMPLETE';
    case 'EXPIRED':
    case 'CANCELLED':
      return 'CANCELLED';
    case 'TRANSIT':
      return 'OPEN PENDING';
    case 'PENDING':
    case 'PART_TRADED':
      return order.orderType.startsWith('STOP_LOSS') && order.orderStatus === 'PENDING' ? 'TRIGGER PENDING' : 'OPEN';
    default:
      return order.orderStatus;
  }
}

export function wireOrderOfDhan(order: DhanOrder, name: string | null): WireOrder {
  const status = coreStatus(order);
  const filled = order.filledQty ?? 0;
  const working = status === 'OPEN' || status === 'TRIGGER PENDING' || status === 'OPEN PENDING';
  return {
    order_id: order.orderId,
    tag: order.correlationId === null || order.correlationId === '' ? null : order.correlationId,
    slice_parent: null,
    exchange_order_id: null,
    parent_order_id: null,
    variety: order.afterMarketOrder === true ? 'amo' : 'regular',
    exchange: exchangeOf(order.exchangeSegment),
    tradingsymbol: name ?? order.tradingSymbol ?? order.securityId,
    instrument_token: Number(order.securityId) || 0,
    transaction_type: side(order.transactionType),
    order_type: ourOrderType(order.orderType),
    product: ourProduct(order.productType),
    quantity: order.quantity,
    price_paise: paise(order.price),
    trigger_price_paise: paise(order.triggerPrice),
    status,
    status_message: order.omsErrorDescription === '' ? null : order.omsErrorDescription,
    filled_quantity: filled,
    pending_quantity: working ? (order.remainingQuantity ?? order.quantity - filled) : 0,
    cancelled_quantity: status === 'CANCELLED' ? order.quantity - filled : 0,
    filled_value_paise: Math.round((order.averageTradedPrice ?? 0) * filled * 100),
    market_protection: null,
    converted_to_limit: false,
    placed_at: dhanStamp(order.createTime),
    exchange_at: dhanStamp(order.exchangeTime),
  };
}

export function wireTradeOfDhan(trade: DhanTrade, name: string | null): WireTrade {
  return {
    trade_id: trade.exchangeTradeId,
    order_id: trade.orderId,
    instrument_token: Number(trade.securityId) || 0,
    exchange: exchangeOf(trade.exchangeSegment),
    tradingsymbol: name ?? trade.tradingSymbol ?? trade.securityId,
    product: ourProduct(trade.productType),
    transaction_type: side(trade.transactionType),
    quantity: trade.tradedQuantity,
    price_paise: paise(trade.tradedPrice),
    filled_at: dhanStamp(trade.exchangeTime) ?? dhanStamp(trade.createTime),
  };
}

/**
 * A Dhan position in the core's shape: the day's buys and sells and what was carried from earlier sessions
 * (carryForward*), together as the core's totals, so a carried position, placed in StrikeDesk or anywhere else,
 * keeps its quantity and average. Dhan's positions carry no last price: it is read back from Dhan's own
 * unrealised profit (cost price + unrealised ÷ net quantity), and a closed position's is 0 (nothing is open).
 */
export function wirePositionOfDhan(position: DhanPosition, name: string | null): WirePosition {
  const dayBuy = position.dayBuyQty ?? 0;
  const daySell = position.daySellQty ?? 0;
  const last = position.netQty === 0 ? 0 : paise((position.costPrice ?? 0) + (position.unrealizedProfit ?? 0) / position.netQty);
  return {
    exchange: exchangeOf(position.exchangeSegment),
    tradingsymbol: name ?? position.tradingSymbol ?? position.securityId,
    instrument_token: Number(position.securityId) || 0,
    product: ourProduct(position.productType),
    quantity: position.netQty,
    buy_quantity: (position.carryForwardBuyQty ?? 0) + dayBuy,
    buy_value_paise: paise((position.carryForwardBuyValue ?? 0) + (position.dayBuyValue ?? 0)),
    sell_quantity: (position.carryForwardSellQty ?? 0) + daySell,
    sell_value_paise: paise((position.carryForwardSellValue ?? 0) + (position.daySellValue ?? 0)),
    day_buy_quantity: dayBuy,
    day_buy_value_paise: paise(position.dayBuyValue),
    day_sell_quantity: daySell,
    day_sell_value_paise: paise(position.daySellValue),
    last_paise: last,
    close_paise: last,
  };
}

/**
 * A Dhan holding in the core's shape: `totalQty` shares (those not yet delivered, `t1Qty`, among them), `availableQty`
 * what may be sold now; an exchange of ALL (listed on both) is sold on NSE, the symbol's exchange.
 */
export function wireHoldingOfDhan(holding: DhanHolding): WireHolding {
  return {
    exchange: holding.exchange === 'BSE' ? 'BSE' : 'NSE',
    tradingsymbol: holding.tradingSymbol,
    isin: holding.isin === null || holding.isin === '' ? null : holding.isin,
    shares: holding.totalQty,
    sellable: Math.max(0, holding.availableQty),
    average_paise: paise(holding.avgCostPrice),
    last_paise: holding.lastTradedPrice === null || holding.lastTradedPrice <= 0 ? null : paise(holding.lastTradedPrice),
    key: holding.securityId,
  };
}

export function createDhanWire(calls: DhanCalls, contracts: DhanContracts): LiveWire {
  // A book must not fail for want of a name: Dhan's own symbol stands in while the scrip master is out of reach.
  const nameOf = (securityId: string) => contracts.nameOf(securityId).catch(() => null);
  const write = orderWriter(calls, domainErrorOf);
  const named = <T extends { securityId: string; exchangeSegment: string }, W>(rows: readonly T[], map: (row: T, name: string | null) => W) =>
    Promise.all(rows.map(async (row) => map(row, await dhanRowName(row, nameOf))));

  async function place(account: TradingAccount, { intent, tag, variety, instrumentToken, sliced, holdingKey = null }: PlaceRequest) {
    const priced = intent.orderType === 'LIMIT' || intent.orderType === 'SL';
    const triggered = intent.orderType === 'SL' || intent.orderType === 'SL-M';
    const ids = await write(account, kiteCalls.orderFor(intent.tradingsymbol), (session) => {
      const order: DhanPlacement = {
        dhanClientId: session.accountNumber,
        correlationId: tag,
        transactionType: intent.side,
        exchangeSegment: segments[intent.exchange] ?? intent.exchange,
        productType: productOf(intent.product),
        orderType: orderTypes[intent.orderType],
        validity: 'DAY',
        securityId: intent.product === 'CNC' ? (holdingKey ?? '') : String(instrumentToken),
        quantity: intent.quantity,
        price: priced ? rupees(intent.pricePaise) : 0,
        triggerPrice: triggered ? rupees(intent.triggerPaise) : 0,
        afterMarketOrder: variety === 'amo',
        // The trader's AMO time where chosen (the ticket's), else Dhan's open.
        ...(variety === 'amo' ? { amoTime: intent.afterMarketTime ?? 'OPEN' } : {}),
      };
      return sliced ? placeSlicedOrder(session.http, order) : placeOrder(session.http, order);
    });
    const [first] = ids;
    // A success without an order id does not say whether anything was booked: as unknown as no answer.
    if (first === undefined) throw new DhanOutcomeUnknownError('unreadable', 'POST', '/v2/orders', 'Dhan answered the placement without an order id');
    return { callId: first, parent: null, children: ids.map((orderId) => ({ order_id: orderId })) };
  }

  async function modify(account: TradingAccount, order: WireOrder, _placedAs: string | null, changes: OrderChanges): Promise<void> {
    const orderType = changes.orderType ?? (order.order_type as OrderIntent['orderType']);
    await write(account, kiteCalls.modification(order.order_id), (session) => modifyOrder(session.http, {
      dhanClientId: session.accountNumber,
      orderId: order.order_id,
      orderType: orderTypes[orderType],
      legName: '',
      quantity: changes.quantity ?? order.quantity,
      price: orderType === 'LIMIT' || orderType === 'SL' ? rupees(changes.pricePaise ?? order.price_paise) : 0,
      triggerPrice: orderType === 'SL' || orderType === 'SL-M' ? rupees(changes.triggerPaise ?? order.trigger_price_paise) : 0,
      validity: 'DAY',
    }));
  }

  async function cancel(account: TradingAccount, order: WireOrder): Promise<void> {
    await write(account, kiteCalls.cancellation(order.order_id), (session) => cancelOrder(session.http, order.order_id));
  }

  // Dhan keeps no order's history apart from its book: its one record now stands for it.
  const orderHistory = (account: TradingAccount, orderId: string) =>
    historyOrNull(
      async () => {
        const order = await calls.withSession(account, (session) => getOrder(session.http, orderId));
        return [wireOrderOfDhan(order, await dhanRowName(order, nameOf))];
      },
      // Dhan answers an order id it does not know for this client with a 4xx order or data error.
      (error) => error instanceof DhanError && error.status < 500 && (error.errorCode === 'DH-906' || error.errorCode === 'DH-907' || error.status === 404),
      domainErrorOf,
      kiteCalls.orderHistory(orderId),
    );

  return {
    ...sessionParts(calls),
    slug: 'dhan',
    childrenNameParent: false,
    // Dhan's `afterMarketOrder` is the order form's AMO switch (DhanHQ v2, Orders): sent only when the trader chose it.
    afterMarketByChoice: true,
    // Its `amoTime`: when Dhan sends the AMO to the exchange (DhanHQ v2, Orders).
    afterMarketTimes: dhanAfterMarketTimes,
    maxSlicesPerCall: maxDhanSlices,
    // Dhan takes MARKET orders as they are: no protection to send.
    marketProtection: () => null,
    orders: async (account) => named(await calls.orders(account), wireOrderOfDhan),
    trades: async (account) => named(await calls.trades(account), wireTradeOfDhan),
    positions: async (account) => named(await calls.positions(account), wirePositionOfDhan),
    holdings: async (account) => (await calls.holdings(account)).map(wireHoldingOfDhan),
    orderHistory,
    place,
    modify,
    cancel,
    // Dhan's charges come from its margin calculator, not read yet: unpriced, never guessed.
    chargesOf: async (_account, completed) => completed.map(() => null),
    outcomeUnknown,
  };
}
