// /api/brokers/kite/*: what Kite Connect itself calls. The postback carries no bearer token (Kite cannot
// have one): its checksum is its proof, checked by the service; every refusal is logged
// (broker-push-refusals.ts).
import { doneTexts, told } from '../services/texts/done-texts.ts';
import { loggingPushRefusals } from './broker-push-refusals.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const kiteRoutes: RoutePlugin = async (app, { context }) => {
  const { postbacks } = context.services.kite;

  route(app, 'receiveKitePostback', async (request) => {
    const outcome = await loggingPushRefusals(request, 'Kite postback', request.body.order_id, () => postbacks.receive(request.body));
    return told(doneTexts.postbackRead(outcome.orderId, outcome.changed ? { accountNumber: outcome.accountNumber, status: outcome.status } : null));
  });
};
