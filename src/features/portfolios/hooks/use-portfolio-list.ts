import { useAtom, useStore } from 'jotai';
import { useCallback, useEffect } from 'react';
import type { Portfolio } from '@/features/portfolios/api/portfolio-types';
import { getPortfolios } from '@/features/portfolios/api/get-portfolios';
import { portfolioListStampAtom } from '@/features/portfolios/atoms/portfolio-list-stamp-atom';
import { useOperation } from '@/lib/api/use-operation';
import type { LoadState } from '@/lib/load/load-state';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { recallLastKnown, rememberLastKnown } from '@/lib/persist/last-known';
import { brokerPortfoliosAtom, selectedAccountAtom, selectedPortfolioAtom } from '@/lib/session/user-profile-atoms';

/** The answer says whose it is, so the screen knows which account's list it holds. */
async function readPortfolios(accountId: number) {
  return { accountId, portfolios: await getPortfolios(accountId) };
}

/**
 * The chosen account's portfolios (brokerPortfoliosAtom) and the chosen portfolio (selectedPortfolioAtom,
 * the first one unless the trader picked another). Only the account's own portfolios are ever shown, so a
 * late answer about another account cannot surface here. `state` tells figures whether the list came (and
 * when): a failed read never passes for an empty list. A failed read is tried again when back online.
 */
export function usePortfolioList(accountId: number | null) {
  const store = useStore();
  const [all, setAll] = useAtom(brokerPortfoliosAtom);
  const [selected, setSelected] = useAtom(selectedPortfolioAtom);
  const [stamp, setStamp] = useAtom(portfolioListStampAtom);
  const { run, data, loading, error } = useOperation(readPortfolios);

  const load = useCallback(async () => {
    if (accountId === null) return;
    const answer = await run(accountId);
    // An answer for an account the trader has left is dropped.
    if (!answer || store.get(selectedAccountAtom)?.id !== accountId) return;
    const list = answer.portfolios;
    setAll(list);
    const at = Date.now();
    setStamp({ accountId, at });
    rememberLastKnown(`portfolios:${accountId}`, list, at);
    setSelected((current) => list.find((portfolio) => portfolio.id === current?.id) ?? list[0] ?? null);
  }, [accountId, run, store, setAll, setStamp, setSelected]);

  useEffect(() => {
    void load();
  }, [load]);

  const failed = error !== null && !loading;
  useReloadWhenOnline(failed, load);
  // Nothing read this visit (a reload offline, or the server unreachable): the device's last-known list,
  // which the screen then shows "as of" its time, read-only, instead of "could not be loaded".
  const knownNow = stamp !== null && stamp.accountId === accountId;
  useEffect(() => {
    if (!failed || knownNow || accountId === null) return;
    let current = true;
    void recallLastKnown<Portfolio[]>(`portfolios:${accountId}`).then((kept) => {
      if (!current || kept === null || store.get(selectedAccountAtom)?.id !== accountId) return;
      setAll(kept.value);
      setStamp({ accountId, at: kept.at });
      setSelected((chosen) => kept.value.find((portfolio) => portfolio.id === chosen?.id) ?? kept.value[0] ?? null);
    });
    return () => {
      current = false;
    };
  }, [failed, knownNow, accountId, store, setAll, setStamp, setSelected]);

  const portfolios = all.filter((portfolio) => portfolio.broker_account === accountId);
  const portfolio = portfolios.find((candidate) => candidate.id === selected?.id) ?? null;
  const known = stamp !== null && stamp.accountId === accountId;
  const state: LoadState<readonly Portfolio[]> = {
    last: known ? { value: portfolios, at: stamp.at } : null,
    status: failed ? 'failed' : data?.accountId === accountId ? 'loaded' : 'loading',
    error,
  };
  return {
    portfolios,
    portfolio,
    choose: setSelected,
    // The list to show: this visit's answer, or the last known one (the allocation then says as of when).
    loaded: state.last !== null,
    loading,
    error,
    state,
    reload: load,
  };
}
