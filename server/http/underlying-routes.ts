// /api/market/underlyings/: the underlying search box (issue 63): indices and F&O stocks by symbol prefix or name,
// from the dated tables held in memory (services/market/underlyings/). Shared market data: any signed-in trader.
// Bad input (too long, control characters) is refused by the contract's schema of `q` with a 400, before this.
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const underlyingRoutes: RoutePlugin = async (app, { context }) => {
  const { underlyings } = context.services;

  route(app, 'getUnderlyings', async (request) => {
    requireAuth(request);
    return underlyings.search(request.query.q ?? '');
  });
};
