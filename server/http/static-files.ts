// Serves the built PWA (Vite's dist folder). Files that exist are sent with the cache policy of their
// kind; everything else falls through to the not-found handler (see fallback.ts), which decides between
// the app shell, a JSON 404 and the "not built yet" answer.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAnalyticsPath, isApiPath, staticCacheControl } from './cache-policy.ts';
import { routeShell } from './route-preloads.ts';

export type StaticFilesOptions = { distDir: string };

/**
 * Every file of the build as the path it is served at ('assets/index-AbC123.js'), listed once: dot files (build
 * bookkeeping such as .vite/manifest.json) and the compressed copies (sent in place of their file) left out.
 */
function builtFiles(distDir: string): string[] {
  return readdirSync(distDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(distDir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !/\.(br|gz)$/.test(path) && !path.split('/').some((segment) => segment.startsWith('.')));
}

export async function registerStaticFiles(app: FastifyInstance, { distDir }: StaticFilesOptions): Promise<void> {
  const sendOptions = {
    root: distDir,
    cacheControl: false,
    // The build writes brotli and gzip copies beside its text files (scripts/precompress.ts): sent as they
    // are when the browser accepts them, so nothing is compressed per request. Other files, or a build
    // without copies, are compressed on the fly (compression.ts), which leaves an encoded answer alone.
    preCompressed: true,
    // A compressed copy (index.html.br) takes the policy of the file it stands for (index.html).
    setHeaders: (reply: { header: (name: string, value: string) => unknown }, filePath: string) => {
      const served = relative(distDir, filePath).split(sep).join('/');
      reply.header('cache-control', staticCacheControl(served.replace(/\.(br|gz)$/, '')));
    },
  };
  if (!hasAppShell(distDir)) {
    // No build yet (`npm run dev`, or before the first build): the fallback answers 503 until there is one, and
    // @fastify/static's wildcard route finds the files of a build made later.
    await app.register(fastifyStatic, {
      ...sendOptions,
      prefix: '/',
      suppressWarning: true,
      index: ['index.html'],
      redirect: false,
      dotfiles: 'ignore',
      // API paths never come from disk, even if a file of that name were in dist/.
      allowedPath: (pathName) => !isApiPath(pathName) && !isAnalyticsPath(pathName),
    });
    return;
  }
  // A route per file of the build, listed at start, rather than the wildcard route, which checks the spelling of
  // each request's path against the disk (two directory reads an asset: about 7 % of the browser suite's server
  // CPU, docs/testing.md). A new build is served from the next start, as `npm start` does.
  await app.register(fastifyStatic, { ...sendOptions, serve: false });
  for (const file of builtFiles(distDir)) {
    app.route({ method: ['GET', 'HEAD'], url: `/${file}`, handler: (_request, reply) => reply.sendFile(file) });
  }
  app.route({ method: ['GET', 'HEAD'], url: '/', handler: (_request, reply) => reply.sendFile('index.html') });
  // What no file route takes still reaches the not-found handler (fallback.ts) through a route, as it did through
  // the wildcard: the bare not-found handler runs none of the routes' hooks, so the app shell a navigation gets
  // would go out uncompressed.
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: (_request, reply) => reply.callNotFound() });
}

export function hasAppShell(distDir: string): boolean {
  return existsSync(join(distDir, 'index.html'));
}

/**
 * index.html with a 200, for client-side routes such as /app/order_book; for an address the build listed
 * (a chart screen), the same page with its screen's files preloaded (route-preloads.ts).
 */
export function sendAppShell(request: FastifyRequest, reply: FastifyReply, { distDir, path }: { distDir: string; path: string }): FastifyReply {
  const page = routeShell(distDir, path);
  if (page === null) {
    reply.code(200);
    return reply.sendFile('index.html');
  }
  reply.header('cache-control', staticCacheControl('index.html')).header('etag', page.etag);
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  return reply.code(200).type('text/html; charset=utf-8').send(page.html);
}
