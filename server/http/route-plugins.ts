// The one place where HTTP routes are wired in. Each backend contract is a plugin tree under its own
// prefix; add a feature's routes by registering its plugin in the matching list below. Paths inside a
// plugin are relative to the prefix (`/health/` here answers `/api/health/`).
import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health-routes.ts';

/** What route plugins may need from the server; grows as the database and services arrive. */
export type RouteContext = {
  dataDir: string;
};

/**
 * Plugin options carry the context under one key: Fastify also puts `prefix` in the options object, and
 * passing that object on to a child plugin would prefix its routes twice.
 */
export type RoutePluginOptions = { context: RouteContext };

export type RoutePlugin = FastifyPluginAsync<RoutePluginOptions>;

/** The trading backend, mounted at /api (Django-style paths with trailing slashes). */
export const apiRoutes: RoutePlugin = async (app, { context }) => {
  const plugins: RoutePlugin[] = [healthRoutes];
  for (const plugin of plugins) await app.register(plugin, { context });
};

/** The analytics backend, mounted at /analytics (PostgREST tables under /rest/v1, functions under /functions/v1). */
export const analyticsRoutes: RoutePlugin = async (app, { context }) => {
  const plugins: RoutePlugin[] = [];
  for (const plugin of plugins) await app.register(plugin, { context });
};

/** Routes outside both backends, at the site root (e.g. /config.json, /broker-login); they win over static files. */
export const rootRoutes: RoutePlugin = async (app, { context }) => {
  const plugins: RoutePlugin[] = [];
  for (const plugin of plugins) await app.register(plugin, { context });
};
