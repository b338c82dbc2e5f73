import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { expiriesForTheDay } from '@/features/market/api/cached-market-facts';
import type { Expiry, IndexName } from '@/features/market/api/get-expiries';
import type { StrikeRange } from '@/features/market/chain/strike-window';
import { useStrikeRange } from '@/features/market/hooks/use-strike-range';
import { useOperation } from '@/lib/api/use-operation';
import type { ApiError } from '@/lib/api/api-error';
import { openReplayAtom } from '@/lib/replay/replay-atom';
import { store } from '@/lib/store';

export type ChainChoice = {
  index: IndexName;
  setIndex: (index: IndexName) => void;
  /** The index's listed expiries of the day (undefined until read). */
  expiries: readonly Expiry[] | undefined;
  expiriesError: ApiError | null;
  reloadExpiries: () => void;
  /** The expiry the trader picked for this index, else the nearest; null until the expiries are read. */
  expiry: string | null;
  setExpiry: (expiry: string) => void;
  /** The strikes around the money shown (remembered; null until the stored choice is read). */
  range: StrikeRange | null;
  setRange: (range: StrikeRange) => void;
};

/**
 * Which chain the trader looks at: index, expiry and strike range. Held apart from the chain itself, so a
 * screen can put the pickers where it has room for them (the phone desk folds them into a sheet, with the
 * account and portfolio) while the chain shows what they chose.
 */
export function useChainChoice(): ChainChoice {
  const [chosenIndex, setIndex] = useState<IndexName>('NIFTY');
  // A replay has one index (issue 39): its chain is the one shown, and its expiries are read when it opens.
  const replay = useAtomValue(openReplayAtom, { store })?.replay ?? null;
  const index = replay?.index ?? chosenIndex;
  const market = replay?.id ?? null;
  /** The expiry the trader picked, for the index (and the replay, or none) it was picked for; else the nearest. */
  const [picked, setPicked] = useState<{ index: IndexName; market: number | null; expiry: string } | null>(null);
  const [range, setRange] = useStrikeRange();
  const expiries = useOperation(expiriesForTheDay);
  const { run, reset } = expiries;
  // Another market (a replay opened or ended): the last one's expiries are gone at once, so no chain is read
  // for an expiry the replayed day never listed.
  const readFor = useRef(market);
  useEffect(() => {
    if (readFor.current !== market) reset();
    readFor.current = market;
    void run(index);
  }, [index, run, reset, market]);
  return {
    index,
    setIndex,
    expiries: expiries.data,
    expiriesError: expiries.error,
    reloadExpiries: () => void run(index),
    expiry: picked?.index === index && picked.market === market ? picked.expiry : (expiries.data?.[0]?.date ?? null),
    setExpiry: (expiry) => setPicked({ index, market, expiry }),
    range,
    setRange,
  };
}
