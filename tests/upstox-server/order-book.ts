// The test server's order system, one book per user, with Upstox's lower-case statuses (put order req
// received → validation pending → open pending → open / trigger pending → complete / cancelled / rejected),
// each state kept for /v2/order/history. `slice: true` above the freeze quantity books one order per slice
// (at most 25, as Upstox allows), each with the caller's tag. Matching: MARKET and marketable LIMIT orders fill
// at the last price on arrival; a resting LIMIT fills at its price when the last price moves through it; SL
// and SL-M trigger on the last price. No margin check. https://upstox.com/developer/api-documentation/v3/place-order
import { invalidInput, UpstoxRefusal } from './http-util.ts';
import type { Market, ServerInstrument } from './market.ts';

export type BookOrder = {
  order_id: string;
  exchange_order_id: string | null;
  parent_order_id: null;
  exchange: string;
  instrument_token: string;
  trading_symbol: string;
  tradingsymbol: string;
  product: string;
  order_type: string;
  transaction_type: 'BUY' | 'SELL';
  validity: string;
  variety: 'SIMPLE';
  quantity: number;
  disclosed_quantity: number;
  price: number;
  trigger_price: number;
  average_price: number;
  filled_quantity: number;
  pending_quantity: number;
  status: string;
  status_message: string | null;
  status_message_raw: string | null;
  tag: string | null;
  placed_by: string;
  is_amo: boolean;
  order_timestamp: string;
  exchange_timestamp: string | null;
  order_request_id: string;
};

export type Fill = { trade_id: string; order: BookOrder; quantity: number; price: number; at: string };
export type PlaceBody = Record<string, unknown>;

const maxSlices = 25;
const final = new Set(['complete', 'cancelled', 'rejected']);

export function istStamp(date: Date): string {
  return new Date(date.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

const onTick = (value: number, tick: number) => Math.abs(Math.round(value / tick) * tick - value) < 1e-9;

/** Hears every change of an order (each state recorded), with its owner: the webhooks' source. */
export type OrderChangeListener = (userId: string, order: BookOrder) => void;

export function createOrderBook(market: Market, clock: () => Date, onChange: OrderChangeListener = () => undefined) {
  const orders = new Map<string, BookOrder>();
  const history = new Map<string, BookOrder[]>();
  const owners = new Map<string, string>();
  const fills: Fill[] = [];
  let sequence = 0;
  /** A slice the exchange is to reject in the next sliced placement (rejectNextSlice). */
  let sliceFault: { index: number; message: string } | null = null;
  let trades = 0;

  function record(order: BookOrder, status: string, message: string | null = null): void {
    order.status = status;
    if (message !== null) order.status_message = order.status_message_raw = message;
    history.get(order.order_id)?.push({ ...order });
    onChange(owners.get(order.order_id) ?? '', { ...order });
  }

  function fill(order: BookOrder, price: number): void {
    const now = istStamp(clock());
    fills.push({ trade_id: String(50_000_000 + ++trades), order, quantity: order.pending_quantity, price, at: now });
    order.average_price = price;
    order.filled_quantity = order.quantity;
    order.pending_quantity = 0;
    order.exchange_timestamp = now;
    record(order, 'complete');
  }

  /** Fills or triggers what the last price now reaches: at the last price on arrival, at its limit once resting. */
  function match(order: BookOrder, arriving: boolean): void {
    const last = market.quote(order.instrument_token)?.last ?? 0;
    const buy = order.transaction_type === 'BUY';
    if (order.status === 'trigger pending') {
      if (buy ? last < order.trigger_price : last > order.trigger_price) return;
      record(order, 'open');
      if (order.order_type === 'SL-M') return fill(order, last);
    }
    if (order.status !== 'open') return;
    if (order.order_type === 'MARKET') return fill(order, last);
    if (buy ? last <= order.price : last >= order.price) fill(order, arriving ? last : order.price);
  }

  function validate(body: PlaceBody): { instrument: ServerInstrument; quantity: number } {
    const instrument = market.instrument(String(body.instrument_token ?? ''));
    if (!instrument || instrument.index) throw invalidInput('Invalid instrument_token.');
    const quantity = Number(body.quantity);
    if (!Number.isInteger(quantity) || quantity <= 0 || quantity % instrument.lot_size !== 0) throw invalidInput(`Quantity should be a multiple of the lot size ${instrument.lot_size}.`);
    if (!['I', 'D', 'MTF'].includes(String(body.product))) throw invalidInput('Invalid product.');
    if (!['MARKET', 'LIMIT', 'SL', 'SL-M'].includes(String(body.order_type))) throw new UpstoxRefusal(400, 'UDAPI1056', "The 'order_type' is invalid");
    if (!['BUY', 'SELL'].includes(String(body.transaction_type))) throw invalidInput('Invalid transaction_type.');
    if (!['DAY', 'IOC'].includes(String(body.validity))) throw new UpstoxRefusal(400, 'UDAPI1055', "The 'validity' is invalid");
    for (const field of ['price', 'trigger_price'] as const) {
      if (!onTick(Number(body[field] ?? 0), instrument.tick_size)) throw invalidInput(`The '${field}' is not a multiple of the tick size ${instrument.tick_size}.`);
    }
    return { instrument, quantity };
  }

  function book(userId: string, body: PlaceBody, instrument: ServerInstrument, quantity: number): BookOrder {
    const now = istStamp(clock());
    const id = `2601150${String(++sequence).padStart(8, '0')}`;
    const order: BookOrder = {
      order_id: id, exchange_order_id: null, parent_order_id: null, exchange: instrument.exchange, instrument_token: instrument.instrument_key,
      trading_symbol: instrument.trading_symbol, tradingsymbol: instrument.trading_symbol, product: String(body.product), order_type: String(body.order_type),
      transaction_type: body.transaction_type === 'SELL' ? 'SELL' : 'BUY', validity: String(body.validity), variety: 'SIMPLE', quantity,
      disclosed_quantity: Number(body.disclosed_quantity ?? 0), price: Number(body.price ?? 0), trigger_price: Number(body.trigger_price ?? 0),
      average_price: 0, filled_quantity: 0, pending_quantity: quantity, status: '', status_message: null, status_message_raw: null,
      tag: typeof body.tag === 'string' && body.tag !== '' ? body.tag : null, placed_by: userId, is_amo: body.is_amo === true,
      order_timestamp: now, exchange_timestamp: null, order_request_id: '1',
    };
    orders.set(id, order);
    owners.set(id, userId);
    history.set(id, []);
    for (const status of ['put order req received', 'validation pending', 'open pending']) record(order, status);
    if (quantity > instrument.freeze_quantity) {
      record(order, 'rejected', `Order quantity ${quantity} exceeds the freeze quantity ${instrument.freeze_quantity}.`);
      return order;
    }
    order.exchange_order_id = `1300000${id.slice(-9)}`;
    record(order, order.order_type === 'SL' || order.order_type === 'SL-M' ? 'trigger pending' : 'open');
    match(order, true);
    return order;
  }

  function owned(userId: string, orderId: string): BookOrder {
    const order = orders.get(orderId);
    if (!order || owners.get(orderId) !== userId) throw new UpstoxRefusal(400, 'UDAPI100010', 'Unknown order id | order request rejected');
    return order;
  }

  market.onChange((key) => {
    for (const order of orders.values()) if (order.instrument_token === key && !final.has(order.status)) match(order, false);
  });

  return {
    /** One order, or one per slice; every slice is booked (a slice the exchange rejects is in the book as rejected). */
    place(userId: string, body: PlaceBody): BookOrder[] {
      const { instrument, quantity } = validate(body);
      if (body.slice !== true || quantity <= instrument.freeze_quantity) return [book(userId, body, instrument, quantity)];
      // Each slice the most whole lots within the freeze quantity (NIFTY: 27 lots of 65 = 1,755 within 1,800).
      const most = Math.floor(instrument.freeze_quantity / instrument.lot_size) * instrument.lot_size;
      const slices: number[] = [];
      for (let left = quantity; left > 0; left -= most) slices.push(Math.min(left, most));
      if (slices.length > maxSlices) throw invalidInput(`A maximum of ${maxSlices} orders can be placed in a single request.`);
      const booked = slices.map((slice) => book(userId, body, instrument, slice));
      const rejected = sliceFault === null ? undefined : booked[sliceFault.index];
      if (rejected !== undefined && sliceFault !== null && !final.has(rejected.status)) record(rejected, 'rejected', sliceFault.message);
      sliceFault = null;
      return booked;
    },
    modify(userId: string, body: PlaceBody): BookOrder {
      const order = owned(userId, String(body.order_id ?? ''));
      if (final.has(order.status)) throw new UpstoxRefusal(400, 'UDAPI100010', `Order is already ${order.status}; it cannot be modified.`);
      const instrument = market.instrument(order.instrument_token);
      if (body.quantity !== undefined && (!Number.isInteger(Number(body.quantity)) || Number(body.quantity) % (instrument?.lot_size ?? 1) !== 0)) throw invalidInput('Invalid quantity.');
      if (body.price !== undefined && !onTick(Number(body.price), instrument?.tick_size ?? 0.05)) throw invalidInput("The 'price' is not a multiple of the tick size.");
      record(order, 'modify validation pending');
      record(order, 'modify pending');
      if (body.quantity !== undefined) order.quantity = order.pending_quantity = Number(body.quantity);
      if (body.price !== undefined) order.price = Number(body.price);
      if (body.trigger_price !== undefined) order.trigger_price = Number(body.trigger_price);
      if (typeof body.order_type === 'string') order.order_type = body.order_type;
      record(order, order.order_type === 'SL' || order.order_type === 'SL-M' ? 'trigger pending' : 'open');
      match(order, true);
      return order;
    },
    cancel(userId: string, orderId: string): BookOrder {
      const order = owned(userId, orderId);
      if (final.has(order.status)) throw new UpstoxRefusal(400, 'UDAPI100010', `Order is already ${order.status}; it cannot be cancelled.`);
      record(order, 'cancel pending');
      record(order, 'cancelled');
      return order;
    },
    ordersOf: (userId: string) => [...orders.values()].filter((order) => owners.get(order.order_id) === userId),
    order: (userId: string, orderId: string) => owned(userId, orderId),
    historyOf: (userId: string, orderId: string) => history.get(owned(userId, orderId).order_id) ?? [],
    fillsOf: (userId: string) => fills.filter((item) => owners.get(item.order.order_id) === userId),
    /** The exchange rejects slice `index` of the next sliced placement (a test's fault). */
    rejectNextSlice(index: number, message: string): void {
      sliceFault = { index, message };
    },
    /** The exchange rejects a working order (a test's fault). */
    reject(orderId: string, message: string): void {
      const order = orders.get(orderId);
      if (order && !final.has(order.status)) record(order, 'rejected', message);
    },
  };
}

export type OrderBook = ReturnType<typeof createOrderBook>;
