// The Kite-style broker login: the paper broker's own page (HTML, CSP-compatible), its redirect back to
// the PWA with a request_token, and the exchange of that token for a broker session.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createBrokerAccount, guardedClient, injectGuarded, newApiSecret, paperBrokerLogin, type BrokerAccount } from '../support/trading.ts';

/** A success answer, or an error's code and field. */
type LoginBody = { message: string; broker_accounts: BrokerAccount; code?: string; field?: string };

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/broker-login/paper',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/** What the CSP (no inline script or style) would block, or what would need it. */
function expectCspCompatible(html: string): void {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<style/i);
  expect(html).not.toMatch(/\sstyle\s*=/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
}

describe.each(testBackends)('broker login on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  async function linkedAccount(overrides = {}) {
    const user = await signedInAccount(call);
    return { token: user.token, ...(await createBrokerAccount(call, user.token, overrides)) };
  }

  const exchange = (token: string, accountId: number, requestToken: string, brokerName = 'paper') =>
    call<LoginBody>('loginBrokerAccount', { token, params: { accountId }, body: { request_token: requestToken, broker_name: brokerName } });

  describe('the login page', () => {
    it('shows the app (StrikeDesk), never the account, with a Client ID and a password field, the password rule and Cancel, without inline script or style', async () => {
      const { input } = await linkedAccount({ name: 'Asha <b>"main"</b>' });
      const res = await injectGuarded(server.app, { method: 'GET', url: `/broker-login/paper?api_key=${encodeURIComponent(input.api_key)}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      const html = res.body;
      expectCspCompatible(html);
      expect(html).toContain('<h1>Paper broker — log in</h1>');
      expect(html).toMatch(/Log in to continue to <strong>StrikeDesk<\/strong>/);
      // The api_key travels in URLs: whoever holds it learns nothing about the account from the page.
      expect(html).not.toContain('Asha');
      expect(html).not.toContain(input.account_number);
      expect(html).toMatch(/<label for="client_id">Client ID<\/label>\s*<input id="client_id" name="client_id"/);
      expect(html).toMatch(/<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/);
      expect(html).toContain('Paper accounts accept any password of at least 6 characters.');
      expect(html).toMatch(/<a class="cancel" href="\/broker-login\/paper\/cancel\?api_key=[^"]+">Cancel<\/a>/);
      expect(html).toContain('<link rel="stylesheet" href="/broker-login/paper/login.css">');

      const css = await server.app.inject({ method: 'GET', url: '/broker-login/paper/login.css' });
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    });

    it('shows the same form for an api_key nobody linked: the page does not say whether a key exists', async () => {
      const { input } = await linkedAccount();
      const known = await injectGuarded(server.app, { method: 'GET', url: `/broker-login/paper?api_key=${encodeURIComponent(input.api_key)}` });
      const unknown = await injectGuarded(server.app, { method: 'GET', url: `/broker-login/paper?api_key=${encodeURIComponent(`${input.api_key}-x`)}` });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body.replaceAll(`${input.api_key}-x`, 'KEY')).toBe(known.body.replaceAll(input.api_key, 'KEY'));
    });

    it.each([
      ['no api_key', '/broker-login/paper'],
      ['an api_key longer than any linked one', `/broker-login/paper?api_key=${'k'.repeat(129)}`],
      ['an api_key with a NUL byte', '/broker-login/paper?api_key=a%00b'],
    ])('answers a 404 page for %s', async (_label, url) => {
      const res = await injectGuarded(server.app, { method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expectCspCompatible(res.body);
      expect(res.body).toContain('This login link is not valid');
      const apiKey = new URL(url, 'http://x').searchParams.get('api_key') ?? '';
      const posted = await injectGuarded(server.app, form({ api_key: apiKey, client_id: 'X', password: 'secret1' }));
      expect(posted.statusCode).toBe(404);
    });

    it('puts each refusal under its field: a Client ID no account number could be, a short password, empty fields', async () => {
      const { input, account } = await linkedAccount();
      const wrong = await injectGuarded(server.app, form({ api_key: input.api_key, client_id: 'ZZ 999', password: 'long-enough' }));
      expect(wrong.statusCode).toBe(400);
      expectCspCompatible(wrong.body);
      expect(wrong.body).toContain('<title>Error: Paper broker — log in</title>');
      expect(wrong.body).toContain(
        '<p class="field-error" id="client_id-error">A Client ID is 2 to 32 letters, digits, hyphens or underscores: the account number you linked in StrikeDesk.</p>',
      );
      expect(wrong.body).toContain('value="ZZ 999"');
      expect(wrong.body).toMatch(/<input id="client_id" [^>]*aria-describedby="client_id-error client_id-hint" aria-invalid="true" autofocus>/);
      expect(wrong.body).toMatch(/<input id="password" [^>]*aria-describedby="password-hint">/);
      expect(wrong.body).toMatch(/<div class="summary" role="alert"[^>]*>\s*<h2 id="summary-heading">There is a problem<\/h2>\s*<ul><li><a href="#client_id">A Client ID is 2 to 32 letters/);

      const short = await injectGuarded(server.app, form({ api_key: input.api_key, client_id: input.account_number, password: '12345' }));
      expect(short.statusCode).toBe(400);
      expect(short.body).toContain('<p class="field-error" id="password-error">Paper accounts need a password of at least 6 characters.</p>');
      expect(short.body).toMatch(/<input id="password" [^>]*aria-describedby="password-error password-hint" aria-invalid="true" autofocus>/);
      expect(short.body).not.toContain('client_id-error');

      const empty = await injectGuarded(server.app, form({ api_key: input.api_key, client_id: ' ', password: '' }));
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain('<p class="field-error" id="client_id-error">Enter your Client ID.</p>');
      expect(empty.body).toContain('<p class="field-error" id="password-error">Enter your password.</p>');
      // Only the first field in error takes the focus.
      expect(empty.body.match(/ autofocus>/g)).toHaveLength(1);
      expect((await server.db.query('SELECT 1 FROM broker_request_tokens WHERE broker_account_id = $1', [account.id])).rows).toEqual([]);
    });

    it('answers text the database cannot keep (a NUL, a lone surrogate) in a Client ID or an api_key with the page and the refusal, never a 500', async () => {
      const { input, account } = await linkedAccount();
      for (const clientId of [`${input.account_number}\u0000`, 'PA\ud800']) {
        const res = await injectGuarded(server.app, form({ api_key: input.api_key, client_id: clientId, password: 'long-enough' }));
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain('<p class="field-error" id="client_id-error">');
      }
      const key = await injectGuarded(server.app, form({ api_key: `${input.api_key}\u0000`, client_id: input.account_number, password: 'long-enough' }));
      expect(key.statusCode).toBe(404);
      expect(key.headers['content-type']).toMatch(/^text\/html/);
      const link = await injectGuarded(server.app, { method: 'GET', url: `/broker-login/paper?api_key=${encodeURIComponent(`${input.api_key}\u0000`)}` });
      expect(link.statusCode).toBe(404);
      expect((await server.db.query('SELECT 1 FROM broker_request_tokens WHERE broker_account_id = $1', [account.id])).rows).toEqual([]);
    });

    it("leaves validation to the server: the form is novalidate, and the page has StrikeDesk's icon as its favicon", async () => {
      const { input } = await linkedAccount();
      const res = await injectGuarded(server.app, { method: 'GET', url: `/broker-login/paper?api_key=${encodeURIComponent(input.api_key)}` });
      expect(res.body).toMatch(/<form method="post" action="\/broker-login\/paper" novalidate>/);
      expect(res.body).toContain('<link rel="icon" href="/broker-login/paper/icon.svg" type="image/svg+xml">');
      const icon = await server.app.inject({ method: 'GET', url: '/broker-login/paper/icon.svg' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toBe('image/svg+xml');
      expect(icon.body).toMatch(/^<svg /);
    });

    it('sends Cancel back to the PWA with status=cancelled', async () => {
      const res = await injectGuarded(server.app, { method: 'GET', url: '/broker-login/paper/cancel?api_key=whatever' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/app/broker/paper/callback?status=cancelled');
    });

    it('redirects back with a request_token, accepting the Client ID in any case; only its hash is stored', async () => {
      const { input } = await linkedAccount();
      const res = await injectGuarded(server.app, form({ api_key: input.api_key, client_id: ` ${input.account_number.toLowerCase()} `, password: 'anything' }));
      expect(res.statusCode).toBe(303);
      expect(res.headers['cache-control']).toBe('no-store');
      const location = String(res.headers.location);
      expect(location).toMatch(/^\/app\/broker\/paper\/callback\?request_token=[A-Za-z0-9_-]{43}&action=login&status=success$/);
      const requestToken = new URL(location, 'http://x').searchParams.get('request_token') ?? '';
      const { rows } = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM broker_request_tokens');
      expect(rows.map((row) => row.token_hash)).not.toContain(requestToken);
      expect(JSON.stringify(rows)).not.toContain(requestToken);
    });
  });

  describe('the request_token exchange', () => {
    it('opens a broker session until 06:00 IST the next day', async () => {
      const { token, input, account } = await linkedAccount();
      const res = await exchange(token, account.id, await paperBrokerLogin(server.app, input));
      expect(res.status).toBe(200);
      // The test clock is 2026-01-15 09:30 IST: the session ends 2026-01-16 06:00 IST.
      expect(res.body).toEqual({
        message: 'Logged in to the broker until 06:00 IST',
        message_i18n: { code: 'done.broker_logged_in', params: {} },
        broker_accounts: { ...account, is_logged_in: true, session_expires_at: '2026-01-16T00:30:00.000Z' },
      });
      const listed = await call<{ broker_accounts: BrokerAccount[] }>('getBrokerAccounts', { token });
      expect(listed.body.broker_accounts[0]).toMatchObject({ is_logged_in: true, session_expires_at: '2026-01-16T00:30:00.000Z' });
      const stored = await server.db.query<{ session_access_token_encrypted: string }>('SELECT session_access_token_encrypted FROM broker_accounts WHERE id = $1', [account.id]);
      expect(stored.rows[0]?.session_access_token_encrypted).toMatch(/^v1\./);
    });

    it('is single use: the same token again is refused with a message the PWA shows', async () => {
      const { token, input, account } = await linkedAccount();
      const requestToken = await paperBrokerLogin(server.app, input);
      expect((await exchange(token, account.id, requestToken)).status).toBe(200);
      const again = await exchange(token, account.id, requestToken);
      expect(again.status).toBe(422);
      expect(again.body).toEqual({
        code: 'request_token_invalid',
        field: 'request_token',
        message: "This broker login expired, was already used, or was made with a Client ID that is not this account's number. Log in to the broker again.",
        details: { text: { code: 'broker_login.link_expired', params: {} } },
      });
    });

    it('expires after 5 minutes', async () => {
      const { token, input, account } = await linkedAccount();
      const late = await paperBrokerLogin(server.app, input);
      const inTime = await paperBrokerLogin(server.app, input);
      server.clock.advance(4 * 60 * 1000 + 59 * 1000);
      expect((await exchange(token, account.id, inTime)).status).toBe(200);
      server.clock.advance(2 * 1000);
      const res = await exchange(token, account.id, late);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('request_token_invalid');
    });

    it('refuses a token the broker never issued, or issued for another account of the same user', async () => {
      const { token, input, account } = await linkedAccount();
      const { account: other } = await createBrokerAccount(call, token);
      const requestToken = await paperBrokerLogin(server.app, input);
      expect((await exchange(token, account.id, 'made-up-token-123456')).body.code).toBe('request_token_invalid');
      expect((await exchange(token, other.id, requestToken)).body.code).toBe('request_token_invalid');
    });

    it('refuses a wrong checksum: the api_secret changed after the broker login', async () => {
      const { token, input, account } = await linkedAccount();
      const requestToken = await paperBrokerLogin(server.app, input);
      expect((await call('updateBrokerAccount', { token, params: { id: account.id }, body: { api_secret: newApiSecret() } })).status).toBe(200);
      const res = await exchange(token, account.id, requestToken);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'checksum_invalid', field: 'request_token' });
      expect(res.body.message).toMatch(/API secret/);
      // The broker consumed the token: one guess at the secret per login, not five minutes of them.
      expect((await exchange(token, account.id, requestToken)).body.code).toBe('request_token_invalid');
      // A fresh login with the new secret works.
      expect((await exchange(token, account.id, await paperBrokerLogin(server.app, input))).status).toBe(200);
    });

    it('refuses a broker_name that is not the account broker (400)', async () => {
      const { token, input, account } = await linkedAccount();
      const res = await exchange(token, account.id, await paperBrokerLogin(server.app, input), 'kite');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'broker_mismatch', field: 'broker_name' });
    });

    it('shows the session as closed once 06:00 IST passes', async () => {
      const { token, input, account } = await linkedAccount();
      const opened = await exchange(token, account.id, await paperBrokerLogin(server.app, input));
      const expiresAt = Date.parse(opened.body.broker_accounts.session_expires_at ?? '');
      server.clock.advance(expiresAt - server.clock.now().getTime() - 1000);
      const before = await call<{ broker_accounts: BrokerAccount[] }>('getBrokerAccounts', { token });
      expect(before.body.broker_accounts[0]?.is_logged_in).toBe(true);
      server.clock.advance(1000);
      const after = await call<{ broker_accounts: BrokerAccount[] }>('getBrokerAccounts', { token });
      // Ended by its time, not by the trader: it needs a login, and says since when.
      expect(after.body.broker_accounts[0]).toMatchObject({ is_logged_in: false, session_expires_at: null, session_ended_at: new Date(expiresAt).toISOString() });
    });

    it('logs the account out when its credentials change', async () => {
      const { token, input, account } = await linkedAccount();
      await exchange(token, account.id, await paperBrokerLogin(server.app, input));
      const renamed = await call<{ broker_accounts: BrokerAccount }>('updateBrokerAccount', { token, params: { id: account.id }, body: { name: 'Only a new name' } });
      expect(renamed.body.broker_accounts.is_logged_in).toBe(true);
      const rekeyed = await call<{ broker_accounts: BrokerAccount }>('updateBrokerAccount', { token, params: { id: account.id }, body: { api_key: `${input.api_key}-2` } });
      expect(rekeyed.body.broker_accounts).toMatchObject({ is_logged_in: false, session_expires_at: null, session_ended_at: null });
    });

    it('asks for the API secret again when the server cannot read it any more (its key changed)', async () => {
      const { token, input, account } = await linkedAccount();
      const requestToken = await paperBrokerLogin(server.app, input);
      const rekeyed = await startTestServer({ database: server.db, clock: server.clock, secretKey: randomBytes(32) });
      try {
        const res = await guardedClient(rekeyed.app)('loginBrokerAccount', {
          token,
          params: { accountId: account.id },
          body: { request_token: requestToken, broker_name: 'paper' },
        });
        expect(res.status).toBe(422);
        expect(res.body).toMatchObject({ code: 'api_secret_unreadable', field: 'api_secret' });
        // The broker's page answers as for any Client ID (broker-login-probes.test.ts); the exchange says why.
        const page = await injectGuarded(rekeyed.app, form({ api_key: input.api_key, client_id: input.account_number, password: 'long-enough' }));
        expect(page.statusCode).toBe(303);
        const unopened = new URL(String(page.headers.location), 'http://x').searchParams.get('request_token') ?? '';
        const again = await guardedClient(rekeyed.app)('loginBrokerAccount', { token, params: { accountId: account.id }, body: { request_token: unopened, broker_name: 'paper' } });
        expect(again.body).toMatchObject({ code: 'api_secret_unreadable', field: 'api_secret' });
      } finally {
        await rekeyed.close();
      }
      // Entering the secret again (under the server's own key) makes the login work again.
      expect((await call('updateBrokerAccount', { token, params: { id: account.id }, body: { api_secret: newApiSecret() } })).status).toBe(200);
      expect((await exchange(token, account.id, await paperBrokerLogin(server.app, input))).status).toBe(200);
    });

    it('validates the request body against the contract', async () => {
      const { token, account } = await linkedAccount();
      const res = await call('loginBrokerAccount', { token, params: { accountId: account.id }, body: { request_token: 'short', broker_name: 'paper' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', field: 'request_token' });
    });
  });
});
