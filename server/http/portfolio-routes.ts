// /api/portfolios/*: portfolios under one of the user's broker accounts.
import { doneTexts, told } from '../services/texts/done-texts.ts';
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const portfolioRoutes: RoutePlugin = async (app, { context }) => {
  const { portfolios, protection } = context.services;
  const userId = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

  route(app, 'getPortfolios', async (request) => ({ portfolios: await portfolios.list(userId(request), request.params.accountId) }));

  route(app, 'createPortfolio', async (request, reply) => {
    const portfolio = await portfolios.create(userId(request), request.body);
    reply.code(201);
    return { portfolios: portfolio };
  });

  route(app, 'updatePortfolio', async (request) => ({
    portfolios: await portfolios.update(userId(request), request.params.id, request.body),
  }));

  route(app, 'deletePortfolio', async (request) => ({
    ...told(doneTexts.portfolioDeleted),
    portfolios: await portfolios.remove(userId(request), request.params.id),
  }));

  // Its protection (issue 41): the combined stop-loss, target, trailing stop-loss and profit lock on its MTM.
  route(app, 'getPortfolioProtection', async (request) => protection.get(userId(request), request.params.id));
  route(app, 'updatePortfolioProtection', async (request) => protection.set(userId(request), request.params.id, request.body));
  route(app, 'deletePortfolioProtection', async (request) => protection.clear(userId(request), request.params.id));
};
