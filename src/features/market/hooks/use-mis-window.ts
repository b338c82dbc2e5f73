import { useAtomValue } from 'jotai';
import type { MarketStatus } from '@/features/market/feed/price-feed';
import { liveFeed } from '@/features/market/feed/live-feed';
import { store } from '@/lib/store';

/** MIS in the session now trading (features/orders MisWindow): null while closed or not known. */
export type MarketMis = { closed: boolean; cutOff: string; demo: boolean };

/** MIS as a market status tells it: only while the market is open and the server names the day's square-off. */
export function misWindowOf(market: MarketStatus | null): MarketMis | null {
  if (market === null || market.status !== 'open' || market.session === undefined) return null;
  return { closed: market.mis_closed === true, cutOff: market.session.mis_square_off, demo: market.demo };
}

/**
 * MIS now, by the server's word on the price stream: whether MIS is closed for today (from the broker's
 * cut-off, which the server reads from its exchange calendar), and the demo market's rule. The stream tells
 * the change when it happens, so an open ticket hears 15:25 as it comes.
 */
export function useMisWindow(): MarketMis | null {
  const market = useAtomValue(liveFeed().marketAtom, { store });
  return misWindowOf(market);
}
