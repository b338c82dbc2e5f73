// Dhan's full market depth (https://dhanhq.co/docs/v2/full-market-depth/, read 30 November 2026): NSE's equity and
// F&O instruments' 20 best bids and asks on their own socket (wss://depth-api-feed.dhan.co/twentydepth, up to 50
// instruments a connection), or 200 on another (wss://full-depth-api.dhan.co/twohundreddepth, one instrument a
// connection). Requests are JSON: 20-level {RequestCode: 23, InstrumentCount, InstrumentList: [{ExchangeSegment,
// SecurityId}]} (24 leaves them); 200-level {RequestCode: 23, ExchangeSegment, SecurityId}. Answers are
// little-endian binary, one side of one instrument a packet, several back to back in a message: a 12-byte header
// (message length int16, response code byte: 41 bids, 51 asks, 50 disconnection; exchange segment byte; security id
// int32; then a sequence number, or for 200-level the number of rows, uint32), then the levels, 16 bytes each
// (price float64, quantity uint32, orders uint32), best first. An empty level reads 0.
import type { DepthRow } from '../live/depth-books.ts';
import { feedSegments } from './feed-packets.ts';

/** Most instruments one 20-level connection follows (a 200-level one follows one). */
export const maxDepthInstruments = 50;
export const depthLevels = 20;
export const fullDepthLevels = 200;

export type { DepthRow };

export type DepthPacket =
  | { kind: 'bids' | 'asks'; segment: string; securityId: string; rows: DepthRow[] }
  | { kind: 'disconnect'; reason: number };

const headerBytes = 12;
const rowBytes = 16;
const sides: Readonly<Record<number, 'bids' | 'asks'>> = { 41: 'bids', 51: 'asks' };

/** The 20-level subscription (or its end) of instruments, each `{segment, securityId}`; at most 50 a connection. */
export function depthRequest(instruments: ReadonlyArray<{ segment: string; securityId: string }>, subscribe: boolean): string {
  return JSON.stringify({
    RequestCode: subscribe ? 23 : 24,
    InstrumentCount: instruments.length,
    InstrumentList: instruments.map(({ segment, securityId }) => ({ ExchangeSegment: segment, SecurityId: securityId })),
  });
}

/** The 200-level subscription of its one instrument (a flat object, not a list). */
export function fullDepthRequest(instrument: { segment: string; securityId: string }): string {
  return JSON.stringify({ RequestCode: 23, ExchangeSegment: instrument.segment, SecurityId: instrument.securityId });
}

/**
 * Every packet of one message. A 20-level packet holds 20 rows; a 200-level one as many as its header says. The
 * empty rows (price 0) are left out: no bid is not a bid at zero.
 */
export function decodeDepthMessage(bytes: Buffer, levels: number = depthLevels): DepthPacket[] {
  const packets: DepthPacket[] = [];
  for (let offset = 0; offset < bytes.length;) {
    if (bytes.length - offset < headerBytes) throw new RangeError(`Dhan depth message ends with ${bytes.length - offset} stray bytes`);
    const length = bytes.readUInt16LE(offset);
    const code = bytes.readUInt8(offset + 2);
    if (length < headerBytes || offset + length > bytes.length) throw new RangeError(`Dhan depth packet ${code} is cut short (${bytes.length - offset} of ${length} bytes)`);
    if (code === 50) {
      packets.push({ kind: 'disconnect', reason: bytes.readUInt16LE(offset + headerBytes) });
    } else if (sides[code] !== undefined) {
      const rows: DepthRow[] = [];
      const count = Math.min(levels === depthLevels ? depthLevels : bytes.readUInt32LE(offset + 8), (length - headerBytes) / rowBytes);
      for (let row = 0; row < count; row += 1) {
        const at = offset + headerBytes + row * rowBytes;
        const price = Math.round(bytes.readDoubleLE(at) * 100) / 100;
        if (price > 0) rows.push({ price, quantity: bytes.readUInt32LE(at + 8), orders: bytes.readUInt32LE(at + 12) });
      }
      const segment = feedSegments[bytes.readUInt8(offset + 3)] ?? String(bytes.readUInt8(offset + 3));
      packets.push({ kind: sides[code]!, segment, securityId: String(bytes.readUInt32LE(offset + 4)), rows });
    }
    offset += length;
  }
  return packets;
}
