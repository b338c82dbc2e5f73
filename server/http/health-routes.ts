import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

/** Liveness for load balancers and start-up checks; it touches nothing, so it stays cheap. */
export const healthRoutes: RoutePlugin = async (app) => {
  route(app, 'getHealth', async () => ({ status: 'ok' as const }));
};
