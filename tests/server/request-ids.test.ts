// Ids are Postgres integer columns: the contract's Id carries their bounds (1..2^31-1), and a path
// parameter is a number only when spelled as plain decimal digits, the way a JSON body would carry it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from './support/accounts.ts';
import type { ContractCall } from './support/contract-client.ts';
import { testBackends } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, guardedClient, tradingBotBody } from './support/trading.ts';
import { validationRefusal } from './support/validation-refusal.ts';

const biggest = 2 ** 31 - 1;

describe.each(testBackends)('ids on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;
  let accountId: number;
  let portfolioId: number;
  let strategyId: number;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
    token = (await signedInAccount(call)).token;
    accountId = (await createBrokerAccount(call, token)).account.id;
    portfolioId = (await createPortfolio(call, token, accountId)).id;
    strategyId = (await baseStrategies(call, token)).get('short_straddle')?.id ?? 0;
  });

  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['2147483648', 'must be at most 2147483647'],
    ['9007199254740993', 'must be at most 2147483647'],
    ['99999999999999999999999', 'must be at most 2147483647'],
    ['0', 'must be at least 1'],
    ['-1', 'must be at least 1'],
    ['-0', 'must be at least 1'],
    ['Infinity', 'must be a whole number'],
    ['-Infinity', 'must be a whole number'],
    ['NaN', 'must be a whole number'],
    ['1e308', 'must be a whole number'],
    ['1e1', 'must be a whole number'],
    ['1.5', 'must be a whole number'],
    ['1.0', 'must be a whole number'],
    ['0x10', 'must be a whole number'],
    ['0b1', 'must be a whole number'],
    ['+5', 'must be a whole number'],
    ['007', 'must be a whole number'],
    [' 12', 'must be a whole number'],
    ['12 ', 'must be a whole number'],
    ['12abc', 'must be a whole number'],
    ['١٢', 'must be a whole number'],
  ])('refuses the path id %j with a 400 naming it', async (text, message) => {
    const res = await call('deletePortfolio', { token, params: { id: text } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationRefusal('id', `id: ${message}`));
  });

  it('reads plain decimal ids, up to the largest integer a column holds', async () => {
    expect((await call('getPortfolios', { token, params: { accountId: String(accountId) } })).status).toBe(200);
    const largest = await call('deletePortfolio', { token, params: { id: String(biggest) } });
    expect(largest.status).toBe(404);
  });

  it.each([
    ['broker_account', 2 ** 31],
    ['broker_account', 2 ** 53],
    ['broker_account', 1e308],
  ])('refuses %s = %d in a body', async (field, value) => {
    const res = await call('createPortfolio', { token, body: { broker_account: value, name: 'Big', capital: 1 } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationRefusal(field, `${field}: must be at most ${biggest}`));
  });

  it('refuses an out-of-range base_strategy and portfolio_id in a bot, and answers 404/422 for the largest valid ones', async () => {
    for (const field of ['base_strategy', 'portfolio_id'] as const) {
      const res = await call('createTradingBot', { token, params: { portfolioId }, body: tradingBotBody(portfolioId, strategyId, { [field]: 2 ** 31 }) });
      expect(res.body).toEqual(validationRefusal(field, `${field}: must be at most ${biggest}`));
    }
    const unknown = await call('createTradingBot', { token, params: { portfolioId }, body: tradingBotBody(portfolioId, biggest) });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: 'unknown_base_strategy', field: 'base_strategy' });
  });
});
