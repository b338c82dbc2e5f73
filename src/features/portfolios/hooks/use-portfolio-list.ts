import { useAtom, useStore } from 'jotai';
import { useCallback, useEffect } from 'react';
import { getPortfolios } from '@/features/portfolios/api/get-portfolios';
import { useOperation } from '@/lib/api/use-operation';
import { brokerPortfoliosAtom, selectedAccountAtom, selectedPortfolioAtom } from '@/lib/session/user-profile-atoms';

/** The answer says whose it is, so the screen knows which account's list it holds. */
async function readPortfolios(accountId: number) {
  return { accountId, portfolios: await getPortfolios(accountId) };
}

/**
 * The chosen account's portfolios (brokerPortfoliosAtom) and the chosen portfolio (selectedPortfolioAtom,
 * the first one unless the trader picked another). Only the account's own portfolios are ever shown, so a
 * late answer about another account cannot surface here.
 */
export function usePortfolioList(accountId: number | null) {
  const store = useStore();
  const [all, setAll] = useAtom(brokerPortfoliosAtom);
  const [selected, setSelected] = useAtom(selectedPortfolioAtom);
  const { run, data, loading, error } = useOperation(readPortfolios);

  const load = useCallback(async () => {
    if (accountId === null) return;
    const answer = await run(accountId);
    // An answer for an account the trader has left is dropped.
    if (!answer || store.get(selectedAccountAtom)?.id !== accountId) return;
    const list = answer.portfolios;
    setAll(list);
    setSelected((current) => list.find((portfolio) => portfolio.id === current?.id) ?? list[0] ?? null);
  }, [accountId, run, store, setAll, setSelected]);

  useEffect(() => {
    void load();
  }, [load]);

  const portfolios = all.filter((portfolio) => portfolio.broker_account === accountId);
  const portfolio = portfolios.find((candidate) => candidate.id === selected?.id) ?? null;
  return {
    portfolios,
    portfolio,
    choose: setSelected,
    loaded: data?.accountId === accountId,
    loading,
    error,
    reload: load,
  };
}
