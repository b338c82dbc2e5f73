// /api/replays/*: a trader's replay of a past day (issue 39): the days market history can replay, the open
// replay, what moves its clock (start, seek, step, speed, reset, end), and its market at the replayed minute
// (the index, the expiries, an expiry's chain). Every answer says the replayed minute at the time it was
// answered (services/analysis/replay/replay-clock.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotentAnswer } from '../services/trading/trading-service.ts';
import { indexQuote, replayChain, replayDays, replayExpiries, replayOf, type ReplayRow } from '../services/analysis/index.ts';
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';
import { forwardReplayBooks } from './replay-forwarding.ts';
import { HttpError } from './errors.ts';
import { validationTexts } from '../services/texts/validation-texts.ts';

/** The contract requires the header, so validation already refused a request without exactly one. */
function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') throw HttpError.said(400, 'validation_failed', validationTexts.required('Idempotency-Key'), { field: 'Idempotency-Key' });
  return key;
}

// The stored answer is the contract's OrdersResponse, as trading-routes.ts answers it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function ordersAnswer(reply: FastifyReply, result: IdempotentAnswer): any {
  reply.code(result.status);
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return result.body;
}

export const replayRoutes: RoutePlugin = async (app, { context }) => {
  const { replays, replayBooks, replayOrders } = context.services;
  const userId = (request: FastifyRequest) => requireAuth(request).user.id;
  // A book request for a replay another instance holds is answered there (replay-forwarding.ts).
  forwardReplayBooks(app, context.services.replayOwners);
  // A book waiting its turn to open says its place (Replay.book_place).
  const shown = (row: ReplayRow) => {
    const place = replayBooks.place(row.id);
    return { ...replayOf(row, context.clock()), ...(place === null ? {} : { book_place: place }) };
  };
  const answer = (row: ReplayRow) => ({ replay: shown(row) });
  app.addHook('onClose', async () => replayBooks.closeAll());

  route(app, 'getReplayDays', async (request) => {
    userId(request);
    // The trader is choosing a day: the book it will trade on starts opening now (replay-books.ts).
    replayBooks.warm();
    return { days: await replayDays(context.db, request.query.index ?? null) };
  });

  route(app, 'getReplays', async (request) => {
    const row = await replays.current(userId(request));
    // A reload (or the first read after a restart) resumes the replay: its book starts opening now (from the
    // spare, if the picker left one).
    if (row !== null) replayBooks.open(row);
    return { replay: row === null ? null : shown(row) };
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
    await replayBooks.drop(request.params.id);
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

  route(app, 'placeReplayOrders', async (request, reply) => {
    const row = await replays.read(userId(request), request.params.id);
    return ordersAnswer(reply, await replayOrders.place(row, idempotencyKey(request), request.body));
  });

  route(app, 'cancelReplayOrders', async (request, reply) => {
    const row = await replays.read(userId(request), request.params.id);
    return ordersAnswer(reply, await replayOrders.cancel(row, idempotencyKey(request), request.body));
  });

  route(app, 'getReplayOrders', async (request) => replayOrders.orderBook(await replays.read(userId(request), request.params.id)));
  route(app, 'getReplayOrderMargins', async (request) => replayOrders.margins(await replays.read(userId(request), request.params.id), request.body));
  route(app, 'getReplayPositions', async (request) => replayOrders.positionBook(await replays.read(userId(request), request.params.id)));
};
