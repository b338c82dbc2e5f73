// /api/market/facts/: every market fact in force on a day with its source and age (the Market facts screen,
// issue 60; server/services/market/facts/market-facts.ts). Shared market data: any signed-in trader.
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const marketFactsRoutes: RoutePlugin = async (app, { context }) => {
  const { marketFacts } = context.services;

  route(app, 'getMarketFacts', async (request) => {
    requireAuth(request);
    return marketFacts.on(request.query.day ?? null);
  });
};
