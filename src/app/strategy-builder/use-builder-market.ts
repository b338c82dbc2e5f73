import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { marketOfTheDay, instrumentsForTheDay } from '@/features/market/api/cached-market-facts';
import { openReplayAtom } from '@/lib/replay/replay-atom';
import { store } from '@/lib/store';
import type { Expiry, FutureInstrument, IndexName } from '@/features/market/api/get-expiries';
import type { Instruments, OptionInstrument } from '@/features/market/api/get-instruments';
import type { Quote } from '@/features/market/feed/price-feed';
import { useLiveQuotes } from '@/app/trading/use-live-quotes';
import { useUnstreamed } from '@/app/trading/use-unstreamed';

export const indexNames: readonly IndexName[] = ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX'];

const noFutures: readonly FutureInstrument[] = [];

/** Strikes either side of the money whose quotes are followed, so a preset is priced the moment it is picked. */
const windowStrikes = 14;

export type BuilderMarket = {
  state: 'loading' | 'failed' | 'ready';
  expiries: Expiry[];
  /** The underlying's futures months (near, next, far): legs for hedges and synthetics. */
  futures: readonly FutureInstrument[];
  /** The chosen expiry, else the nearest. */
  expiry: string | null;
  /** Every expiry's chain loaded so far (the chosen one and those the legs use). */
  chains: ReadonlyMap<string, Instruments>;
  chain: Instruments | null;
  spot: Quote | null;
  quotes: ReadonlyMap<string, Quote>;
  /** What the account's broker says it does not stream (no price will ever come for those), or null. */
  unstreamed: { broker: string; instruments: ReadonlySet<string> } | null;
  find: (expiry: string, kind: 'CE' | 'PE', strike: number) => OptionInstrument | undefined;
  reload: () => void;
};

/**
 * The market facts the builder needs: the index's expiries, the chains of the chosen expiry and of every
 * expiry a leg uses (kept for the day, see cached-market-facts), and live quotes of the index, of the
 * legs and of the strikes around the money.
 */
export function useBuilderMarket(index: string, chosenExpiry: string | null, legs: readonly { expiry: string; exchange: string; tradingsymbol: string }[]): BuilderMarket {
  // Whose market: today's, or the open replay's day (issue 39); read again when it changes (a replay opened or
  // ended, or known only after the screen first read), so a replay never shows today's expiries.
  const held = useAtomValue(openReplayAtom, { store });
  const source = held === undefined ? 'pending' : held === null ? 'live' : `replay-${held.replay.id}`;
  const [loaded, setLoaded] = useState<{ index: string; source: string; list: Expiry[]; futures: FutureInstrument[] } | null>(null);
  /** Keyed `INDEX:date` (with the source), so another index's or market's chains never answer for this one. */
  const [allChains, setChains] = useState<ReadonlyMap<string, Instruments>>(new Map());
  const [failed, setFailed] = useState(false);
  const [stamp, setStamp] = useState(0);

  useEffect(() => {
    let current = true;
    marketOfTheDay(index)
      .then((answer) => {
        if (!current) return;
        setLoaded({ index, source, list: answer.expiries, futures: answer.futures ?? [] });
        setFailed(false);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [index, source, stamp]);

  const mine = loaded?.index === index && loaded.source === source ? loaded : null;
  const expiries = mine?.list ?? null;
  const futures = mine?.futures ?? noFutures;
  const chains = useMemo(() => {
    const mine = new Map<string, Instruments>();
    const prefix = `${source}:${index}:`;
    for (const [key, chain] of allChains) if (key.startsWith(prefix)) mine.set(key.slice(prefix.length), chain);
    return mine;
  }, [allChains, index, source]);
  const expiry = chosenExpiry ?? expiries?.[0]?.date ?? null;
  const wanted = [...new Set([...(expiry === null ? [] : [expiry]), ...legs.map((leg) => leg.expiry)])].sort().join(',');
  // A leg waiting for its new expiry's chain has no contract yet (and nothing to follow).
  const legInstruments = legs.filter((leg) => leg.tradingsymbol !== '').map((leg) => `${leg.exchange}:${leg.tradingsymbol}`).join(',');
  useEffect(() => {
    let current = true;
    for (const date of wanted === '' ? [] : wanted.split(',')) {
      instrumentsForTheDay(index, date)
        .then((chain) => current && setChains((known) => new Map(known).set(`${source}:${index}:${date}`, chain)))
        .catch(() => current && setFailed(true));
    }
    return () => {
      current = false;
    };
  }, [index, source, wanted, stamp]);

  const chain = expiry === null ? null : (chains.get(expiry) ?? null);
  const followed = useMemo(() => {
    const legsFollowed = legInstruments === '' ? [] : legInstruments.split(',');
    if (chain === null) return legsFollowed;
    const step = chain.strike_step;
    const spotGuess = chain.instruments.length === 0 ? 0 : (chain.instruments[Math.floor(chain.instruments.length / 2)]?.strike ?? 0);
    return [chain.underlying, ...legsFollowed, ...futures.map((future) => future.instrument), ...chain.instruments.filter((item) => Math.abs(item.strike - spotGuess) <= windowStrikes * step).map((item) => item.instrument)];
  }, [chain, legInstruments, futures]);
  const quotes = useLiveQuotes([...new Set(followed)]);
  const told = useUnstreamed();
  const unstreamed = useMemo(() => (told === null ? null : { broker: told.broker, instruments: new Set(told.instruments) }), [told]);

  const find = (date: string, kind: 'CE' | 'PE', strike: number) =>
    chains.get(date)?.instruments.find((item) => item.instrument_type === kind && item.strike === strike);

  return {
    state: failed && expiries === null ? 'failed' : expiries === null ? 'loading' : 'ready',
    expiries: expiries ?? [],
    futures,
    expiry,
    chains,
    chain,
    spot: chain === null ? null : (quotes.get(chain.underlying) ?? null),
    quotes,
    unstreamed,
    find,
    reload: () => setStamp((value) => value + 1),
  };
}
