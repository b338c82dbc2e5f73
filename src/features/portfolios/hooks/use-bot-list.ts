import { useAtom, useStore } from 'jotai';
import type { Bot } from '@/features/portfolios/model/bot-kind';
import { useCallback, useEffect } from 'react';
import type { BotKindApi } from '@/features/portfolios/model/bot-kind-api';
import { useOperation } from '@/lib/api/use-operation';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { selectedPortfolioAtom } from '@/lib/session/user-profile-atoms';

/** One kind of bot in a portfolio, read when the portfolio is chosen, and again when back online after a failure. */
export function useBotList<B extends Bot>(api: BotKindApi<B>, portfolioId: number) {
  const store = useStore();
  const [list, setList] = useAtom(api.atom);
  const { run, loading, error } = useOperation(api.list);

  const load = useCallback(async () => {
    const bots = await run(portfolioId);
    // An answer for a portfolio the trader has left is dropped.
    if (bots && store.get(selectedPortfolioAtom)?.id === portfolioId) setList({ portfolioId, bots });
  }, [run, portfolioId, store, setList]);

  useEffect(() => {
    void load();
  }, [load]);
  useReloadWhenOnline(error !== null && !loading, load);

  const loaded = list.portfolioId === portfolioId;
  return { bots: loaded ? list.bots : [], loaded, loading, error, reload: load };
}
