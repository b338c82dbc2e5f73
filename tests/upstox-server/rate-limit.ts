// Upstox's order limits per user for "regular algos" (place, modify, cancel): 10 a second, 500 a minute and
// 2000 in 30 minutes, on the server's clock; beyond, 429 UDAPI10005.
// https://upstox.com/developer/api-documentation/rate-limiting
const windows = [
  { ms: 1000, limit: 10 },
  { ms: 60_000, limit: 500 },
  { ms: 30 * 60_000, limit: 2000 },
];

export function createOrderRateLimiter(clock: () => Date) {
  const stamps = new Map<string, number[]>();
  return {
    /** Counts one order request; false when it is over a limit (and then it does not count). */
    allow(userId: string): boolean {
      const now = clock().getTime();
      const recent = (stamps.get(userId) ?? []).filter((stamp) => stamp > now - 30 * 60_000);
      stamps.set(userId, recent);
      if (windows.some((window) => recent.filter((stamp) => stamp > now - window.ms).length >= window.limit)) return false;
      recent.push(now);
      return true;
    },
  };
}
