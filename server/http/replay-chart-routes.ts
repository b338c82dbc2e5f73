// /api/replays/:id/candles/: the replayed index's candles up to the replayed minute (issue 39), for the charts
// while a replay is open (services/analysis/replay/replay-candles.ts). Read from market history alone: no replay book is
// opened for it.
import type { FastifyRequest } from 'fastify';
import { replayCandles, replayInstant, replayOf } from '../services/analysis/index.ts';
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const replayChartRoutes: RoutePlugin = async (app, { context }) => {
  const { replays } = context.services;
  const userId = (request: FastifyRequest) => requireAuth(request).user.id;

  route(app, 'getReplayCandles', async (request) => {
    const row = await replays.read(userId(request), request.params.id);
    const now = context.clock();
    const interval = request.query.interval ?? '1m';
    return { replay: replayOf(row, now), interval, candles: await replayCandles(context.db, row, replayInstant(row, now), interval) };
  });
};
