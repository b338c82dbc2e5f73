// Upstox's subscription limits for one market feed v3 connection (one connection per app and user):
// a mode alone may carry its individual limit; once several modes are in use, each carries its combined limit.
// https://upstox.com/developer/api-documentation/v3/get-market-data-feed ("Connection and Subscription Limits")

export type SubscribeMode = 'ltpc' | 'option_greeks' | 'full';

export const feedLimits: Record<SubscribeMode, { individual: number; combined: number }> = {
  ltpc: { individual: 5000, combined: 2000 },
  option_greeks: { individual: 3000, combined: 2000 },
  full: { individual: 2000, combined: 1500 },
};

/** Why these subscriptions break Upstox's limits, or null when they fit. */
export function limitBreach(subscriptions: ReadonlyMap<string, SubscribeMode>): string | null {
  const counts = new Map<SubscribeMode, number>();
  for (const mode of subscriptions.values()) counts.set(mode, (counts.get(mode) ?? 0) + 1);
  const combined = counts.size > 1;
  for (const [mode, count] of counts) {
    const limit = combined ? feedLimits[mode].combined : feedLimits[mode].individual;
    if (count > limit) return `Upstox's market feed carries at most ${limit} instruments in ${mode} mode${combined ? ' beside other modes' : ''}`;
  }
  return null;
}
