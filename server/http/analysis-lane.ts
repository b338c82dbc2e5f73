// The analysis routes (charts, market history and its imports, backtests, replays) answer in the analysis lane
// (server/db/lanes.ts): their statements, and those of whatever they start (an import stored after its answer,
// a replay's book), wait in the database's queue behind any trading statement (issue 61: trading has priority
// over analysis everywhere a queue exists). Only the handler is in the lane: the hooks before it (signing in)
// are the trading lane's, as every request's.
import type { RouteHandlerMethod } from 'fastify';
import { inLane } from '../db/lanes.ts';
import type { RoutePlugin } from './route-plugins.ts';

/** One plugin registering `plugins`, each of their routes' handlers run in the analysis lane. */
export function inAnalysisLane(plugins: readonly RoutePlugin[]): RoutePlugin {
  return async (app, { context }) => {
    app.addHook('onRoute', (route) => {
      const handler = route.handler;
      route.handler = function analysisHandler(this: ThisParameterType<RouteHandlerMethod>, request, reply) {
        return inLane('analysis', () => handler.call(this, request, reply));
      } as RouteHandlerMethod;
    });
    for (const plugin of plugins) await app.register(plugin, { context });
  };
}
