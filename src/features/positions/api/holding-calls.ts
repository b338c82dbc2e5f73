import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

type Schemas = components['schemas'];
export type Holding = Schemas['Holding'];
export type HoldingTrade = Schemas['HoldingTrade'];
export type HoldingOrderRequest = Schemas['HoldingOrderRequest'];

/**
 * Sells delivered shares held, or buys back shares owed, as an equity delivery order (paper accounts). `key` is the
 * intent's Idempotency-Key: the same key retried answers the first trade, never a second one.
 */
export async function placeHoldingOrder(accountNumber: string, key: string, body: HoldingOrderRequest): Promise<HoldingTrade> {
  const answer = await mainApi().POST('/api/position-book/holdings/{accountNumber}/orders/', {
    params: { path: { accountNumber }, header: { 'Idempotency-Key': key } },
    body,
  });
  return requireField(answer, 'trade').trade;
}
