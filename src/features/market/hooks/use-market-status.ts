import { useAtomValue } from 'jotai';
import { marketClosed } from '@/features/market/feed/feed-condition';
import { liveFeed } from '@/features/market/feed/live-feed';
import { store } from '@/lib/store';

/**
 * The next open while the exchange is closed, by the server's word on the price stream (null when it is open,
 * in demo mode, or not known yet): an order placed now is an after-market order for that open.
 */
export function useMarketClosed(): { nextOpen: string | null } | null {
  const market = useAtomValue(liveFeed().marketAtom, { store });
  return market !== null && marketClosed(market) ? { nextOpen: market.next_open ?? null } : null;
}
