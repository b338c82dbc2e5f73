// The analytics backend's tables, read PostgREST style at /analytics/rest/v1/<table> (openapi/analytics.yaml).
// Read-only: GET and HEAD answer; every other method is refused with 405. The anonymous key in the
// apikey header is checked first, then the query is parsed against the allow-list
// (services/analytics/postgrest-query.ts), then run. Reads carry `Cache-Control: no-cache` (the service
// worker may keep a copy but must ask again first) and `X-Fetched-At`, the server's time of the read,
// which the service worker stores with its copy so an offline screen can say "as of".
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentRange, parseRead, PostgrestRefusal } from '../services/analytics/postgrest-query.ts';
import { hasAnonKey, sendAnalyticsError } from './market-routes.ts';
import type { RoutePlugin } from './route-plugins.ts';

const singleObjectType = 'application/vnd.pgrst.object+json';
const readMethods = 'GET, HEAD';

function queryPairs(url: string): [string, string][] {
  const start = url.indexOf('?');
  return start === -1 ? [] : [...new URLSearchParams(url.slice(start + 1))];
}

function refuse(reply: FastifyReply, refusal: PostgrestRefusal) {
  return reply.code(refusal.status).header('cache-control', 'no-store').send(refusal.body);
}

export const analyticsTableRoutes: RoutePlugin = async (app, { context }) => {
  const { clock, publicConfig, services } = context;

  const checkKey = (request: FastifyRequest, reply: FastifyReply) => {
    if (hasAnonKey(request, publicConfig.analyticsAnonKey)) return true;
    void sendAnalyticsError(reply, 401, 'PGRST301', 'The apikey header is missing or wrong.', 'Send the anonymous key from /config.json as apikey.');
    return false;
  };

  // Content-Range here counts rows, not bytes, yet @fastify/compress leaves any answer carrying one
  // uncompressed (for byte ranges that is right). So the header is added after compression has run: this
  // plugin's onRoute hook runs after the compression plugin's, which put its onSend hook on the route first.
  const rowRanges = new WeakMap<FastifyReply, string>();
  const addRowRange = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const range = rowRanges.get(reply);
    if (range !== undefined) reply.header('content-range', range);
    return payload;
  };
  app.addHook('onRoute', (options) => {
    if (!options.url.endsWith('/rest/v1/:table')) return;
    const hooks = options.onSend === undefined ? [] : Array.isArray(options.onSend) ? options.onSend : [options.onSend];
    options.onSend = [...hooks, addRowRange];
  });

  app.get<{ Params: { table: string } }>('/rest/v1/:table', async (request, reply) => {
    if (!checkKey(request, reply)) return reply;
    try {
      const read = parseRead(request.params.table, queryPairs(request.url), {
        prefer: request.headers.prefer,
        accept: request.headers.accept,
      });
      const result = await services.analytics.read(read);
      reply.header('cache-control', 'no-cache').header('x-fetched-at', clock().toISOString());
      rowRanges.set(reply, contentRange(read.offset, result.rows, result.total));
      if (result.total !== null && read.offset > 0 && read.offset >= result.total) {
        throw new PostgrestRefusal(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${read.offset} was requested, but there are only ${result.total} rows.`);
      }
      const partial = result.total !== null && (read.offset > 0 || result.rows < result.total);
      if (read.single) {
        if (result.rows !== 1) {
          throw new PostgrestRefusal(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${result.rows} rows`);
        }
        const [row] = JSON.parse(result.body) as unknown[];
        return reply.code(200).type(`${singleObjectType}; charset=utf-8`).send(JSON.stringify(row));
      }
      // PostgREST answers 206 Partial Content when a counted read returns only part of the rows.
      return reply.code(partial ? 206 : 200).type('application/json; charset=utf-8').send(result.body);
    } catch (error) {
      if (error instanceof PostgrestRefusal) return refuse(reply, error);
      // A fault of the server (the database is down): logged, and answered in the contract's shape.
      request.log.error({ err: error }, 'analytics read failed');
      return refuse(reply, new PostgrestRefusal(500, 'XX000', 'Internal Server Error'));
    }
  });

  app.get('/rest/v1', async (request, reply) => {
    if (!checkKey(request, reply)) return reply;
    return refuse(reply, new PostgrestRefusal(400, 'PGRST205', 'Name a table: /rest/v1/<table>', null, 'The analytics tables are read one at a time.'));
  });

  // Read-only: PostgREST refuses writes to a role without privileges; this API has no writers at all.
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/rest/v1/:table',
    handler: async (_request, reply) =>
      reply
        .code(405)
        .header('allow', readMethods)
        .header('cache-control', 'no-store')
        .send({ message: 'The analytics tables are read-only.', code: 'PGRST105', details: null, hint: `Use ${readMethods}.` }),
  });
};
