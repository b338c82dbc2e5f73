// A signed-in trader who owns one of everything an operation can name: a broker account, a portfolio,
// a trading bot and a daily bot. Bad requests aimed at these objects get past authentication and
// ownership, so they reach validation, the services and the database.
import { expect } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, tradingBotBody } from '../support/trading.ts';

export type Owner = {
  token: string;
  accountId: number;
  accountNumber: string;
  portfolioId: number;
  strategyId: number;
  tradingBotId: number;
  dailyBotId: number;
};

export async function createOwner(call: ContractCall): Promise<Owner> {
  const { token } = await signedInAccount(call);
  const { account } = await createBrokerAccount(call, token);
  const portfolioId = (await createPortfolio(call, token, account.id)).id;
  const strategyId = (await baseStrategies(call, token)).get('short_straddle')?.id ?? 0;
  const params = { portfolioId };
  const trading = await call<{ trading_bot: { id: number } }>('createTradingBot', { token, params, body: tradingBotBody(portfolioId, strategyId) });
  const daily = await call<{ daily_bot: { id: number } }>('createDailyBot', { token, params, body: dailyBotBody(portfolioId, strategyId) });
  expect([trading.status, daily.status]).toEqual([201, 201]);
  return {
    token,
    accountId: account.id,
    accountNumber: account.account_number,
    portfolioId,
    strategyId,
    tradingBotId: trading.body.trading_bot.id,
    dailyBotId: daily.body.daily_bot.id,
  };
}
