// Kite's order rate limits per app: 10 a second and 400 a minute (a 429 beyond), on the server's clock.
export function createRateLimiter(clock: () => Date, perSecond = 10, perMinute = 400) {
  const stamps = new Map<string, number[]>();
  return {
    /** Counts one order request; false when it is over the limit (and then it does not count). */
    allow(key: string): boolean {
      const now = clock().getTime();
      const recent = (stamps.get(key) ?? []).filter((stamp) => stamp > now - 60_000);
      const lastSecond = recent.filter((stamp) => stamp > now - 1000).length;
      if (lastSecond >= perSecond || recent.length >= perMinute) {
        stamps.set(key, recent);
        return false;
      }
      recent.push(now);
      stamps.set(key, recent);
      return true;
    },
  };
}
