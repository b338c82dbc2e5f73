import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { OptionInstrument } from '@/features/market/api/get-instruments';
import { expiriesForTheDay, instrumentsForTheDay } from '@/features/market/api/cached-market-facts';
import { indexInstruments } from '@/features/market/market-messages';

export type LinkedTrade = { instrument: OptionInstrument; side: 'BUY' | 'SELL'; lots: number | null };
export type LinkedInstrument =
  | { state: 'none' }
  | { state: 'finding' }
  | { state: 'found'; trade: LinkedTrade }
  | { state: 'unlisted' | 'unavailable'; symbol: string };

/** NIFTY26D0126000CE → NIFTY: the longest index name the symbol starts with (BANKNIFTY before NIFTY). */
export function indexOfSymbol(symbol: string) {
  const names = indexInstruments.map((item) => item.index).sort((a, b) => b.length - a.length);
  return names.find((name) => symbol.startsWith(name)) ?? null;
}

async function findContract(symbol: string): Promise<OptionInstrument | null> {
  const index = indexOfSymbol(symbol);
  if (index === null) return null;
  for (const expiry of await expiriesForTheDay(index)) {
    const found = (await instrumentsForTheDay(index, expiry.date)).instruments.find((item) => item.tradingsymbol === symbol);
    if (found !== undefined) return found;
  }
  return null;
}

/**
 * The contract a link asks the desk to open the ticket on (`?symbol=NIFTY26D0126000CE&side=SELL&lots=1`,
 * from a recommendation's "Trade this"), found among today's listed contracts; an expired or unknown one
 * says so rather than opening some other contract, and so does a lookup that failed (offline, first visit).
 */
export function useLinkedInstrument(): LinkedInstrument {
  const [params] = useSearchParams();
  const symbol = params.get('symbol');
  const side = params.get('side') === 'SELL' ? 'SELL' : 'BUY';
  const lotsParam = Number(params.get('lots'));
  const lots = Number.isInteger(lotsParam) && lotsParam >= 1 ? lotsParam : null;
  const [found, setFound] = useState<{ symbol: string; instrument: OptionInstrument | null | 'failed' } | null>(null);

  useEffect(() => {
    if (symbol === null) return;
    let current = true;
    findContract(symbol).then(
      (instrument) => current && setFound({ symbol, instrument }),
      () => current && setFound({ symbol, instrument: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [symbol]);

  if (symbol === null) return { state: 'none' };
  if (found === null || found.symbol !== symbol) return { state: 'finding' };
  if (found.instrument === 'failed') return { state: 'unavailable', symbol };
  if (found.instrument === null) return { state: 'unlisted', symbol };
  return { state: 'found', trade: { instrument: found.instrument, side, lots } };
}
