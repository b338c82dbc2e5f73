// /api/alerts/*, /api/price-alerts/*, /api/condition-alerts/* and /api/push/*: the trader's alerts feed, price
// alerts (on a price; on a strategy's premium or ATM IV) and the devices that receive web push.
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const alertRoutes: RoutePlugin = async (app, { context }) => {
  const { feed, priceAlerts, conditionAlerts, pushDevices } = context.services.alerts;
  const userId = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

  route(app, 'getAlerts', async (request) => feed.list(userId(request), request.query));
  route(app, 'updateAlertsRead', async (request) => feed.markRead(userId(request), request.body.up_to));

  route(app, 'getPriceAlerts', async (request) => priceAlerts.list(userId(request)));
  route(app, 'createPriceAlert', async (request, reply) => {
    const created = await priceAlerts.create(userId(request), request.body);
    reply.code(201);
    return created;
  });
  route(app, 'deletePriceAlert', async (request) => priceAlerts.remove(userId(request), request.params.id));

  route(app, 'getConditionAlerts', async (request) => conditionAlerts.list(userId(request)));
  route(app, 'createConditionAlert', async (request, reply) => {
    const created = await conditionAlerts.create(userId(request), request.body);
    reply.code(201);
    return created;
  });
  route(app, 'deleteConditionAlert', async (request) => conditionAlerts.remove(userId(request), request.params.id));

  route(app, 'getPushSettings', async (request) => pushDevices.settings(userId(request)));
  route(app, 'updatePushDevice', async (request) => pushDevices.save(userId(request), request.body));
  route(app, 'deletePushDevice', async (request) => pushDevices.remove(userId(request), request.body.endpoint));
  route(app, 'createTestPush', async (request) => pushDevices.test(userId(request), request.body.endpoint));
};
