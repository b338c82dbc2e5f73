import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { getBrokerAccounts } from '@/features/brokers/api/get-broker-accounts';
import { accountsLoadedAtom } from '@/features/brokers/atoms/account-list-actions';
import { isSessionOpen, shownAccount } from '@/lib/session/session-open';
import { getPortfolios } from '@/features/portfolios/api/get-portfolios';
import type { BrokerAccount, Portfolio } from '@/features/portfolios/api/portfolio-types';
import type { TicketDefaults } from '@/features/orders/components/order-ticket';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { readSnapshot, saveSnapshot } from '@/lib/persist/snapshot';
import { replayAccount } from '@/lib/replay/replay-account';
import { openReplayAtom } from '@/lib/replay/replay-atom';
import { selectedAccountAtom, selectedPortfolioAtom, userDataAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';

const fallbackDefaults: TicketDefaults = { product: 'MIS', order_type: 'MARKET', lots: 1, confirm_before_order: true };

export type TradingDesk = {
  state: 'loading' | 'failed' | 'ready';
  /** Set when the accounts shown are the device's last-known ones (offline): when they were fetched. */
  asOf: number | null;
  accounts: BrokerAccount[];
  account: BrokerAccount | null;
  sessionOpen: boolean;
  portfolios: Portfolio[];
  portfolio: Portfolio | null;
  chooseAccount: (id: number) => void;
  choosePortfolio: (id: number | null) => void;
  defaults: TicketDefaults;
  reload: () => void;
};

/**
 * The account and portfolio the desk trades for: the trader's selected ones (kept across screens), else
 * the first account logged in to its broker and its first portfolio. Orders belong to the portfolio chosen.
 * While a replay is open (issue 39) it is the replay's own account, alone: every trading screen then trades
 * the replayed day, and no order of it can reach the trader's paper or live accounts.
 */
export function useTradingDesk(): TradingDesk {
  const [selectedAccount, setSelectedAccount] = useAtom(selectedAccountAtom, { store });
  const [selectedPortfolio, setSelectedPortfolio] = useAtom(selectedPortfolioAtom, { store });
  const user = useAtomValue(userDataAtom, { store });
  const [accounts, setAccounts] = useState<BrokerAccount[] | null>(null);
  const [portfolios, setPortfolios] = useState<Portfolio[]>([]);
  // The account whose portfolios `portfolios` holds: until the chosen account's have come, the desk is still
  // loading, so no order goes out without the portfolio it belongs to.
  const [portfoliosOf, setPortfoliosOf] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [asOf, setAsOf] = useState<number | null>(null);
  const [stamp, setStamp] = useState(0);

  useEffect(() => {
    let current = true;
    getBrokerAccounts()
      .then((list) => {
        if (!current) return;
        setAccounts(list);
        // The app's list too: the strip says whose prices a paper account shows from it (issue 38), and a live
        // account logged out elsewhere shows there as soon as a trading screen reads the accounts.
        store.set(accountsLoadedAtom, list);
        setAsOf(null);
        setFailed(false);
        saveSnapshot('desk:accounts', list);
      })
      .catch(async () => {
        // Offline, the desk still knows which accounts and portfolios its snapshots belong to.
        const kept = await readSnapshot<BrokerAccount[]>('desk:accounts');
        if (!current) return;
        if (kept !== null) {
          setAccounts(kept.value);
          setAsOf(kept.at);
        }
        setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [stamp]);

  const account = shownAccount(accounts ?? [], selectedAccount);

  const accountId = account?.id ?? null;
  useEffect(() => {
    if (accountId === null) return;
    let current = true;
    getPortfolios(accountId)
      .then((list) => {
        if (!current) return;
        setPortfolios(list);
        setPortfoliosOf(accountId);
        saveSnapshot(`desk:portfolios:${accountId}`, list);
      })
      .catch(async () => {
        const kept = await readSnapshot<Portfolio[]>(`desk:portfolios:${accountId}`);
        if (!current) return;
        setPortfolios(kept?.value ?? []);
        setPortfoliosOf(accountId);
      });
    return () => {
      current = false;
    };
  }, [accountId, stamp]);

  const portfolio =
    selectedPortfolio === null
      ? (portfolios[0] ?? null)
      : (portfolios.find((candidate) => candidate.id === selectedPortfolio.id) ?? portfolios[0] ?? null);

  const chooseAccount = useCallback(
    (id: number) => setSelectedAccount(accounts?.find((candidate) => candidate.id === id) ?? null),
    [accounts, setSelectedAccount],
  );
  const choosePortfolio = useCallback(
    (id: number | null) => setSelectedPortfolio(portfolios.find((candidate) => candidate.id === id) ?? null),
    [portfolios, setSelectedPortfolio],
  );
  const reload = useCallback(() => setStamp((value) => value + 1), []);
  useReloadWhenOnline(failed, reload);
  const saved = user?.trade_defaults;
  const defaults = saved === undefined ? fallbackDefaults : { ...saved, confirm_before_order: saved.confirm_before_order };
  const replay = useAtomValue(openReplayAtom, { store })?.replay ?? null;
  const replayId = replay?.id ?? null;
  const replayDay = replay?.day ?? null;
  // One account object a replay: screens key their reads and effects on it.
  const inReplay = useMemo(() => (replay === null ? null : replayAccount(replay)), [replayId, replayDay]); // eslint-disable-line react-hooks/exhaustive-deps -- the account is the replay's id and day
  if (inReplay !== null) {
    return {
      state: 'ready',
      asOf: null,
      accounts: [inReplay],
      account: inReplay,
      sessionOpen: true,
      portfolios: [],
      portfolio: null,
      chooseAccount: () => undefined,
      choosePortfolio: () => undefined,
      defaults,
      reload,
    };
  }
  return {
    state: failed && asOf === null ? 'failed' : accounts === null || (accountId !== null && portfoliosOf !== accountId) ? 'loading' : 'ready',
    asOf,
    accounts: accounts ?? [],
    account,
    sessionOpen: account !== null && isSessionOpen(account),
    portfolios: account === null ? [] : portfolios.filter((candidate) => candidate.broker_account === account.id),
    portfolio: portfolio !== null && account !== null && portfolio.broker_account === account.id ? portfolio : null,
    chooseAccount,
    choosePortfolio,
    defaults,
    reload,
  };
}
