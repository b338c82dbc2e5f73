import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

export type Instruments = components['schemas']['InstrumentsResponse'];
export type OptionInstrument = components['schemas']['OptionInstrument'];
/** An index or a stock the simulator prices, by its exchange symbol. */
export type Underlying = components['schemas']['UnderlyingSymbol'];

/** Every listed option of an underlying (an index, or a stock the simulator prices) for one expiry, strikes around the money. */
export async function getInstruments(index: Underlying, expiry: string): Promise<Instruments> {
  const answer = await mainApi().GET('/api/market/instruments/', { params: { query: { index, expiry } } });
  return requireField(answer, 'instruments');
}
