// A strategy's combined premium as candles (issue 40): GET /api/market-history/premium/.
import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

export type StrategyPremium = components['schemas']['StrategyPremium'];
export type PremiumInterval = components['schemas']['PremiumInterval'];
export type PriceSource = components['schemas']['PriceSource'];

export type PremiumQuery = { legs: string; from?: string; to?: string; interval: PremiumInterval };

export async function getStrategyPremium(query: PremiumQuery): Promise<StrategyPremium> {
  return requireField(await mainApi().GET('/api/market-history/premium/', { params: { query } }), 'time', 'close');
}
