// Upstox behind the live core's wire (../live/live-wire.ts): Upstox's orders, trades and positions in the
// mirror's shapes, and what only Upstox does: v3 place with `slice: true` for a leg above the freeze quantity
// (Upstox books one order per slice, each with the caller's tag and no parent: the core matches a lost
// call's children by tag), `is_amo` for an after-market order, products I/D for MIS/NRML, instrument keys
// (`NSE_FO|<token>`), lower-case statuses raised to the core's upper case ("cancelled after market order"
// is CANCELLED), and modify/cancel by order id alone. Every order write carries X-Algo-Name (upstox-http.ts). The
// demat holdings (long-term-holdings) and their sale (issue 63): product D on a stock (NSE_EQ|<ISIN>, the holding's
// key) is CNC, as D on a contract is NRML.
// https://upstox.com/developer/api-documentation/v3/place-order, .../v3/modify-order, .../v3/cancel-order
import type { OrderChanges, Side, TradingAccount } from '../broker-trading.ts';
import type { LiveWire, PlaceRequest, WireHolding, WireOrder, WirePosition, WireTrade } from '../live/live-wire.ts';
import { historyOrNull, orderWriter, sessionParts } from '../live/wire-parts.ts';
import { UpstoxError, UpstoxOutcomeUnknownError } from '../upstox/upstox-errors.ts';
import type { UpstoxHolding, UpstoxPosition } from '../upstox/upstox-account.ts';
import { getBrokerage } from '../upstox/upstox-charges.ts';
import { cancelOrder, getOrderHistory, modifyOrder, placeOrder, type UpstoxOrderType, type UpstoxProduct } from '../upstox/upstox-orders.ts';
import type { UpstoxOrder, UpstoxTrade } from '../upstox/upstox-order-types.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';
import type { UpstoxCalls } from './upstox-calls.ts';
import { domainErrorOf, outcomeUnknown } from './upstox-failures.ts';

/** Upstox slices one request into at most 25 orders. */
export const maxUpstoxSlices = 25;

const paise = (rupees: number) => Math.round(rupees * 100);
const rupees = (paise: number) => paise / 100;

/** Upstox's segment of StrikeDesk's exchanges, for instrument keys. */
const segments: Record<string, string> = { NFO: 'NSE_FO', BFO: 'BSE_FO' };

export function upstoxInstrumentKey(exchange: string, token: number): string {
  return `${segments[exchange] ?? exchange}|${token}`;
}

/** The token of an instrument key (`NSE_FO|43919` → 43919; 0 for an index key). */
export const tokenOfKey = (key: string) => Number(key.split('|')[1]) || 0;

const productOf = (product: string): UpstoxProduct => (product === 'MIS' ? 'I' : 'D');
/** Upstox's D is delivery: NRML on a contract, CNC on a stock (NSE, BSE). */
const ourProduct = (product: string, exchange: string) => (product === 'D' && (exchange === 'NSE' || exchange === 'BSE') ? 'CNC' : (({ I: 'MIS', D: 'NRML' })[product] ?? product));

/** Upstox's IST "YYYY-MM-DD HH:MM:SS", or null when absent or unreadable. */
export function upstoxStamp(text: string | null): Date | null {
  if (text === null) return null;
  const stamp = new Date(`${text.replace(' ', 'T')}+05:30`);
  return Number.isNaN(stamp.getTime()) ? null : stamp;
}

/** Upstox's status in the core's words: upper case, every cancellation final as CANCELLED. */
export function coreStatus(status: string): string {
  const upper = status.toUpperCase();
  return upper.startsWith('CANCELLED') ? 'CANCELLED' : upper;
}

export function wireOrderOfUpstox(order: UpstoxOrder): WireOrder {
  const filled = order.filled_quantity;
  const status = coreStatus(order.status);
  return {
    order_id: order.order_id,
    tag: order.tag,
    slice_parent: null,
    exchange_order_id: order.exchange_order_id,
    parent_order_id: order.parent_order_id,
    variety: order.is_amo === true ? 'amo' : 'regular',
    exchange: order.exchange,
    tradingsymbol: order.trading_symbol,
    instrument_token: tokenOfKey(order.instrument_token),
    transaction_type: order.transaction_type === 'SELL' ? 'SELL' : 'BUY',
    order_type: order.order_type,
    product: ourProduct(order.product, order.exchange),
    quantity: order.quantity,
    price_paise: paise(order.price),
    trigger_price_paise: paise(order.trigger_price),
    status,
    status_message: order.status_message,
    filled_quantity: filled,
    pending_quantity: order.pending_quantity,
    // Upstox says no cancelled quantity: what a cancelled or rejected order did not fill.
    cancelled_quantity: status === 'CANCELLED' ? order.quantity - filled : 0,
    filled_value_paise: Math.round((order.average_price ?? 0) * filled * 100),
    market_protection: null,
    converted_to_limit: false,
    placed_at: upstoxStamp(order.order_timestamp),
    exchange_at: upstoxStamp(order.exchange_timestamp),
  };
}

export function wireTradeOfUpstox(trade: UpstoxTrade): WireTrade {
  return {
    trade_id: trade.trade_id,
    order_id: trade.order_id,
    instrument_token: tokenOfKey(trade.instrument_token),
    exchange: trade.exchange,
    tradingsymbol: trade.trading_symbol,
    product: ourProduct(trade.product, trade.exchange),
    transaction_type: (trade.transaction_type === 'SELL' ? 'SELL' : 'BUY') satisfies Side,
    quantity: trade.quantity,
    price_paise: paise(trade.average_price),
    filled_at: upstoxStamp(trade.exchange_timestamp) ?? upstoxStamp(trade.order_timestamp),
  };
}

/**
 * An Upstox position in the core's shape. Upstox gives the day's buys and sells and, apart, what was carried
 * from earlier sessions (overnight_buy_quantity and _amount, the same for sells: its example is an NRML long
 * with no trade today); the core's buy and sell totals are both together, as Kite's net positions are, so a
 * carried position, placed in StrikeDesk or anywhere else, keeps its quantity and average. A carried quantity
 * Upstox answers without its buy or sell figures is taken at the previous close, as Kite marks it.
 */
function wirePositionOfUpstox(position: UpstoxPosition): WirePosition {
  const dayBuyPaise = paise(position.day_buy_value ?? (position.day_buy_price ?? 0) * position.day_buy_quantity);
  const daySellPaise = paise(position.day_sell_value ?? (position.day_sell_price ?? 0) * position.day_sell_quantity);
  const last = paise(position.last_price ?? 0);
  const close = position.close_price === undefined || position.close_price === null ? last : paise(position.close_price);
  let carriedBuy = position.overnight_buy_quantity ?? 0;
  let carriedSell = position.overnight_sell_quantity ?? 0;
  let carriedBuyPaise = paise(position.overnight_buy_amount ?? 0);
  let carriedSellPaise = paise(position.overnight_sell_amount ?? 0);
  // What the day's trades and the carried figures leave unexplained of the net quantity: carried, at the close.
  const unexplained = position.quantity - (carriedBuy + position.day_buy_quantity - carriedSell - position.day_sell_quantity);
  if (unexplained > 0) {
    carriedBuy += unexplained;
    carriedBuyPaise += unexplained * close;
  } else if (unexplained < 0) {
    carriedSell -= unexplained;
    carriedSellPaise -= unexplained * close;
  }
  return {
    exchange: position.exchange,
    tradingsymbol: position.trading_symbol,
    instrument_token: tokenOfKey(position.instrument_token),
    product: ourProduct(position.product, position.exchange),
    quantity: position.quantity,
    buy_quantity: carriedBuy + position.day_buy_quantity,
    buy_value_paise: carriedBuyPaise + dayBuyPaise,
    sell_quantity: carriedSell + position.day_sell_quantity,
    sell_value_paise: carriedSellPaise + daySellPaise,
    day_buy_quantity: position.day_buy_quantity,
    day_buy_value_paise: dayBuyPaise,
    day_sell_quantity: position.day_sell_quantity,
    day_sell_value_paise: daySellPaise,
    last_paise: last,
    close_paise: close,
  };
}

/** An Upstox holding in the core's shape: shares held and not yet delivered (T+1), less what sales took today. */
export function wireHoldingOfUpstox(holding: UpstoxHolding): WireHolding {
  const shares = holding.quantity + (holding.t1_quantity ?? 0);
  const last = holding.last_price ?? 0;
  return {
    exchange: holding.exchange,
    tradingsymbol: holding.trading_symbol,
    isin: holding.isin === null || holding.isin === '' ? null : holding.isin,
    shares,
    sellable: Math.max(0, shares - (holding.cnc_used_quantity ?? 0)),
    average_paise: paise(holding.average_price),
    last_paise: last > 0 ? paise(last) : null,
    key: holding.instrument_token,
  };
}

export function createUpstoxWire(calls: UpstoxCalls): LiveWire {
  const write = orderWriter(calls, domainErrorOf);

  async function place(account: TradingAccount, { intent, tag, variety, instrumentToken, sliced, holdingKey = null }: PlaceRequest) {
    const priced = intent.orderType === 'LIMIT' || intent.orderType === 'SL';
    const triggered = intent.orderType === 'SL' || intent.orderType === 'SL-M';
    const order = {
      instrument_token: intent.product === 'CNC' ? (holdingKey ?? '') : upstoxInstrumentKey(intent.exchange, instrumentToken),
      transaction_type: intent.side,
      order_type: intent.orderType satisfies UpstoxOrderType,
      product: productOf(intent.product),
      validity: 'DAY' as const,
      quantity: intent.quantity,
      price: priced ? rupees(intent.pricePaise) : 0,
      trigger_price: triggered ? rupees(intent.triggerPaise) : 0,
      disclosed_quantity: 0,
      is_amo: variety === 'amo',
      slice: sliced,
      tag,
    };
    const placed = await write(account, kiteCalls.orderFor(intent.tradingsymbol), (session) => placeOrder(session.http, order));
    const [first] = placed.order_ids;
    // A 200 without an order id does not say whether anything was booked: as unknown as no answer.
    if (first === undefined) throw new UpstoxOutcomeUnknownError('unreadable', 'POST', '/v3/order/place', 'Upstox answered the placement without an order id');
    return { callId: first, parent: null, children: placed.order_ids.map((orderId) => ({ order_id: orderId })) };
  }

  async function modify(account: TradingAccount, order: WireOrder, _placedAs: string | null, changes: OrderChanges): Promise<void> {
    const orderType = (changes.orderType ?? order.order_type) as UpstoxOrderType;
    const change = {
      order_id: order.order_id,
      order_type: orderType,
      validity: 'DAY' as const,
      quantity: changes.quantity ?? order.quantity,
      price: orderType === 'LIMIT' || orderType === 'SL' ? rupees(changes.pricePaise ?? order.price_paise) : 0,
      trigger_price: orderType === 'SL' || orderType === 'SL-M' ? rupees(changes.triggerPaise ?? order.trigger_price_paise) : 0,
    };
    await write(account, kiteCalls.modification(order.order_id), (session) => modifyOrder(session.http, change));
  }

  async function cancel(account: TradingAccount, order: WireOrder): Promise<void> {
    await write(account, kiteCalls.cancellation(order.order_id), (session) => cancelOrder(session.http, order.order_id));
  }

  const orderHistory = (account: TradingAccount, orderId: string) =>
    historyOrNull(
      async () => (await calls.withSession(account, (session) => getOrderHistory(session.http, { order_id: orderId }))).map(wireOrderOfUpstox),
      // Upstox answers an order id it does not know for this user with UDAPI100010.
      (error) => error instanceof UpstoxError && error.errorCode === 'UDAPI100010',
      domainErrorOf,
      kiteCalls.orderHistory(orderId),
    );

  return {
    ...sessionParts(calls),
    slug: 'upstox',
    // Upstox's children name no parent: a lost sliced call's are found by its tag alone (../live/sends.ts).
    childrenNameParent: false,
    maxSlicesPerCall: maxUpstoxSlices,
    // Upstox takes MARKET orders as they are: no protection to send.
    marketProtection: () => null,
    orders: async (account) => (await calls.orders(account)).map(wireOrderOfUpstox),
    trades: async (account) => (await calls.trades(account)).map(wireTradeOfUpstox),
    positions: async (account) => (await calls.positions(account)).map(wirePositionOfUpstox),
    holdings: async (account) => (await calls.holdings(account)).map(wireHoldingOfUpstox),
    orderHistory,
    place,
    modify,
    cancel,
    // Upstox's brokerage API prices one order at a time: each completed order at its average price. A CNC sale's
    // stock is named by its ISIN, which the order book does not keep: not priced, never guessed.
    chargesOf: (account, completed) =>
      Promise.all(completed.map(async (order) => {
        if (order.product === 'CNC') return null;
        const charges = await calls.withBroker(account, 'read', kiteCalls.charges, (session) => getBrokerage(session.http, {
          instrument_token: upstoxInstrumentKey(order.exchange, order.instrument_token),
          quantity: order.filled_quantity,
          product: productOf(order.product),
          transaction_type: order.transaction_type,
          price: order.average_paise / 100,
        }));
        return paise(charges.total);
      })),
    outcomeUnknown,
  };
}
