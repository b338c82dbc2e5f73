// A paper account for the tests of paper trading on a live account's feed (issue 38), on a Kite or an Upstox
// stack: made and logged in on the desk's trader, and put on a feed (or back on the simulator) as the
// broker screen's "Prices from" does.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ContractCall } from './contract-client.ts';
import { createBrokerAccount, paperBrokerLogin, type BrokerAccount } from './trading.ts';

export type Paper = BrokerAccount & { market_account_id?: number | null };
type Stack = { call: ContractCall; server: { app: FastifyInstance } };
type Schemas = components['schemas'];
type PaperOrder = { tradingsymbol: string; transaction_type: 'BUY' | 'SELL'; quantity: number } & Record<string, unknown>;

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

/** Places one order on the paper account as the trader signed in as `token`: a MARKET NRML order on NFO unless `order` says otherwise. */
export const placePaperOrder = (stack: Stack, token: string, paper: Pick<Paper, 'account_number'>, order: PaperOrder) =>
  stack.call<Schemas['OrdersResponse']>('placeTrades', {
    token,
    body: { account_number: paper.account_number, orders: [{ exchange: 'NFO', order_type: 'MARKET', product: 'NRML', ...order }] },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });

/** One order of the paper account's book, as its trader reads it. */
export async function paperOrderOf(stack: Stack, token: string, paper: Pick<Paper, 'account_number'>, orderId: string) {
  const res = await stack.call<Schemas['OrderBookResponse']>('getOrderBook', { token, params: { accountNumber: paper.account_number } });
  return res.body.order_book.find((order) => order.order_id === orderId);
}

/** The text code a refusal carries (details.text.code): which refusal it is, whatever the language. */
export const textCode = (body: unknown) => (body as { details?: { text?: { code?: string } } }).details?.text?.code;
