// /api/order-book/*, /api/position-book/*, /api/market-depth/*, /api/position/*, /api/kill-switch/* and /api/risk-limits/*: trading through the account's broker.
// Every trading POST carries an Idempotency-Key (the contract makes it required); the service answers the
// stored answer for a repeated key, which this layer marks with Idempotent-Replayed.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotentAnswer } from '../services/trading/trading-service.ts';
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import { validationTexts } from '../services/texts/validation-texts.ts';
import { HttpError } from './errors.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const tradingRoutes: RoutePlugin = async (app, { context }) => {
  const { trading, killSwitch, riskLimits, marketDepth, optionRolls } = context.services;
  const userId = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

  // The stored answer is the contract's OrdersResponse, so the type the route expects is what it holds.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const answer = (reply: FastifyReply, result: IdempotentAnswer): any => {
    reply.code(result.status);
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return result.body;
  };

  /** The contract requires the header, so validation already refused a request without exactly one. */
  const idempotencyKey = (request: FastifyRequest): string => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string') throw HttpError.said(400, 'validation_failed', validationTexts.required('Idempotency-Key'), { field: 'Idempotency-Key' });
    return key;
  };

  route(app, 'placeTrades', async (request, reply) =>
    answer(reply, await trading.placeTrades(userId(request), idempotencyKey(request), request.body)));
  route(app, 'executeOrder', async (request, reply) =>
    answer(reply, await trading.executeOrder(userId(request), idempotencyKey(request), request.body)));
  route(app, 'squareoffTrades', async (request, reply) =>
    answer(reply, await trading.squareoffTrades(userId(request), idempotencyKey(request), request.body)));
  route(app, 'placeStopLossOrder', async (request, reply) =>
    answer(reply, await trading.placeStopLoss(userId(request), idempotencyKey(request), request.body)));
  route(app, 'placeTargetOrder', async (request, reply) =>
    answer(reply, await trading.placeTarget(userId(request), idempotencyKey(request), request.body)));
  route(app, 'modifyOrder', async (request, reply) =>
    answer(reply, await trading.modifyOrder(userId(request), idempotencyKey(request), request.body)));
  route(app, 'cancelOrder', async (request, reply) =>
    answer(reply, await trading.cancelOrders(userId(request), idempotencyKey(request), request.body)));

  const clientOf = (request: FastifyRequest) => ({ address: request.ip, userAgent: request.headers['user-agent'] ?? null });
  route(app, 'armKillSwitch', async (request, reply) =>
    answer(reply, await killSwitch.arm(userId(request), idempotencyKey(request), request.body, clientOf(request))));
  route(app, 'disarmKillSwitch', async (request) => killSwitch.disarm(userId(request), request.body, clientOf(request)));
  route(app, 'getKillSwitches', async (request) => killSwitch.list(userId(request)));
  route(app, 'getRiskLimits', async (request) => riskLimits.get(userId(request), request.params.accountNumber));
  route(app, 'updateRiskLimits', async (request) => riskLimits.update(userId(request), request.params.accountNumber, request.body));

  route(app, 'getOrderBook', async (request) =>
    trading.orderBook(userId(request), request.params.accountNumber, request.query.start_date, request.query.updated_since));
  route(app, 'getOrderMargins', async (request) => trading.orderMargins(userId(request), request.body));
  route(app, 'planOptionRoll', async (request) => optionRolls.plan(userId(request), request.body));
  route(app, 'getMarketDepth', async (request) => marketDepth.marketDepth(userId(request), request.params.accountNumber, request.query.exchange, request.query.tradingsymbol, request.query.levels));

  route(app, 'getPositionBook', async (request) => trading.positionBook(userId(request), request.params.accountNumber, request.query.start_date));
  route(app, 'placeHoldingOrder', async (request, reply) =>
    answer(reply, await trading.placeHoldingOrder(userId(request), request.params.accountNumber, idempotencyKey(request), request.body)));
  route(app, 'getPositions', async (request) => trading.positions(userId(request), request.params.portfolioId, request.query.start_date));
  route(app, 'getPositionsByBot', async (request) => trading.positionsByBot(userId(request), request.params.portfolioId, request.query.start_date));
  route(app, 'getPositionSummary', async (request) => trading.summary(userId(request), request.params.id, request.query.start_date));
};
