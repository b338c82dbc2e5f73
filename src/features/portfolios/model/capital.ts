import type { BrokerAccount, Portfolio } from '@/features/portfolios/api/portfolio-types';

/** What an account's portfolios hold together. */
export function allocatedCapital(portfolios: readonly Portfolio[]): number {
  return portfolios.reduce((sum, portfolio) => sum + portfolio.capital, 0);
}

/** What a portfolio can hold at most: the account's capital less what its other portfolios hold. */
export function freeCapital(account: BrokerAccount, portfolios: readonly Portfolio[], editingId?: number): number {
  const others = portfolios.filter((portfolio) => portfolio.id !== editingId);
  return Math.max(0, account.capital - allocatedCapital(others));
}
