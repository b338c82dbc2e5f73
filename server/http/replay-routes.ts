// /api/replays/*: a trader's replay of a past day (issue 39): the days market history can replay, the open
// replay, what moves its clock (start, seek, step, speed, reset, end), and its market at the replayed minute
// (the index, the expiries, an expiry's chain). Every answer says the replayed minute at the time it was
// answered (services/replay/replay-clock.ts).
import type { FastifyRequest } from 'fastify';
import { replayDays } from '../services/replay/replay-days.ts';
import { indexQuote, replayChain, replayExpiries } from '../services/replay/replay-market.ts';
import { replayOf, type ReplayRow } from '../services/replay/replay-sessions.ts';
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const replayRoutes: RoutePlugin = async (app, { context }) => {
  const { replays, replayBooks } = context.services;
  const userId = (request: FastifyRequest) => requireAuth(request).user.id;
  const answer = (row: ReplayRow) => ({ replay: replayOf(row, context.clock()) });
  app.addHook('onClose', async () => replayBooks.closeAll());

  route(app, 'getReplayDays', async (request) => {
    userId(request);
    return { days: await replayDays(context.db, request.query.index ?? null) };
  });

  route(app, 'getReplays', async (request) => {
    const row = await replays.current(userId(request));
    return { replay: row === null ? null : replayOf(row, context.clock()) };
  });

  route(app, 'createReplay', async (request, reply) => {
    const row = await replays.start(userId(request), request.body);
    reply.code(201);
    return answer(row);
  });

  route(app, 'getReplay', async (request) => answer(await replays.read(userId(request), request.params.id)));
  route(app, 'seekReplay', async (request) => answer(await replays.seek(userId(request), request.params.id, request.body.minute)));
  route(app, 'stepReplay', async (request) => answer(await replays.step(userId(request), request.params.id)));
  route(app, 'updateReplaySpeed', async (request) => answer(await replays.speed(userId(request), request.params.id, request.body.speed)));
  route(app, 'resetReplay', async (request) => answer(await replays.reset(userId(request), request.params.id)));

  route(app, 'deleteReplay', async (request) => {
    await replays.end(userId(request), request.params.id);
    return { replay: null };
  });

  route(app, 'getReplayIndex', async (request) => {
    const row = await replays.read(userId(request), request.params.id);
    return replayBooks.withBook(row, async (book) => {
      const { underlying } = await replayExpiries(book);
      return { ...answer(row), data: { [underlying]: await indexQuote(context.db, book) } };
    });
  });

  route(app, 'getReplayExpiries', async (request) => {
    const row = await replays.read(userId(request), request.params.id);
    return replayBooks.withBook(row, replayExpiries);
  });

  route(app, 'getReplayChain', async (request) => {
    const row = await replays.read(userId(request), request.params.id);
    return replayBooks.withBook(row, async (book) => ({ ...answer(row), ...(await replayChain(context.db, book, request.query.expiry)) }));
  });
};
