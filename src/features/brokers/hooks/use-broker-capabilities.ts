import type { Broker } from '@/features/brokers/api/broker-types';
import { useBrokersWith } from '@/features/brokers/hooks/use-brokers-with';
import { tradingModeOf } from '@/lib/trading/trading-mode';

/**
 * What a live account's broker takes, as the server declares it in the brokers list (whether it asks for the AMO and
 * its times, its market depth): the trading screens ask only that, never a table of their own by slug. Null while
 * the list is being read, and for paper and replay accounts, whose screens ask nothing of a broker (none is read).
 */
export function useBrokerCapabilities(account: { broker: string } | null): Broker['capabilities'] | null {
  const slug = account !== null && tradingModeOf(account) === 'live' ? account.broker : null;
  const brokers = useBrokersWith(slug);
  return brokers.find((broker) => broker.name === slug)?.capabilities ?? null;
}
