import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { errorFromStatus } from '@/lib/api/error-from-status';
import { requireField } from '@/lib/api/require-field';

type Schemas = components['schemas'];
export type Holding = Schemas['Holding'];
export type HoldingTrade = Schemas['HoldingTrade'];
export type HoldingOrderRequest = Schemas['HoldingOrderRequest'];
export type BrokerHolding = Schemas['BrokerHolding'];
export type BrokerHoldings = Schemas['BrokerHoldings'];

/** A paper account's sale is a trade made at once; a live account's is an order placed at its broker (in the order book). */
export type HoldingOrderAnswer = { trade: HoldingTrade } | { orders: Schemas['Order'][] };

/**
 * Sells delivered shares held, or buys back shares owed, as an equity delivery (CNC) order. `key` is the intent's
 * Idempotency-Key: the same key retried answers the first trade or order, never a second one.
 */
export async function placeHoldingOrder(accountNumber: string, key: string, body: HoldingOrderRequest): Promise<HoldingOrderAnswer> {
  const answer = await mainApi().POST('/api/position-book/holdings/{accountNumber}/orders/', {
    params: { path: { accountNumber }, header: { 'Idempotency-Key': key } },
    body,
  });
  if (answer.error !== undefined) throw errorFromStatus(answer.response.status, answer.error);
  if (answer.data !== undefined && 'orders' in answer.data) return { orders: answer.data.orders };
  return { trade: requireField({ ...answer, data: answer.data }, 'trade').trade };
}
