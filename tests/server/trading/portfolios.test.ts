// Portfolios under a broker account: create, list, edit, delete (answering the remaining ones), and the
// rule that an account's portfolios never hold more capital than the account has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createBrokerAccount, createPortfolio, guardedClient, type Portfolio } from '../support/trading.ts';

describe.each(testBackends)('portfolios on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  async function accountWithCapital(capital: number) {
    const { token } = await signedInAccount(call);
    const { account } = await createBrokerAccount(call, token, { capital });
    return { token, account };
  }

  it('creates, lists, edits and deletes portfolios; delete answers the remaining ones', async () => {
    const { token, account } = await accountWithCapital(500000);
    expect((await call('getPortfolios', { token, params: { accountId: account.id } })).body).toEqual({ portfolios: [] });

    const created = await call<{ portfolios: Portfolio }>('createPortfolio', {
      token,
      body: { broker_account: account.id, name: ' Weekly  expiry ', description: ' Short straddles on expiry day ', capital: 200000 },
    });
    expect(created.status).toBe(201);
    const weekly = created.body.portfolios;
    expect(weekly).toEqual({ id: expect.any(Number), broker_account: account.id, name: 'Weekly expiry', description: 'Short straddles on expiry day', capital: 200000 });
    const monthly = await createPortfolio(call, token, account.id, 100000, 'Monthly');
    expect(monthly.description).toBe('');

    const listed = await call<{ portfolios: Portfolio[] }>('getPortfolios', { token, params: { accountId: account.id } });
    expect(listed.body.portfolios).toEqual([weekly, monthly]);

    const edited = await call<{ portfolios: Portfolio }>('updatePortfolio', { token, params: { id: weekly.id }, body: { description: 'Iron condors', capital: 250000 } });
    expect(edited.status).toBe(200);
    expect(edited.body.portfolios).toEqual({ ...weekly, description: 'Iron condors', capital: 250000 });

    const deleted = await call<{ message: string; portfolios: Portfolio[] }>('deletePortfolio', { token, params: { id: weekly.id } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Portfolio deleted with its bots', message_i18n: { code: 'done.portfolio_deleted', params: {} }, portfolios: [monthly] });
    expect((await call('deletePortfolio', { token, params: { id: weekly.id } })).status).toBe(404);
    expect((await call('updatePortfolio', { token, params: { id: weekly.id }, body: { name: 'x' } })).status).toBe(404);
  });

  it('refuses a portfolio that would take the account past its capital, naming the amounts in ₹', async () => {
    const { token, account } = await accountWithCapital(500000);
    await createPortfolio(call, token, account.id, 400000);
    const res = await call('createPortfolio', { token, body: { broker_account: account.id, name: 'Too big', capital: 200000 } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'capital_exceeded',
      field: 'capital',
      message: "Portfolios would hold ₹6,00,000.00 but the account's capital is ₹5,00,000.00",
      // Coded, so the app says it in the trader's language with the amounts formatted there.
      details: { text: { code: 'broker_account.portfolios_above_capital', params: { total: 600000, capital: 500000 } } },
    });
    // Exactly the account's capital fits.
    expect((await call('createPortfolio', { token, body: { broker_account: account.id, name: 'Rest', capital: 100000 } })).status).toBe(201);
  });

  it('checks the capital rule on edits, not counting the edited portfolio twice', async () => {
    const { token, account } = await accountWithCapital(300000);
    const first = await createPortfolio(call, token, account.id, 100000);
    await createPortfolio(call, token, account.id, 100000);
    expect((await call('updatePortfolio', { token, params: { id: first.id }, body: { capital: 200000 } })).status).toBe(200);
    const res = await call('updatePortfolio', { token, params: { id: first.id }, body: { capital: 200000.5 } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Portfolios would hold ₹3,00,000.50 but the account's capital is ₹3,00,000.00");
    // Renaming never trips the rule.
    expect((await call('updatePortfolio', { token, params: { id: first.id }, body: { name: 'Renamed' } })).status).toBe(200);
  });

  it('keeps two concurrent creations within the capital (the account row is locked)', async () => {
    const { token, account } = await accountWithCapital(100000);
    const attempts = await Promise.all(
      [1, 2, 3].map((n) => call('createPortfolio', { token, body: { broker_account: account.id, name: `Race ${n}`, capital: 60000 } })),
    );
    expect(attempts.map((res) => res.status).sort()).toEqual([201, 422, 422]);
  });

  it.each([
    ['a missing account', { name: 'P', capital: 1 }, 'broker_account'],
    ['a blank name', { broker_account: 1, name: '  ', capital: 1 }, 'name'],
    ['negative capital', { broker_account: 1, name: 'P', capital: -5 }, 'capital'],
    ['a long description', { broker_account: 1, name: 'P', capital: 1, description: 'x'.repeat(501) }, 'description'],
    ['an unknown field', { broker_account: 1, name: 'P', capital: 1, colour: 'red' }, 'colour'],
  ])('refuses a portfolio with %s (400)', async (_label, body, field) => {
    const { token, account } = await accountWithCapital(1000);
    const res = await call('createPortfolio', { token, body: { ...body, ...('broker_account' in body ? { broker_account: account.id } : {}) } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', field });
  });

  it('refuses to move a portfolio to another account (the field does not exist in an update)', async () => {
    const { token, account } = await accountWithCapital(1000);
    const portfolio = await createPortfolio(call, token, account.id, 10);
    const res = await call('updatePortfolio', { token, params: { id: portfolio.id }, body: { broker_account: account.id } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('unknown field "broker_account"');
  });
});
