import { useEffect, useState } from 'react';
import { getOrderMargins } from '@/features/orders/api/trading-calls';
import type { OrderMargins, OrderRequest } from '@/features/orders/api/trading-types';

/**
 * What an order would need (margin, charges) before it is sent, recomputed 300 ms after the ticket stops
 * changing. `requestKey` is the order as JSON (null while the ticket is incomplete), so an equal order
 * typed again asks nothing. The last answer stays until the next lands, so the lines do not jump at every
 * keystroke; `current` says whether it is the answer for the order now in the ticket. Within a portfolio
 * (`portfolioId`), what is available is the portfolio's capital left, not the account's cash.
 */
export function useOrderMargins(requestKey: string | null, accountNumber: string | null, online: boolean, portfolioId: number | null = null) {
  const [margins, setMargins] = useState<{ key: string | null; value: OrderMargins | null; failed: boolean }>({ key: null, value: null, failed: false });
  useEffect(() => {
    if (requestKey === null || accountNumber === null || !online) return;
    let current = true;
    const timer = setTimeout(() => {
      getOrderMargins(accountNumber, [JSON.parse(requestKey) as OrderRequest], portfolioId)
        .then((value) => current && setMargins({ key: requestKey, value, failed: false }))
        .catch(() => current && setMargins({ key: requestKey, value: null, failed: true }));
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [requestKey, accountNumber, online, portfolioId]);
  return { value: margins.value, failed: margins.failed, current: margins.key === requestKey };
}
