import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { liveFeed } from '@/features/market/feed/live-feed';
import type { Quote } from '@/features/market/feed/price-feed';
import { store } from '@/lib/store';

/** The live quote of one instrument (null until the first one arrives; null for no instrument). */
export function useQuote(instrument: string | null): Quote | null {
  const feed = liveFeed();
  const quoteAtom = instrument === null ? noQuote : feed.atomFor(instrument);
  useEffect(() => (instrument === null ? undefined : feed.subscribe([instrument])), [feed, instrument]);
  return useAtomValue(quoteAtom, { store });
}

/** What a cell without an instrument (a strike listed on one side only) reads. */
const noQuote = atom<Quote | null>(null);
