import { useAtomValue } from 'jotai';
import { liveFeed } from '@/features/market/feed/live-feed';
import type { Unstreamed } from '@/features/market/feed/price-feed';
import { store } from '@/lib/store';

/** The instruments the price stream's broker says it does not stream (their price will never come), or null. */
export function useUnstreamed(): Unstreamed | null {
  return useAtomValue(liveFeed().unstreamedAtom, { store });
}
