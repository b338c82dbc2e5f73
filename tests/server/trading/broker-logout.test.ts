// Logging out of the broker: POST /api/accounts/account-logout/{accountId}/ ends the session a broker
// login opened, answers the account as it now is, and touches only the caller's own accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createBrokerAccount, guardedClient, paperBrokerLogin, type BrokerAccount } from '../support/trading.ts';

type SessionBody = { message: string; broker_accounts: BrokerAccount; code?: string };

describe.each(testBackends)('broker log-out on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  /** A linked account with an open broker session. */
  async function loggedInAccount() {
    const user = await signedInAccount(call);
    const { input, account } = await createBrokerAccount(call, user.token);
    const requestToken = await paperBrokerLogin(server.app, input);
    const login = await call<SessionBody>('loginBrokerAccount', {
      token: user.token,
      params: { accountId: account.id },
      body: { request_token: requestToken, broker_name: 'paper' },
    });
    expect(login.body.broker_accounts.is_logged_in).toBe(true);
    return { token: user.token, account };
  }

  const logOut = (token: string | undefined, accountId: number) =>
    call<SessionBody>('logoutBrokerAccount', { ...(token === undefined ? {} : { token }), params: { accountId } });

  it('closes the session, forgets its access token and answers the account logged out', async () => {
    const { token, account } = await loggedInAccount();
    const res = await logOut(token, account.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Logged out of the broker',
      message_i18n: { code: 'done.broker_logged_out', params: {} },
      broker_accounts: { ...account, is_logged_in: false, session_expires_at: null },
    });
    const listed = await call<{ broker_accounts: BrokerAccount[] }>('getBrokerAccounts', { token });
    expect(listed.body.broker_accounts).toEqual([{ ...account, is_logged_in: false, session_expires_at: null }]);
    const stored = await server.db.query<{ token: string | null; opened: Date | null }>(
      'SELECT session_access_token_encrypted AS token, session_opened_at AS opened FROM broker_accounts WHERE id = $1',
      [account.id],
    );
    expect(stored.rows[0]).toEqual({ token: null, opened: null });
  });

  it('answers the same when there is no session to close: repeating it is harmless', async () => {
    const { token, account } = await loggedInAccount();
    expect((await logOut(token, account.id)).status).toBe(200);
    const again = await logOut(token, account.id);
    expect(again.status).toBe(200);
    expect(again.body.broker_accounts).toMatchObject({ id: account.id, is_logged_in: false, session_expires_at: null });
  });

  it('lets the trader log in to the broker again afterwards', async () => {
    const user = await signedInAccount(call);
    const { input, account } = await createBrokerAccount(call, user.token);
    const exchange = async () =>
      call<SessionBody>('loginBrokerAccount', {
        token: user.token,
        params: { accountId: account.id },
        body: { request_token: await paperBrokerLogin(server.app, input), broker_name: 'paper' },
      });
    expect((await exchange()).status).toBe(200);
    await logOut(user.token, account.id);
    const again = await exchange();
    expect(again.status).toBe(200);
    expect(again.body.broker_accounts.is_logged_in).toBe(true);
  });

  it('cannot touch another user’s account, which stays logged in; an unknown id is 404 too', async () => {
    const { token: ownerToken, account } = await loggedInAccount();
    const stranger = await signedInAccount(call);
    const res = await logOut(stranger.token, account.id);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    const listed = await call<{ broker_accounts: BrokerAccount[] }>('getBrokerAccounts', { token: ownerToken });
    expect(listed.body.broker_accounts[0]?.is_logged_in).toBe(true);
    expect((await logOut(ownerToken, 2_000_000_000)).status).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const { account } = await loggedInAccount();
    expect((await logOut(undefined, account.id)).status).toBe(401);
  });
});
