// Upstox's per-user limits, on the server's clock; beyond them, 429 UDAPI10005.
// https://upstox.com/developer/api-documentation/rate-limiting
// - order requests (place, modify, cancel) for "regular algos": 10 a second, 500 a minute, 2000 in 30 minutes;
// - standard APIs (here the historical and expired-instrument reads), per API: 50 a second, 500 a minute,
//   2000 in 30 minutes.
type Window = { ms: number; limit: number };

const orderWindows: Window[] = [
  { ms: 1000, limit: 10 },
  { ms: 60_000, limit: 500 },
  { ms: 30 * 60_000, limit: 2000 },
];

export const standardWindows: Window[] = [
  { ms: 1000, limit: 50 },
  { ms: 60_000, limit: 500 },
  { ms: 30 * 60_000, limit: 2000 },
];

export function createRateLimiter(clock: () => Date, windows: readonly Window[]) {
  const stamps = new Map<string, number[]>();
  const longest = Math.max(...windows.map((window) => window.ms));
  return {
    /** Counts one request of `key` (a user, or a user and an API); false when it is over a limit (and then it does not count). */
    allow(key: string): boolean {
      const now = clock().getTime();
      const recent = (stamps.get(key) ?? []).filter((stamp) => stamp > now - longest);
      stamps.set(key, recent);
      if (windows.some((window) => recent.filter((stamp) => stamp > now - window.ms).length >= window.limit)) return false;
      recent.push(now);
      return true;
    },
  };
}

export function createOrderRateLimiter(clock: () => Date) {
  return createRateLimiter(clock, orderWindows);
}
