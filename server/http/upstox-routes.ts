// /api/brokers/upstox/*: what Upstox itself calls. The webhook carries no bearer token and no signature
// (Upstox sends neither): the service believes only what Upstox's own order read says. Every refusal is
// logged (broker-push-refusals.ts).
import { doneTexts, told } from '../services/texts/done-texts.ts';
import { loggingPushRefusals } from './broker-push-refusals.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const upstoxRoutes: RoutePlugin = async (app, { context }) => {
  const { webhooks } = context.services.upstox;

  route(app, 'receiveUpstoxWebhook', async (request) => {
    const outcome = await loggingPushRefusals(request, 'Upstox webhook', request.body.order_id, () => webhooks.receive(request.body));
    if (outcome.kind === 'other') return told(doneTexts.webhookNotRead(outcome.updateType.slice(0, 40) || 'none'));
    return told(doneTexts.postbackRead(outcome.orderId, outcome.changed ? { accountNumber: outcome.accountNumber, status: outcome.status } : null));
  });
};
