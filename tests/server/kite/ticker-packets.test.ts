import { describe, expect, it } from 'vitest';
import { KiteError } from '../../../server/services/brokers/kite/kite-errors.ts';
import {
  type FullTick,
  type KiteTick,
  parsePacket,
  parseTickerFrame,
  parseTickerText,
  TickerFrameError,
} from '../../../server/services/brokers/kite/ticker-packets.ts';
import { encodeFrame, encodePacket, heartbeatFrame } from '../../kite-server/ticker-encoder.ts';
import { kiteMock } from './kite-support.ts';

/** Zerodha's .packet fixtures are one packet each, base64-encoded. */
const fixturePacket = (name: string) => new Uint8Array(Buffer.from(kiteMock(name).trim(), 'base64'));

/** Builds a packet as Kite's docs lay it out: big-endian int32 fields at the given offsets. */
function handBuilt(length: number, fields: Record<number, number>): Uint8Array {
  const packet = new Uint8Array(length);
  const view = new DataView(packet.buffer);
  for (const [offset, value] of Object.entries(fields)) view.setInt32(Number(offset), value);
  return packet;
}

describe('Kite ticker packets', () => {
  it('reads the quote packet fixture to the values of its decoded JSON', () => {
    const expected = JSON.parse(kiteMock('ticker_quote.json'));
    const tick = parsePacket(fixturePacket('ticker_quote.packet'));
    // The fixture's `change` (5.9) is copied from the full packet's JSON: this packet's last price and close
    // (1573.15, 1567.8) give 5.35. gokiteconnect, which uses the same fixture, leaves it out of its check too.
    const { change: _fixtureChange, ...fields } = expected;
    expect(tick).toEqual({ ...fields, change: 1573.15 - 1567.8 });
    expect(tick?.mode).toBe('quote');
  });

  it('reads the full packet fixture (depth, times, open interest) to the values of its decoded JSON', () => {
    const expected = JSON.parse(kiteMock('ticker_full.json'));
    const tick = parsePacket(fixturePacket('ticker_full.packet')) as FullTick;
    expect(tick).toEqual({ ...expected, last_trade_time: new Date(expected.last_trade_time), timestamp: new Date(expected.timestamp) });
    expect(tick.change).toBe(5.900000000000091);
    expect(tick.depth.sell[4]).toEqual({ price: 1573.95, quantity: 724, orders: 5 });
  });

  it('reads an LTP packet laid out as documented: token, then last price in paise', () => {
    const frame = encodeFrame([handBuilt(8, { 0: 408065, 4: 157315 })]);
    expect(parseTickerFrame(frame)).toEqual([JSON.parse(kiteMock('ticker_ltp.json'))]);
  });

  it('reads index quote (28 bytes) and full (32 bytes) packets, which put high and low before open and close', () => {
    // NIFTY 50 (token 256265, segment 9: not tradable) at 26,012.35; high 26,100, low 25,900.5, open 25,950, close 25,980.
    const fields = { 0: 256265, 4: 2601235, 8: 2610000, 12: 2590050, 16: 2595000, 20: 2598000, 24: 3235 };
    const [quote, full] = parseTickerFrame(encodeFrame([handBuilt(28, fields), handBuilt(32, { ...fields, 28: 1768456800 })]));
    const expected = {
      tradable: false,
      instrument_token: 256265,
      last_price: 26012.35,
      ohlc: { open: 25950, high: 26100, low: 25900.5, close: 25980 },
      change: 26012.35 - 25980,
    };
    expect(quote).toEqual({ ...expected, mode: 'quote', timestamp: null });
    expect(full).toEqual({ ...expected, mode: 'full', timestamp: new Date(1768456800 * 1000) });
  });

  it('splits a frame of several packets of different modes, and reads a heartbeat as no ticks', () => {
    const frame = encodeFrame([handBuilt(8, { 0: 408065, 4: 157315 }), fixturePacket('ticker_quote.packet'), fixturePacket('ticker_full.packet')]);
    expect(parseTickerFrame(frame).map((tick) => tick.mode)).toEqual(['ltp', 'quote', 'full']);
    expect(parseTickerFrame(heartbeatFrame)).toEqual([]);
  });

  it('divides currency prices by their own unit (CDS in 1e-7 rupees)', () => {
    const [tick] = parseTickerFrame(encodeFrame([handBuilt(8, { 0: (1234 << 8) | 3, 4: 835_012_500 })]));
    expect(tick?.last_price).toBe(83.50125);
  });

  it('refuses a frame cut short rather than reading past its end', () => {
    const frame = encodeFrame([fixturePacket('ticker_quote.packet')]);
    expect(() => parseTickerFrame(frame.subarray(0, 30))).toThrow(TickerFrameError);
  });

  it('skips packets of a length Kite does not document', () => {
    expect(parseTickerFrame(encodeFrame([new Uint8Array(12), handBuilt(8, { 0: 408065, 4: 100 })]))).toHaveLength(1);
  });

  it("round-trips every mode through the test server's encoder", () => {
    const ticks: KiteTick[] = [
      { mode: 'ltp', tradable: true, instrument_token: 408065, last_price: 1573.15 },
      { mode: 'full', tradable: false, instrument_token: 256265, last_price: 26012.35, ohlc: { open: 1, high: 2, low: 0.5, close: 1.5 }, change: 26010.85, timestamp: new Date(1768456800000) },
      parsePacket(fixturePacket('ticker_quote.packet')) as KiteTick,
      parsePacket(fixturePacket('ticker_full.packet')) as KiteTick,
    ];
    expect(parseTickerFrame(encodeFrame(ticks.map(encodePacket)))).toEqual(ticks);
    expect(encodePacket(ticks[3] as KiteTick)).toEqual(fixturePacket('ticker_full.packet'));
  });
});

describe('Kite ticker text messages', () => {
  it('reads an order update with the postback fields', () => {
    const order = JSON.parse(kiteMock('postback.json'));
    const message = parseTickerText(JSON.stringify({ type: 'order', id: '', data: order }));
    expect(message.type === 'order' && message.order).toMatchObject({ order_id: '220303000308932', status: 'COMPLETE', average_price: 470, user_id: 'AB1234' });
  });

  it('reads errors and broadcast messages, and leaves anything else alone', () => {
    expect(parseTickerText('{"type":"error","data":"Invalid access token"}')).toEqual({ type: 'error', message: 'Invalid access token' });
    expect(parseTickerText('{"type":"message","data":"Markets open"}')).toEqual({ type: 'message', message: 'Markets open' });
    expect(parseTickerText('not json')).toEqual({ type: 'other', raw: 'not json' });
  });

  it('refuses an order update without its order fields', () => {
    expect(() => parseTickerText('{"type":"order","data":{"status":"COMPLETE"}}')).toThrow(KiteError);
  });
});
