// Serves the built PWA (Vite's dist folder). Files that exist are sent with the cache policy of their
// kind; everything else falls through to the not-found handler (see fallback.ts), which decides between
// the app shell, a JSON 404 and the "not built yet" answer.
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isAnalyticsPath, isApiPath, staticCacheControl } from './cache-policy.ts';

export type StaticFilesOptions = { distDir: string };

export async function registerStaticFiles(app: FastifyInstance, { distDir }: StaticFilesOptions): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    // dist/ may not exist yet (`npm run dev`, or before the first build); the fallback answers 503 then.
    suppressWarning: true,
    index: ['index.html'],
    redirect: false,
    // Dot files (.vite/manifest.json, .build-stamp) are build bookkeeping, not part of the site.
    dotfiles: 'ignore',
    cacheControl: false,
    // API paths never come from disk, even if a file of that name were in dist/.
    allowedPath: (pathName) => !isApiPath(pathName) && !isAnalyticsPath(pathName),
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', staticCacheControl(relative(distDir, filePath).split(sep).join('/')));
    },
  });
}

export function hasAppShell(distDir: string): boolean {
  return existsSync(join(distDir, 'index.html'));
}

/** index.html with a 200, for client-side routes such as /app/order_book. */
export function sendAppShell(reply: FastifyReply): FastifyReply {
  reply.code(200);
  return reply.sendFile('index.html');
}
