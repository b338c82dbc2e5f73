// The out-of-hours order a trader did not choose as an AMO, on a broker that asks for the choice (Dhan, Shoonya,
// Flattrade: LiveWire.afterMarketByChoice): a REJECTED order in the trader's words, nothing sent to the broker.
import { expect } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';

type Placed = { status: number; body: components['schemas']['OrdersResponse'] };

/** Places an order without `after_market` under `tag` (the caller's clock stands out of hours) and checks the refusal. */
export async function expectUnchosenAmoRefused(tag: string, place: (tag: string) => Promise<Placed>, sentWith: (tag: string) => unknown[]): Promise<void> {
  const refused = await place(tag);
  expect(refused.status, JSON.stringify(refused.body)).toBe(200);
  expect(refused.body.orders[0]).toMatchObject({ status: 'REJECTED', tag, status_message_i18n: { code: 'order.amo_not_chosen' } });
  expect(refused.body.orders[0]!.status_message).toContain('Choose "After market order"');
  expect(sentWith(tag)).toEqual([]);
}
