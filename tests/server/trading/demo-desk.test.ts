// `npm start`'s demo desk, placed through the broker interface: the demo user's paper account is logged in,
// has a portfolio, a closed round trip (a put bought and sold back) and an open bear call spread; a second
// start places nothing more.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { servicesDecorator } from '../../../server/app.ts';
import { demoAccount } from '../../../server/services/accounts/demo-account.ts';
import { findUserByEmail } from '../../../server/services/accounts/users.ts';
import { demoBrokerAccount, ensureDemoDesk } from '../../../server/services/demo/demo-desk.ts';
import { istDate } from '../../../server/services/market/ist.ts';
import type { Services } from '../../../server/services/services.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ demoDesk: true, market: { seed: 'demo-desk', demo: true, tickMs: 1000 } });
});

afterAll(async () => {
  await server.close();
});

it('gives the demo user a logged-in paper account with a closed round trip and an open spread, once', async () => {
  const services = server.app.getDecorator<Services>(servicesDecorator);
  const user = await findUserByEmail(server.db, demoAccount.email);
  const account = (await services.brokerAccounts.list(user!.user.id)).find((candidate) => candidate.account_number === demoBrokerAccount.account_number)!;
  expect(account.is_logged_in).toBe(true);
  const trading = { id: account.id, accountNumber: account.account_number, capitalPaise: account.capital * 100 };
  const orders = await services.paperTrading.ordersByTag(trading, 'demo');
  expect(orders.map((order) => [order.transaction_type, order.status])).toEqual([
    ['BUY', 'COMPLETE'],
    ['SELL', 'COMPLETE'],
    ['BUY', 'COMPLETE'],
    ['SELL', 'COMPLETE'],
  ]);
  const open = (await services.paperTrading.positionTotals(trading, istDate(server.clock.now()), null)).filter(
    (entry) => entry.totals.buyQuantity !== entry.totals.sellQuantity,
  );
  expect(open.map((entry) => entry.contract.kind)).toEqual(['CE', 'CE']);

  await ensureDemoDesk(server.db, services, server.clock.now);
  expect(await services.paperTrading.ordersByTag(trading, 'demo')).toHaveLength(4);
});
