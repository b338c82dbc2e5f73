// GET /config.json: where the PWA finds its backends, read from the server's environment, so one build
// can be pointed at other backends without rebuilding (the client reads it at start, see
// src/lib/api/runtime-config.ts).
import type { RoutePlugin } from './route-plugins.ts';

type RuntimeConfigBody = { api_base_url: string; analytics_url: string; analytics_anon_key: string; webhook_origin: string };

export const configRoutes: RoutePlugin = async (app, { context }) => {
  const body: RuntimeConfigBody = {
    api_base_url: context.publicConfig.apiBaseUrl,
    analytics_url: context.publicConfig.analyticsUrl,
    analytics_anon_key: context.publicConfig.analyticsAnonKey,
    webhook_origin: context.publicConfig.webhookOrigin,
  };
  app.get('/config.json', async (_request, reply) => {
    // Revalidated on every start of the app, so a changed backend URL takes effect at the next load.
    reply.header('cache-control', 'no-cache');
    return body;
  });
};
