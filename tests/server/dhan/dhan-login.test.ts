// A Dhan account logged in through StrikeDesk: the login link (a consent Dhan generated for the account's client
// ID with its app id and secret, Dhan's login page), the tokenId Dhan's redirect brings back consumed once, and
// only with this trader's own link of this account (Dhan's redirect URL is fixed in its app, so it cannot carry
// StrikeDesk's state: the state the link issued is used up by the login instead), another client's login
// refused, and the access-token alternative (a token generated on web.dhan.co, checked with Dhan's profile).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { openDhanDesk, startDhanStack, throughLoginPage, type DhanStack } from './dhan-desk.ts';

describe.each(testBackends)('a Dhan login on %s', (backend) => {
  let stack: DhanStack;

  beforeAll(async () => {
    stack = await startDhanStack(backend);
  });

  afterAll(async () => {
    await stack.close();
  });

  it('lists Dhan with its login page', async () => {
    const { token } = await openDhanDesk(stack);
    const brokers = await stack.call<{ brokers: { name: string; display_name: string; login_url?: string }[] }>('getBrokers', { token });
    expect(brokers.body.brokers.find((broker) => broker.name === 'dhan')).toEqual({ id: 4, name: 'dhan', display_name: 'Dhan', login_url: `${stack.dhan.apiRoot}/login/consentApp-login`, capabilities: expect.any(Object) });
  });

  it('logs in through a consent of its own, and the session lasts the day Dhan gives it', async () => {
    const desk = await openDhanDesk(stack);
    const link = new URL(await desk.link());
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.dhan.apiRoot}/login/consentApp-login`);
    expect(link.searchParams.get('consentAppId')).not.toBe(new URL(await desk.link()).searchParams.get('consentAppId'));

    const login = await desk.logIn();
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    // 09:30 IST on Friday: Dhan's token lasts 24 hours.
    expect(login.body.broker_accounts).toMatchObject({ is_logged_in: true, session_expires_at: '2026-01-17T04:00:00.000Z' });
    const sealed = (await stack.server.db.query<{ sealed: string }>('SELECT session_access_token_encrypted AS sealed FROM broker_accounts WHERE id = $1', [desk.account.id])).rows[0]!.sealed;
    expect(stack.dhan.control.sessions().map((session) => session.token)).toContain(stack.unseal(sealed));
    expect(JSON.stringify(login.body)).not.toContain(stack.unseal(sealed));
  });

  it('uses a tokenId once, and only with a login link this trader asked for this account', async () => {
    const desk = await openDhanDesk(stack);
    const tokenId = (await throughLoginPage(await desk.link(), desk.clientId)).get('tokenId') ?? '';
    expect((await desk.exchange(tokenId)).status).toBe(200);
    // The link's state is spent: the same tokenId again opens nothing, and Dhan would refuse it anyway.
    const again = await desk.exchange(tokenId);
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'login_state_invalid' });
    // A fresh link's state, but a tokenId Dhan already consumed: Dhan's refusal, in the trader's words.
    await desk.link();
    const used = await desk.exchange(tokenId);
    expect(used.status).toBe(422);
    expect(used.body).toMatchObject({ code: 'request_token_invalid', message: expect.stringMatching(/^Dhan refused the login: Invalid tokenId\./) });
  });

  it("refuses a tokenId posted to an account whose link this trader never asked for (another trader's login)", async () => {
    const victim = await openDhanDesk(stack);
    const attacker = await openDhanDesk(stack);
    // The attacker's own Dhan login, posted to the victim's account without a link of the victim's.
    const tokenId = (await throughLoginPage(await attacker.link(), attacker.clientId)).get('tokenId') ?? '';
    const posted = await victim.exchange(tokenId);
    expect(posted.status).toBe(422);
    expect(posted.body).toMatchObject({ code: 'login_state_invalid' });
    expect((await stack.server.db.query('SELECT 1 FROM broker_accounts WHERE id = $1 AND session_access_token_encrypted IS NOT NULL', [victim.account.id])).rows).toHaveLength(0);
  });

  it('refuses a login of another Dhan client than the account', async () => {
    const desk = await openDhanDesk(stack, { clientId: '1999999999' });
    const login = await desk.logIn();
    expect(login.status).toBe(422);
    expect(login.body).toMatchObject({ code: 'broker_account_mismatch', message: expect.stringContaining('Dhan logged in client ID 1999999999') });
    const account = await stack.server.db.query<{ sealed: string | null }>('SELECT session_access_token_encrypted AS sealed FROM broker_accounts WHERE id = $1', [desk.account.id]);
    expect(account.rows[0]!.sealed).toBeNull();
  });

  it("takes a token generated on Dhan's web for the account's client, and refuses another client's", async () => {
    const desk = await openDhanDesk(stack);
    const pasted = await desk.exchange(stack.dhan.control.issueToken(desk.clientId));
    expect(pasted.status, JSON.stringify(pasted.body)).toBe(200);
    expect(pasted.body.broker_accounts).toMatchObject({ is_logged_in: true });
    const other = await desk.exchange(stack.dhan.control.issueToken('1888888888'));
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'broker_account_mismatch' });
    const dead = await desk.exchange('eyJmadeup.notatoken.sig');
    expect(dead.status).toBe(422);
    expect(dead.body).toMatchObject({ code: 'request_token_invalid' });
  });
});
