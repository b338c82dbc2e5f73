// Linking and logging in a Kite account against the Kite test server: the broker list offers Kite with its
// login page (v=3), the request_token from Kite's redirect is exchanged with checksum = SHA-256(api_key +
// request_token + api_secret) (a wrong secret and a used token are refused as such), the access token is
// kept sealed at rest and never appears in an answer, a login as another client ID is refused and revoked,
// and logging out of the broker kills the token at Kite (DELETE /session/token).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKiteHttp } from '../../../server/services/brokers/kite/kite-http.ts';
import { getProfile } from '../../../server/services/brokers/kite/kite-account.ts';
import { KiteError } from '../../../server/services/brokers/kite/kite-errors.ts';
import { signedInAccount } from '../support/accounts.ts';
import { testBackends } from '../support/test-database.ts';
import { newApiSecret, newBrokerAccount, type BrokerAccount } from '../support/trading.ts';
import { kiteLoginToken, openKiteDesk, startKiteStack, type KiteStack } from './kite-desk.ts';

describe.each(testBackends)('Kite login on %s', (backend) => {
  let stack: KiteStack;

  beforeAll(async () => {
    stack = await startKiteStack(backend);
  });

  afterAll(async () => {
    await stack.close();
  });

  async function storedSession(accountId: number) {
    const { rows } = await stack.server.db.query<{ sealed: string | null; expires: Date | null }>(
      'SELECT session_access_token_encrypted AS sealed, session_expires_at AS expires FROM broker_accounts WHERE id = $1',
      [accountId],
    );
    return rows[0]!;
  }

  it('lists Kite with its login page next to the paper broker', async () => {
    const { token } = await signedInAccount(stack.call);
    const res = await stack.call<{ brokers: { name: string; display_name: string; login_url?: string }[] }>('getBrokers', { token });
    expect(res.status).toBe(200);
    expect(res.body.brokers.map((broker) => broker.name)).toEqual(['paper', 'kite', 'upstox', 'dhan', 'shoonya', 'flattrade']);
    const kite = res.body.brokers[1]!;
    expect(kite.display_name).toBe('Zerodha (Kite Connect)');
    expect(kite.login_url).toBe(`${stack.kite.loginUrl}?v=3`);
  });

  it('exchanges the request_token with the checksum, keeps the access token sealed, and never answers it', async () => {
    const desk = await openKiteDesk(stack);
    const stored = await storedSession(desk.account.id);
    expect(stored.sealed).toMatch(/^v1\./);
    const accessToken = stack.unseal(stored.sealed!);
    // The token Kite issued works at Kite for this client ID...
    const http = createKiteHttp({ apiRoot: stack.kite.apiRoot, apiKey: desk.input.api_key, accessToken });
    expect((await getProfile(http)).user_id).toBe(desk.accountNumber);
    // ... and appears in no answer of StrikeDesk's.
    const login = await desk.logIn();
    expect(login.status).toBe(200);
    expect(login.body.broker_accounts).toMatchObject({ broker: 'kite', is_logged_in: true });
    expect(login.body.message).toBe('Logged in to the broker until 06:00 IST');
    const listed = await stack.call('getBrokerAccounts', { token: desk.token });
    for (const answer of [login.raw.body, listed.raw.body, JSON.stringify(login.headers)]) {
      expect(answer).not.toContain(stack.unseal((await storedSession(desk.account.id)).sealed!));
      expect(answer).not.toContain(accessToken);
    }
    // Sessions end at 06:00 IST the next morning (Friday 10:00 IST → Saturday 00:30 UTC).
    expect(new Date(stored.expires!).toISOString()).toBe('2026-11-21T00:30:00.000Z');
  });

  it('refuses a used request_token and a wrong api_secret as Kite does', async () => {
    const desk = await openKiteDesk(stack);
    const requestToken = await kiteLoginToken(stack.kite, desk.input.api_key, desk.accountNumber);
    const login = (request_token: string) =>
      stack.call<{ code: string; message: string }>('loginBrokerAccount', { token: desk.token, params: { accountId: desk.account.id }, body: { request_token, broker_name: 'kite' } });
    expect((await login(requestToken)).status).toBe(200);
    const again = await login(requestToken);
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('request_token_invalid');

    const edited = await stack.call('updateBrokerAccount', { token: desk.token, params: { id: desk.account.id }, body: { api_secret: newApiSecret() } });
    expect(edited.status).toBe(200);
    const wrongSecret = await login(await kiteLoginToken(stack.kite, desk.input.api_key, desk.accountNumber));
    expect(wrongSecret.status).toBe(422);
    expect(wrongSecret.body).toMatchObject({ code: 'checksum_invalid', field: 'request_token' });
    expect((await storedSession(desk.account.id)).sealed).toBeNull();
  });

  it('refuses a Kite login of another client ID than the account, and revokes that session at Kite', async () => {
    const { token } = await signedInAccount(stack.call);
    const input = newBrokerAccount({ broker: 'kite', account_number: 'ZX9999' });
    const created = await stack.call<{ broker_accounts: BrokerAccount }>('createBrokerAccount', { token, body: input });
    expect(created.status).toBe(201);
    stack.kite.control.registerApp({ apiKey: input.api_key, apiSecret: input.api_secret, redirectUrl: 'http://127.0.0.1:9/app/broker/kite/callback', userId: 'QQ1111' });
    const res = await stack.call<{ code: string; message: string }>('loginBrokerAccount', {
      token,
      params: { accountId: created.body.broker_accounts.id },
      body: { request_token: await kiteLoginToken(stack.kite, input.api_key, 'QQ1111'), broker_name: 'kite' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'broker_account_mismatch',
      field: 'request_token',
      message: 'Kite logged in client ID QQ1111, but this account is ZX9999. Log in to Kite with ZX9999, or link QQ1111 as its own account.',
      details: { text: { code: 'broker_login.client_id_mismatch', params: { broker: 'Kite', client_id: 'QQ1111', account: 'ZX9999' } } },
    });
    expect((await storedSession(created.body.broker_accounts.id)).sealed).toBeNull();
  });

  it('logs out of Kite too: the access token stops working at Kite', async () => {
    const desk = await openKiteDesk(stack);
    const accessToken = stack.unseal((await storedSession(desk.account.id)).sealed!);
    const http = createKiteHttp({ apiRoot: stack.kite.apiRoot, apiKey: desk.input.api_key, accessToken });
    const res = await stack.call<{ broker_accounts: BrokerAccount }>('logoutBrokerAccount', { token: desk.token, params: { accountId: desk.account.id } });
    expect(res.status).toBe(200);
    expect(res.body.broker_accounts.is_logged_in).toBe(false);
    const refused = await getProfile(http).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(KiteError);
    expect((refused as KiteError).errorType).toBe('TokenException');
  });
});
