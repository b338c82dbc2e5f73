import { atom, useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import { liveFeed } from '@/features/market/feed/live-feed';
import type { Quote } from '@/features/market/feed/price-feed';
import { store } from '@/lib/store';

/**
 * Live quotes of several instruments at once (a positions table marks every row on each tick), keyed by
 * instrument; instruments without a quote yet are absent. Subscribes while mounted.
 */
export function useLiveQuotes(instruments: readonly string[]): ReadonlyMap<string, Quote> {
  const feed = liveFeed();
  const list = instruments.join('\n');
  const combined = useMemo(() => {
    const names = list === '' ? [] : list.split('\n');
    return atom((get) => {
      const quotes = new Map<string, Quote>();
      for (const name of names) {
        const quote = get(feed.atomFor(name));
        if (quote !== null) quotes.set(name, quote);
      }
      return quotes;
    });
  }, [feed, list]);
  useEffect(() => (list === '' ? undefined : feed.subscribe(list.split('\n'))), [feed, list]);
  return useAtomValue(combined, { store });
}
