import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { marketOfTheDay } from '@/features/market/api/cached-market-facts';
import type { Expiry, FutureInstrument } from '@/features/market/api/get-expiries';
import type { UnderlyingRow } from '@/lib/market/underlyings';
import type { StrikeRange } from '@/features/market/chain/strike-window';
import { useStrikeRange } from '@/features/market/hooks/use-strike-range';
import { useOperation } from '@/lib/api/use-operation';
import type { ApiError } from '@/lib/api/api-error';
import { openReplay, openReplayAtom } from '@/lib/replay/replay-atom';
import { store } from '@/lib/store';

export type ChainChoice = {
  /** The underlying's symbol: an index (NIFTY) or an F&O stock (RELIANCE). */
  index: string;
  setIndex: (index: string) => void;
  /** The underlying as the search found it (its lot, step, ban), when the trader picked it there. */
  picked: UnderlyingRow | null;
  pick: (row: UnderlyingRow) => void;
  /** The underlying's listed expiries of the day (undefined until read). */
  expiries: readonly Expiry[] | undefined;
  /** Its own instrument for the spot (`NSE:NIFTY 50`, `NSE:RELIANCE`), null until read. */
  underlying: string | null;
  /** Its futures months listed today (near, next, far), empty until read. */
  futures: readonly FutureInstrument[];
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
 * An index's expiries with the index and market they were read for (a replay's id, or null for today's). A read still
 * under way when a replay opens or ends answers for the market it was asked of; kept beside its answer, it is
 * never taken for the new market's (the chain would ask the replay for today's expiry: a 404, "could not be
 * loaded").
 */
async function expiriesOfTheMarket(index: string): Promise<{ index: string; market: number | null; list: Expiry[]; underlying: string; futures: FutureInstrument[] }> {
  const market = openReplay()?.id ?? null;
  const answer = await marketOfTheDay(index);
  return { index, market, list: answer.expiries, underlying: answer.underlying, futures: answer.futures ?? [] };
}

/** How long a replay's chain waits before asking again for expiries that got no answer. */
export const replayExpiriesRetryMs = 3_000;

/**
 * Which chain the trader looks at: underlying (an index or a stock), expiry and strike range. Held apart from the chain itself, so a
 * screen can put the pickers where it has room for them (the phone desk folds them into a sheet, with the
 * account and portfolio) while the chain shows what they chose.
 */
export function useChainChoice(): ChainChoice {
  const [chosenIndex, setIndex] = useState<string>('NIFTY');
  const [pickedRow, setPickedRow] = useState<UnderlyingRow | null>(null);
  // A replay has one index (issue 39): its chain is the one shown, and its expiries are read when it opens.
  const replay = useAtomValue(openReplayAtom, { store })?.replay ?? null;
  const index = replay?.index ?? chosenIndex;
  const market = replay?.id ?? null;
  /** The expiry the trader picked, for the index (and the replay, or none) it was picked for; else the nearest. */
  const [picked, setPicked] = useState<{ index: string; market: number | null; expiry: string } | null>(null);
  const [range, setRange] = useStrikeRange();
  const expiries = useOperation(expiriesOfTheMarket);
  const { run } = expiries;
  // Only the expiries read for the index and market on screen: another's are as good as none.
  const answer = expiries.data?.index === index && expiries.data.market === market ? expiries.data : undefined;
  const listed = answer?.list;
  // Read when the index or market changes, and again when an answer for another one came in last.
  const another = expiries.data !== undefined && listed === undefined;
  useEffect(() => {
    if (listed === undefined) void run(index);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `listed` is read as of the change, not followed
  }, [index, run, market, another]);
  // A replay's book opens with its first read, which on a busy server outlasted the app's time-out (62 s at a load
  // of 30, session 77): the chain then said "could not be loaded" until tapped. A replay's expiries that got no
  // answer in time are asked again, as its bot is; a refusal is not.
  const unanswered = market !== null && !expiries.loading && (expiries.error?.kind === 'time_out' || expiries.error?.kind === 'network');
  useEffect(() => {
    if (!unanswered) return;
    const timer = setTimeout(() => void run(index), replayExpiriesRetryMs);
    return () => clearTimeout(timer);
  }, [unanswered, run, index]);
  return {
    index,
    setIndex: (symbol) => {
      setIndex(symbol);
      setPickedRow(null);
    },
    picked: pickedRow?.symbol === index ? pickedRow : null,
    pick: (row) => {
      setIndex(row.symbol);
      setPickedRow(row);
    },
    expiries: listed,
    underlying: answer?.underlying ?? null,
    futures: answer?.futures ?? [],
    expiriesError: expiries.error,
    reloadExpiries: () => void run(index),
    expiry: picked?.index === index && picked.market === market ? picked.expiry : (listed?.[0]?.date ?? null),
    setExpiry: (expiry) => setPicked({ index, market, expiry }),
    range,
    setRange,
  };
}
