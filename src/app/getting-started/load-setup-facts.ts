/**
 * Reads what the trader has, for the getting-started screens: their broker accounts, the portfolios of
 * each, and the bots of the portfolios until one is found (a trader with many portfolios does not pay
 * for reading every bot list just to learn there is at least one).
 */
import { getBrokerAccounts } from '@/features/brokers/api/get-broker-accounts';
import { isSessionOpen } from '@/lib/session/session-open';
import { getDailyBots } from '@/features/portfolios/api/get-daily-bots';
import { getPortfolios } from '@/features/portfolios/api/get-portfolios';
import { getTradingBots } from '@/features/portfolios/api/get-trading-bots';
import type { SetupFacts } from '@/app/getting-started/setup-progress';

async function anyBot(portfolioIds: readonly number[]): Promise<boolean> {
  for (const id of portfolioIds) {
    const [trading, daily] = await Promise.all([getTradingBots(id), getDailyBots(id)]);
    if (trading.length + daily.length > 0) return true;
  }
  return false;
}

export async function loadSetupFacts(): Promise<SetupFacts> {
  const accounts = await getBrokerAccounts();
  const portfolios = (await Promise.all(accounts.map((account) => getPortfolios(account.id)))).flat();
  return {
    hasAccount: accounts.length > 0,
    loggedIn: accounts.some((account) => isSessionOpen(account)),
    hasPortfolio: portfolios.length > 0,
    hasBot: await anyBot(portfolios.map((portfolio) => portfolio.id)),
  };
}
