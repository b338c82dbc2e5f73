// /api/backtests/*: queue a backtest of a bot over imported history, read its progress and report, list the
// trader's, cancel or remove one. The work runs in a worker (services/analysis/backtests/backtest-worker.ts), never in
// the request.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BacktestRefusal } from '../services/analysis/index.ts';
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

/** A refusal in the house Error shape, its text in the trader's language in details.text. */
export function sendRefusal(reply: FastifyReply, refusal: BacktestRefusal): never {
  const field = refusal.field === undefined ? {} : { field: refusal.field };
  return reply.code(refusal.status).send({ message: refusal.text.text, code: refusal.code, ...field, details: { text: refusal.text.i18n } }) as never;
}

export const backtestRoutes: RoutePlugin = async (app, { context }) => {
  const { jobs, requests } = context.services.backtests;
  const userId = (request: FastifyRequest) => requireAuth(request).user.id;

  route(app, 'createBacktest', async (request, reply) => {
    const user = userId(request);
    try {
      const checked = await requests.check(user, request.body);
      const backtest = await jobs.queue(user, checked.bot, checked.portfolioId, checked.from, checked.to, checked.capitalPaise, checked.entryUntil, checked.futuresRollDays);
      context.services.backtests.wake();
      // On the job queue every instance shares, where it runs (services/jobs/backtest-queue.ts).
      await context.services.jobs?.backtests.queued(backtest.id);
      return reply.code(202).send({ backtest }) as never;
    } catch (error) {
      if (error instanceof BacktestRefusal) return sendRefusal(reply, error);
      throw error;
    }
  });

  route(app, 'getBacktests', async (request) => ({ backtests: await jobs.list(userId(request)) }));
  route(app, 'getBacktest', async (request) => ({ backtest: await jobs.get(userId(request), request.params.id) }));
  route(app, 'deleteBacktest', async (request) => {
    const backtest = await jobs.remove(userId(request), request.params.id);
    await context.services.jobs?.backtests.cancelled(request.params.id);
    return { backtest };
  });
};
