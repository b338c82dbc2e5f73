// The price stream's compact encoding (`"format": "compact"`, what the PWA asks for): the same snapshot and
// deltas as the JSON encoding, with instrument and field names sent once, in the snapshot, and numbers as
// integers (rupees in paise, a percentage in hundredths, a delta in ten-thousandths, a time as milliseconds
// from the event's own). About a third of the JSON's bytes before gzip, and a quarter fewer after it.
//
//   snapshot  {"market": MarketStatus, "fields": [[name, scale], …], "instruments": [key, …], "time": ms,
//              "quotes": [[i, f, v, f, v, …], …]}
//   delta     [time, [i, f, v, f, v, …], …]        (a keep-alive is [null])
//
// `i` indexes the snapshot's instruments, `f` its fields. A value `v` decodes by its field's scale: a number
// is v / scale, or time + v milliseconds as an ISO timestamp when the scale is "time"; null, a string or a
// boolean is itself; a one-element array [x] is x exactly as the quote had it (a number off its scale, a
// time in another format). So every value arrives exactly as the JSON encoding would send it.
//
// Fields are generic: any field a quote carries is sent (a field with no scale below goes with scale 1, its
// value as it is). Adding a field to LastPrice needs nothing here; a decimal field sends fewer digits with
// its scale added to `scales` (one line).
import type { LastPrice, MarketStatus } from '../services/market/market-service.ts';
import type { QuoteDelta } from './market-stream.ts';

type Scale = number | 'time';

/** Each number field's scale: the integer on the wire is the value × scale. Fields not listed: 1. */
export const scales: Readonly<Record<string, Scale>> = {
  last_price: 100,
  timestamp: 'time',
  close: 100,
  change: 100,
  change_percent: 100,
  open: 100,
  high: 100,
  low: 100,
  bid: 100,
  ask: 100,
  iv: 100,
  delta: 10_000,
  gamma: 1_000_000,
  theta: 100,
  vega: 100,
};

export type CompactSnapshot = {
  market: MarketStatus;
  fields: [string, Scale][];
  instruments: string[];
  time: number | null;
  quotes: unknown[][];
};

/** A number × scale when that is an integer (within float noise that decodes back to the same number). */
function scaled(value: number, scale: number): number | null {
  const product = value * scale;
  const integer = Math.round(product);
  return Number.isSafeInteger(integer) && integer / scale === value ? integer : null;
}

/** A quote's time as the server writes it (ISO, milliseconds, Z), else null. */
function timeOf(value: string): number | null {
  const ms = Date.parse(value);
  return Number.isFinite(ms) && new Date(ms).toISOString() === value ? ms : null;
}

/** The first time among these fields' values: the event's time, which the others are sent relative to. */
function eventTime(quotes: Iterable<QuoteDelta>): number | null {
  for (const quote of quotes) {
    for (const [field, value] of Object.entries(quote)) {
      if (scales[field] === 'time' && typeof value === 'string') {
        const ms = timeOf(value);
        if (ms !== null) return ms;
      }
    }
  }
  return null;
}

function encodeValue(value: unknown, scale: Scale, time: number | null): unknown {
  if (typeof value === 'number') {
    if (scale === 'time') return [value];
    const integer = scaled(value, scale);
    return integer ?? [value];
  }
  if (typeof value === 'string' && scale === 'time') {
    const ms = timeOf(value);
    return ms === null || time === null ? [value] : ms - time;
  }
  // null, booleans and strings are themselves; anything else (an object) as it is, wrapped.
  return value === null || typeof value === 'string' || typeof value === 'boolean' ? value : [value];
}

/**
 * One stream's encoder. Its instrument and field lists are those of the last snapshot committed (sent); a
 * delta naming an instrument or a field outside them asks for a resync (a new snapshot lists them).
 */
export function createCompactEncoder() {
  let instruments = new Map<string, number>();
  let fields = new Map<string, number>();

  function fieldScale(field: string): Scale {
    return scales[field] ?? 1;
  }

  function row(index: number, quote: QuoteDelta, fieldIndex: Map<string, number>, time: number | null): unknown[] {
    const encoded: unknown[] = [index];
    for (const [field, value] of Object.entries(quote)) {
      if (value === undefined) continue;
      encoded.push(fieldIndex.get(field), encodeValue(value, fieldScale(field), time));
    }
    return encoded;
  }

  return {
    /** The snapshot's payload, and `commit` to call once it went out (the lists deltas refer to). */
    snapshot(market: MarketStatus, data: Record<string, LastPrice>): { payload: CompactSnapshot; commit: () => void } {
      const keys = Object.keys(data);
      const nextInstruments = new Map(keys.map((key, index) => [key, index]));
      const names = [...new Set(keys.flatMap((key) => Object.keys(data[key] ?? {})))];
      // The known fields first, in a stable order, then any other in the order met.
      const ordered = [...Object.keys(scales).filter((name) => names.includes(name)), ...names.filter((name) => !(name in scales))];
      const nextFields = new Map(ordered.map((name, index) => [name, index]));
      const time = eventTime(Object.values(data));
      const payload: CompactSnapshot = {
        market,
        fields: ordered.map((name) => [name, fieldScale(name)]),
        instruments: keys,
        time,
        quotes: keys.map((key, index) => row(index, data[key] as QuoteDelta, nextFields, time)),
      };
      return {
        payload,
        commit: () => {
          instruments = nextInstruments;
          fields = nextFields;
        },
      };
    },
    /** A tick's deltas, or 'resync' when one names an instrument or a field the last snapshot did not list. */
    delta(deltas: Record<string, QuoteDelta>): unknown[] | 'resync' {
      const time = eventTime(Object.values(deltas));
      const rows: unknown[][] = [];
      for (const [key, quote] of Object.entries(deltas)) {
        const index = instruments.get(key);
        if (index === undefined) return 'resync';
        for (const field of Object.keys(quote)) if (!fields.has(field)) return 'resync';
        rows.push(row(index, quote, fields, time));
      }
      return [time, ...rows];
    },
    keepAlive: (): unknown[] => [null],
  };
}
