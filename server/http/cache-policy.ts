// How long browsers and CDNs may keep each kind of answer.
import type { FastifyInstance } from 'fastify';

/** Files whose name never changes between releases but whose content does: always revalidate. */
const revalidatedFiles = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

/** `relativePath` is the file's path inside the dist folder, with forward slashes. */
export function staticCacheControl(relativePath: string): string {
  // Vite puts a content hash in every name under assets/: a new release gets new names, so a
  // cached copy can never be stale.
  if (relativePath.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  const name = relativePath.split('/').pop() ?? relativePath;
  if (revalidatedFiles.has(name) || name.endsWith('.html')) return 'no-cache';
  // Icons, screenshots and the favicon keep their names across releases, so a year-long cache would
  // pin old artwork; an hour spares repeat downloads yet lets a new icon show up the same day (the
  // service worker precaches the ones the app needs offline anyway).
  return 'public, max-age=3600';
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

export function isAnalyticsPath(url: string): boolean {
  return url === '/analytics' || url.startsWith('/analytics/') || url.startsWith('/analytics?');
}

/** Trading answers are personal and change by the second: no cache, shared or private, may keep them. */
export function registerApiNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
