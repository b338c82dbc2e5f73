// /api/brokers/upstox/*: what Upstox itself calls. The webhook carries no bearer token and no signature
// (Upstox sends neither): the service believes only what Upstox's own order read says. Every refusal is
// logged here with who sent it, since a made-up or misdirected webhook is something an operator wants to see.
import { doneTexts, told } from '../services/texts/done-texts.ts';
import { DomainError } from '../services/domain-error.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const upstoxRoutes: RoutePlugin = async (app, { context }) => {
  const { webhooks } = context.services.upstox;

  route(app, 'receiveUpstoxWebhook', async (request) => {
    try {
      const outcome = await webhooks.receive(request.body);
      if (outcome.kind === 'other') return told(doneTexts.webhookNotRead(outcome.updateType.slice(0, 40) || 'none'));
      return told(doneTexts.postbackRead(outcome.orderId, outcome.changed ? { accountNumber: outcome.accountNumber, status: outcome.status } : null));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'postback_refused') {
        const orderId = typeof request.body.order_id === 'string' ? request.body.order_id.slice(0, 40) : null;
        request.log.warn({ ip: request.ip, orderId, reason: error.message }, 'Upstox webhook refused');
      }
      throw error;
    }
  });
};
