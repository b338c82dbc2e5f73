import { useEffect, useState } from 'react';
import { getOrderMargins } from '@/features/orders/api/trading-calls';
import type { OrderRequest } from '@/features/orders/api/trading-types';
import type { MarginFigure } from '@/features/strategies/components/strategy-margin-figure';

/**
 * The strategy's margin from the broker (POST margins/orders): its own, as on an empty account, with the
 * hedge benefit its legs give each other, and the margin after the account's positions (Kite's basket with
 * and without consider_positions), beside the account's margin available. All are the server's figures, the
 * same the ticket and the Position book show. Asked again (debounced) when the orders change, not when
 * prices tick; and when `held` changes (a basket filled here): what the account holds moved the figures
 * after its positions and its available.
 */
export function useStrategyMargin(accountNumber: string | null, orders: readonly OrderRequest[], online: boolean, held = ''): MarginFigure {
  const [answer, setAnswer] = useState<{ key: string; figure: MarginFigure } | null>(null);
  const ordersKey = JSON.stringify(orders);
  const requestKey = `${held}|${ordersKey}`;
  useEffect(() => {
    if (accountNumber === null || !online) return;
    const requests = JSON.parse(ordersKey) as OrderRequest[];
    if (requests.length === 0) return;
    let current = true;
    const timer = setTimeout(() => {
      getOrderMargins(accountNumber, requests)
        .then((margins) => {
          if (!current) return;
          const { standalone } = margins;
          const figure: MarginFigure = { state: 'ready', own: standalone.required, benefit: standalone.hedge_benefit, afterPositions: margins.required, released: margins.margin_released, available: margins.available, brokerageNotPriced: margins.charge_breakdown.brokerage_status === 'not_priced' };
          setAnswer({ key: requestKey, figure });
        })
        .catch(() => current && setAnswer({ key: requestKey, figure: { state: 'failed' } }));
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [accountNumber, ordersKey, requestKey, online]);
  if (accountNumber === null) return { state: 'no-account' };
  if (!online) return { state: 'failed' };
  return answer?.key === requestKey ? answer.figure : { state: 'loading' };
}
