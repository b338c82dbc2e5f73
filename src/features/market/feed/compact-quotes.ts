/**
 * Reads the price stream's compact encoding (the server's server/http/compact-quotes.ts; described in the
 * API contract under MarketStreamRequest.format): a snapshot names the instruments and fields once, and
 * every event after it refers to them by position, with numbers as integers on each field's scale. Nothing
 * here knows a field by name: a field the server starts sending is read like any other.
 */
import type { MarketSnapshot, MarketStatus, Quote, QuoteDelta } from '@/features/market/feed/price-feed';

type Scale = number | 'time';

export type CompactSnapshot = {
  market: MarketStatus;
  fields: [string, Scale][];
  instruments: string[];
  time: number | null;
  quotes: unknown[][];
};

/** A snapshot event's payload in the compact encoding (the JSON one has `data` instead). */
export function isCompactSnapshot(payload: unknown): payload is CompactSnapshot {
  return typeof payload === 'object' && payload !== null && Array.isArray((payload as Partial<CompactSnapshot>).fields);
}

function decodeValue(value: unknown, scale: Scale, time: number | null): unknown {
  // [x] is x as the quote had it (off its scale); null, strings and booleans are themselves.
  if (Array.isArray(value)) return value[0];
  if (typeof value !== 'number') return value;
  if (scale !== 'time') return value / scale;
  if (time === null) throw new Error('a time relative to an event without one');
  return new Date(time + value).toISOString();
}

/** One stream's decoder: holds the last snapshot's instrument and field lists. */
export function createCompactDecoder() {
  let instruments: readonly string[] = [];
  let fields: readonly (readonly [string, Scale])[] = [];

  function decodeRows(rows: readonly unknown[], time: number | null): Record<string, QuoteDelta> {
    const quotes: Record<string, QuoteDelta> = {};
    for (const row of rows) {
      if (!Array.isArray(row)) throw new Error('a compact quote that is not a list');
      const instrument = instruments[row[0] as number];
      if (instrument === undefined) throw new Error('a compact quote for an instrument the snapshot did not list');
      const quote: Record<string, unknown> = {};
      for (let at = 1; at + 1 < row.length; at += 2) {
        const field = fields[row[at] as number];
        if (field === undefined) throw new Error('a compact quote with a field the snapshot did not list');
        quote[field[0]] = decodeValue(row[at + 1], field[1], time);
      }
      quotes[instrument] = quote as QuoteDelta;
    }
    return quotes;
  }

  return {
    /** A snapshot: the whole quote of every instrument it lists, and the lists later deltas refer to. */
    snapshot(payload: CompactSnapshot): MarketSnapshot {
      instruments = payload.instruments;
      fields = payload.fields;
      return { market: payload.market, data: decodeRows(payload.quotes, payload.time) as Record<string, Quote> };
    },
    /** A delta: `[time, row, row, …]`, the changed fields of each instrument that moved. */
    delta(payload: readonly unknown[]): Record<string, QuoteDelta> {
      const [time = null, ...rows] = payload;
      return decodeRows(rows, typeof time === 'number' ? time : null);
    },
  };
}
