// The strategy premium chart's service: the signed-in trader's view of a strategy's premium (premium-series.ts).
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { strategyPremium, type PremiumQuery, type StrategyPremium } from './premium-series.ts';

export type PremiumService = { strategyPremium(userId: number, query: PremiumQuery): Promise<StrategyPremium> };

export function createPremiumService(db: Database, clock: Clock): PremiumService {
  return { strategyPremium: (userId, query) => strategyPremium(db, clock, userId, query) };
}
