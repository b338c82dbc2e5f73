// /api/market-history/iv/*: the implied volatility charts' reads of market history (issue 40): an expiry's ATM IV
// over a day, the near month's ATM IV across days with IV rank and IV percentile, and an expiry's smile against an
// earlier one (server/services/history/volatility/iv-charts.ts). Reads of shared market data: any signed-in trader.
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const ivRoutes: RoutePlugin = async (app, { context }) => {
  const { ivCharts } = context.services;

  route(app, 'getIvDay', async (request) => {
    requireAuth(request);
    const { index, day, expiry } = request.query;
    return ivCharts.day(index, day ?? null, expiry ?? null);
  });

  route(app, 'getIvHistory', async (request) => {
    requireAuth(request);
    const { index, to, lookback_days: lookbackDays } = request.query;
    return ivCharts.history(index, to ?? null, lookbackDays ?? 365);
  });

  route(app, 'getIvSmile', async (request) => {
    requireAuth(request);
    const { index, expiry, at, against } = request.query;
    return ivCharts.smile(index, expiry ?? null, at ?? null, against ?? null);
  });

  // The volatility screen's first open: its three reads in one request (a round trip each on a slow network).
  route(app, 'getIvFirstOpen', async (request) => {
    requireAuth(request);
    const { index, expiry } = request.query;
    const [history, day, smile] = await Promise.all([
      ivCharts.history(index, null, 365),
      ivCharts.day(index, null, expiry ?? null),
      ivCharts.smile(index, expiry ?? null, null, null),
    ]);
    return { history, day, smile };
  });
};
