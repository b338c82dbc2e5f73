// The broker's order rate limits as counted from order_sends (issue 26, from the mutation run): the orders an
// account sent in the last second, minute and IST day; a single call refused with 429 and a Retry-After after
// which it does fit, each limit at its very edge; a paced intent refused up front only when it could never fit
// (422) or when today's or this minute's orders leave no room (429). On a server's database, small limits.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../../server/services/domain-error.ts';
import { checkIntentRoom, checkRateLimits, rateCounts, recordSends, secondWindow, sendTimes, type RateLimits } from '../../../server/services/trading/order-rate.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, startScriptedServer } from '../support/paper-desk.ts';
import type { TestServer } from '../support/test-server.ts';

const secondOf = (limits: RateLimits) => secondWindow(limits, 0);

const refusalOf = async (check: Promise<void>) => {
  try {
    await check;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, retryAfterSeconds: error.retryAfterSeconds, text: error.text };
  }
  return null;
};

describe("an account's order rate limits", () => {
  let server: TestServer;
  let call: ContractCall;
  let accountId: number;
  let now: Date;
  const ago = (ms: number) => new Date(now.getTime() - ms);

  beforeAll(async () => {
    ({ server, call } = await startScriptedServer('pglite'));
  });

  afterAll(async () => {
    await server.close();
  });

  // Two orders two hours ago, one 30 s ago, one 400 ms ago: 1 this second, 2 this minute, 4 today.
  beforeEach(async () => {
    server.clock.advance(60_000);
    const desk = await openDesk(server, call);
    accountId = (await server.db.query<{ id: number }>('SELECT id FROM broker_accounts WHERE account_number = $1', [desk.accountNumber])).rows[0]!.id;
    now = server.clock.now();
    await recordSends(server.db, accountId, 2, ago(2 * 3600_000));
    await recordSends(server.db, accountId, 1, ago(30_000));
    await recordSends(server.db, accountId, 1, ago(400));
  });

  it("counts the last minute's and day's orders, and reads the sends a window from now can hold, reservations ahead included", async () => {
    expect(await rateCounts(server.db, accountId, now)).toEqual({ minute: 2, day: 4 });
    expect(await rateCounts(server.db, accountId + 100_000, now)).toEqual({ minute: 0, day: 0 });
    expect(await sendTimes(server.db, accountId, now, { ms: 1000, limit: 10 })).toEqual([now.getTime() - 400]);
    // A batch reserved a second and a half ahead (the kill switch's next ten) is read too; the minute counts it.
    await recordSends(server.db, accountId, 2, new Date(now.getTime() + 1500));
    expect(await sendTimes(server.db, accountId, now, { ms: 1000, limit: 10 })).toEqual([now.getTime() - 400, now.getTime() + 1500, now.getTime() + 1500]);
    expect(await sendTimes(server.db, accountId, now, { ms: 300, limit: 10 })).toEqual([now.getTime() + 1500, now.getTime() + 1500]);
    expect(await rateCounts(server.db, accountId, now)).toEqual({ minute: 4, day: 6 });
  });

  it('refuses a single call only past the day, waiting until the next IST midnight', async () => {
    const limits: RateLimits = { perSecond: 10, perMinute: 100, perDay: 6 };
    expect(await refusalOf(checkRateLimits(server.db, accountId, 2, now, limits, secondOf(limits)))).toBeNull();
    // The clock is a morning of Friday 20 November 2026 (IST): the day ends at 18:30 UTC.
    const midnight = Date.parse('2026-11-20T18:30:00Z');
    expect(now.getTime()).toBeLessThan(midnight);
    expect(await refusalOf(checkRateLimits(server.db, accountId, 3, now, limits, secondOf(limits)))).toEqual({
      code: 'order_rate_limited',
      retryAfterSeconds: Math.ceil((midnight - now.getTime()) / 1000),
      text: { text: 'This account has placed 4 orders today; the broker allows 6 a day.', i18n: { code: 'refusal.rate_per_day', params: { placed: 4, limit: 6 } } },
    });
  });

  it('refuses a single call only past the minute, waiting until enough of its orders are a minute old', async () => {
    const limits: RateLimits = { perSecond: 10, perMinute: 4, perDay: 100 };
    expect(await refusalOf(checkRateLimits(server.db, accountId, 2, now, limits, secondOf(limits)))).toBeNull();
    const perMinute = { code: 'refusal.rate_per_minute', params: { limit: 4 } };
    // One more than fits: the order of 30 s ago must age out, in 30 s.
    expect(await refusalOf(checkRateLimits(server.db, accountId, 3, now, limits, secondOf(limits)))).toMatchObject({ code: 'order_rate_limited', retryAfterSeconds: 30, text: { i18n: perMinute } });
    // Two more: the order of 400 ms ago too, in 59.6 s.
    expect(await refusalOf(checkRateLimits(server.db, accountId, 4, now, limits, secondOf(limits)))).toMatchObject({ code: 'order_rate_limited', retryAfterSeconds: 60, text: { i18n: perMinute } });
    // More than the minute takes at all, on an account that sent nothing: refused, never a failure.
    expect(await refusalOf(checkRateLimits(server.db, accountId + 100_000, 5, now, limits, secondOf(limits)))).toMatchObject({ code: 'order_rate_limited', text: { i18n: perMinute } });
  });

  it('refuses a single call only past the second, until the second has room, saying whether the call alone is too big', async () => {
    const limits: RateLimits = { perSecond: 2, perMinute: 100, perDay: 100 };
    expect(await refusalOf(checkRateLimits(server.db, accountId, 1, now, limits, secondOf(limits)))).toBeNull();
    expect(await refusalOf(checkRateLimits(server.db, accountId, 2, now, limits, secondOf(limits)))).toEqual({
      code: 'order_rate_limited',
      retryAfterSeconds: 1,
      text: { text: 'Too many orders: the broker allows 2 a second per account. Try again in a second.', i18n: { code: 'refusal.rate_per_second', params: { limit: 2 } } },
    });
    expect(await refusalOf(checkRateLimits(server.db, accountId, 3, now, limits, secondOf(limits)))).toMatchObject({
      code: 'order_rate_limited',
      retryAfterSeconds: 1,
      text: { i18n: { code: 'refusal.request_per_second', params: { count: 3, limit: 2 } } },
    });
  });

  it("refuses a paced intent up front only when it could never fit, or today's or this minute's orders leave no room", async () => {
    const full: RateLimits = { perSecond: 1, perMinute: 2, perDay: 4 };
    // Nothing to send is never refused, even with every limit used up, or past them (the kill switch's exits are never refused).
    expect(await refusalOf(checkIntentRoom(server.db, accountId, 0, now, full))).toBeNull();
    expect(await refusalOf(checkIntentRoom(server.db, accountId, 0, now, { perSecond: 0, perMinute: 1, perDay: 3 }))).toBeNull();
    // The second's limit is not checked up front: the intent is paced over the seconds.
    expect(await refusalOf(checkIntentRoom(server.db, accountId, 3, now, { perSecond: 1, perMinute: 5, perDay: 7 }))).toBeNull();
    expect(await refusalOf(checkIntentRoom(server.db, accountId, 4, now, { perSecond: 1, perMinute: 5, perDay: 100 }))).toMatchObject({
      code: 'order_rate_limited',
      retryAfterSeconds: 30,
      text: { i18n: { code: 'refusal.request_minute_full', params: { count: 4, placed: 2, limit: 5 } } },
    });
    expect(await refusalOf(checkIntentRoom(server.db, accountId, 4, now, { perSecond: 1, perMinute: 5, perDay: 7 }))).toMatchObject({
      code: 'order_rate_limited',
      text: { i18n: { code: 'refusal.rate_per_day', params: { placed: 4, limit: 7 } } },
    });
    // More orders than a minute takes: 422, whatever was sent before.
    expect(await refusalOf(checkIntentRoom(server.db, accountId + 100_000, 6, now, { perSecond: 1, perMinute: 5, perDay: 100 }))).toMatchObject({
      code: 'too_many_orders',
      retryAfterSeconds: undefined,
      text: { i18n: { code: 'refusal.request_per_minute', params: { count: 6, limit: 5 } } },
    });
    expect(await refusalOf(checkIntentRoom(server.db, accountId + 100_000, 5, now, { perSecond: 1, perMinute: 5, perDay: 100 }))).toBeNull();
  });
});
