// The paper broker's login form under attack, and in French: Client IDs that match nothing are limited per
// address and network, and only slow the api_key down for browsers that never logged in with it (the owner's
// browser keeps its own allowance); request_tokens (a token that opens nothing, for a Client ID that matches
// nothing, too) are limited per account and per address (also when posted in parallel, and on PostgreSQL
// under READ COMMITTED); and two users who linked the same api_key and Client ID each get a working login
// without learning of each other. That the answers do not tell a linked Client ID from another is
// broker-login-probes.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createBrokerAccount, guardedClient, injectGuarded, newApiSecret } from '../support/trading.ts';

type Fields = { api_key: string; client_id: string; password: string; lang?: string };

describe.each(testBackends)('the paper login form under attack on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let ipCounter = 0;
  /** A fresh address on a network of its own. */
  const freshIp = () => `10.${140 + (++ipCounter >> 8)}.${ipCounter & 255}.1`;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  const post = (fields: Fields, ip = freshIp(), headers: Record<string, string> = {}) =>
    injectGuarded(server.app, {
      method: 'POST',
      url: '/broker-login/paper',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: ip,
    });

  async function linked(overrides = {}) {
    const user = await signedInAccount(call);
    return { token: user.token, ...(await createBrokerAccount(call, user.token, overrides)) };
  }

  /** Logs in as the owner and returns the device cookie the browser keeps (`name=value`). */
  async function ownerBrowser(input: { api_key: string; account_number: string }): Promise<string> {
    const res = await post({ api_key: input.api_key, client_id: input.account_number, password: 'paper-pass' });
    expect(res.statusCode).toBe(303);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^sd_paper_device_[0-9a-f]{24}=[^;]+; Path=\/broker-login\/paper; Max-Age=31536000; HttpOnly; SameSite=Strict$/);
    return cookie.split(';')[0] ?? '';
  }

  it("never lets ten strangers' unmatched Client IDs with a trader's api_key block the owner's login", async () => {
    const { input } = await linked();
    const cookie = await ownerBrowser(input);
    for (let i = 0; i < 10; i++) expect((await post({ api_key: input.api_key, client_id: `GUESS${i}`, password: 'paper-pass' })).statusCode).toBe(303);
    // The strangers are slowed down now...
    expect((await post({ api_key: input.api_key, client_id: 'GUESS10', password: 'paper-pass' })).statusCode).toBe(429);
    // ...but the owner's browser logs in at once, from any address.
    const owner = await post({ api_key: input.api_key, client_id: input.account_number, password: 'paper-pass' }, freshIp(), { cookie });
    expect(owner.statusCode).toBe(303);
    // A browser that never logged in with this key is only slowed down, a second for now.
    const fresh = { api_key: input.api_key, client_id: input.account_number, password: 'paper-pass' };
    const slowed = await post(fresh);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.body).toContain('<p class="error" role="alert">Too many attempts. Try again in 1 second.</p>');
    server.clock.advance(1000);
    expect((await post(fresh)).statusCode).toBe(303);
  });

  it("gives the owner's browser its own allowance: 10 of its own typos lock that browser, not the key", async () => {
    const { input } = await linked();
    const cookie = await ownerBrowser(input);
    for (let i = 0; i < 10; i++) expect((await post({ api_key: input.api_key, client_id: `TYPO${i}`, password: 'paper-pass' }, freshIp(), { cookie })).statusCode).toBe(303);
    const locked = await post({ api_key: input.api_key, client_id: input.account_number, password: 'paper-pass' }, freshIp(), { cookie });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    expect((await post({ api_key: input.api_key, client_id: input.account_number, password: 'paper-pass' })).statusCode).toBe(303);
  });

  it('limits one address to 20 Client IDs that match nothing, whatever the api_keys', async () => {
    const ip = '192.0.2.150';
    const { input } = await linked();
    for (let i = 0; i < 20; i++) expect((await post({ api_key: `spray-${i}`, client_id: 'PA1234', password: 'paper-pass' }, ip)).statusCode).toBe(303);
    expect((await post({ api_key: input.api_key, client_id: input.account_number, password: 'paper-pass' }, ip)).statusCode).toBe(429);
    expect((await post({ api_key: input.api_key, client_id: input.account_number, password: 'paper-pass' })).statusCode).toBe(303);
  });

  it('issues 10 request_tokens per account in 15 minutes, even to 30 posts sent together', async () => {
    const { input } = await linked();
    const fields = { api_key: input.api_key, client_id: input.account_number, password: 'paper-pass' };
    const answers = await Promise.all(Array.from({ length: 30 }, () => post(fields)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 303)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    // Another account is not held back by this one.
    const { input: other } = await linked();
    expect((await post({ api_key: other.api_key, client_id: other.account_number, password: 'paper-pass' })).statusCode).toBe(303);
  });

  it('issues 30 request_tokens per address in 15 minutes, across accounts', async () => {
    const ip = '192.0.2.151';
    for (let i = 0; i < 30; i++) {
      const { input } = await linked();
      expect((await post({ api_key: input.api_key, client_id: input.account_number, password: 'paper-pass' }, ip)).statusCode).toBe(303);
    }
    const { input } = await linked();
    expect((await post({ api_key: input.api_key, client_id: input.account_number, password: 'paper-pass' }, ip)).statusCode).toBe(429);
  });

  it('gives two users who linked the same api_key and Client ID one token that opens either session, once', async () => {
    const first = await linked();
    const second = await linked({ api_key: first.input.api_key, account_number: first.input.account_number, api_secret: newApiSecret() });
    const login = async () => {
      const res = await post({ api_key: first.input.api_key, client_id: first.input.account_number, password: 'paper-pass' });
      expect(res.statusCode).toBe(303);
      return new URL(String(res.headers.location), 'http://x').searchParams.get('request_token') ?? '';
    };
    const exchange = (who: typeof first, requestToken: string) =>
      call('loginBrokerAccount', { token: who.token, params: { accountId: who.account.id }, body: { request_token: requestToken, broker_name: 'paper' } });

    const shared = await login();
    expect((await exchange(second, shared)).status).toBe(200);
    // Single use across both accounts.
    expect((await exchange(first, shared)).body).toMatchObject({ code: 'request_token_invalid' });
    expect((await exchange(first, await login())).status).toBe(200);
  });
});

describe('the paper login page in French', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  const page = (query: string, headers: Record<string, string> = {}) => injectGuarded(server.app, { method: 'GET', url: `/broker-login/paper?${query}`, headers });

  it('follows Accept-Language, and a lang in the link wins', async () => {
    const french = await page('api_key=k1', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' });
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('<h1>Courtier papier — connexion</h1>');
    expect(french.body).toContain('<label for="client_id">Identifiant client</label>');
    expect(french.body).toContain('<input type="hidden" name="lang" value="fr">');
    expect(french.body).toContain('<a href="/broker-login/paper?api_key=k1&#38;lang=en" lang="en" hreflang="en">English</a>');
    expect(french.headers.vary).toContain('Accept-Language');

    const english = await page('api_key=k1&lang=en', { 'accept-language': 'fr' });
    expect(english.body).toContain('<html lang="en">');
    expect((await page('api_key=k1', { 'accept-language': 'de, fr;q=0.5' })).body).toContain('<html lang="fr">');
    expect((await page('api_key=k1', { 'accept-language': 'de, en;q=0.1, fr;q=0.5' })).body).toContain('<html lang="fr">');
    expect((await page('api_key=k1', { 'accept-language': 'de' })).body).toContain('<html lang="en">');
    expect((await page('api_key=k1&lang=fr')).body).toContain('<html lang="fr">');
    expect((await page('lang=fr')).body).toContain('Ce lien de connexion n’est pas valide');
  });

  it('answers refusals in the language the form was in', async () => {
    const res = await injectGuarded(server.app, {
      method: 'POST',
      url: '/broker-login/paper',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ api_key: 'k1', client_id: '', password: '123', lang: 'fr' }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<title>Erreur : Courtier papier — connexion</title>');
    expect(res.body).toContain('<p class="field-error" id="client_id-error">Saisissez votre identifiant client.</p>');
    expect(res.body).toContain('<p class="field-error" id="password-error">Les comptes papier demandent un mot de passe d’au moins 6 caractères.</p>');
  });
});
