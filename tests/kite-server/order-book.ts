// The test server's order system: one book per app (api_key). Orders walk Kite's statuses (PUT ORDER REQ
// RECEIVED → VALIDATION PENDING → OPEN PENDING → OPEN or TRIGGER PENDING → COMPLETE, CANCELLED or REJECTED),
// each state kept for GET /orders/:id. Protected MARKET orders become LIMIT orders tagged "mktp" as Kite's
// are; autoslice splits a quantity above the freeze limit into children tagged "autoslice:<parent>".
// Matching lives in order-matching.ts; every change is reported through `onChange`.
import type { KiteOrder, KiteTrade } from '../../server/services/brokers/kite/kite-order-types.ts';
import { formatKiteTime } from '../../server/services/brokers/kite/kite-json.ts';
import type { KiteErrorType } from '../../server/services/brokers/kite/kite-errors.ts';
import { AnswerError, inputError, orderError } from './answer-error.ts';
import type { Market } from './market.ts';
import { createMatching, type OrderRecord } from './order-matching.ts';
import { isVariety, pricePaise, readOrderRequest, type OrderRequest } from './order-validation.ts';
import type { ExchangeHours } from './exchange-hours.ts';

export type Account = { apiKey: string; userId: string; availableMarginPaise: () => number };
export type OrderChange = 'state' | 'update' | 'final';
export type SliceFailure = { index: number; errorType: KiteErrorType; message: string };
export type PlacementRefusal = { skip: number; errorType: KiteErrorType; message: string };
export type PlaceCall = { tag: string | null; quantity: number; autoslice: boolean };

export type OrderBookOptions = {
  market: Market;
  clock: () => Date;
  hours: ExchangeHours;
  onChange: (account: Account, order: KiteOrder, change: OrderChange) => void;
};

export type OrderBook = ReturnType<typeof createOrderBook>;

const maxModifications = 25;

export function createOrderBook({ market, clock, hours, onChange }: OrderBookOptions) {
  const records = new Map<string, OrderRecord>();
  const trades: { account: Account; trade: KiteTrade; pricePaise: number; product: string }[] = [];
  let sequence = 0;
  let sliceFailure: SliceFailure | null = null;
  // Every place request that reached the book (authenticated, within the rate limit), refused or not.
  const placeCalls: PlaceCall[] = [];
  // A placement to refuse at the door: after `skip` more placements succeed.
  let placementRefusal: PlacementRefusal | null = null;
  // While held, a cancellation stays CANCEL PENDING (Kite has it, the exchange has not confirmed it) and the
  // exchange may still fill the order first, as it can on Kite.
  let cancelsHeld = false;
  const nextId = () => String(260115000000000 + ++sequence);

  const matching = createMatching({
    market,
    clock,
    nextId,
    transition: (record, status, change) => transition(record, status, change),
    addTrade: (account, trade, price, product) => trades.push({ account, trade, pricePaise: price, product }),
  });

  function transition(record: OrderRecord, status: string, change: OrderChange | null): void {
    const now = formatKiteTime(clock());
    record.order.status = status;
    record.order.exchange_update_timestamp = record.order.exchange_order_id ? now : null;
    record.history.push(structuredClone(record.order));
    if (change) onChange(record.account, structuredClone(record.order), change);
  }

  function createOrder(account: Account, request: OrderRequest, extraTags: string[], held = false): string {
    const id = nextId();
    const order: KiteOrder = {
      order_id: id,
      exchange_order_id: null,
      parent_order_id: null,
      placed_by: account.userId,
      status: 'PUT ORDER REQ RECEIVED',
      status_message: null,
      status_message_raw: null,
      order_timestamp: formatKiteTime(clock()),
      exchange_update_timestamp: null,
      exchange_timestamp: null,
      variety: request.variety,
      modified: false,
      exchange: request.instrument.exchange,
      tradingsymbol: request.instrument.tradingsymbol,
      instrument_token: request.instrument.instrument_token,
      order_type: request.orderType,
      transaction_type: request.side,
      validity: request.validity,
      validity_ttl: request.validityTtl,
      product: request.product,
      quantity: request.quantity,
      disclosed_quantity: request.disclosedQuantity,
      price: request.pricePaise / 100,
      trigger_price: request.triggerPaise / 100,
      average_price: 0,
      filled_quantity: 0,
      pending_quantity: request.quantity,
      cancelled_quantity: 0,
      market_protection: request.marketProtection,
      meta: {},
      tag: request.tag,
      tags: [...(request.tag ? [request.tag] : []), ...extraTags],
      guid: `${id}-guid`,
    };
    const record: OrderRecord = { account, order, history: [], request, filledValuePaise: 0, modifications: 0, heldForOpen: held };
    records.set(id, record);
    transition(record, 'PUT ORDER REQ RECEIVED', null);
    transition(record, 'VALIDATION PENDING', null);
    if (held) {
      // Kite keeps an AMO to itself until the open: no exchange order id, no risk check, no fill, and no
      // order update pushed for it (Kite forum: "Order updates are not pushed for AMOs").
      transition(record, 'AMO REQ RECEIVED', null);
      return id;
    }
    transition(record, 'OPEN PENDING', null);
    matching.admit(record);
    return id;
  }

  /**
   * At the open, Kite sends the AMOs it holds to the exchange, oldest first: each through the risk check then
   * (none was made when it was placed), against the funds left after those sent before it, and matched as any
   * order placed at the open. One whose margin is not there is REJECTED with the RMS reason.
   */
  function releaseDue(): void {
    if (!hours.trading()) return;
    const blocked = new Map<string, number>();
    for (const record of records.values()) {
      if (!record.heldForOpen || record.order.status !== 'AMO REQ RECEIVED') continue;
      record.heldForOpen = false;
      transition(record, 'OPEN PENDING', null);
      const before = blocked.get(record.account.apiKey) ?? 0;
      blocked.set(record.account.apiKey, before + matching.admit(record, before));
    }
  }

  /**
   * The variety a change must name: an AMO Kite still holds is changed as "amo" (inside the AMO window only);
   * once sent at the open it is a regular order at the exchange, although its variety still reads "amo".
   */
  function checkChangeVariety(record: OrderRecord, variety: string): void {
    const expected = record.order.variety === 'amo' && !record.heldForOpen ? 'regular' : record.order.variety;
    if (!isVariety(variety) || variety !== expected) throw inputError('Invalid `variety`.');
    if (record.heldForOpen) hours.checkHeldChange();
  }

  function owned(account: Account, orderId: string): OrderRecord {
    const record = records.get(orderId);
    if (!record || record.account.apiKey !== account.apiKey) throw inputError("Couldn't find that `order_id`.");
    return record;
  }

  function confirmCancel(record: OrderRecord): void {
    record.order.cancelled_quantity = record.order.pending_quantity;
    record.order.pending_quantity = 0;
    transition(record, 'CANCELLED', 'final');
  }

  function working(record: OrderRecord, verb: string): void {
    if (record.order.status !== 'OPEN' && record.order.status !== 'TRIGGER PENDING' && record.order.status !== 'AMO REQ RECEIVED') {
      throw orderError(`Order cannot be ${verb} as it is ${record.order.status}.`);
    }
  }

  return {
    place(account: Account, variety: string, form: URLSearchParams): { order_id: string; children?: unknown[] } {
      placeCalls.push({ tag: form.get('tag'), quantity: Number(form.get('quantity')), autoslice: form.get('autoslice') === 'true' });
      const request = readOrderRequest(variety, form, market);
      const held = hours.admitVariety(request.variety) === 'held';
      if (placementRefusal !== null && placementRefusal.skip-- === 0) {
        const { errorType, message } = placementRefusal;
        placementRefusal = null;
        throw new AnswerError(400, errorType, message);
      }
      const freeze = request.instrument.freeze_quantity;
      const lot = Math.max(1, request.instrument.lot_size);
      // Kite refuses autoslice on a quantity that needs no slicing (Kite forum, "Wrong Documentation for autoslice order").
      if (request.autoslice && freeze > 0 && request.quantity <= freeze) {
        throw inputError(`Quantity should be greater than or equal to ${(Math.floor(freeze / lot) + 1) * lot} for order slicing.`);
      }
      if (freeze <= 0 || request.quantity <= freeze) return { order_id: createOrder(account, request, [], held) };
      if (!request.autoslice) throw inputError(`Quantity exceeds the freeze limit of ${freeze}. Split the order or use autoslice.`);
      const parentId = nextId();
      const failure = sliceFailure;
      sliceFailure = null;
      const children: unknown[] = [];
      for (let left = request.quantity, index = 0; left > 0; index++) {
        const quantity = Math.min(left, freeze - (freeze % Math.max(1, request.instrument.lot_size)));
        left -= quantity;
        if (failure && failure.index === index) {
          children.push({ error: { code: 400, error_type: failure.errorType, message: failure.message, data: null } });
          continue;
        }
        children.push({ order_id: createOrder(account, { ...request, quantity }, ['autoslice', `autoslice:${parentId}`], held) });
      }
      return { order_id: parentId, children };
    },
    modify(account: Account, variety: string, orderId: string, form: URLSearchParams): { order_id: string } {
      const record = owned(account, orderId);
      checkChangeVariety(record, variety);
      working(record, 'modified');
      if (record.modifications >= maxModifications) throw orderError('Maximum allowed order modifications exceeded.');
      const { order } = record;
      const quantity = form.has('quantity') ? Number(form.get('quantity')) : order.quantity;
      if (!Number.isInteger(quantity) || quantity < order.filled_quantity || quantity <= 0) throw inputError('Invalid `quantity`.');
      if (form.has('price')) order.price = pricePaise(form.get('price') ?? undefined, 'price', record.request.instrument) / 100;
      if (form.has('trigger_price')) order.trigger_price = pricePaise(form.get('trigger_price') ?? undefined, 'trigger_price', record.request.instrument) / 100;
      const orderType = form.get('order_type');
      if (orderType === 'LIMIT' || orderType === 'SL' || orderType === 'SL-M') order.order_type = orderType;
      order.quantity = quantity;
      order.pending_quantity = quantity - order.filled_quantity;
      order.modified = true;
      record.modifications += 1;
      const resume = order.status;
      transition(record, 'MODIFY VALIDATION PENDING', null);
      transition(record, 'MODIFY PENDING', null);
      transition(record, 'MODIFIED', null);
      transition(record, resume, 'update');
      matching.match(record, 'arrival');
      return { order_id: orderId };
    },
    cancel(account: Account, variety: string, orderId: string): { order_id: string } {
      const record = owned(account, orderId);
      checkChangeVariety(record, variety);
      working(record, 'cancelled');
      if (cancelsHeld) transition(record, 'CANCEL PENDING', 'update');
      else confirmCancel(record);
      return { order_id: orderId };
    },
    releaseDue,
    placeCalls: (): readonly PlaceCall[] => [...placeCalls],
    orders: (account: Account) => [...records.values()].filter((r) => r.account.apiKey === account.apiKey).map((r) => r.order),
    history: (account: Account, orderId: string) => owned(account, orderId).history,
    trades: (account: Account) => trades.filter((t) => t.account.apiKey === account.apiKey),
    /** Every price change: resting orders that the new price reaches fill. */
    priceMoved(token: number): void {
      for (const record of records.values()) if (record.order.instrument_token === token) matching.match(record, 'resting');
    },
    fill(orderId: string, quantity?: number, priceRupees?: number): KiteOrder {
      const record = records.get(orderId);
      if (!record) throw inputError("Couldn't find that `order_id`.");
      // The exchange can fill an order whose cancellation it has not processed yet.
      if (record.order.status !== 'CANCEL PENDING') working(record, 'filled');
      const price = priceRupees === undefined ? Math.round(record.order.price * 100) || market.lastPaise(record.order.instrument_token) : Math.round(priceRupees * 100);
      matching.fill(record, quantity ?? record.order.pending_quantity, price);
      return record.order;
    },
    reject(orderId: string, message: string): KiteOrder {
      const record = records.get(orderId);
      if (!record) throw inputError("Couldn't find that `order_id`.");
      working(record, 'rejected');
      matching.reject(record, message, message);
      return record.order;
    },
    failNextSlice(failure: SliceFailure): void {
      sliceFailure = failure;
    },
    holdFills: (on: boolean) => matching.hold(on),
    holdCancels(on: boolean): void {
      cancelsHeld = on;
      if (!on) for (const record of records.values()) if (record.order.status === 'CANCEL PENDING') confirmCancel(record);
    },
    refusePlacement(refusal: PlacementRefusal): void {
      placementRefusal = refusal;
    },
    find: (orderId: string) => records.get(orderId)?.order,
  };
}
