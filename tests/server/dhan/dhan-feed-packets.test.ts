// Dhan's feed packets read from bytes laid out as DhanHQ v2 documents them (little-endian, the 8-byte header):
// several packets in one message, a full packet's best bid and ask, a cut packet refused rather than misread,
// a code StrikeDesk does not read skipped by its length, and the subscription messages' batches of 100.
import { describe, expect, it } from 'vitest';
import { decodeFeedMessage, subscriptionMessages } from '../../../server/services/brokers/dhan/feed-packets.ts';
import { createFeedQuotes } from '../../../server/services/brokers/dhan/feed-quotes.ts';

function packet(code: number, length: number, segment: number, securityId: number, fill: (bytes: Buffer) => void = () => undefined): Buffer {
  const bytes = Buffer.alloc(length);
  bytes.writeUInt8(code, 0);
  bytes.writeInt16LE(length, 1);
  bytes.writeUInt8(segment, 3);
  bytes.writeUInt32LE(securityId, 4);
  fill(bytes);
  return bytes;
}

const ticker = (securityId: number, price: number) => packet(2, 16, 0, securityId, (b) => b.writeFloatLE(price, 8));
const prevClose = (securityId: number, price: number) => packet(6, 16, 2, securityId, (b) => b.writeFloatLE(price, 8));
const full = (securityId: number, last: number, bid: number, ask: number, bidQty = 650) =>
  packet(8, 162, 2, securityId, (b) => {
    b.writeFloatLE(last, 8);
    b.writeUInt32LE(98_250, 22);
    b.writeUInt32LE(1_234_500, 34);
    b.writeFloatLE(130, 46);
    b.writeUInt32LE(bidQty, 62);
    b.writeUInt32LE(975, 66);
    b.writeFloatLE(bid, 74);
    b.writeFloatLE(ask, 78);
  });

describe("Dhan's feed packets", () => {
  it('reads several packets of one message, in order, with their segment and security id', () => {
    const packets = decodeFeedMessage(Buffer.concat([ticker(13, 26_050.35), prevClose(43919, 130), full(43919, 142.55, 142.5, 142.6)]));
    expect(packets.map((p) => [p.kind, p.segment, p.securityId])).toEqual([['ticker', 'IDX_I', '13'], ['prev_close', 'NSE_FNO', '43919'], ['full', 'NSE_FNO', '43919']]);
    expect(packets[0]).toMatchObject({ ltp: 26_050.35 });
    expect(packets[2]).toMatchObject({ ltp: 142.55, volume: 98_250, oi: 1_234_500, open: 130, depth: expect.arrayContaining([{ bidQty: 650, askQty: 975, bidPrice: 142.5, askPrice: 142.6 }]) });
  });

  it('refuses a cut packet and skips a code it does not read by its declared length', () => {
    expect(() => decodeFeedMessage(full(43919, 1, 1, 1).subarray(0, 100))).toThrow(RangeError);
    expect(decodeFeedMessage(Buffer.concat([packet(99, 12, 2, 1), ticker(13, 100)])).map((p) => p.kind)).toEqual(['ticker']);
    expect(decodeFeedMessage(packet(50, 10, 0, 0, (b) => b.writeUInt16LE(807, 8)))).toEqual([{ kind: 'disconnect', segment: 'IDX_I', securityId: '0', reason: 807 }]);
  });

  it('gives a whole quote once a price came, an empty bid and a day with no high or low yet left out', () => {
    const quotes = createFeedQuotes();
    const at = new Date('2026-01-16T04:00:00Z');
    expect(quotes.read(decodeFeedMessage(prevClose(43919, 130)), at)).toEqual([]);
    const read = quotes.read(decodeFeedMessage(full(43919, 142.5, 0, 142.6, 0)), at);
    expect(read.map(([id]) => id)).toEqual(['NSE_FNO:43919']);
    expect(read[0]![1]).toEqual({ last_price: 142.5, timestamp: at.toISOString(), close: 130, change: 12.5, change_percent: 9.62, volume: 98_250, oi: 1_234_500, ask: 142.6 });
  });

  it('subscribes at most 100 instruments a message, and leaves with the next code', () => {
    const instruments = Array.from({ length: 150 }, (_, i) => ({ segment: 'NSE_FNO', securityId: String(40_000 + i) }));
    const joined = subscriptionMessages(instruments, 'full', true).map((text) => JSON.parse(text) as { RequestCode: number; InstrumentCount: number });
    expect(joined.map((m) => [m.RequestCode, m.InstrumentCount])).toEqual([[21, 100], [21, 50]]);
    expect((JSON.parse(subscriptionMessages(instruments.slice(0, 1), 'ticker', false)[0]!) as { RequestCode: number }).RequestCode).toBe(16);
  });
});
