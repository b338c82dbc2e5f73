// What answers when no route and no file matched. Browsers navigating to a client-side route
// (/app/order_book, /auth/login?redirect=...) get the app shell; API callers and missing hashed assets
// get a JSON 404, so a stale chunk name fails loudly instead of being parsed as HTML.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAnalyticsPath, isApiPath } from './cache-policy.ts';
import { sendNotFound } from './errors.ts';
import { hasAppShell, sendAppShell } from './static-files.ts';

export type FallbackOptions = { distDir: string };

const notBuiltMessage =
  'StrikeDesk has not been built yet: the web app files (index.html) are missing.\n' +
  'Run `npm run build` (or `npm start`, which builds when needed), then reload this page.\n';

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * A path whose last segment has an extension (favicon.ico, config.json) names a file; when it is missing,
 * only a browser navigation (which asks for HTML) should still see the app.
 */
function wantsAppShell(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = pathOf(request.url);
  if (isApiPath(path) || isAnalyticsPath(path) || path.startsWith('/assets/')) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  if (!lastSegment.includes('.') || lastSegment.endsWith('.html')) return true;
  return (request.headers.accept ?? '').includes('text/html');
}

export function registerFallback(app: FastifyInstance, { distDir }: FallbackOptions): void {
  app.setNotFoundHandler((request, reply) => {
    if (!wantsAppShell(request)) return sendNotFound(reply);
    if (!hasAppShell(distDir)) {
      return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(notBuiltMessage);
    }
    return sendAppShell(request, reply, { distDir, path: pathOf(request.url) });
  });
}
