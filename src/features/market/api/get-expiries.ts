import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

export type IndexName = components['schemas']['IndexName'];
export type Expiry = components['schemas']['Expiry'];

/** The option expiries an index has from today, nearest first. */
export async function getExpiries(index: IndexName): Promise<Expiry[]> {
  const answer = await mainApi().GET('/api/market/expiries/', { params: { query: { index } } });
  return requireField(answer, 'expiries').expiries;
}
