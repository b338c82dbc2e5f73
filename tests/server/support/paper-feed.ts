// A paper account for the tests of paper trading on a live account's feed (issue 38), on a Kite or an Upstox
// stack: made and logged in on the desk's trader, and put on a feed (or back on the simulator) as the
// broker screen's "Prices from" does.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ContractCall } from './contract-client.ts';
import { createBrokerAccount, paperBrokerLogin, type BrokerAccount } from './trading.ts';
import { settle } from './settle.ts';

export type Paper = BrokerAccount & { market_account_id?: number | null };
type Stack = { call: ContractCall; server: { app: FastifyInstance } };
type Schemas = components['schemas'];
type PaperOrder = { tradingsymbol: string; transaction_type: 'BUY' | 'SELL'; quantity: number } & Record<string, unknown>;

/** A logged-in paper account of ₹5,00,000 (or `capital`) of the trader signed in as `token`. */
export async function loggedInPaper(stack: Stack, token: string, capital = 500000): Promise<Paper> {
  const { input, account } = await createBrokerAccount(stack.call, token, { broker: 'paper', capital });
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

/** A live broker's test server and feed, as the paper-on-a-feed scenario drives them. */
export type FeedUnderTest = {
  /** Moves the contract's last price at the broker (its test server quotes a tick either side of it). */
  setLast: (price: number) => void;
  /** While on, the feed sends nothing (no price, no ping or pong). */
  silence: (on: boolean) => void;
  /** Steps the feed's timers past its silence limit, then past its reconnect's backoff. */
  goStale: () => void;
  reopen: () => void;
  /** The order writes that reached the broker. */
  orderWrites: () => readonly unknown[];
  /** How a refusal names the feed: "<broker> · <account>". */
  name: string;
};

type Paced = Stack & { server: { clock: { now: () => Date; advance: (ms: number) => void } }; services: { paperTrading: { onTick: (now: Date) => Promise<unknown> } } };

/**
 * A paper account on a live account's feed, the feed hearing the contract at 160: bought at the ask (160.05) with
 * nothing sent to the broker; a limit sell at 165 held while the feed is silent past its limit (the broker's price
 * crossing it unheard) and new orders refused as "prices delayed"; then, fresh prices back, filled at the bid
 * (169.95), its limit or better.
 */
export async function fillsAtTheFeedsTouch(stack: Paced, token: string, paper: Pick<Paper, 'account_number'>, tradingsymbol: string, quantity: number, feed: FeedUnderTest, delayed: () => boolean) {
  const place = (side: 'BUY' | 'SELL', extra: Record<string, unknown> = {}) => placePaperOrder(stack, token, paper, { tradingsymbol, transaction_type: side, quantity, ...extra });
  const bought = await place('BUY');
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  expect(bought.body.orders[0]).toMatchObject({ status: 'COMPLETE', average_price: 160.05 });
  // Nothing went to the broker: the paper account only reads its prices.
  expect(feed.orderWrites()).toHaveLength(0);
  const target = await place('SELL', { order_type: 'LIMIT', price: 165 });
  expect(target.body.orders[0]).toMatchObject({ status: 'OPEN' });
  const targetStatus = async () => (await paperOrderOf(stack, token, paper, target.body.orders[0]!.order_id))?.status;

  feed.silence(true);
  feed.goStale();
  await settle(delayed);
  feed.setLast(170);
  stack.server.clock.advance(1000);
  await stack.services.paperTrading.onTick(stack.server.clock.now());
  expect(await targetStatus()).toBe('OPEN');
  const refused = await place('BUY');
  expect(refused.status).toBe(422);
  expect(textCode(refused.body)).toBe('refusal.paper_feed_delayed');
  expect((refused.body as { message: string }).message).toContain(feed.name);

  feed.silence(false);
  feed.reopen();
  await settle(async () => {
    stack.server.clock.advance(1000);
    await stack.services.paperTrading.onTick(stack.server.clock.now());
    return (await targetStatus()) === 'COMPLETE';
  });
  expect((await paperOrderOf(stack, token, paper, target.body.orders[0]!.order_id))?.average_price).toBe(169.95);
  expect(feed.orderWrites()).toHaveLength(0);
}
