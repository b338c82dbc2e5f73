// Kite's ticker frames. Market data is binary and big-endian: a frame is [int16 packet count] then, per
// packet, [int16 length][packet]. A packet's length says what it is: 8 bytes LTP; 28 (quote) or 32 (full)
// an index; 44 a quote; 184 a full quote with five levels of depth a side. A 1-byte frame is a heartbeat.
// Prices are integers in paise (CDS in 1e-7 and BCD in 1e-4 rupees); ticks carry rupees, as Kite's REST does.
// Text frames are JSON: order updates ({type: "order", data}) and errors ({type: "error", data}).
import { isObject } from './kite-json.ts';
import { type KiteOrderUpdate, readKiteOrderUpdate } from './kite-order-types.ts';

export type TickMode = 'ltp' | 'quote' | 'full';
export type Ohlc = { open: number; high: number; low: number; close: number };
export type DepthLevel = { quantity: number; price: number; orders: number };

export type LtpTick = { mode: 'ltp'; tradable: boolean; instrument_token: number; last_price: number };

/** Indices (segment 9) are not tradable; their `timestamp` comes only in full mode. */
export type IndexTick = {
  mode: 'quote' | 'full';
  tradable: false;
  instrument_token: number;
  last_price: number;
  ohlc: Ohlc;
  /** last_price − close, in rupees. */
  change: number;
  timestamp: Date | null;
};

export type QuoteTick = {
  mode: 'quote';
  tradable: true;
  instrument_token: number;
  last_price: number;
  last_quantity: number;
  average_price: number;
  volume: number;
  buy_quantity: number;
  sell_quantity: number;
  ohlc: Ohlc;
  /** last_price − close, in rupees. */
  change: number;
};

export type FullTick = Omit<QuoteTick, 'mode'> & {
  mode: 'full';
  last_trade_time: Date | null;
  oi: number;
  oi_day_high: number;
  oi_day_low: number;
  /** The exchange's time for this tick. */
  timestamp: Date | null;
  depth: { buy: DepthLevel[]; sell: DepthLevel[] };
};

export type KiteTick = LtpTick | IndexTick | QuoteTick | FullTick;

export const packetLength = { ltp: 8, indexQuote: 28, indexFull: 32, quote: 44, full: 184 } as const;
export const indicesSegment = 9;

/** Rupees per integer unit of an instrument's prices, from its segment (the token's low byte). */
export function priceDivisor(instrumentToken: number): number {
  const segment = instrumentToken & 0xff;
  if (segment === 3) return 10_000_000; // CDS
  if (segment === 6) return 10_000; // BCD
  return 100;
}

export class TickerFrameError extends Error {
  override name = 'TickerFrameError';
}

/** All ticks of one binary frame; a heartbeat (or any frame under 2 bytes) has none. */
export function parseTickerFrame(frame: Uint8Array): KiteTick[] {
  if (frame.byteLength < 2) return [];
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const count = view.getUint16(0);
  const ticks: KiteTick[] = [];
  let offset = 2;
  for (let index = 0; index < count; index++) {
    if (offset + 2 > frame.byteLength) throw new TickerFrameError(`Ticker frame ends before packet ${index + 1} of ${count}`);
    const length = view.getUint16(offset);
    offset += 2;
    if (offset + length > frame.byteLength) throw new TickerFrameError(`Ticker packet ${index + 1} is cut short`);
    const tick = parsePacket(frame.subarray(offset, offset + length));
    if (tick) ticks.push(tick);
    offset += length;
  }
  return ticks;
}

/** One packet (without its length prefix); null for a length Kite has not documented. */
export function parsePacket(packet: Uint8Array): KiteTick | null {
  const view = new DataView(packet.buffer, packet.byteOffset, packet.byteLength);
  const int = (at: number) => view.getUint32(at);
  const token = int(0);
  const divisor = priceDivisor(token);
  const price = (at: number) => int(at) / divisor;
  const time = (at: number) => (int(at) === 0 ? null : new Date(int(at) * 1000));
  const tradable = (token & 0xff) !== indicesSegment;
  const length = packet.byteLength;

  if (length === packetLength.ltp) return { mode: 'ltp', tradable, instrument_token: token, last_price: price(4) };
  if (length === packetLength.indexQuote || length === packetLength.indexFull) {
    // Index packets order their prices high, low, open, close.
    const ohlc = { open: price(16), high: price(8), low: price(12), close: price(20) };
    const last = price(4);
    const full = length === packetLength.indexFull;
    return { mode: full ? 'full' : 'quote', tradable: false, instrument_token: token, last_price: last, ohlc, change: last - ohlc.close, timestamp: full ? time(28) : null };
  }
  if (length !== packetLength.quote && length !== packetLength.full) return null;
  const quote: QuoteTick = {
    mode: 'quote',
    tradable: true,
    instrument_token: token,
    last_price: price(4),
    last_quantity: int(8),
    average_price: price(12),
    volume: int(16),
    buy_quantity: int(20),
    sell_quantity: int(24),
    ohlc: { open: price(28), high: price(32), low: price(36), close: price(40) },
    change: price(4) - price(40),
  };
  if (length === packetLength.quote) return quote;
  // Depth: ten 12-byte entries (int32 quantity, int32 price, int16 orders, 2 bytes padding), bids first.
  const level = (at: number): DepthLevel => ({ quantity: int(at), price: price(at + 4), orders: view.getUint16(at + 8) });
  const levels = Array.from({ length: 10 }, (_, index) => level(64 + index * 12));
  return {
    ...quote,
    mode: 'full',
    last_trade_time: time(44),
    oi: int(48),
    oi_day_high: int(52),
    oi_day_low: int(56),
    timestamp: time(60),
    depth: { buy: levels.slice(0, 5), sell: levels.slice(5) },
  };
}

export type TickerText =
  | { type: 'order'; order: KiteOrderUpdate }
  | { type: 'error'; message: string }
  | { type: 'message'; message: string }
  | { type: 'other'; raw: string };

/** A text frame: order updates (the postback's fields), errors, and broadcast messages. */
export function parseTickerText(text: string): TickerText {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { type: 'other', raw: text };
  }
  if (!isObject(body)) return { type: 'other', raw: text };
  if (body.type === 'order') return { type: 'order', order: readKiteOrderUpdate(body.data) };
  if (body.type === 'error' || body.type === 'message') {
    return { type: body.type, message: typeof body.data === 'string' ? body.data : JSON.stringify(body.data) };
  }
  return { type: 'other', raw: text };
}
