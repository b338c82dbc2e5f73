// Kite Connect behind the live core's wire (../live/live-wire.ts): Kite's orders, trades and positions in the
// mirror's shapes, and what only Kite does when placing and changing them: the variety in the path (regular,
// amo; a change goes where Kite holds the order now), market protection on every MARKET and SL-M order
// (Kite refuses API market orders without it), a leg above the freeze quantity as one autoslice call whose
// children name their parent ("autoslice:<parent>"), and Kite's charges API for completed orders.
import type { OrderChanges, OrderIntent, TradingAccount } from '../broker-trading.ts';
import { KiteError, KiteOutcomeUnknownError } from '../kite/kite-errors.ts';
import { kiteTime } from '../kite/kite-json.ts';
import { orderCharges } from '../kite/kite-margins.ts';
import { cancelOrder, getOrderHistory, modifyOrder, placeOrder, type KiteModifyOrder, type KitePlaceOrder } from '../kite/kite-orders.ts';
import type { KiteOrder, KiteOrderType, KiteTrade } from '../kite/kite-order-types.ts';
import type { LiveWire, PlacedChild, WireOrder, WireTrade } from '../live/live-wire.ts';
import { historyOrNull, sessionParts } from '../live/wire-parts.ts';
import { kiteCalls, type KiteCall } from '../../texts/kite-texts.ts';
import type { KiteCalls } from './kite-calls.ts';
import { domainErrorOf, outcomeUnknown } from './kite-failures.ts';
import { changeVariety } from './kite-hours.ts';
import { maxKiteSlicesPerOrder } from './kite-limits.ts';

/** Kite's automatic market protection, sent with every MARKET and SL-M order. */
export const autoProtection = -1;

const paise = (rupees: number) => Math.round(rupees * 100);
const rupees = (paise: number) => paise / 100;

/** A Kite timestamp (IST text), or null when absent or unreadable. */
export function kiteStamp(text: string | null): Date | null {
  if (text === null) return null;
  try {
    return kiteTime(text);
  } catch {
    return null;
  }
}

/** Autoslice children are tagged "autoslice:<parent order_id>". */
export function autosliceParent(tags: readonly string[]): string | null {
  const tag = tags.find((candidate) => candidate.startsWith('autoslice:'));
  return tag === undefined ? null : tag.slice('autoslice:'.length);
}

export function wireOrderOfKite(order: KiteOrder): WireOrder {
  return {
    order_id: order.order_id,
    tag: order.tag,
    slice_parent: autosliceParent(order.tags),
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
    market_protection: order.market_protection === 0 ? null : order.market_protection,
    // Kite tags a MARKET order its market protection turned into a LIMIT "mktp" (and "mktp:<percent>").
    converted_to_limit: order.tags.some((tag) => tag === 'mktp' || tag.startsWith('mktp:')),
    placed_at: kiteStamp(order.order_timestamp),
    exchange_at: kiteStamp(order.exchange_timestamp),
  };
}

export function wireTradeOfKite(trade: KiteTrade): WireTrade {
  return {
    trade_id: trade.trade_id,
    order_id: trade.order_id,
    instrument_token: trade.instrument_token,
    exchange: trade.exchange,
    tradingsymbol: trade.tradingsymbol,
    product: trade.product,
    transaction_type: trade.transaction_type,
    quantity: trade.quantity,
    price_paise: paise(trade.average_price),
    filled_at: kiteStamp(trade.fill_timestamp) ?? kiteStamp(trade.exchange_timestamp),
  };
}

const protectedType = (orderType: OrderIntent['orderType']) => orderType === 'MARKET' || orderType === 'SL-M';

/** A call's failure: unknown outcomes as they are (the core reads the book), the rest in the trader's words. */
function failure(error: unknown, what: KiteCall): unknown {
  if (error instanceof KiteOutcomeUnknownError) return error;
  return domainErrorOf(error, 'order', what) ?? error;
}

export function createKiteWire(calls: KiteCalls): LiveWire {
  async function place(account: TradingAccount, { intent, tag, variety, sliced }: Parameters<LiveWire['place']>[1]) {
    const form: KitePlaceOrder = {
      variety,
      exchange: intent.exchange,
      tradingsymbol: intent.tradingsymbol,
      transaction_type: intent.side,
      order_type: intent.orderType,
      quantity: intent.quantity,
      product: intent.product,
      validity: 'DAY',
      tag,
      ...(intent.orderType === 'LIMIT' || intent.orderType === 'SL' ? { price: rupees(intent.pricePaise) } : {}),
      ...(intent.orderType === 'SL' || intent.orderType === 'SL-M' ? { trigger_price: rupees(intent.triggerPaise) } : {}),
      ...(protectedType(intent.orderType) ? { market_protection: autoProtection } : {}),
      // Kite refuses autoslice on an order at or below the freeze quantity.
      ...(sliced ? { autoslice: true } : {}),
    };
    const what = kiteCalls.orderFor(intent.tradingsymbol);
    try {
      const answer = await calls.withSession(account, (session) => placeOrder(session.http, form));
      // An answer without children is one order for the whole quantity.
      if (answer.children.length === 0) return { callId: answer.order_id, parent: null, children: [{ order_id: answer.order_id }] };
      const children = answer.children.map((child): PlacedChild => {
        if ('order_id' in child) return child;
        return { refusal: domainErrorOf(new KiteError(child.error.code, child.error.error_type, child.error.message), 'order', what)! };
      });
      return { callId: answer.order_id, parent: answer.order_id, children };
    } catch (error) {
      throw failure(error, what);
    }
  }

  async function modify(account: TradingAccount, order: WireOrder, placedAs: string | null, changes: OrderChanges): Promise<void> {
    const form: KiteModifyOrder = {
      ...(changes.orderType === undefined ? {} : { order_type: changes.orderType as KiteOrderType }),
      ...(changes.orderType === 'MARKET' || changes.orderType === 'SL-M' ? { market_protection: autoProtection } : {}),
      ...(changes.quantity === undefined ? {} : { quantity: changes.quantity }),
      ...(changes.pricePaise === undefined ? {} : { price: rupees(changes.pricePaise) }),
      ...(changes.triggerPaise === undefined ? {} : { trigger_price: rupees(changes.triggerPaise) }),
    };
    const variety = changeVariety(placedAs ?? order.variety, order.exchange_order_id);
    try {
      await calls.withSession(account, (session) => modifyOrder(session.http, variety, order.order_id, form));
    } catch (error) {
      throw failure(error, kiteCalls.modification(order.order_id));
    }
  }

  async function cancel(account: TradingAccount, order: WireOrder, placedAs: string | null): Promise<void> {
    const variety = changeVariety(placedAs ?? order.variety, order.exchange_order_id);
    try {
      await calls.withSession(account, (session) => cancelOrder(session.http, variety, order.order_id));
    } catch (error) {
      throw failure(error, kiteCalls.cancellation(order.order_id));
    }
  }

  const orderHistory = (account: TradingAccount, orderId: string) =>
    historyOrNull(
      async () => (await calls.withSession(account, (session) => getOrderHistory(session.http, orderId))).map(wireOrderOfKite),
      // Kite answers an order id it does not know for this user with an InputException.
      (error) => error instanceof KiteError && error.errorType === 'InputException',
      domainErrorOf,
      kiteCalls.orderHistory(orderId),
    );

  return {
    slug: 'kite',
    maxSlicesPerCall: maxKiteSlicesPerOrder,
    childrenNameParent: true,
    marketProtection: (orderType) => (protectedType(orderType) ? autoProtection : null),
    ...sessionParts(calls),
    orders: async (account) => (await calls.orders(account)).map(wireOrderOfKite),
    trades: async (account) => (await calls.trades(account)).map(wireTradeOfKite),
    positions: async (account) =>
      (await calls.positions(account)).net.map((position) => ({
        exchange: position.exchange,
        tradingsymbol: position.tradingsymbol,
        instrument_token: position.instrument_token,
        product: position.product,
        quantity: position.quantity,
        buy_quantity: position.buy_quantity,
        buy_value_paise: paise(position.buy_value),
        sell_quantity: position.sell_quantity,
        sell_value_paise: paise(position.sell_value),
        day_buy_quantity: position.day_buy_quantity,
        day_buy_value_paise: paise(position.day_buy_value),
        day_sell_quantity: position.day_sell_quantity,
        day_sell_value_paise: paise(position.day_sell_value),
        last_paise: paise(position.last_price),
        close_paise: paise(position.close_price),
      })),
    holdings: async (account) =>
      (await calls.holdings(account)).map((holding) => {
        const shares = holding.quantity + holding.t1_quantity;
        return {
          exchange: holding.exchange,
          tradingsymbol: holding.tradingsymbol,
          isin: holding.isin === '' ? null : holding.isin,
          shares,
          // Kite lets T+1 shares be sold (BTST); what was sold today is in used_quantity.
          sellable: Math.max(0, shares - holding.used_quantity),
          average_paise: paise(holding.average_price),
          last_paise: holding.last_price > 0 ? paise(holding.last_price) : null,
          key: null,
        };
      }),
    orderHistory,
    place,
    modify,
    cancel,
    chargesOf: async (account, completed) => {
      const lines = await calls.withKite(account, 'read', kiteCalls.charges, (session) =>
        orderCharges(session.http, completed.map((order) => ({
          order_id: order.order_id,
          exchange: order.exchange,
          tradingsymbol: order.tradingsymbol,
          transaction_type: order.transaction_type,
          variety: 'regular',
          product: order.product,
          order_type: order.order_type === 'SL-M' || order.order_type === 'SL' || order.order_type === 'LIMIT' ? order.order_type : 'MARKET',
          quantity: order.filled_quantity,
          average_price: order.average_paise / 100,
        }))),
      );
      return completed.map((_order, index) => (lines[index] === undefined ? null : paise(lines[index].charges.total)));
    },
    outcomeUnknown,
  };
}
