// Where an account's next orders fit under a broker's per-second limit, and how many of a paced intent's
// orders may go out now (issues 26 and 36): the sliding windows of the sends already admitted (reservations
// ahead of now included), the earliest instant that has room, and the least room of the second's, the
// minute's and the day's limits. No server: the send times and counts are given as order_sends holds them.
import { describe, expect, it } from 'vitest';
import { kiteRateLimits, roomNow, type RateCounts } from '../../../server/services/trading/order-rate.ts';
import { earliestFit, fitsAt, roomAt, withSends, type SendWindow } from '../../../server/services/trading/send-windows.ts';

const counts = (overrides: Partial<RateCounts>): RateCounts => ({ minute: 0, day: 0, ...overrides });
const second: SendWindow = { ms: 1000, limit: 10 };

/** The most sends any span of `window.ms` holds. */
function densest(times: readonly number[], window: SendWindow): number {
  return Math.max(0, ...times.map((start) => times.filter((time) => time >= start && time < start + window.ms).length));
}

describe('the sends a second can take', () => {
  it('fits ten in a second and no eleventh, the window sliding over the second, not over calendar seconds', () => {
    const nine = Array.from({ length: 9 }, (_, n) => 500 + n * 50);
    expect(fitsAt(nine, 1, 1000, second)).toBe(true);
    expect(fitsAt(nine, 2, 1000, second)).toBe(false);
    expect(roomAt(nine, 5, 1000, second)).toBe(1);
    // At 1,499 the span from 500 still holds all nine; at 1,500 the first has left it.
    expect(roomAt(nine, 5, 1499, second)).toBe(1);
    expect(roomAt(nine, 5, 1500, second)).toBe(2);
    // A send held before them counts too: a span holds the new sends and the nine ahead.
    expect(roomAt(nine, 5, 0, second)).toBe(1);
    expect(roomAt(nine, 5, -501, second)).toBe(5);
  });

  it('finds the earliest instant with room for a batch, past reservations ahead of now as well', () => {
    const ten = Array.from({ length: 10 }, () => 0);
    expect(earliestFit(ten, 1, 0, second)).toBe(1000);
    expect(earliestFit(ten, 10, 400, second)).toBe(1000);
    // Ten reserved at 2,000 (a kill switch's second batch): a send now fits, one at 1,500 does not.
    const ahead = withSends(ten, 10, 2000);
    expect(earliestFit(ahead, 1, 1000, second)).toBe(1000);
    expect(fitsAt(ahead, 1, 1500, second)).toBe(false);
    expect(earliestFit(ahead, 1, 1500, second)).toBe(3000);
    expect(() => earliestFit([], 11, 0, second)).toThrow(RangeError);
  });

  it('keeps a broker that stamps on arrival a margin apart: ten per 1.25 s', () => {
    const kite: SendWindow = { ms: 1250, limit: 10 };
    const ten = Array.from({ length: 10 }, () => 0);
    expect(earliestFit(ten, 1, 0, kite)).toBe(1250);
  });

  it('paces forty sends taken greedily at each earliest instant to ten a second, no span holding more, over three seconds', () => {
    let times: number[] = [];
    const batches: Array<[number, number]> = [];
    let left = 40;
    let now = 0;
    while (left > 0) {
      const at = earliestFit(times, 1, now, second);
      const count = roomAt(times, Math.min(left, second.limit), at, second);
      times = withSends(times, count, at);
      batches.push([at, count]);
      left -= count;
      now = at;
    }
    expect(batches).toEqual([
      [0, 10],
      [1000, 10],
      [2000, 10],
      [3000, 10],
    ]);
    expect(densest(times, second)).toBe(10);
  });
});

describe("a paced intent's room now, at Kite's 10 a second, 400 a minute and 5,000 a day", () => {
  it("is what is left of the tightest limit, the second's room as the windows give it", () => {
    expect(roomNow(counts({}), kiteRateLimits, 10)).toEqual({ room: 10, stop: null });
    expect(roomNow(counts({ minute: 4, day: 4 }), kiteRateLimits, 6)).toEqual({ room: 6, stop: null });
    expect(roomNow(counts({ minute: 395, day: 395 }), kiteRateLimits, 10).room).toBe(5);
    expect(roomNow(counts({ minute: 399, day: 399 }), kiteRateLimits, 10)).toEqual({ room: 1, stop: null });
    expect(roomNow(counts({ day: 4998 }), kiteRateLimits, 10).room).toBe(2);
    expect(roomNow(counts({ day: 4999 }), kiteRateLimits, 10)).toEqual({ room: 1, stop: null });
  });

  it('is none, never negative, while the second is full, and the intent waits rather than stops', () => {
    expect(roomNow(counts({ minute: 12, day: 12 }), kiteRateLimits, 0)).toEqual({ room: 0, stop: null });
  });

  it('stops the rest, saying which limit, from the very order that uses up the minute or the day', () => {
    expect(roomNow(counts({ minute: 400, day: 400 }), kiteRateLimits, 10)).toEqual({
      room: 0,
      stop: { text: "The broker's limit of 400 orders a minute is reached.", i18n: { code: 'order.limit_per_minute', params: { limit: 400 } } },
    });
    expect(roomNow(counts({ minute: 400, day: 5000 }), kiteRateLimits, 10)).toEqual({
      room: 0,
      stop: { text: "The broker's limit of 5000 orders a day is reached.", i18n: { code: 'order.limit_per_day', params: { limit: 5000 } } },
    });
  });
});
