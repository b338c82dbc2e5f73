// /api/market-history/open-interest/*: the open-interest charts (issue 40), an expiry's OI through a day and across
// days, read out of market history (server/services/open-interest/oi-charts.ts). Read-only market data.
import type { OiInterval } from '../services/open-interest/oi-charts.ts';
import { defaultRolloverDays } from '../services/open-interest/rollover.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const openInterestRoutes: RoutePlugin = async (app, { context }) => {
  const { openInterest } = context.services;

  route(app, 'getOpenInterestDay', async (request) => {
    const { index, day, expiry, strikes, interval } = request.query;
    return openInterest.dayAnswer(index, day ?? null, expiry ?? null, strikes, (interval ?? 5) as OiInterval);
  });

  route(app, 'getOpenInterestDays', async (request) => {
    const { index, expiry, from, to, strikes } = request.query;
    return openInterest.daysAnswer(index, expiry, from ?? null, to ?? null, strikes);
  });

  route(app, 'getRollover', async (request) => {
    const { index, expiry, days } = request.query;
    return openInterest.rollover(index, expiry ?? null, days ?? defaultRolloverDays);
  });
};
