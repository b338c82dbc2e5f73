// /api/replays/:id/bot/*: the bot of a trader's replay (issue 39): attach one (chosen as a backtest's bot is),
// read it at the replayed minute, and read its report (a backtest's of the day). The work is the replay's book's
// (services/analysis/replay/replay-bot-service.ts); a bot chosen wrongly is refused as a backtest request is.
import type { FastifyRequest } from 'fastify';
import { BacktestRefusal, replayOf } from '../services/analysis/index.ts';
import { requireAuth } from './authentication.ts';
import { sendRefusal } from './backtest-routes.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';
import { forwardReplayBooks } from './replay-forwarding.ts';

export const replayBotRoutes: RoutePlugin = async (app, { context }) => {
  const { replays, replayBots } = context.services;
  const userId = (request: FastifyRequest) => requireAuth(request).user.id;
  // A book request for a replay another instance holds is answered there (replay-forwarding.ts).
  forwardReplayBooks(app, context.services.replayOwners);

  route(app, 'createReplayBot', async (request, reply) => {
    const user = userId(request);
    const row = await replays.read(user, request.params.id);
    try {
      const bot = await replayBots.attach(user, row, request.body);
      return reply.code(201).send({ replay: replayOf(row, context.clock()), replay_bot: bot }) as never;
    } catch (error) {
      if (error instanceof BacktestRefusal) return sendRefusal(reply, error);
      throw error;
    }
  });

  route(app, 'getReplayBot', async (request) => {
    const row = await replays.read(userId(request), request.params.id);
    return { replay: replayOf(row, context.clock()), replay_bot: await replayBots.status(row) };
  });

  route(app, 'squareoffReplayBot', async (request) => {
    const row = await replays.read(userId(request), request.params.id);
    return { replay: replayOf(row, context.clock()), replay_bot: await replayBots.stop(row) };
  });

  route(app, 'getReplayBotReport', async (request) => {
    const row = await replays.read(userId(request), request.params.id);
    const { final, report } = await replayBots.report(row);
    return { replay: replayOf(row, context.clock()), final, ...report, risk_stops: report.risk_stops ?? [], no_trade_days: report.no_trade_days ?? [] };
  });
};
