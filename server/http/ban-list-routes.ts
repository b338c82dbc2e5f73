// /api/market/ban-list/: the F&O ban list by trade date, read and imported from NSE's file (issue 63;
// services/market/ban-list/). Shared market data: any signed-in trader reads it and may import, as market history.
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const banListRoutes: RoutePlugin = async (app, { context }) => {
  const { banList } = context.services;

  route(app, 'getBanList', async (request) => {
    requireAuth(request);
    const { asked, list } = await banList.on(request.query.day);
    return list === null ? { trade_date: asked, known: false, symbols: [], source: null } : { ...list, known: true };
  });

  route(app, 'importBanList', async (request) => {
    const { user } = requireAuth(request);
    const { imported, ...list } = await banList.importFile(user.id, request.body.file_text);
    return { ...list, known: true as const, imported };
  });
};
