// /api/brokers/* and /api/accounts/*: the supported brokers, the user's broker accounts, the exchange
// link that logs an account in to its broker, the exchange of the code the broker sends back for a broker
// session, and the log-out that ends it.
import { doneTexts, told } from '../services/texts/done-texts.ts';
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import type { RoutePlugin } from './route-plugins.ts';

export const brokerAccountRoutes: RoutePlugin = async (app, { context }) => {
  const { brokers, brokerAccounts, executionSettings } = context.services;
  const userId = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

  route(app, 'getBrokers', async () => ({ brokers: await brokers.list() }));

  route(app, 'getBrokerAccounts', async (request) => ({ broker_accounts: await brokerAccounts.list(userId(request)) }));

  route(app, 'createBrokerAccount', async (request, reply) => {
    const account = await brokerAccounts.create(userId(request), request.body);
    reply.code(201);
    return { broker_accounts: account };
  });

  route(app, 'updateBrokerAccount', async (request) => ({
    broker_accounts: await brokerAccounts.update(userId(request), request.params.id, request.body),
  }));

  route(app, 'getAccountCompliance', async (request) => ({
    compliance: await brokerAccounts.compliance(userId(request), request.params.accountId),
  }));

  route(app, 'getExecutionPolicy', async (request) => ({
    execution: await executionSettings.get(userId(request), request.params.accountId),
  }));

  route(app, 'updateExecutionPolicy', async (request) => ({
    execution: await executionSettings.update(userId(request), request.params.accountId, request.body),
  }));

  route(app, 'deleteBrokerAccount', async (request) => {
    await brokerAccounts.remove(userId(request), request.params.id);
    return told(doneTexts.brokerAccountDeleted);
  });

  route(app, 'createBrokerLoginLink', async (request) => ({
    login_url: await brokerAccounts.loginLink(userId(request), request.params.accountId, request.body),
  }));

  route(app, 'loginBrokerAccount', async (request) => {
    const account = await brokerAccounts.logIn(userId(request), request.params.accountId, request.body);
    return { ...told(doneTexts.brokerLoggedIn), broker_accounts: account };
  });

  route(app, 'logoutBrokerAccount', async (request) => ({
    ...told(doneTexts.brokerLoggedOut),
    broker_accounts: await brokerAccounts.logOut(userId(request), request.params.accountId),
  }));
};
