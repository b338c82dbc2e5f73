// A Shoonya or Flattrade account logged in through StrikeDesk: the login link (the broker's login page for the
// account's app), the code the broker's redirect brings back exchanged once with the broker's own SHA-256
// checksum (Shoonya: client id + secret + code; Flattrade: api_key + code + secret), checked by the test server,
// and only with this trader's own link of this account (the redirect URL is fixed in the trader's app at the
// broker, so it cannot carry StrikeDesk's state: the state the link issued is used up by the login instead),
// another user's login refused.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { flavors, openNorenDesk, startNorenStack, throughLoginPage, type NorenStack } from './noren-desk.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const names = { shoonya: 'Shoonya', flattrade: 'Flattrade' } as const;

describe.each(testBackends.flatMap((backend) => flavors.map((flavor) => [backend, flavor] as const)))('a Noren login on %s, %s', (backend, flavor) => {
  let stack: NorenStack;

  beforeAll(async () => {
    stack = await startNorenStack(backend, flavor);
  });

  afterAll(async () => {
    await stack.close();
  });

  it('lists the broker with its login page', async () => {
    const { token } = await openNorenDesk(stack);
    const brokers = await stack.call<{ brokers: { id: number; name: string; login_url?: string }[] }>('getBrokers', { token });
    const loginPage = flavor === 'shoonya' ? `${stack.noren.root}/OAuthlogin/authorize/oauth` : `${stack.noren.root}/`;
    expect(brokers.body.brokers.find((broker) => broker.name === flavor)).toMatchObject({ id: flavor === 'shoonya' ? 5 : 6, name: flavor, login_url: loginPage });
  });

  it("logs in through the broker's page, the code exchanged with the broker's checksum", async () => {
    const desk = await openNorenDesk(stack);
    const link = new URL(await desk.link());
    expect(link.searchParams.get(flavor === 'shoonya' ? 'client_id' : 'app_key')).toBe(desk.input.api_key);
    const code = (await throughLoginPage(link.toString(), desk.userId)).get('code') ?? '';
    const login = await desk.exchange(code);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.broker_accounts).toMatchObject({ is_logged_in: true });
    const sent = stack.noren.control.exchanges().at(-1)!;
    // The secret itself never travels: only the checksum the broker specifies.
    if (flavor === 'shoonya') expect(sent).toEqual({ code, checksum: sha256(`${desk.input.api_key}${desk.input.api_secret}${code}`) });
    else expect(sent).toEqual({ api_key: desk.input.api_key, request_code: code, api_secret: sha256(`${desk.input.api_key}${code}${desk.input.api_secret}`) });
    const sealed = (await stack.server.db.query<{ sealed: string }>('SELECT session_access_token_encrypted AS sealed FROM broker_accounts WHERE id = $1', [desk.account.id])).rows[0]!.sealed;
    expect(stack.noren.control.tokens()).toContain(stack.unseal(sealed));
    expect(JSON.stringify(login.body)).not.toContain(stack.unseal(sealed));
  });

  it('uses a code once, and only with a login link this trader asked for this account', async () => {
    const desk = await openNorenDesk(stack);
    const code = (await throughLoginPage(await desk.link(), desk.userId)).get('code') ?? '';
    expect((await desk.exchange(code)).status).toBe(200);
    const again = await desk.exchange(code);
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'login_state_invalid' });
    // A fresh link's state, but a code the broker already exchanged: its refusal, in the trader's words.
    await desk.link();
    const used = await desk.exchange(code);
    expect(used.status).toBe(422);
    expect(used.body).toMatchObject({ code: 'request_token_invalid', message: expect.stringContaining(`${names[flavor]} refused the login: Invalid Input : INVALID_VERIFIER`) });
  });

  it("refuses a code posted to an account whose link this trader never asked for (another trader's login)", async () => {
    const victim = await openNorenDesk(stack);
    const attacker = await openNorenDesk(stack);
    const code = (await throughLoginPage(await attacker.link(), attacker.userId)).get('code') ?? '';
    const posted = await victim.exchange(code);
    expect(posted.status).toBe(422);
    expect(posted.body).toMatchObject({ code: 'login_state_invalid' });
  });

  it('refuses a login of another user than the account', async () => {
    const desk = await openNorenDesk(stack, { userId: 'FA99999' });
    const login = await desk.logIn();
    expect(login.status).toBe(422);
    expect(login.body).toMatchObject({ code: 'broker_account_mismatch', message: expect.stringContaining(`${names[flavor]} logged in client ID FA99999`) });
    const account = await stack.server.db.query<{ sealed: string | null }>('SELECT session_access_token_encrypted AS sealed FROM broker_accounts WHERE id = $1', [desk.account.id]);
    expect(account.rows[0]!.sealed).toBeNull();
  });

  it('refuses a checksum made with another secret than the one the broker knows', async () => {
    const desk = await openNorenDesk(stack);
    // The trader regenerated the secret at the broker: the account's copy is now wrong.
    stack.noren.control.registerApp({ apiKey: desk.input.api_key, apiSecret: 'a-new-secret-at-the-broker', redirectUrl: 'http://127.0.0.1:9/cb', userId: desk.userId });
    const login = await desk.logIn();
    expect(login.status).toBe(422);
    expect(login.body).toMatchObject({ code: 'request_token_invalid', message: expect.stringContaining('Checksum mismatch') });
  });
});
