import { useEffect, useState } from 'react';
import { getOrderMargins } from '@/features/orders/api/trading-calls';
import type { OrderMargins, OrderRequest } from '@/features/orders/api/trading-types';

/**
 * What an order would need (margin, charges) before it is sent, recomputed 300 ms after the ticket stops
 * changing. `requestKey` is the order as JSON (null while the ticket is incomplete), so an equal order
 * typed again asks nothing.
 */
export function useOrderMargins(requestKey: string | null, accountNumber: string | null, online: boolean) {
  const [margins, setMargins] = useState<{ value: OrderMargins | null; failed: boolean }>({ value: null, failed: false });
  useEffect(() => {
    if (requestKey === null || accountNumber === null || !online) return;
    let current = true;
    const timer = setTimeout(() => {
      getOrderMargins(accountNumber, [JSON.parse(requestKey) as OrderRequest])
        .then((value) => current && setMargins({ value, failed: false }))
        .catch(() => current && setMargins({ value: null, failed: true }));
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [requestKey, accountNumber, online]);
  return margins;
}
