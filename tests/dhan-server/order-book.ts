// The Dhan test server's orders, trades and positions, in Dhan's shapes (https://dhanhq.co/docs/v2/orders/,
// /portfolio/): an order is TRANSIT on arrival, then PENDING, TRADED (MARKET, or a LIMIT the last price
// reaches), CANCELLED or REJECTED; its correlationId is the caller's. Slicing (POST /v2/orders/slicing) books one
// order a slice of the most whole lots within the freeze quantity, each with the caller's correlationId; an
// order above it sent to POST /v2/orders is rejected. Positions are the day's trades plus what `carry` held
// from an earlier session (carryForward* fields), including orders placed in Dhan's own app. A stock the client
// holds (holdings.ts) trades on its equity segment (NSE_EQ) as CNC, in shares (no lot, no freeze quantity).
import type { ListedStock } from './holdings.ts';
import type { Market, ServerContract } from './market.ts';
import { dhanSymbol } from './market.ts';
import { inputException, orderError } from './http-util.ts';

export type DhanOrderRecord = {
  dhanClientId: string;
  orderId: string;
  correlationId: string;
  orderStatus: string;
  transactionType: 'BUY' | 'SELL';
  exchangeSegment: string;
  productType: string;
  orderType: string;
  validity: string;
  tradingSymbol: string;
  securityId: string;
  quantity: number;
  disclosedQuantity: number;
  price: number;
  triggerPrice: number;
  afterMarketOrder: boolean;
  createTime: string;
  updateTime: string;
  exchangeTime: string;
  drvExpiryDate: string;
  drvOptionType: string;
  drvStrikePrice: number;
  omsErrorCode: string;
  omsErrorDescription: string;
  algoId: string;
  remainingQuantity: number;
  averageTradedPrice: number;
  filledQty: number;
};

type Trade = { clientId: string; orderId: string; securityId: string; segment: string; side: 'BUY' | 'SELL'; product: string; quantity: number; price: number; at: string };
export type Carried = { securityId: string; productType: string; quantity: number; averagePrice: number };

/** NIFTY's freeze quantity in the exchange's table (1,800 from 1 December 2025; the lot 65): 27 lots. */
export const freezeQuantityOf = (contract: ServerContract) => Math.floor(1800 / contract.lot) * contract.lot;

const stamp = (now: Date) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');

/** What an order trades: a contract on NSE_FNO, or a held stock on its equity segment. */
type Listed = { securityId: string; segment: string; symbol: string; lot: number; freeze: number; drvExpiryDate: string; drvOptionType: string; drvStrikePrice: number };

export function createOrderBook(market: Market, clock: () => Date, stockOf: (securityId: string) => ListedStock | undefined = () => undefined) {
  function listedOf(segment: unknown, securityId: string): Listed | undefined {
    if (segment === 'NSE_FNO') {
      const contract = market.contract(securityId);
      if (!contract) return undefined;
      const drv = { drvExpiryDate: `${contract.expiry} 14:30:00`, drvOptionType: contract.kind === 'CE' ? 'CALL' : 'PUT', drvStrikePrice: contract.strike };
      return { securityId, segment, symbol: dhanSymbol(contract), lot: contract.lot, freeze: freezeQuantityOf(contract), ...drv };
    }
    const stock = stockOf(securityId);
    if (!stock || stock.segment !== segment) return undefined;
    return { securityId, segment: stock.segment, symbol: stock.tradingSymbol, lot: 1, freeze: Number.POSITIVE_INFINITY, drvExpiryDate: '0001-01-01 00:00:00', drvOptionType: 'NA', drvStrikePrice: 0 };
  }

  const orders: DhanOrderRecord[] = [];
  const trades: Trade[] = [];
  const carried = new Map<string, Carried[]>();
  let next = 52_000_000;
  const listeners: Array<(order: DhanOrderRecord) => void> = [];
  const changed = (order: DhanOrderRecord) => listeners.forEach((listener) => listener(order));

  function fill(order: DhanOrderRecord, price: number): void {
    const quantity = order.remainingQuantity;
    order.averageTradedPrice = price;
    order.filledQty += quantity;
    order.remainingQuantity = 0;
    order.orderStatus = 'TRADED';
    order.updateTime = order.exchangeTime = stamp(clock());
    trades.push({ clientId: order.dhanClientId, orderId: order.orderId, securityId: order.securityId, segment: order.exchangeSegment, side: order.transactionType, product: order.productType, quantity, price, at: order.updateTime });
    changed(order);
  }

  function match(order: DhanOrderRecord): void {
    if (order.orderStatus !== 'PENDING') return;
    const last = market.last(order.securityId);
    const marketable = order.orderType === 'MARKET' || (order.transactionType === 'BUY' ? last <= order.price : last >= order.price);
    if (marketable) fill(order, order.orderType === 'MARKET' ? last : order.price);
  }

  function book(clientId: string, body: Record<string, unknown>, quantity: number): DhanOrderRecord {
    const contract = listedOf(body.exchangeSegment, String(body.securityId ?? ''));
    if (!contract) throw inputException('Invalid securityId or exchangeSegment.');
    if (contract.segment !== 'NSE_FNO' && body.productType !== 'CNC' && body.productType !== 'INTRADAY') throw inputException('Invalid productType for the segment');
    const now = stamp(clock());
    next += 1;
    const order: DhanOrderRecord = {
      dhanClientId: clientId,
      orderId: String(next),
      correlationId: typeof body.correlationId === 'string' ? body.correlationId : '',
      orderStatus: 'PENDING',
      transactionType: body.transactionType === 'SELL' ? 'SELL' : 'BUY',
      exchangeSegment: contract.segment,
      productType: String(body.productType),
      orderType: String(body.orderType),
      validity: String(body.validity ?? 'DAY'),
      tradingSymbol: contract.symbol,
      securityId: contract.securityId,
      quantity,
      disclosedQuantity: 0,
      price: Number(body.price ?? 0),
      triggerPrice: Number(body.triggerPrice ?? 0),
      afterMarketOrder: body.afterMarketOrder === true,
      createTime: now,
      updateTime: now,
      exchangeTime: now,
      drvExpiryDate: contract.drvExpiryDate,
      drvOptionType: contract.drvOptionType,
      drvStrikePrice: contract.drvStrikePrice,
      omsErrorCode: '',
      omsErrorDescription: '',
      algoId: '',
      remainingQuantity: quantity,
      averageTradedPrice: 0,
      filledQty: 0,
    };
    orders.push(order);
    if (quantity % contract.lot !== 0) Object.assign(order, { orderStatus: 'REJECTED', omsErrorDescription: `Quantity must be a multiple of the lot (${contract.lot})` });
    else if (quantity > contract.freeze) Object.assign(order, { orderStatus: 'REJECTED', omsErrorDescription: 'Quantity above the freeze limit: slice the order' });
    else match(order);
    if (order.orderStatus !== 'TRADED') changed(order);
    return order;
  }

  function checked(body: Record<string, unknown>): number {
    for (const field of ['transactionType', 'exchangeSegment', 'productType', 'orderType', 'validity', 'securityId'] as const) {
      if (typeof body[field] !== 'string' || body[field] === '') throw inputException(`Missing required field: ${field}`);
    }
    if (!['INTRADAY', 'MARGIN', 'CNC'].includes(String(body.productType))) throw inputException('Invalid productType');
    if (!['LIMIT', 'MARKET', 'STOP_LOSS', 'STOP_LOSS_MARKET'].includes(String(body.orderType))) throw inputException('Invalid orderType');
    const quantity = Number(body.quantity);
    if (!Number.isSafeInteger(quantity) || quantity <= 0) throw inputException('Invalid quantity');
    if (typeof body.correlationId === 'string' && !/^[A-Za-z0-9 _-]{1,30}$/.test(body.correlationId)) throw inputException('Invalid correlationId');
    // DhanHQ v2 Orders: an AMO names when it goes, amoTime PRE_OPEN, OPEN, OPEN_30 or OPEN_60.
    if (body.afterMarketOrder === true && !['PRE_OPEN', 'OPEN', 'OPEN_30', 'OPEN_60'].includes(String(body.amoTime))) throw inputException('Invalid amoTime');
    return quantity;
  }

  function owned(clientId: string, orderId: string): DhanOrderRecord {
    const order = orders.find((o) => o.orderId === orderId && o.dhanClientId === clientId);
    if (!order) throw orderError('Order not found');
    return order;
  }

  return {
    place: (clientId: string, body: Record<string, unknown>) => book(clientId, body, checked(body)),
    /** Dhan's slicing: one order a slice, each with the caller's correlationId. */
    placeSliced(clientId: string, body: Record<string, unknown>): DhanOrderRecord[] {
      const quantity = checked(body);
      const contract = listedOf(body.exchangeSegment, String(body.securityId));
      if (!contract) throw inputException('Invalid securityId');
      const freeze = contract.freeze;
      const placed: DhanOrderRecord[] = [];
      for (let left = quantity; left > 0; left -= Math.min(left, freeze)) placed.push(book(clientId, body, Math.min(left, freeze)));
      return placed;
    },
    modify(clientId: string, orderId: string, body: Record<string, unknown>): DhanOrderRecord {
      const order = owned(clientId, orderId);
      if (order.orderStatus !== 'PENDING') throw orderError(`Order is ${order.orderStatus}: it cannot be modified`);
      if (body.quantity !== undefined) order.quantity = order.remainingQuantity = Number(body.quantity);
      if (body.price !== undefined) order.price = Number(body.price);
      if (body.triggerPrice !== undefined) order.triggerPrice = Number(body.triggerPrice);
      if (typeof body.orderType === 'string') order.orderType = body.orderType;
      order.updateTime = stamp(clock());
      match(order);
      // A fill told its own change (fill()); a modification that did not fill is told here.
      if ((order.orderStatus as string) !== 'TRADED') changed(order);
      return order;
    },
    cancel(clientId: string, orderId: string): DhanOrderRecord {
      const order = owned(clientId, orderId);
      if (order.orderStatus !== 'PENDING') throw orderError(`Order is ${order.orderStatus}: it cannot be cancelled`);
      order.orderStatus = 'CANCELLED';
      order.updateTime = stamp(clock());
      changed(order);
      return order;
    },
    orders: (clientId: string) => orders.filter((o) => o.dhanClientId === clientId),
    order: owned,
    /** The shares of a stock the client's CNC sells took today (Dhan's availableQty falls by them). */
    soldToday: (clientId: string, securityId: string) =>
      trades.filter((t) => t.clientId === clientId && t.securityId === securityId && t.product === 'CNC' && t.side === 'SELL').reduce((total, t) => total + t.quantity, 0),
    /** Hears every change of any order (booked, filled, modified, cancelled): the order update socket's alerts. */
    onChange: (listener: (order: DhanOrderRecord) => void) => void listeners.push(listener),
    /** Each price move fills the resting orders it reaches. */
    priceMoved: () => orders.forEach(match),
    trades: (clientId: string) => trades.filter((t) => t.clientId === clientId).map((t) => {
      const contract = listedOf(t.segment, t.securityId)!;
      return {
        dhanClientId: clientId, orderId: t.orderId, exchangeOrderId: `1100${t.orderId}`, exchangeTradeId: `${t.orderId}1`, transactionType: t.side, exchangeSegment: t.segment,
        productType: t.product, orderType: 'LIMIT', tradingSymbol: contract.symbol, customSymbol: contract.symbol, securityId: t.securityId, tradedQuantity: t.quantity, tradedPrice: t.price,
        createTime: t.at, updateTime: t.at, exchangeTime: t.at, drvExpiryDate: contract.drvExpiryDate, drvOptionType: contract.drvOptionType, drvStrikePrice: contract.drvStrikePrice,
      };
    }),
    carry: (clientId: string, positions: Carried[]) => void carried.set(clientId, positions),
    positions(clientId: string) {
      const keys = new Map<string, { securityId: string; productType: string; segment: string }>();
      for (const t of trades) if (t.clientId === clientId) keys.set(`${t.securityId}:${t.product}`, { securityId: t.securityId, productType: t.product, segment: t.segment });
      for (const c of carried.get(clientId) ?? []) keys.set(`${c.securityId}:${c.productType}`, { ...c, segment: 'NSE_FNO' });
      return [...keys.values()].map(({ securityId, productType, segment }) => {
        const contract = listedOf(segment, securityId)!;
        const own = trades.filter((t) => t.clientId === clientId && t.securityId === securityId && t.product === productType);
        const sum = (side: 'BUY' | 'SELL', f: (t: Trade) => number) => own.filter((t) => t.side === side).reduce((total, t) => total + f(t), 0);
        const carry = (carried.get(clientId) ?? []).find((c) => c.securityId === securityId && c.productType === productType);
        const cfBuyQty = carry && carry.quantity > 0 ? carry.quantity : 0;
        const cfSellQty = carry && carry.quantity < 0 ? -carry.quantity : 0;
        const dayBuyQty = sum('BUY', (t) => t.quantity);
        const daySellQty = sum('SELL', (t) => t.quantity);
        const dayBuyValue = sum('BUY', (t) => t.quantity * t.price);
        const daySellValue = sum('SELL', (t) => t.quantity * t.price);
        const cfBuyValue = cfBuyQty * (carry?.averagePrice ?? 0);
        const cfSellValue = cfSellQty * (carry?.averagePrice ?? 0);
        const buyQty = cfBuyQty + dayBuyQty;
        const sellQty = cfSellQty + daySellQty;
        const netQty = buyQty - sellQty;
        const buyAvg = buyQty === 0 ? 0 : (cfBuyValue + dayBuyValue) / buyQty;
        const sellAvg = sellQty === 0 ? 0 : (cfSellValue + daySellValue) / sellQty;
        const costPrice = netQty > 0 ? buyAvg : netQty < 0 ? sellAvg : 0;
        const last = market.last(securityId);
        return {
          dhanClientId: clientId, tradingSymbol: contract.symbol, securityId, positionType: netQty > 0 ? 'LONG' : netQty < 0 ? 'SHORT' : 'CLOSED', exchangeSegment: segment, productType,
          buyAvg, buyQty, costPrice, sellAvg, sellQty, netQty, realizedProfit: 0, unrealizedProfit: (last - costPrice) * netQty, rbiReferenceRate: 1, multiplier: 1,
          carryForwardBuyQty: cfBuyQty, carryForwardSellQty: cfSellQty, carryForwardBuyValue: cfBuyValue, carryForwardSellValue: cfSellValue,
          dayBuyQty, daySellQty, dayBuyValue, daySellValue, drvExpiryDate: contract.drvExpiryDate, drvOptionType: contract.drvOptionType, drvStrikePrice: contract.drvStrikePrice, crossCurrency: false,
        };
      });
    },
  };
}

export type OrderBook = ReturnType<typeof createOrderBook>;
