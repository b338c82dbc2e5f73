import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** An index or F&O stock as the dated tables say on the day: lot, strike step, settlement, ban. */
export type UnderlyingRow = components['schemas']['Underlying'];

/** The underlyings whose symbol starts with `text` or whose name contains it (indices first, at most 20). */
export async function searchUnderlyings(text: string, signal?: AbortSignal): Promise<UnderlyingRow[]> {
  const q = text.trim();
  const answer = await mainApi().GET('/api/market/underlyings/', { params: { query: q === '' ? {} : { q } }, signal });
  return requireField(answer, 'underlyings').underlyings;
}
