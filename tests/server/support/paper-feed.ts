// A paper account for the tests of paper trading on a live account's feed (issue 38), on a Kite or an Upstox
// stack: made and logged in on the desk's trader, and put on a feed (or back on the simulator) as the
// broker screen's "Prices from" does.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ContractCall } from './contract-client.ts';
import { createBrokerAccount, paperBrokerLogin, type BrokerAccount } from './trading.ts';

export type Paper = BrokerAccount & { market_account_id?: number | null };
type Stack = { call: ContractCall; server: { app: FastifyInstance } };

/** A logged-in paper account of ₹5,00,000 of the trader signed in as `token`. */
export async function loggedInPaper(stack: Stack, token: string): Promise<Paper> {
  const { input, account } = await createBrokerAccount(stack.call, token, { broker: 'paper', capital: 500000 });
  const login = await stack.call('loginBrokerAccount', {
    token,
    params: { accountId: account.id },
    body: { request_token: await paperBrokerLogin(stack.server.app, input), broker_name: 'paper' },
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return account;
}

/** Puts a paper account on a live account's feed (null: the simulated market). */
export const chooseMarket = (stack: Stack, token: string, accountId: number, marketAccountId: number | null) =>
  stack.call<{ broker_accounts: Paper }>('updateBrokerAccount', { token, params: { id: accountId }, body: { market_account_id: marketAccountId } });
