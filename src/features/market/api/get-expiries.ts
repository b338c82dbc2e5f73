import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

export type IndexName = components['schemas']['IndexName'];
export type Expiry = components['schemas']['Expiry'];
export type FutureInstrument = components['schemas']['FutureInstrument'];
export type ExpiriesAnswer = components['schemas']['ExpiriesResponse'];

/** An underlying's option expiries from today (nearest first), its own instrument and its futures months. */
export async function getExpiries(index: string): Promise<ExpiriesAnswer> {
  const answer = await mainApi().GET('/api/market/expiries/', { params: { query: { index } } });
  return requireField(answer, 'expiries');
}
