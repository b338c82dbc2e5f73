// @vitest-environment node
// The price stream's compact encoding, read by the PWA: names once in the snapshot, positions and scaled
// integers after; every value comes back exactly as the JSON encoding would have sent it, whatever the field.
import { describe, expect, it } from 'vitest';
import { createCompactEncoder } from '../../../server/http/compact-quotes.ts';
import { createCompactDecoder, isCompactSnapshot, type CompactSnapshot } from '@/features/market/feed/compact-quotes';
import type { MarketStatus, Quote } from '@/features/market/feed/price-feed';

const market: MarketStatus = { status: 'open', demo: true, timestamp: '2026-11-20T04:30:00.000Z' };
const option: Quote = {
  last_price: 82.3,
  timestamp: '2026-11-20T04:30:06.000Z',
  close: 82.65,
  change: -0.35,
  change_percent: -0.42,
  bid: 82.25,
  ask: 82.35,
  volume: 0,
  oi: 3_819_400,
  iv: 13.43,
  delta: -0.2281,
  gamma: 0.000491,
  theta: -8.25,
  vega: 13.82,
};
const index: Quote = { last_price: 26052.19, timestamp: '2026-11-20T04:30:06.000Z', close: 26050, open: 26050, high: 26052.19, low: 26050 };

describe('the compact price encoding', () => {
  it('reads a snapshot and deltas written by hand from the contract', () => {
    const decoder = createCompactDecoder();
    const snapshot: CompactSnapshot = {
      market,
      fields: [
        ['last_price', 100],
        ['timestamp', 'time'],
        ['iv', 100],
        // A field no table on the device knows: read like any other.
        ['oi_change', 1],
      ],
      instruments: ['NFO:A', 'NSE:NIFTY 50'],
      time: Date.parse('2026-11-20T04:30:00.000Z'),
      quotes: [
        [0, 0, 8230, 1, 0, 2, 1343, 3, -1200],
        [1, 0, [26052.191], 1, 1000],
      ],
    };
    expect(isCompactSnapshot(snapshot)).toBe(true);
    expect(isCompactSnapshot({ data: {} })).toBe(false);
    expect(decoder.snapshot(snapshot)).toEqual({
      market,
      data: {
        'NFO:A': { last_price: 82.3, timestamp: '2026-11-20T04:30:00.000Z', iv: 13.43, oi_change: -1200 },
        'NSE:NIFTY 50': { last_price: 26052.191, timestamp: '2026-11-20T04:30:01.000Z' },
      },
    });
    // A delta: the event's time, then per instrument its changed fields; null and strings are themselves.
    expect(decoder.delta([Date.parse('2026-11-20T04:30:02.000Z'), [0, 0, 8235, 1, 0, 2, null], [1, 1, ['09:15 IST']]])).toEqual({
      'NFO:A': { last_price: 82.35, timestamp: '2026-11-20T04:30:02.000Z', iv: null },
      'NSE:NIFTY 50': { timestamp: '09:15 IST' },
    });
    // A keep-alive changes nothing.
    expect(decoder.delta([null])).toEqual({});
    // Positions the snapshot never listed are a lost stream, never a guess.
    expect(() => decoder.delta([0, [2, 0, 1]])).toThrow(/instrument/);
    expect(() => decoder.delta([0, [0, 9, 1]])).toThrow(/field/);
  });

  it('gives back exactly what the server encoded, for any field and value', () => {
    const encoder = createCompactEncoder();
    const decoder = createCompactDecoder();
    const odd = { ...option, delta: 0.1234567, timestamp: '2026-11-20T10:00:06+05:30', oi_change: -5_400, greek_note: 'steep', iv: null } as Quote;
    const data = { 'NFO:A': option, 'NSE:NIFTY 50': index, 'NFO:ODD': odd };
    const { payload, commit } = encoder.snapshot(market, data);
    commit();
    // Through JSON, as on the wire.
    const wire = JSON.parse(JSON.stringify(payload)) as unknown;
    expect(isCompactSnapshot(wire) && decoder.snapshot(wire)).toEqual({ market, data });

    // Fields LastPrice does not name yet (a field added on the server reaches the device unchanged).
    const changes: Record<string, Partial<Quote>> = {
      'NFO:A': { last_price: 83.05, bid: 83, timestamp: '2026-11-20T04:30:07.000Z' },
      'NFO:ODD': { oi_change: -5_350, greek_note: null } as Partial<Quote>,
    };
    const delta = encoder.delta(changes);
    expect(delta).not.toBe('resync');
    expect(decoder.delta(JSON.parse(JSON.stringify(delta)) as unknown[])).toEqual(changes);
    // A tick costs far fewer bytes than with the JSON encoding's names and decimals.
    expect(JSON.stringify(delta).length).toBeLessThan(0.5 * JSON.stringify({ data: changes }).length);
    // A field or an instrument the snapshot did not list asks the server for a new snapshot instead.
    expect(encoder.delta({ 'NFO:A': { oi_day_high: 1 } as Partial<Quote> })).toBe('resync');
    expect(encoder.delta({ 'NFO:NEW': { last_price: 1 } })).toBe('resync');
  });
});
