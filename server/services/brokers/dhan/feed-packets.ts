// Dhan's live market feed v2 (https://dhanhq.co/docs/v2/live-market-feed/, read 30 November 2026): requests are
// JSON ({RequestCode, InstrumentCount, InstrumentList: [{ExchangeSegment, SecurityId}]}, at most 100
// instruments a message), answers are little-endian binary packets, each opening with an 8-byte header:
// response code (byte), the message's length (int16), the exchange segment (byte, Dhan's numbering) and the
// security id (int32). Codes: 2 ticker (last price float32, last trade time int32), 4 quote, 5 OI, 6 previous
// close (float32) and previous OI, 7 market status, 8 full (the quote's fields, OI, and five levels of depth of
// 20 bytes each: bid qty, ask qty int32, bid orders, ask orders int16, bid price, ask price float32), 50 the
// server's disconnection (a reason int16: 805 too many connections, 806 no data plan, 807 token expired, 808
// client id invalid, 809 authentication failed). Layouts as DhanHQ's own Python client reads them.

/** Dhan's subscription codes; each one's unsubscribe code is the next number (16, 18, 22). */
export const feedModes = { ticker: 15, quote: 17, full: 21 } as const;
export type FeedMode = keyof typeof feedModes;

/** Dhan's feed numbers the exchange segments (the annexure's "Exchange Segment" enum). */
export const feedSegments: Readonly<Record<number, string>> = { 0: 'IDX_I', 1: 'NSE_EQ', 2: 'NSE_FNO', 3: 'NSE_CURRENCY', 4: 'BSE_EQ', 5: 'MCX_COMM', 7: 'BSE_CURRENCY', 8: 'BSE_FNO' };

/** Most instruments one subscription message may carry. */
export const maxInstrumentsPerMessage = 100;
/** Most instruments one connection may follow. */
export const maxInstrumentsPerConnection = 5000;

export type DepthLevel = { bidQty: number; askQty: number; bidPrice: number; askPrice: number };

type Header = { segment: string; securityId: string };

export type FeedPacket =
  | (Header & { kind: 'ticker'; ltp: number; ltt: number })
  | (Header & { kind: 'quote'; ltp: number; ltt: number; volume: number; open: number; close: number; high: number; low: number })
  | (Header & { kind: 'full'; ltp: number; ltt: number; volume: number; oi: number; open: number; close: number; high: number; low: number; depth: DepthLevel[] })
  | (Header & { kind: 'oi'; oi: number })
  | (Header & { kind: 'prev_close'; prevClose: number; prevOi: number })
  | (Header & { kind: 'status' })
  | (Header & { kind: 'disconnect'; reason: number });

/** 807, 808, 809: the token (or the client id with it) is refused; reconnecting cannot help. */
export const tokenRefusals: ReadonlySet<number> = new Set([807, 808, 809]);

const lengths: Readonly<Record<number, number>> = { 2: 16, 4: 50, 5: 12, 6: 16, 7: 8, 8: 162, 50: 10 };

/** One packet at `offset`, or null for a code StrikeDesk does not read (skipped by its length). */
function packetAt(bytes: Buffer, offset: number): { packet: FeedPacket | null; length: number } {
  const code = bytes.readUInt8(offset);
  const declared = bytes.readInt16LE(offset + 1);
  const length = lengths[code] ?? declared;
  if (length < 8 || offset + length > bytes.length) throw new RangeError(`Dhan feed packet ${code} is cut short (${bytes.length - offset} of ${length} bytes)`);
  const header: Header = { segment: feedSegments[bytes.readUInt8(offset + 3)] ?? String(bytes.readUInt8(offset + 3)), securityId: String(bytes.readUInt32LE(offset + 4)) };
  const f32 = (at: number) => Math.round(bytes.readFloatLE(offset + at) * 100) / 100;
  const u32 = (at: number) => bytes.readUInt32LE(offset + at);
  switch (code) {
    case 2:
      return { length, packet: { ...header, kind: 'ticker', ltp: f32(8), ltt: u32(12) } };
    case 4:
      return { length, packet: { ...header, kind: 'quote', ltp: f32(8), ltt: u32(14), volume: u32(22), open: f32(34), close: f32(38), high: f32(42), low: f32(46) } };
    case 8: {
      const depth: DepthLevel[] = [];
      for (let level = 0; level < 5; level += 1) {
        const at = 62 + level * 20;
        depth.push({ bidQty: u32(at), askQty: u32(at + 4), bidPrice: f32(at + 12), askPrice: f32(at + 16) });
      }
      return { length, packet: { ...header, kind: 'full', ltp: f32(8), ltt: u32(14), volume: u32(22), oi: u32(34), open: f32(46), close: f32(50), high: f32(54), low: f32(58), depth } };
    }
    case 5:
      return { length, packet: { ...header, kind: 'oi', oi: u32(8) } };
    case 6:
      return { length, packet: { ...header, kind: 'prev_close', prevClose: f32(8), prevOi: u32(12) } };
    case 7:
      return { length, packet: { ...header, kind: 'status' } };
    case 50:
      return { length, packet: { ...header, kind: 'disconnect', reason: bytes.readUInt16LE(offset + 8) } };
    default:
      return { length, packet: null };
  }
}

/** Every packet of one binary message (Dhan may send several back to back). Throws on a cut packet. */
export function decodeFeedMessage(bytes: Buffer): FeedPacket[] {
  const packets: FeedPacket[] = [];
  for (let offset = 0; offset < bytes.length;) {
    if (bytes.length - offset < 8) throw new RangeError(`Dhan feed message ends with ${bytes.length - offset} stray bytes`);
    const { packet, length } = packetAt(bytes, offset);
    if (packet !== null) packets.push(packet);
    offset += length;
  }
  return packets;
}

/** The JSON messages that (un)subscribe `instruments` in `mode`, 100 a message. */
export function subscriptionMessages(instruments: ReadonlyArray<{ segment: string; securityId: string }>, mode: FeedMode, subscribe: boolean): string[] {
  const messages: string[] = [];
  for (let at = 0; at < instruments.length; at += maxInstrumentsPerMessage) {
    const batch = instruments.slice(at, at + maxInstrumentsPerMessage);
    messages.push(JSON.stringify({
      RequestCode: feedModes[mode] + (subscribe ? 0 : 1),
      InstrumentCount: batch.length,
      InstrumentList: batch.map((instrument) => ({ ExchangeSegment: instrument.segment, SecurityId: instrument.securityId })),
    }));
  }
  return messages;
}
