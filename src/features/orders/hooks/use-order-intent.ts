import type { TradingAccount } from '@/features/orders/api/trading-types';
import { useIntent } from '@/features/orders/hooks/use-intent';
import { useLiveOrderGate } from '@/features/orders/hooks/use-live-order-gate';

/**
 * An intent that places orders on `account` (a ticket, a basket, a square-off, a stop-loss or a target):
 * useIntent behind the first-live-order-of-the-day confirmation. The caller renders
 * <LiveOrderDialog {...intent.question} />. Modifying or cancelling an order places nothing and uses useIntent.
 */
export function useOrderIntent(account: TradingAccount | null) {
  const gate = useLiveOrderGate(account);
  const intent = useIntent(account?.account_number ?? null, gate.ask);
  return { ...intent, question: gate.question };
}
