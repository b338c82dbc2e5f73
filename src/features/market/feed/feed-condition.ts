/**
 * What the prices on screen are, told apart as a trader needs (issue 23): a closed market is not a dead
 * network. While the exchange is closed no price moves, so the stream sends no prices, but the server still
 * speaks on it (a heartbeat whenever it has said nothing for 5 s, server/http/market-routes.ts): a stream that
 * delivers heartbeats is alive, the prices are the last close and orders go as after-market orders (AMO). A
 * stream that delivers nothing at all, not even a heartbeat, is a server that does not answer (a dead Wi-Fi
 * often leaves the connection hanging without an error): the feed then reports it to the one network state
 * (lib/network), which disables trading.
 *
 * Pure rules here (tested without a browser); price-feed.ts watches the stream, prices-delayed-banner.tsx and
 * the order ticket say what they mean.
 */
import type { NetworkState } from '@/lib/network/network-state';
import type { MarketStatus } from '@/features/market/feed/price-feed';
import { delayedAfterMs } from '@/features/market/feed/now-atom';

/**
 * How long a stream may say nothing at all before the server counts as not answering: the server's heartbeats
 * are at most 10 s apart (5 s of silence, checked every 5 s), so twice that leaves room for a slow network.
 */
export const silentStreamMs = 20_000;

/** Whether the exchange is closed now, by the server's word (the demo market never closes). */
export function marketClosed(market: MarketStatus | null): boolean {
  return market !== null && market.status === 'closed' && !market.demo;
}

export type FeedCondition =
  /** The browser has no connection. */
  | 'offline'
  /** Nothing answers, though the browser says online: the prices are not live, trading is disabled. */
  | 'unreachable'
  /** The server answers and the exchange is closed: the prices are the last close, orders become AMOs. */
  | 'closed'
  /** No price has arrived yet. */
  | 'waiting'
  /** The market is open but no price has arrived for a while. */
  | 'delayed'
  | 'live';

/**
 * The prices' condition from the network state, the server's market status and when the last prices arrived.
 * A network that does not answer wins over everything (a closed market cannot be known from a saved copy);
 * a closed market explains a silent price feed.
 */
export function feedCondition({
  network,
  market,
  lastPriceAt,
  now,
}: {
  network: NetworkState;
  market: MarketStatus | null;
  lastPriceAt: number | null;
  now: number;
}): FeedCondition {
  if (network.kind === 'offline') return 'offline';
  if (network.kind === 'unreachable') return 'unreachable';
  if (marketClosed(market)) return 'closed';
  if (lastPriceAt === null) return 'waiting';
  return now - lastPriceAt >= delayedAfterMs ? 'delayed' : 'live';
}
