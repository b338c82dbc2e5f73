// The minutes the recorder builds from what it sees each pass (pure: the recorder hands it the samples and
// the time). A minute is recorded only when it was seen from its start: the minute in progress at a crash is
// absent, never half-recorded; another instance that saw it whole records it. A book started within a minute's
// first sampling interval (a restart that came back within seconds) has missed no sample that minute would have
// had, so that minute is recorded: a restart loses the minute it was killed in, not the one it came back in.

import { istDate } from '../market/ist.ts';

const minuteMs = 60_000;

/** What one contract (or index) quotes at one instant; prices in paise; volume is the day's so far. */
export type Sample = {
  pricePaise: number;
  dayVolume: number;
  openInterest: number;
  /** Implied volatility in basis points of a percent (14.25 % is 1425); null when it could not be solved. */
  ivBp: number | null;
  bidPaise: number | null;
  askPaise: number | null;
};

/** One key's minute: OHLC of the samples in it, the volume traded in it, the rest as at its end. */
export type BookMinute = {
  key: string;
  minute: Date;
  openPaise: number;
  highPaise: number;
  lowPaise: number;
  closePaise: number;
  volume: number;
  openInterest: number;
  ivBp: number | null;
  bidPaise: number | null;
  askPaise: number | null;
};

type Building = { open: number; high: number; low: number; last: Sample; volumeBefore: number };

/** `joinWithinMs`: how late into a minute a book's first pass may come and still record it (the recorder's sampling interval). */
export function createMinuteBook(joinWithinMs = 0) {
  /** The minute being built (its start, ms); null before the first sample. */
  let current: number | null = null;
  /** Whether the current minute was seen from its start. */
  let whole = false;
  /** Whether the current minute is the book's first (no volume known before it). */
  let joining = false;
  let building = new Map<string, Building>();
  /** Each key's day volume at its last sample, so a minute's volume is what traded in it (cleared each IST day). */
  const dayVolume = new Map<string, number>();

  function close(): BookMinute[] {
    if (current === null || !whole) return [];
    const minute = new Date(current);
    return [...building].map(([key, b]) => ({
      key,
      minute,
      openPaise: b.open,
      highPaise: b.high,
      lowPaise: b.low,
      closePaise: b.last.pricePaise,
      volume: Math.max(0, b.last.dayVolume - b.volumeBefore),
      openInterest: b.last.openInterest,
      ivBp: b.last.ivBp,
      bidPaise: b.last.bidPaise,
      askPaise: b.last.askPaise,
    }));
  }

  /**
   * Adds what was sampled at `at`; returns the minutes this closes (those before `at`'s minute, if seen whole).
   * A pass may skip a minute (a slow database): the samples then start a minute of their own and the skipped
   * one is simply absent.
   */
  function add(at: Date, samples: ReadonlyMap<string, Sample>): BookMinute[] {
    const start = at.getTime() - (at.getTime() % minuteMs);
    let closed: BookMinute[] = [];
    const opening = current !== start;
    if (opening) {
      closed = close();
      // Seen whole when this book already had a pass in the minute before (so it saw this one open); a pass
      // with no samples (the market closed) counts, so the session's first minute is whole. A new book joins
      // the minute it starts in if no sample of it was missed.
      whole = current === null ? at.getTime() - start < joinWithinMs : current === start - minuteMs;
      // A new book knows no day volume before its first samples: the minute counts what traded from them on.
      joining = current === null;
      if (current !== null && istDate(new Date(current)) !== istDate(at)) dayVolume.clear();
      current = start;
      building = new Map();
    }
    for (const [key, sample] of samples) {
      const b = building.get(key);
      if (b !== undefined) {
        b.high = Math.max(b.high, sample.pricePaise);
        b.low = Math.min(b.low, sample.pricePaise);
        b.last = sample;
      } else if (opening) {
        // Only keys sampled at the minute's first pass: one first seen later (a strike listed mid-minute) missed its open.
        const p = sample.pricePaise;
        building.set(key, { open: p, high: p, low: p, last: sample, volumeBefore: dayVolume.get(key) ?? (joining ? sample.dayVolume : 0) });
      }
      dayVolume.set(key, sample.dayVolume);
    }
    return closed;
  }

  return { add };
}
