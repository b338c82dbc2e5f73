import { useEffect, useState } from 'react';
import { getOrderMargins } from '@/features/orders/api/trading-calls';
import type { OrderRequest } from '@/features/orders/api/trading-types';
import type { MarginFigure } from '@/features/strategies/components/strategy-margin-figure';

/**
 * The strategy's margin from the broker (POST margins/orders): its own, as on an empty account, with the
 * hedge benefit its legs give each other, and the margin after the account's positions (Kite's basket with
 * and without consider_positions). Asked again (debounced) when the orders change, not when prices tick.
 */
export function useStrategyMargin(accountNumber: string | null, orders: readonly OrderRequest[], online: boolean): MarginFigure {
  const [answer, setAnswer] = useState<{ key: string; figure: MarginFigure } | null>(null);
  const requestKey = JSON.stringify(orders);
  useEffect(() => {
    if (accountNumber === null || !online) return;
    const requests = JSON.parse(requestKey) as OrderRequest[];
    if (requests.length === 0) return;
    let current = true;
    const timer = setTimeout(() => {
      getOrderMargins(accountNumber, requests)
        .then((margins) => {
          if (!current) return;
          const { standalone } = margins;
          const figure: MarginFigure = { state: 'ready', own: standalone.required, benefit: standalone.hedge_benefit, afterPositions: margins.required, released: margins.margin_released };
          setAnswer({ key: requestKey, figure });
        })
        .catch(() => current && setAnswer({ key: requestKey, figure: { state: 'failed' } }));
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [accountNumber, requestKey, online]);
  if (accountNumber === null) return { state: 'no-account' };
  if (!online) return { state: 'failed' };
  return answer?.key === requestKey ? answer.figure : { state: 'loading' };
}
