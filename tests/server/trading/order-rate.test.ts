// How many of a paced intent's orders may go out this second (issue 26, from the mutation run): the least
// room of the second's, the minute's and the day's limits, and once the minute or the day is used up, why
// the rest cannot go out at all. No server: the counts are given as order_sends would answer them.
import { describe, expect, it } from 'vitest';
import { kiteRateLimits, roomNow, type RateCounts } from '../../../server/services/trading/order-rate.ts';

const counts = (overrides: Partial<RateCounts>): RateCounts => ({ second: 0, minute: 0, day: 0, secondFreesInMs: 1000, ...overrides });

describe("a paced intent's room now, at Kite's 10 a second, 400 a minute and 5,000 a day", () => {
  it("is what is left of the tightest limit, with the wait until the second's oldest order ages out", () => {
    expect(roomNow(counts({}), kiteRateLimits)).toEqual({ room: 10, stop: null, waitMs: 1000 });
    expect(roomNow(counts({ second: 4, minute: 4, day: 4, secondFreesInMs: 300 }), kiteRateLimits)).toEqual({ room: 6, stop: null, waitMs: 300 });
    expect(roomNow(counts({ minute: 395, day: 395 }), kiteRateLimits).room).toBe(5);
    expect(roomNow(counts({ minute: 399, day: 399 }), kiteRateLimits)).toEqual({ room: 1, stop: null, waitMs: 1000 });
    expect(roomNow(counts({ day: 4998 }), kiteRateLimits).room).toBe(2);
    expect(roomNow(counts({ day: 4999 }), kiteRateLimits)).toEqual({ room: 1, stop: null, waitMs: 1000 });
  });

  it('is none, never negative, while the second is over-full, and the intent waits rather than stops', () => {
    expect(roomNow(counts({ second: 12, minute: 12, day: 12, secondFreesInMs: 250 }), kiteRateLimits)).toEqual({ room: 0, stop: null, waitMs: 250 });
    expect(roomNow(counts({ second: 10, minute: 10, day: 10, secondFreesInMs: 1 }), kiteRateLimits)).toEqual({ room: 0, stop: null, waitMs: 1 });
  });

  it("stops the rest, saying which limit, from the very order that uses up the minute or the day", () => {
    expect(roomNow(counts({ minute: 400, day: 400, secondFreesInMs: 20 }), kiteRateLimits)).toEqual({
      room: 0,
      stop: { text: "The broker's limit of 400 orders a minute is reached.", i18n: { code: 'order.limit_per_minute', params: { limit: 400 } } },
      waitMs: 0,
    });
    expect(roomNow(counts({ minute: 400, day: 5000, secondFreesInMs: 20 }), kiteRateLimits)).toEqual({
      room: 0,
      stop: { text: "The broker's limit of 5000 orders a day is reached.", i18n: { code: 'order.limit_per_day', params: { limit: 5000 } } },
      waitMs: 0,
    });
  });
});
