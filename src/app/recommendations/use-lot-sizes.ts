import { useEffect, useState } from 'react';
import type { Recommendation } from '@/features/analytics/api/analytics-reads';
import { instrumentsForTheDay } from '@/features/market/api/cached-market-facts';
import { expiryOf } from '@/app/recommendations/recommendation-legs';

/** Each leg's lot size, from its expiry's listed contracts (kept for the day); 'failed' when they could not be read. */
export function useLotSizes(item: Recommendation): ReadonlyMap<string, number> | 'failed' | null {
  const [sizes, setSizes] = useState<ReadonlyMap<string, number> | 'failed' | null>(null);
  const expiry = expiryOf(item);
  useEffect(() => {
    if (expiry === null) return;
    let current = true;
    instrumentsForTheDay(item.index, expiry)
      .then((chain) => current && setSizes(new Map(chain.instruments.map((instrument) => [instrument.tradingsymbol, instrument.lot_size]))))
      .catch(() => current && setSizes('failed'));
    return () => {
      current = false;
    };
  }, [item.index, expiry]);
  return expiry === null ? 'failed' : sizes;
}
