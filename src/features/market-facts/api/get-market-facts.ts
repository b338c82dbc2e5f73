import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

export type MarketFacts = components['schemas']['MarketFacts'];
export type MarketFact = components['schemas']['MarketFact'];

/** Every market fact in force today (IST), each with its value, effective date, source and age. */
export async function getMarketFacts(): Promise<MarketFacts> {
  const answer = await mainApi().GET('/api/market/facts/', {});
  return requireField(answer, 'facts');
}
