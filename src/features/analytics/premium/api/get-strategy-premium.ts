// A strategy's combined premium as candles (issue 40): GET /api/market-history/premium/.
import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';
import { shownByScreen } from '@/lib/api/api-error';

export type StrategyPremium = components['schemas']['StrategyPremium'];
export type PremiumInterval = components['schemas']['PremiumInterval'];
export type PriceSource = components['schemas']['PriceSource'];

export type PremiumQuery = { legs: string; from?: string; to?: string; interval: PremiumInterval };

/** The chart says in its place that a leg has no prices in the range (premium-screen.tsx, NoPricesState). */
const inPlace = shownByScreen('premium.no_prices');

export async function getStrategyPremium(query: PremiumQuery): Promise<StrategyPremium> {
  const answer = await mainApi().GET('/api/market-history/premium/', { params: { query }, middleware: [inPlace] });
  return requireField(answer, 'time', 'close');
}
