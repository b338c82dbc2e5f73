import { useEffect, useState } from 'react';
import { getOrderMargins } from '@/features/orders/api/trading-calls';
import type { OrderRequest } from '@/features/orders/api/trading-types';
import type { MarginFigure } from '@/features/strategies/components/strategy-figures';

/**
 * The margin the orders need together, from the paper broker's own rules (POST margins/orders), and the
 * hedge benefit: what each order would need alone, summed, less what they need together. Asked again
 * (debounced) when the orders change, not when prices tick.
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
      Promise.all([getOrderMargins(accountNumber, requests), ...requests.map((order) => getOrderMargins(accountNumber, [order]))])
        .then(([together, ...alone]) => {
          if (!current || together === undefined) return;
          const separately = alone.reduce((sum, margin) => sum + margin.margin, 0);
          setAnswer({ key: requestKey, figure: { state: 'ready', required: together.required, benefit: Math.max(0, separately - together.margin) } });
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
