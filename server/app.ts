// Builds the Fastify instance (without listening): security headers, compression, error shape, the
// API route trees and the built PWA. main.ts listens; tests use `app.inject`.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { LogLevel } from './config.ts';
import { registerApiNoStore } from './http/cache-policy.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandler, sendError } from './http/errors.ts';
import { registerFallback } from './http/fallback.ts';
import { analyticsRoutes, apiRoutes, rootRoutes, type RouteContext } from './http/route-plugins.ts';
import { buildSecurityHeaders, registerSecurityHeaders } from './http/security-headers.ts';
import { registerStaticFiles } from './http/static-files.ts';

export type ServerOptions = {
  /** Vite's output folder (index.html, sw.js, assets/...). It may be missing: app routes then answer 503. */
  distDir: string;
  /** Where the server keeps its data (the embedded database). */
  dataDir: string;
  logger?: boolean;
  logLevel?: LogLevel;
  /** Origins added to the CSP connect-src, e.g. an external analytics backend. */
  extraConnectSrc?: string[];
};

/** Trading requests are small JSON documents; anything bigger is a mistake or an attack. */
export const bodyLimitBytes = 1024 * 1024;

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const logLevel = options.logLevel ?? 'info';
  const securityHeaders = buildSecurityHeaders({ extraConnectSrc: options.extraConnectSrc ?? [] });
  const app = Fastify({
    logger: options.logger === true ? { level: logLevel } : false,
    // One line per request is noise at the default level; `LOG_LEVEL=debug` brings it back.
    logController: new LogController({ disableRequestLogging: logLevel !== 'debug' && logLevel !== 'trace' }),
    bodyLimit: bodyLimitBytes,
    // Django-style clients are inconsistent about the trailing slash; accept both spellings.
    routerOptions: { ignoreTrailingSlash: true },
    // Raised before routing, so no hook runs for it: answer in the usual shape, with the usual headers.
    frameworkErrors: (error, _request, reply) => {
      reply.headers(securityHeaders);
      sendError(reply, 400, 'bad_request', error.message);
    },
  });

  registerSecurityHeaders(app, securityHeaders);
  registerApiNoStore(app);
  registerErrorHandler(app);
  await registerCompression(app);

  const context: RouteContext = { dataDir: options.dataDir };
  await app.register(apiRoutes, { prefix: '/api', context });
  await app.register(analyticsRoutes, { prefix: '/analytics', context });
  await app.register(rootRoutes, { context });

  await registerStaticFiles(app, { distDir: options.distDir });
  registerFallback(app, { distDir: options.distDir });
  return app;
}
