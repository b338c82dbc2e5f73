// An underlying's futures rollover over the last days before its near month's expiry (issue 63):
// GET /api/market-history/rollover/, from the futures bhavcopies imported in market history.
import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

export type Rollover = components['schemas']['Rollover'];
export type RolloverDay = components['schemas']['RolloverDay'];

export async function getRollover(index: string): Promise<Rollover> {
  return requireField(await mainApi().GET('/api/market-history/rollover/', { params: { query: { index } } }), 'days');
}
