// The inverse of server/services/brokers/kite/ticker-packets.ts: builds Kite's binary ticker packets and
// frames from ticks, so the test server speaks the wire format the parser reads (and the parser's tests can
// round-trip it). Rupees become integer paise (or the segment's unit) here.
import {
  type FullTick,
  type IndexTick,
  type KiteTick,
  packetLength,
  priceDivisor,
} from '../../server/services/brokers/kite/ticker-packets.ts';

/** Kite's heartbeat: one byte, sent when a connection has had nothing else for a second. */
export const heartbeatFrame = Uint8Array.of(0);

export function encodePacket(tick: KiteTick): Uint8Array {
  const divisor = priceDivisor(tick.instrument_token);
  const length =
    tick.mode === 'ltp'
      ? packetLength.ltp
      : !tick.tradable
        ? tick.mode === 'full' ? packetLength.indexFull : packetLength.indexQuote
        : tick.mode === 'full' ? packetLength.full : packetLength.quote;
  const packet = new Uint8Array(length);
  const view = new DataView(packet.buffer);
  const int = (at: number, value: number) => view.setUint32(at, value);
  const price = (at: number, rupees: number) => int(at, Math.round(rupees * divisor));
  const time = (at: number, instant: Date | null) => int(at, instant === null ? 0 : Math.floor(instant.getTime() / 1000));
  int(0, tick.instrument_token);
  price(4, tick.last_price);
  if (tick.mode === 'ltp') return packet;
  if (!tick.tradable) {
    const index: IndexTick = tick;
    price(8, index.ohlc.high);
    price(12, index.ohlc.low);
    price(16, index.ohlc.open);
    price(20, index.ohlc.close);
    view.setInt32(24, Math.round(index.change * divisor));
    if (length === packetLength.indexFull) time(28, index.timestamp);
    return packet;
  }
  int(8, tick.last_quantity);
  price(12, tick.average_price);
  int(16, tick.volume);
  int(20, tick.buy_quantity);
  int(24, tick.sell_quantity);
  price(28, tick.ohlc.open);
  price(32, tick.ohlc.high);
  price(36, tick.ohlc.low);
  price(40, tick.ohlc.close);
  if (tick.mode !== 'full') return packet;
  const full: FullTick = tick;
  time(44, full.last_trade_time);
  int(48, full.oi);
  int(52, full.oi_day_high);
  int(56, full.oi_day_low);
  time(60, full.timestamp);
  [...full.depth.buy, ...full.depth.sell].forEach((level, index) => {
    const at = 64 + index * 12;
    int(at, level.quantity);
    price(at + 4, level.price);
    view.setUint16(at + 8, level.orders);
  });
  return packet;
}

/** [int16 count] then [int16 length][packet] for each packet. */
export function encodeFrame(packets: readonly Uint8Array[]): Uint8Array {
  const size = 2 + packets.reduce((total, packet) => total + 2 + packet.byteLength, 0);
  const frame = new Uint8Array(size);
  const view = new DataView(frame.buffer);
  view.setUint16(0, packets.length);
  let offset = 2;
  for (const packet of packets) {
    view.setUint16(offset, packet.byteLength);
    frame.set(packet, offset + 2);
    offset += 2 + packet.byteLength;
  }
  return frame;
}
