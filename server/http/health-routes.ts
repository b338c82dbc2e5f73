import type { RoutePlugin } from './route-plugins.ts';

type HealthBody = { status: 'ok' };

/** Liveness for load balancers and start-up checks; it touches nothing, so it stays cheap. */
export const healthRoutes: RoutePlugin = async (app) => {
  app.get('/health/', async (): Promise<HealthBody> => ({ status: 'ok' }));
};
