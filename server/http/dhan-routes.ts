// /api/brokers/dhan/*: what Dhan itself calls. The postback carries no bearer token and no signature (Dhan
// sends neither): the service believes only what Dhan's own order read says. Every refusal is logged
// (broker-push-refusals.ts).
import { doneTexts, told } from '../services/texts/done-texts.ts';
import { loggingPushRefusals } from './broker-push-refusals.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const dhanRoutes: RoutePlugin = async (app, { context }) => {
  const { postbacks } = context.services.dhan;

  route(app, 'receiveDhanPostback', async (request) => {
    const outcome = await loggingPushRefusals(request, 'Dhan postback', request.body.orderId, () => postbacks.receive(request.body));
    return told(doneTexts.postbackRead(outcome.orderId, outcome.changed ? { accountNumber: outcome.accountNumber, status: outcome.status } : null));
  });
};
