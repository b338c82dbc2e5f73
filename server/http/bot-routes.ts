// /api/base_strategies/*, /api/trading_bots/* and /api/daily_bots/*: the strategy catalogue and the bots
// of one of the user's portfolios (paths as spec §7 has them).
import { doneTexts, told } from '../services/texts/done-texts.ts';
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const botRoutes: RoutePlugin = async (app, { context }) => {
  const { strategies, tradingBots, dailyBots, botStatus } = context.services;
  const userId = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

  route(app, 'getBotStates', async (request) => botStatus.states(userId(request), request.params.portfolioId));

  route(app, 'getBotRuns', async (request) => botStatus.runs(userId(request), request.params.kind, request.params.id));

  route(app, 'getBaseStrategies', async () => ({ base_strategies: await strategies.list() }));

  route(app, 'getTradingBots', async (request) => ({ trading_bots: await tradingBots.list(userId(request), request.params.portfolioId) }));

  route(app, 'createTradingBot', async (request, reply) => {
    const bot = await tradingBots.create(userId(request), request.params.portfolioId, request.body);
    reply.code(201);
    return { trading_bot: bot };
  });

  route(app, 'updateTradingBot', async (request) => ({ trading_bot: await tradingBots.update(userId(request), request.params.id, request.body) }));

  route(app, 'deleteTradingBot', async (request) => {
    await tradingBots.remove(userId(request), request.params.id);
    return told(doneTexts.tradingBotDeleted);
  });

  route(app, 'getDailyBots', async (request) => ({ daily_bots: await dailyBots.list(userId(request), request.params.portfolioId) }));

  route(app, 'createDailyBot', async (request, reply) => {
    const bot = await dailyBots.create(userId(request), request.params.portfolioId, request.body);
    reply.code(201);
    return { daily_bot: bot };
  });

  route(app, 'updateDailyBot', async (request) => ({ daily_bot: await dailyBots.update(userId(request), request.params.id, request.body) }));

  route(app, 'deleteDailyBot', async (request) => {
    await dailyBots.remove(userId(request), request.params.id);
    return told(doneTexts.dailyBotDeleted);
  });
};
