// Text Postgres cannot keep (NUL, lone surrogates) is refused by the contract layer in every request part,
// naming the field, instead of reaching the database (22021: a 500) or being stored as U+FFFD.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from './support/accounts.ts';
import type { ContractCall } from './support/contract-client.ts';
import { testBackends } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, guardedClient, newBrokerAccount, tradingBotBody } from './support/trading.ts';

describe.each(testBackends)('unstorable text on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;
  let portfolioId: number;
  let strategyId: number;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
    token = (await signedInAccount(call)).token;
    const { account } = await createBrokerAccount(call, token);
    portfolioId = (await createPortfolio(call, token, account.id)).id;
    strategyId = (await baseStrategies(call, token)).get('short_straddle')?.id ?? 0;
  });

  afterAll(async () => {
    await server.close();
  });

  const nul = 'must not contain the NUL character (U+0000)';
  const lone = 'must be valid Unicode text (it contains a lone surrogate such as \\ud800)';

  it.each([
    ['a NUL in a name', 'updateUserProfile', { name: 'Asha\u0000Verma' }, 'name', nul],
    ['a lone high surrogate', 'updateUserProfile', { name: 'Asha \ud800' }, 'name', lone],
    ['a lone low surrogate', 'updateUserProfile', { name: '\udc00 Asha' }, 'name', lone],
  ])('refuses %s in a body field, naming it', async (_label, operationId, body, field, message) => {
    const res = await call(operationId, { token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'validation_failed', field, message: `${field}: ${message}` , details: { text: expect.objectContaining({ code: expect.stringMatching(/^(request|validation)\./) }) } });
  });

  it('refuses a NUL in every text field of a new broker account (api_key, name, secret)', async () => {
    for (const field of ['name', 'api_key', 'api_secret'] as const) {
      const res = await call('createBrokerAccount', { token, body: newBrokerAccount({ [field]: 'paper\u0000key' }) });
      expect(res.body).toEqual({ code: 'validation_failed', field, message: `${field}: ${nul}` , details: { text: expect.objectContaining({ code: expect.stringMatching(/^(request|validation)\./) }) } });
    }
  });

  it('refuses a NUL in a free-form field name and in a nested value', async () => {
    const params = (value: Record<string, unknown>) => ({ token, params: { portfolioId }, body: tradingBotBody(portfolioId, strategyId, { params: value }) });
    const key = await call('createTradingBot', params({ 'strike\u0000offset': 1 }));
    expect(key.body).toEqual({ code: 'validation_failed', field: 'params', message: `params: field names ${nul}` , details: { text: expect.objectContaining({ code: expect.stringMatching(/^(request|validation)\./) }) } });
    const nested = await call('createTradingBot', params({ re_entry: 'new\u0000atm' }));
    expect(nested.body).toEqual({ code: 'validation_failed', field: 'params.re_entry', message: `params.re_entry: ${nul}` , details: { text: expect.objectContaining({ code: expect.stringMatching(/^(request|validation)\./) }) } });
  });

  it('keeps text with real astral characters (a surrogate pair is one character)', async () => {
    const res = await call<{ user: { name: string } }>('updateUserProfile', { token, body: { name: 'Asha 📈 Verma' } });
    expect(res.status).toBe(200);
    expect(res.body.user.name).toBe('Asha 📈 Verma');
  });

  it('refuses a NUL or a lone surrogate in a path parameter', async () => {
    const res = await call('getPortfolios', { token, params: { accountId: '\u0000' } });
    expect(res.body).toEqual({ code: 'validation_failed', field: 'accountId', message: `accountId: ${nul}` , details: { text: expect.objectContaining({ code: expect.stringMatching(/^(request|validation)\./) }) } });
    const raw = await server.app.inject({ method: 'GET', url: '/api/portfolios/all-portfolios/%ED%A0%80/', headers: { authorization: `Bearer ${token}` } });
    expect(raw.statusCode).toBe(400);
  });

  it('refuses a NUL in a query parameter', async () => {
    const res = await call('getOrderBook', { token, params: { accountNumber: 'PA1234' }, query: { start_date: '2025-01-16\u0000' } });
    expect(res.body).toEqual({ code: 'validation_failed', field: 'start_date', message: `start_date: ${nul}` , details: { text: expect.objectContaining({ code: expect.stringMatching(/^(request|validation)\./) }) } });
  });

  it('refuses a lone surrogate in a header parameter, named as the contract spells it', async () => {
    const body = { account_number: 'PA1234', orders: [{ tradingsymbol: 'NIFTY25JAN23500CE', exchange: 'NFO', transaction_type: 'SELL', order_type: 'MARKET', product: 'MIS', quantity: 65 }] };
    const res = await call('placeTrades', { token, body, headers: { 'idempotency-key': 'key-1234\ud800' } });
    expect(res.body).toEqual({ code: 'validation_failed', field: 'Idempotency-Key', message: `Idempotency-Key: ${lone}` , details: { text: expect.objectContaining({ code: expect.stringMatching(/^(request|validation)\./) }) } });
  });
});
