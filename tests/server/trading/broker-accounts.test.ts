// Brokers and broker accounts: the catalogue of brokers, linking, editing and unlinking accounts, the
// capital rule seen from the account side, and api_secret being write-only and encrypted at rest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createBrokerAccount, createPortfolio, guardedClient, newApiSecret, newBrokerAccount, type BrokerAccount } from '../support/trading.ts';

type AccountBody = { broker_accounts: BrokerAccount };
type AccountsBody = { broker_accounts: BrokerAccount[] };

describe.each(testBackends)('brokers and broker accounts on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  // Their capabilities: broker-capabilities.test.ts.
  it('lists the paper broker, Kite, Upstox, Dhan, Shoonya and Flattrade with their login pages', async () => {
    const { token } = await signedInAccount(call);
    const res = await call('getBrokers', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      brokers: [
        { id: 1, name: 'paper', display_name: 'Paper broker (simulated)', login_url: '/broker-login/paper', capabilities: expect.any(Object) },
        // Zerodha's own page when KITE_LOGIN_URL is not set; the PWA appends the account's api_key.
        { id: 2, name: 'kite', display_name: 'Zerodha (Kite Connect)', login_url: 'https://kite.zerodha.com/connect/login?v=3', capabilities: expect.any(Object) },
        // Upstox's dialog at UPSTOX_API_ROOT (here its default); the server builds each login link with its state.
        { id: 3, name: 'upstox', display_name: 'Upstox', login_url: 'https://api.upstox.com/v2/login/authorization/dialog', capabilities: expect.any(Object) },
        // Dhan's consent login page at DHAN_AUTH_ROOT (its default); each link is a consent generated for the account.
        { id: 4, name: 'dhan', display_name: 'Dhan', login_url: 'https://auth.dhan.co/login/consentApp-login', capabilities: expect.any(Object) },
        // The Noren brokers' login pages (their defaults); each link names the account's app.
        { id: 5, name: 'shoonya', display_name: 'Shoonya (Finvasia)', login_url: 'https://trade.shoonya.com/OAuthlogin/authorize/oauth', capabilities: expect.any(Object) },
        { id: 6, name: 'flattrade', display_name: 'Flattrade', login_url: 'https://auth.flattrade.in/', capabilities: expect.any(Object) },
      ],
    });
  });

  it('links, lists, edits and unlinks an account; answers never carry the secret', async () => {
    const { token } = await signedInAccount(call);
    expect((await call<AccountsBody>('getBrokerAccounts', { token })).body).toEqual({ broker_accounts: [] });

    const { input, account } = await createBrokerAccount(call, token, { name: '  Main   paper ' });
    expect(account).toEqual({
      id: expect.any(Number),
      broker: 'paper',
      name: 'Main paper',
      account_number: input.account_number,
      api_key: input.api_key,
      capital: 500000,
      is_logged_in: false,
      session_expires_at: null,
      session_ended_at: null,
      // On the simulated market until the trader chooses a live account's feed (issue 38).
      market_account_id: null,
    });
    expect(account).not.toHaveProperty('api_secret');

    const second = await createBrokerAccount(call, token, { capital: 125000.5 });
    const listed = await call<AccountsBody>('getBrokerAccounts', { token });
    expect(listed.body.broker_accounts.map((item) => item.id)).toEqual([account.id, second.account.id]);
    expect(listed.body.broker_accounts[1]?.capital).toBe(125000.5);

    const renamed = await call<AccountBody>('updateBrokerAccount', { token, params: { id: account.id }, body: { name: 'Renamed', capital: 750000 } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.broker_accounts).toMatchObject({ id: account.id, name: 'Renamed', capital: 750000, api_key: input.api_key });

    const deleted = await call('deleteBrokerAccount', { token, params: { id: account.id } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Broker account deleted with its portfolios and bots', message_i18n: { code: 'done.broker_account_deleted', params: {} } });
    expect((await call<AccountsBody>('getBrokerAccounts', { token })).body.broker_accounts.map((item) => item.id)).toEqual([second.account.id]);
    expect((await call('deleteBrokerAccount', { token, params: { id: account.id } })).status).toBe(404);
    expect((await call('updateBrokerAccount', { token, params: { id: account.id }, body: { name: 'Gone' } })).status).toBe(404);
  });

  it('stores api_secret encrypted (AES-GCM, a fresh IV each time) and replaces it on update', async () => {
    const { token } = await signedInAccount(call);
    const secret = newApiSecret();
    const { account } = await createBrokerAccount(call, token, { api_secret: secret });
    const stored = async () =>
      (await server.db.query<{ api_secret_encrypted: string }>('SELECT api_secret_encrypted FROM broker_accounts WHERE id = $1', [account.id])).rows[0]
        ?.api_secret_encrypted ?? '';
    const first = await stored();
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toContain(secret);
    expect(first).not.toContain(Buffer.from(secret).toString('base64'));

    const updated = await call('updateBrokerAccount', { token, params: { id: account.id }, body: { api_secret: newApiSecret() } });
    expect(updated.status).toBe(200);
    expect(updated.body.broker_accounts).not.toHaveProperty('api_secret');
    expect(await stored()).not.toBe(first);
  });

  it.each([
    ['an unknown broker', { broker: 'zerodha' }, 400, 'unknown_broker', 'broker'],
    ['a blank name', { name: '   ' }, 400, 'validation_failed', 'name'],
    ['no api_secret', { api_secret: undefined }, 400, 'validation_failed', 'api_secret'],
    ['an empty api_secret', { api_secret: '' }, 400, 'validation_failed', 'api_secret'],
    ['a bad account number', { account_number: 'PA 12' }, 400, 'validation_failed', 'account_number'],
    ['negative capital', { capital: -1 }, 400, 'validation_failed', 'capital'],
    ['capital as text', { capital: '500000' }, 400, 'validation_failed', 'capital'],
    ['an unknown field', { is_logged_in: true }, 400, 'validation_failed', 'is_logged_in'],
  ])('refuses to link an account with %s', async (_label, overrides, status, code, field) => {
    const { token } = await signedInAccount(call);
    const res = await call('createBrokerAccount', { token, body: { ...newBrokerAccount(), ...overrides } });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code, field });
  });

  it('refuses an account number or an api_key this user linked twice (any case), on create and update', async () => {
    const { token } = await signedInAccount(call);
    const { input, account } = await createBrokerAccount(call, token);
    const sameNumber = await call('createBrokerAccount', { token, body: newBrokerAccount({ account_number: input.account_number.toLowerCase() }) });
    expect(sameNumber.status).toBe(409);
    expect(sameNumber.body).toMatchObject({ code: 'account_exists', field: 'account_number' });

    const sameKey = await call('createBrokerAccount', { token, body: newBrokerAccount({ api_key: input.api_key }) });
    expect(sameKey.status).toBe(409);
    expect(sameKey.body).toMatchObject({ code: 'api_key_taken', field: 'api_key' });
    // Another user's key is none of this user's business: linking it answers nothing about it.
    const other = await signedInAccount(call);
    expect((await call('createBrokerAccount', { token: other.token, body: newBrokerAccount({ api_key: input.api_key }) })).status).toBe(201);
    // Another user may use the same account number: it is their own client id at the broker.
    expect((await call('createBrokerAccount', { token: other.token, body: newBrokerAccount({ account_number: input.account_number }) })).status).toBe(201);

    const { account: second } = await createBrokerAccount(call, token);
    const clash = await call('updateBrokerAccount', { token, params: { id: second.id }, body: { account_number: input.account_number } });
    expect(clash.status).toBe(409);
    // Saving an account with its own unchanged values is no clash.
    const same = await call('updateBrokerAccount', { token, params: { id: account.id }, body: { account_number: input.account_number, api_key: input.api_key } });
    expect(same.status).toBe(200);
  });

  it.each([
    ['nothing to change', {}, 'Send at least 1 field'],
    ['the broker (it cannot change)', { broker: 'paper' }, 'unknown field "broker"'],
    ['a blank name', { name: ' ' }, 'name: must not be empty'],
  ])('refuses an update with %s (400)', async (_label, body, message) => {
    const { token } = await signedInAccount(call);
    const { account } = await createBrokerAccount(call, token);
    const res = await call('updateBrokerAccount', { token, params: { id: account.id }, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses to lower capital below what the portfolios hold, naming both amounts', async () => {
    const { token } = await signedInAccount(call);
    const { account } = await createBrokerAccount(call, token, { capital: 500000 });
    await createPortfolio(call, token, account.id, 300000);
    await createPortfolio(call, token, account.id, 100000);
    const res = await call('updateBrokerAccount', { token, params: { id: account.id }, body: { capital: 350000 } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'capital_exceeded',
      field: 'capital',
      message: "This account's portfolios hold ₹4,00,000.00, more than the new capital of ₹3,50,000.00. Lower their capital first.",
      details: { text: { code: 'broker_account.capital_below_portfolios', params: { held: 400000, capital: 350000 } } },
    });
    expect((await call('updateBrokerAccount', { token, params: { id: account.id }, body: { capital: 400000 } })).status).toBe(200);
  });

  it('deletes the portfolios and bots of a deleted account', async () => {
    const { token } = await signedInAccount(call);
    const { account } = await createBrokerAccount(call, token);
    const portfolio = await createPortfolio(call, token, account.id);
    const count = async (table: string) => (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE broker_account_id = $1`, [account.id])).rows[0]?.n;
    expect(await count('portfolios')).toBe(1);
    await call('deleteBrokerAccount', { token, params: { id: account.id } });
    expect(await count('portfolios')).toBe(0);
    expect((await call('getPortfolios', { token, params: { accountId: account.id } })).status).toBe(404);
    expect((await call('getTradingBots', { token, params: { portfolioId: portfolio.id } })).status).toBe(404);
  });
});
