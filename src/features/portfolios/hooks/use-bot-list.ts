import { useAtom, useStore } from 'jotai';
import type { Bot } from '@/features/portfolios/model/bot-kind';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BotKindApi } from '@/features/portfolios/model/bot-kind-api';
import { useOperation } from '@/lib/api/use-operation';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { recallLastKnown, rememberLastKnown } from '@/lib/persist/last-known';
import { selectedPortfolioAtom } from '@/lib/session/user-profile-atoms';

/**
 * One kind of bot in a portfolio, read when the portfolio is chosen, and again when back online after a
 * failure. What the list holds (an answer, or a bot the trader just added, changed or deleted) is kept as
 * its last-known copy, in memory and on the device: when a read fails (offline, the server unreachable, a
 * reload without a connection) the screen shows that copy read-only with `asOf` its time, instead of
 * "The bots could not be loaded." (issue 36).
 */
export function useBotList<B extends Bot>(api: BotKindApi<B>, portfolioId: number) {
  const store = useStore();
  const [list, setList] = useAtom(api.atom);
  const [stale, setStale] = useState<{ portfolioId: number; at: number } | null>(null);
  const { run, loading, error } = useOperation(api.list);
  const keptName = `bots:${api.kind}:${portfolioId}`;
  // The list last kept (or recalled): what shows is kept again only when it changes from this.
  const remembered = useRef(list.bots);

  const load = useCallback(async () => {
    const bots = await run(portfolioId);
    // An answer for a portfolio the trader has left is dropped.
    if (bots && store.get(selectedPortfolioAtom)?.id === portfolioId) setList({ portfolioId, bots });
  }, [run, portfolioId, store, setList]);

  useEffect(() => {
    void load();
  }, [load]);
  const failed = error !== null && !loading;
  useReloadWhenOnline(failed, load);

  // A read failed: the last-known copy, and its time. A list this visit already holds is at least as new as
  // the copy (the copy was kept from it), so only the time is taken then.
  useEffect(() => {
    if (!failed) return;
    let current = true;
    void recallLastKnown<B[]>(keptName).then((kept) => {
      if (!current || kept === null || store.get(selectedPortfolioAtom)?.id !== portfolioId) return;
      if (store.get(api.atom).portfolioId !== portfolioId) {
        remembered.current = kept.value;
        setList({ portfolioId, bots: kept.value });
      }
      setStale({ portfolioId, at: kept.at });
    });
    return () => {
      current = false;
    };
  }, [failed, keptName, portfolioId, store, api.atom, setList]);

  const loaded = list.portfolioId === portfolioId;
  const asOf = failed && stale !== null && stale.portfolioId === portfolioId ? stale.at : null;
  // Kept whenever it changes (an answer, a bot added, changed or deleted), never when the screen merely opens
  // on what this visit already held (that would date the copy to now), nor when it shows the kept copy itself.
  useEffect(() => {
    if (!loaded || asOf !== null || remembered.current === list.bots) return;
    remembered.current = list.bots;
    rememberLastKnown(keptName, list.bots);
  }, [loaded, asOf, keptName, list.bots]);

  return { bots: loaded ? list.bots : [], loaded, loading, error, asOf, reload: load };
}
