import type { components } from '@openapi/main';
import type { IndexName } from '@/features/market/api/get-expiries';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

export type Instruments = components['schemas']['InstrumentsResponse'];
export type OptionInstrument = components['schemas']['OptionInstrument'];

/** Every listed option of an index for one expiry, strikes around the money. */
export async function getInstruments(index: IndexName, expiry: string): Promise<Instruments> {
  const answer = await mainApi().GET('/api/market/instruments/', { params: { query: { index, expiry } } });
  return requireField(answer, 'instruments');
}
