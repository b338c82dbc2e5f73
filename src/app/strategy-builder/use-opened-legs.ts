import { useState } from 'react';
import type { IndexName } from '@/features/market/api/get-expiries';
import { decodeLegs, type RecommendedLeg } from '@/app/recommendations/recommendation-legs';
import type { BuilderLegs } from '@/app/strategy-builder/use-builder-legs';
import { indexNames, type BuilderMarket } from '@/app/strategy-builder/use-builder-market';

/** Legs a link opens the builder with (`?index=…&expiry=…&legs=BUY:1:SYMBOL,…`, a recommendation's). */
export type OpenedLegs = { index: IndexName; expiry: string | null; legs: RecommendedLeg[] };

export function openedLegsOf(params: URLSearchParams): OpenedLegs | null {
  const index = indexNames.find((name) => name === params.get('index'));
  const legs = decodeLegs(params.get('legs'));
  const expiry = params.get('expiry');
  if (index === undefined || legs.length === 0) return null;
  return { index, expiry: expiry !== null && /^\d{4}-\d{2}-\d{2}$/.test(expiry) ? expiry : null, legs };
}

/**
 * Puts the linked legs in the builder once their expiry's chain has arrived, found by tradingsymbol; a
 * contract no longer listed leaves the builder as it was and says so ('missing').
 */
export function useOpenedLegs(opened: OpenedLegs | null, market: BuilderMarket, builder: BuilderLegs): 'none' | 'waiting' | 'opened' | 'missing' {
  const [state, setState] = useState<'none' | 'waiting' | 'opened' | 'missing'>(opened === null ? 'none' : 'waiting');
  const chain = market.expiry === null ? undefined : market.chains.get(market.expiry);
  // Adjusted while rendering (the builder's legs are this screen's own state), once the chain is known.
  if (opened !== null && state === 'waiting' && chain !== undefined) {
    const picks = opened.legs.map((leg) => {
      const instrument = chain.instruments.find((item) => item.tradingsymbol === leg.tradingsymbol);
      return instrument === undefined ? null : { instrument, side: leg.side, lots: leg.lots };
    });
    if (picks.some((pick) => pick === null)) setState('missing');
    else {
      builder.openPicks(market, picks.filter((pick) => pick !== null));
      setState('opened');
    }
  }
  return state;
}
