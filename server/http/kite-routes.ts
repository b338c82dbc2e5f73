// /api/brokers/kite/*: what Kite Connect itself calls. The postback carries no bearer token (Kite cannot
// have one): its checksum is its proof, checked by the service; every refusal is logged here with who sent
// it, since a forged or misdirected postback is something an operator wants to see.
import { doneTexts, told } from '../services/texts/done-texts.ts';
import { DomainError } from '../services/domain-error.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const kiteRoutes: RoutePlugin = async (app, { context }) => {
  const { postbacks } = context.services.kite;

  route(app, 'receiveKitePostback', async (request) => {
    try {
      const outcome = await postbacks.receive(request.body);
      return told(doneTexts.postbackRead(outcome.orderId, outcome.changed ? { accountNumber: outcome.accountNumber, status: outcome.status } : null));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'postback_refused') {
        const orderId = typeof request.body.order_id === 'string' ? request.body.order_id.slice(0, 40) : null;
        request.log.warn({ ip: request.ip, orderId, reason: error.message }, 'Kite postback refused');
      }
      throw error;
    }
  });
};
