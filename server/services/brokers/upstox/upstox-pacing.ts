// Keeps a caller's reads inside Upstox's limits for standard APIs: 50 requests a second, 500 a minute and
// 2,000 in 30 minutes per user and API (https://upstox.com/developer/api-documentation/rate-limiting; beyond
// them Upstox answers 429 UDAPI10005). Each request takes the first instant at which all three windows have
// room, counted per key (an account and an API) on this instance; the clock and `wait` are injected, so tests
// move their clock instead of sleeping. Another instance fetching for the same account keeps its own count:
// Upstox's 429 is the backstop, answered by waiting (upstox-history-fetch.ts).
import type { Clock, Wait } from '../../clock.ts';

export const standardApiWindows = [
  { ms: 1000, limit: 50 },
  { ms: 60_000, limit: 500 },
  { ms: 30 * 60_000, limit: 2000 },
] as const;

export type RequestWindow = { readonly ms: number; readonly limit: number };

/** `windows`: another broker's published limits, paced the same way (Dhan's and Noren's data requests: history/broker-candle-sources.ts). */
export function createUpstoxPacing({ clock, wait, windows = standardApiWindows }: { clock: Clock; wait: Wait; windows?: readonly RequestWindow[] }) {
  const longest = Math.max(...windows.map((window) => window.ms));
  const sent = new Map<string, number[]>();

  /** The first instant from `now` at which one more request fits every window. */
  function nextSlot(stamps: readonly number[], now: number): number {
    let slot = now;
    for (const window of windows) {
      const inWindow = stamps.filter((stamp) => stamp > slot - window.ms);
      // Full: wait until the oldest request that keeps it full leaves the window.
      if (inWindow.length >= window.limit) slot = Math.max(slot, (inWindow[inWindow.length - window.limit] as number) + window.ms);
    }
    return slot;
  }

  /** Waits for `key`'s next slot; the slot is taken before waiting, so concurrent fetches queue. */
  async function take(key: string): Promise<void> {
    const now = clock().getTime();
    const stamps = (sent.get(key) ?? []).filter((stamp) => stamp > now - longest);
    const slot = nextSlot(stamps, now);
    stamps.push(slot);
    // Oldest first (a slot can fall before one queued earlier): nextSlot reads the window's oldest.
    stamps.sort((a, b) => a - b);
    sent.set(key, stamps);
    if (slot > now) await wait(slot - now);
  }

  return { take };
}

export type UpstoxPacing = ReturnType<typeof createUpstoxPacing>;
