// /api/market-history/premium/: a strategy's combined premium as candles over a day or a range (issue 40's
// strategy premium chart), with the signed-in trader's own fills on its legs.
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const premiumRoutes: RoutePlugin = async (app, { context }) => {
  const { premium } = context.services;
  route(app, 'getStrategyPremium', async (request) => {
    const { legs, from, to, interval = '1m' } = request.query;
    return premium.strategyPremium(requireAuth(request).user.id, { legs, from: from ?? null, to: to ?? null, interval });
  });
};
