// The one place where HTTP routes are wired in. Each backend contract is a plugin tree under its own
// prefix; add a feature's routes by registering its plugin in the matching list below. Paths inside a
// plugin are relative to the prefix (`/health/` here answers `/api/health/`).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { PublicRuntimeConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Clock } from '../services/clock.ts';
import type { Services } from '../services/services.ts';
import { alertRoutes } from './alert-routes.ts';
import { inAnalysisLane } from './analysis-lane.ts';
import { analyticsTableRoutes } from './analytics-routes.ts';
import { authRoutes } from './auth-routes.ts';
import { backtestRoutes } from './backtest-routes.ts';
import { botRoutes } from './bot-routes.ts';
import { tradingRoutes } from './trading-routes.ts';
import { brokerAccountRoutes } from './broker-account-routes.ts';
import { brokerLoginRoutes } from './broker-login-routes.ts';
import { configRoutes } from './config-routes.ts';
import { healthRoutes } from './health-routes.ts';
import { kiteRoutes } from './kite-routes.ts';
import { upstoxRoutes } from './upstox-routes.ts';
import { dhanRoutes } from './dhan-routes.ts';
import { ivRoutes } from './iv-routes.ts';
import { marketHistoryRoutes } from './market-history-routes.ts';
import { openInterestRoutes } from './open-interest-routes.ts';
import { marketDataRoutes, marketRoutes } from './market-routes.ts';
import { marketFactsRoutes } from './market-facts-routes.ts';
import { underlyingRoutes } from './underlying-routes.ts';
import { banListRoutes } from './ban-list-routes.ts';
import { portfolioRoutes } from './portfolio-routes.ts';
import { premiumRoutes } from './premium-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { replayRoutes } from './replay-routes.ts';
import { replayBotRoutes } from './replay-bot-routes.ts';
import { webhookRoutes } from './webhook-routes.ts';
import { approvalRoutes } from './approval-routes.ts';
import { replayChartRoutes } from './replay-chart-routes.ts';

/** What route plugins may need from the server. Routes call services; only services touch `db`. */
export type RouteContext = {
  dataDir: string;
  db: Database;
  clock: Clock;
  services: Services;
  /** Served at /config.json. */
  publicConfig: PublicRuntimeConfig;
  /** Whether the answer goes over TLS (directly, through a trusted proxy, or to the https PUBLIC_ORIGIN). */
  overTls: (request: FastifyRequest) => boolean;
};

/**
 * Plugin options carry the context under one key: Fastify also puts `prefix` in the options object, and
 * passing that object on to a child plugin would prefix its routes twice.
 */
export type RoutePluginOptions = { context: RouteContext };

export type RoutePlugin = FastifyPluginAsync<RoutePluginOptions>;

/**
 * The trading backend, mounted at /api (Django-style paths with trailing slashes). The analysis routes (charts,
 * history, backtests, replays) answer in the analysis lane: the database serves every other route first.
 */
export const apiRoutes: RoutePlugin = async (app, { context }) => {
  const plugins: RoutePlugin[] = [
    healthRoutes, authRoutes, profileRoutes, brokerAccountRoutes, kiteRoutes, upstoxRoutes, dhanRoutes, portfolioRoutes, botRoutes, marketRoutes, tradingRoutes, alertRoutes,
    inAnalysisLane([marketHistoryRoutes, openInterestRoutes, ivRoutes, premiumRoutes, backtestRoutes, replayRoutes, replayBotRoutes, replayChartRoutes]),
    webhookRoutes, approvalRoutes, marketFactsRoutes, underlyingRoutes, banListRoutes,
  ];
  for (const plugin of plugins) await app.register(plugin, { context });
};

/** The analytics backend, mounted at /analytics (PostgREST tables under /rest/v1, functions under /functions/v1). */
export const analyticsRoutes: RoutePlugin = async (app, { context }) => {
  const plugins: RoutePlugin[] = [analyticsTableRoutes, marketDataRoutes];
  for (const plugin of plugins) await app.register(plugin, { context });
};

/** Routes outside both backends, at the site root (e.g. /config.json, /broker-login); they win over static files. */
export const rootRoutes: RoutePlugin = async (app, { context }) => {
  const plugins: RoutePlugin[] = [configRoutes, brokerLoginRoutes];
  for (const plugin of plugins) await app.register(plugin, { context });
};
