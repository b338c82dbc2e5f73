// Numbers the contract accepts are numbers the columns keep: money is numeric(15, 2) and the bots'
// percentages numeric(7, 2), so the contract says minimum, maximum and two decimals (multipleOf 0.01),
// checked with a tolerance that lets binary floats such as 0.07 through and still refuses 0.001.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMainContract } from '../../server/contract/document.ts';
import { createContractValidators } from '../../server/contract/validation.ts';
import { signedInAccount } from './support/accounts.ts';
import type { ContractCall } from './support/contract-client.ts';
import { testBackends } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, guardedClient, newBrokerAccount, tradingBotBody, type TradingBot } from './support/trading.ts';
import { validationRefusal } from './support/validation-refusal.ts';

describe('two decimals under binary floating point', () => {
  const contract = loadMainContract();
  const operation = contract.operations.get('updatePortfolio');
  if (operation === undefined) throw new Error('updatePortfolio is missing');
  const validateBody = createContractValidators(contract).forOperation(operation).body ?? (() => null);
  const capital = (value: number) => validateBody({ capital: value });
  const coded = (code: string) => expect.objectContaining({ code }) as unknown;

  it('accepts every amount in paise up to the largest, whatever its float error', () => {
    // A fixed walk across every magnitude (no randomness: a failure names the amount again).
    for (let paise = 1, step = 1; paise <= 1e12; paise += step, step = step * 3 + 7) {
      const rupees = Number((paise / 100).toFixed(2));
      expect(capital(rupees), String(rupees)).toBeNull();
    }
    for (const rupees of [0.07, 0.29, 1.1, 99.99, 142.35, 1234567.89, 9999999999.98, 9999999999.99, 1e10]) {
      expect(capital(rupees), String(rupees)).toBeNull();
    }
  });

  it.each([0.001, 0.005, 0.009, 0.011, 0.015, 12.345, 9999999.999])('refuses %d (below the paisa)', (rupees) => {
    expect(capital(rupees)).toEqual({ field: 'capital', message: 'capital: must have at most 2 decimal places', text: coded('validation.decimals') });
  });

  it('refuses amounts past what the contract allows', () => {
    expect(capital(1e10 + 0.01)).toEqual({ field: 'capital', message: 'capital: must be at most 10000000000', text: coded('validation.bound') });
    expect(capital(-0.01)).toEqual({ field: 'capital', message: 'capital: must be at least 0', text: coded('validation.bound') });
  });
});

describe.each(testBackends)('numeric columns on %s', (backend) => {
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
    accountId = (await createBrokerAccount(call, token, { capital: 9999999999.99 })).account.id;
    portfolioId = (await createPortfolio(call, token, accountId, 1234567.89)).id;
    strategyId = (await baseStrategies(call, token)).get('short_straddle')?.id ?? 0;
  });

  afterAll(async () => {
    await server.close();
  });

  const createBot = (overrides: Record<string, unknown>) =>
    call<{ trading_bot: TradingBot }>('createTradingBot', { token, params: { portfolioId }, body: tradingBotBody(portfolioId, strategyId, overrides) });

  it.each([
    ['stop_loss_pct', 0.004, 'must be at least 0.01'],
    ['stop_loss_pct', 0.005, 'must be at least 0.01'],
    ['stop_loss_pct', 0.009, 'must be at least 0.01'],
    ['stop_loss_pct', 0.011, 'must have at most 2 decimal places'],
    ['stop_loss_pct', 100.01, 'must be at most 100'],
    ['target_pct', 0.001, 'must be at least 0.01'],
    ['target_pct', 0.0049, 'must be at least 0.01'],
    ['target_pct', 50.125, 'must have at most 2 decimal places'],
    ['target_pct', 1000.01, 'must be at most 1000'],
  ])('refuses %s = %d (numeric(7, 2) would round it or its check would fail)', async (field, value, message) => {
    const res = await createBot({ [field]: value });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationRefusal(field, `${field}: ${message}`));
  });

  it('keeps the smallest, the largest and float-unfriendly percentages exactly', async () => {
    for (const [stop, target] of [[0.01, 0.01], [0.07, 1.1], [99.99, 999.99], [100, 1000]] as const) {
      const res = await createBot({ stop_loss_pct: stop, target_pct: target });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.trading_bot).toMatchObject({ stop_loss_pct: stop, target_pct: target });
    }
  });

  it('keeps money to the paisa, up to the largest amount', async () => {
    const listed = await call<{ broker_accounts: { id: number; capital: number }[] }>('getBrokerAccounts', { token });
    expect(listed.body.broker_accounts.find((account) => account.id === accountId)?.capital).toBe(9999999999.99);
    const portfolio = await call<{ portfolios: { capital: number } }>('updatePortfolio', { token, params: { id: portfolioId }, body: { capital: 0.07 } });
    expect(portfolio.body.portfolios.capital).toBe(0.07);
    const tooFine = await call('createBrokerAccount', { token, body: newBrokerAccount({ capital: 0.001 }) });
    expect(tooFine.body).toEqual(validationRefusal('capital', 'capital: must have at most 2 decimal places'));
  });
});
