// An Upstox account logged in through StrikeDesk: the login link (Upstox's dialog, the account's app, a state
// bound to the trader and the account), the code exchanged once with the link's own redirect URL, the
// refusals (a state not issued for this trader's account, used or missing; a used code; another user's login)
// as clear 422s, the log-out revoking the token at Upstox, and the session's end at 03:30 IST.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import type { BrokerAccount } from '../support/trading.ts';
import { openUpstoxDesk, startUpstoxStack, throughDialog, type UpstoxStack } from './upstox-desk.ts';

describe.each(testBackends)('an Upstox login on %s', (backend) => {
  let stack: UpstoxStack;

  beforeAll(async () => {
    stack = await startUpstoxStack(backend);
  });

  afterAll(async () => {
    await stack.close();
  });

  const sealedToken = async (accountId: number) =>
    (await stack.server.db.query<{ sealed: string | null }>('SELECT session_access_token_encrypted AS sealed FROM broker_accounts WHERE id = $1', [accountId])).rows[0]!.sealed;

  it('lists Upstox with its login dialog', async () => {
    const { token } = await openUpstoxDesk(stack);
    const brokers = await stack.call<{ brokers: { name: string; display_name: string; login_url?: string }[] }>('getBrokers', { token });
    expect(brokers.body.brokers.find((broker) => broker.name === 'upstox')).toEqual({
      id: 3,
      name: 'upstox',
      display_name: 'Upstox',
      login_url: `${stack.upstox.apiRoot}/v2/login/authorization/dialog`,
      capabilities: expect.any(Object),
    });
  });

  it('logs in through the dialog with a state of its own, and the session lasts until 03:30 IST', async () => {
    const desk = await openUpstoxDesk(stack);
    const link = new URL(await desk.link());
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.upstox.apiRoot}/v2/login/authorization/dialog`);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ response_type: 'code', client_id: desk.input.api_key, redirect_uri: 'http://127.0.0.1:9/app/broker/upstox/callback' });
    expect(link.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.searchParams.get('state')).not.toBe(new URL(await desk.link()).searchParams.get('state'));

    const login = await desk.logIn();
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    // 09:30 IST on Thursday: the token dies at 03:30 IST on Friday.
    expect(login.body.broker_accounts).toMatchObject({ is_logged_in: true, session_expires_at: '2026-01-15T22:00:00.000Z' });
    expect(JSON.stringify(login.body)).not.toContain(stack.unseal((await sealedToken(desk.account.id))!));
  });

  it('refuses a state that is made up, missing, used, or issued for another trader’s account', async () => {
    const desk = await openUpstoxDesk(stack);
    const other = await openUpstoxDesk(stack);
    const back = await throughDialog(await desk.link(), desk.ucc);
    const code = back.get('code') ?? '';
    const refusedState = { code: 'login_state_invalid', message: expect.stringMatching(/^This broker login was not started for this account from StrikeDesk/) };
    expect((await desk.exchange(code, 'made-up-state-made-up-state-0000')).body).toMatchObject(refusedState);
    expect((await desk.exchange(code)).body).toMatchObject(refusedState);
    const othersState = new URL(await other.link()).searchParams.get('state') ?? '';
    const stolen = await desk.exchange(code, othersState);
    expect(stolen.status).toBe(422);
    expect(stolen.body).toMatchObject(refusedState);

    const login = await desk.exchange(code, back.get('state') ?? '');
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const replayed = await desk.exchange(code, back.get('state') ?? '');
    expect(replayed.status).toBe(422);
    expect(replayed.body).toMatchObject(refusedState);
  });

  it('refuses a used code with Upstox’s words, even under a fresh state', async () => {
    const desk = await openUpstoxDesk(stack);
    const back = await throughDialog(await desk.link(), desk.ucc);
    expect((await desk.exchange(back.get('code') ?? '', back.get('state') ?? '')).status).toBe(200);
    const fresh = new URL(await desk.link()).searchParams.get('state') ?? '';
    const again = await desk.exchange(back.get('code') ?? '', fresh);
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'request_token_invalid', message: expect.stringMatching(/^Upstox refused the login: /) });
  });

  it('refuses another user’s login and logs that session out at Upstox', async () => {
    const desk = await openUpstoxDesk(stack, { ucc: 'ZZ9999' });
    const login = await desk.logIn();
    expect(login.status).toBe(422);
    expect(login.body).toMatchObject({
      code: 'broker_account_mismatch',
      message: `Upstox logged in client ID ZZ9999, but this account is ${desk.input.account_number}. Log in to Upstox with ${desk.input.account_number}, or link ZZ9999 as its own account.`,
    });
    expect(await sealedToken(desk.account.id)).toBeNull();
    expect(stack.upstox.control.sessions().filter((session) => session.userId === 'ZZ9999').map((session) => session.revoked)).toEqual([true]);
  });

  it('revokes the token at Upstox on log-out', async () => {
    const desk = await openUpstoxDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    const accessToken = stack.unseal((await sealedToken(desk.account.id))!);
    const out = await stack.call<{ broker_accounts: BrokerAccount }>('logoutBrokerAccount', { token: desk.token, params: { accountId: desk.account.id } });
    expect(out.status).toBe(200);
    // Logged out by the trader: nothing to ask of them.
    expect(out.body.broker_accounts).toMatchObject({ is_logged_in: false, session_ended_at: null });
    expect(stack.upstox.control.sessions().find((session) => session.token === accessToken)).toMatchObject({ revoked: true });
  });

  it('ends the session at 03:30 IST and asks the trader to log in again', async () => {
    const desk = await openUpstoxDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    stack.server.clock.advance(18.5 * 3_600_000 + 1000);
    const accounts = await stack.call<{ broker_accounts: BrokerAccount[] }>('getBrokerAccounts', { token: desk.token });
    expect(accounts.body.broker_accounts.find((account) => account.id === desk.account.id)).toMatchObject({ is_logged_in: false });
    await stack.services.alerts.watchers.run(stack.server.clock.now());
    const told = await stack.server.db.query<{ event: string; title: string }>(
      "SELECT event, title FROM alerts WHERE broker_account_id = $1 AND category = 'broker_session' ORDER BY id",
      [desk.account.id],
    );
    expect(told.rows).toEqual([{ event: 'broker_session_expired', title: `Broker session ended: ${desk.input.account_number}` }]);
  });
});
