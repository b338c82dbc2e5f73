// How the test server's exchange treats an order once admitted: the risk check against the account's
// margin, conversion of protected market orders into limits, stop triggers, and fills. A limit order that
// is marketable when it arrives fills at the last price; one resting in the book fills at its own limit
// when the price moves through it. Tests can also fill (partly) or reject any working order directly.
import type { KiteOrder, KiteTrade } from '../../server/services/brokers/kite/kite-order-types.ts';
import { formatKiteTime } from '../../server/services/brokers/kite/kite-json.ts';
import { requiredMarginPaise } from './calculators.ts';
import type { Market } from './market.ts';
import type { Account, OrderChange } from './order-book.ts';
import { automaticProtectionPercent, type OrderRequest, protectedLimitPaise } from './order-validation.ts';

export type OrderRecord = {
  account: Account;
  order: KiteOrder;
  history: KiteOrder[];
  request: OrderRequest;
  filledValuePaise: number;
  modifications: number;
  /** An after-market order Kite holds ("AMO REQ RECEIVED") until the exchange opens. */
  heldForOpen: boolean;
};

type MatchingOptions = {
  market: Market;
  clock: () => Date;
  nextId: () => string;
  transition: (record: OrderRecord, status: string, change: OrderChange | null) => void;
  addTrade: (account: Account, trade: KiteTrade, pricePaise: number, product: string) => void;
};

const rupees = (paise: number) => (paise / 100).toFixed(2);

export function createMatching({ market, clock, nextId, transition, addTrade }: MatchingOptions) {
  // While held, orders rest as the exchange received them (Kite answers before the fill): a test fills them.
  let held = false;

  function protect(record: OrderRecord): void {
    const { order, request } = record;
    const tick = Math.max(1, Math.round(request.instrument.tick_size * 100));
    const percent = request.marketProtection === -1 ? automaticProtectionPercent : request.marketProtection;
    const limit = protectedLimitPaise(order.transaction_type, market.lastPaise(order.instrument_token), percent, tick);
    order.order_type = 'LIMIT';
    order.price = limit / 100;
    order.tags.push('mktp', `mktp:${percent.toFixed(2)}`);
  }

  function reject(record: OrderRecord, message: string, raw: string): void {
    record.order.status_message = message;
    record.order.status_message_raw = raw;
    record.order.pending_quantity = 0;
    transition(record, 'REJECTED', 'final');
  }

  function fill(record: OrderRecord, quantity: number, pricePaise: number): void {
    const { order } = record;
    const filled = Math.min(quantity, order.pending_quantity);
    if (filled <= 0) return;
    const now = clock();
    const stamp = formatKiteTime(now);
    const trade: KiteTrade = {
      trade_id: nextId(),
      order_id: order.order_id,
      exchange_order_id: order.exchange_order_id,
      exchange: order.exchange,
      tradingsymbol: order.tradingsymbol,
      instrument_token: order.instrument_token,
      product: order.product,
      average_price: pricePaise / 100,
      quantity: filled,
      transaction_type: order.transaction_type,
      fill_timestamp: stamp,
      order_timestamp: stamp.slice(11),
      exchange_timestamp: stamp,
    };
    addTrade(record.account, trade, pricePaise, order.product);
    market.state(order.instrument_token).volume += filled;
    record.filledValuePaise += filled * pricePaise;
    order.filled_quantity += filled;
    order.pending_quantity -= filled;
    order.average_price = record.filledValuePaise / order.filled_quantity / 100;
    transition(record, order.pending_quantity === 0 ? 'COMPLETE' : 'OPEN', order.pending_quantity === 0 ? 'final' : 'update');
  }

  function match(record: OrderRecord, when: 'arrival' | 'resting'): void {
    if (held) return;
    const { order } = record;
    const last = market.lastPaise(order.instrument_token);
    const buy = order.transaction_type === 'BUY';
    if (order.status === 'TRIGGER PENDING') {
      const trigger = Math.round(order.trigger_price * 100);
      if (buy ? last < trigger : last > trigger) return;
      if (order.order_type === 'SL-M') protect(record);
      transition(record, 'OPEN', 'state');
      when = 'arrival';
    }
    if (order.status !== 'OPEN' || order.order_type !== 'LIMIT' && order.order_type !== 'SL') return;
    const limit = Math.round(order.price * 100);
    if (buy ? last > limit : last < limit) return;
    fill(record, order.pending_quantity, when === 'arrival' ? last : limit);
  }

  /**
   * The exchange's risk check, then the order working or filled. `blockedPaise`: margin already taken by
   * orders sent just before it (Kite's AMOs at the open, one after another). Answers the margin it blocked
   * (none when rejected).
   */
  function admit(record: OrderRecord, blockedPaise = 0): number {
    const { order, account } = record;
    const required = requiredMarginPaise(record.request, market.lastPaise(order.instrument_token));
    const available = Math.max(0, account.availableMarginPaise() - blockedPaise);
    if (required > available) {
      reject(
        record,
        `Insufficient funds. Required margin is ${rupees(required)} but available margin is ${rupees(available)}.`,
        `RMS:Margin Exceeds,Required:${rupees(required)}, Available:${rupees(available)} for entity account-${account.userId}`,
      );
      return 0;
    }
    order.exchange_order_id = `13${nextId()}`;
    order.exchange_timestamp = formatKiteTime(clock());
    if (order.order_type === 'MARKET') protect(record);
    transition(record, order.order_type === 'SL' || order.order_type === 'SL-M' ? 'TRIGGER PENDING' : 'OPEN', 'state');
    match(record, 'arrival');
    return required;
  }

  return { admit, match, fill, reject, hold: (on: boolean) => void (held = on) };
}
