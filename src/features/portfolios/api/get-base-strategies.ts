import type { BaseStrategy } from '@/features/portfolios/api/portfolio-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** The strategies a bot can run, each with the JSON Schema of its parameters. */
export async function getBaseStrategies(): Promise<BaseStrategy[]> {
  return requireField(await mainApi().GET('/api/base_strategies/base_strategies/'), 'base_strategies').base_strategies;
}
