import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, newAccount, register, signedInAccount } from '../support/accounts.ts';
import { createPasswordHasher, type PasswordHasher } from '../../../server/services/accounts/passwords.ts';
import { contractClient, type ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, testScryptCost, type TestServer } from '../support/test-server.ts';
import { validationRefusal } from '../support/validation-refusal.ts';

const day = 24 * 60 * 60 * 1000;
const unauthenticated = { message: 'Authentication required', code: 'unauthenticated', details: { text: { code: 'request.unauthenticated', params: {} } } };
const invalidCredentials = { message: 'Invalid email or password', code: 'invalid_credentials', details: { text: { code: 'account.invalid_credentials', params: {} } } };

type LoginBody = { user: { id: number; email: string }; token: string; message: string; expires_at: string };

describe.each(testBackends)('sign-in, sessions and sign-out on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let ipCounter = 0;
  /** A fresh client address, so failures in one test never throttle another. */
  const freshIp = () => `10.1.0.${++ipCounter}`;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = contractClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  it('signs the demo account in with the documented password', async () => {
    const res = await call<LoginBody>('loginUser', { body: { email: 'demo@strikedesk.in', password: 'StrikeDesk@2026' } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'demo@strikedesk.in', name: 'Demo Trader', mobile: '+919876543210' });
  });

  it('answers a user, an opaque 43-character token and its expiry 30 days ahead', async () => {
    const account = await register(call);
    const res = await call<LoginBody>('loginUser', { body: { email: account.email, password: account.password } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Signed in');
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(res.body.expires_at).getTime()).toBe(server.clock.now().getTime() + 30 * day);
    expect(res.body.user.email).toBe(account.email);
  });

  it('stores only the SHA-256 of the token', async () => {
    const { token } = await signedInAccount(call);
    const digest = createHash('sha256').update(token).digest('hex');
    const { rows } = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE token_hash = $1', [digest]);
    expect(rows).toHaveLength(1);
    const leaked = await server.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [token]);
    expect(leaked.rows).toHaveLength(0);
  });

  it('finds the account whatever the letter case of the email', async () => {
    const account = await register(call, newAccount({ email: `Mixed.Case-${Date.now()}@Example.IN` }));
    const token = await login(call, { email: account.email.toLowerCase(), password: account.password });
    expect(token).toHaveLength(43);
  });

  it('answers an unknown email and a wrong password identically', async () => {
    const account = await register(call);
    const wrong = await call('loginUser', { body: { email: account.email, password: 'not-the-password' }, ip: freshIp() });
    const unknown = await call('loginUser', { body: { email: `nobody-${Date.now()}@example.in`, password: 'not-the-password' }, ip: freshIp() });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(invalidCredentials);
    expect(unknown.body).toEqual(invalidCredentials);
    expect(Object.keys(wrong.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
  });

  it('validates the sign-in body', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'demo@strikedesk.in' }, 'password'],
      [{ email: 'not-an-email', password: 'x' }, 'email'],
      [{ email: 'demo@strikedesk.in', password: '' }, 'password'],
      [{ email: 'demo@strikedesk.in', password: 'x'.repeat(129) }, 'password'],
      [{ email: 'demo@strikedesk.in', password: 'StrikeDesk@2026', remember: true }, 'remember'],
    ];
    for (const [body, field] of cases) {
      const res = await call('loginUser', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', field });
    }
  });

  it('reads the profile with the token and refuses it after sign-out', async () => {
    const account = await signedInAccount(call);
    const other = await login(call, account);
    expect((await call('getUserProfile', { token: account.token })).status).toBe(200);

    const out = await call('logoutUser', { token: account.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Signed out', message_i18n: { code: 'done.signed_out', params: {} } });

    const after = await call('getUserProfile', { token: account.token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual(unauthenticated);
    expect(String(after.headers['www-authenticate'])).toMatch(/^Bearer /);
    expect((await call('logoutUser', { token: account.token })).status).toBe(401);
    // Signing out one device leaves the others signed in.
    expect((await call('getUserProfile', { token: other })).status).toBe(200);
  });

  it('expires a session 30 days after sign-in', async () => {
    const { token } = await signedInAccount(call);
    server.clock.advance(30 * day - 1000);
    expect((await call('getUserProfile', { token })).status).toBe(200);
    server.clock.advance(2000);
    const expired = await call('getUserProfile', { token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(unauthenticated);
  });

  it.each([
    ['no Authorization header', undefined],
    ['an empty bearer', 'Bearer '],
    ['another scheme', 'Basic ZGVtbzpwYXNz'],
    ['an unknown token', `Bearer ${'A'.repeat(43)}`],
    ['a token of the wrong shape', 'Bearer abc'],
  ])('answers 401 with WWW-Authenticate for %s', async (_label, authorization) => {
    const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
    for (const operationId of ['getUserProfile', 'logoutUser', 'updateUserProfile', 'changePassword', 'updateTradeDefaults']) {
      const res = await call(operationId, { headers, body: operationId === 'getUserProfile' || operationId === 'logoutUser' ? undefined : {} });
      expect(res.status, operationId).toBe(401);
      expect(res.body).toEqual(unauthenticated);
      expect(String(res.headers['www-authenticate'])).toMatch(/^Bearer realm="StrikeDesk"/);
    }
  });

  it('checks the token before the body, so an anonymous caller learns nothing about it', async () => {
    const res = await call('updateUserProfile', { body: { unknown_field: 1 } });
    expect(res.status).toBe(401);
  });
});

describe('sign-in timing', () => {
  // Wall-clock comparisons flake on a loaded two-core machine, so the test watches the work instead: the
  // hasher records every real scrypt run and every wait the imitation makes.
  let server: TestServer;
  let call: ContractCall;
  const realHashes: number[] = [];
  const imitationWaits: number[] = [];

  beforeAll(async () => {
    const inner = createPasswordHasher(testScryptCost, async (ms) => {
      imitationWaits.push(ms);
    });
    const timedReal = async <T>(run: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      try {
        return await run();
      } finally {
        realHashes.push(performance.now() - started);
      }
    };
    const passwordHasher: PasswordHasher = {
      hash: (password) => timedReal(() => inner.hash(password)),
      verify: (password, stored) => timedReal(() => inner.verify(password, stored)),
      verifyAgainstNobody: (password) => inner.verifyAgainstNobody(password),
    };
    server = await startTestServer({ passwordHasher });
    call = contractClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  async function signIn(body: { email: string; password: string }, ip: string): Promise<void> {
    const res = await call('loginUser', { body, ip });
    expect(res.status).toBe(400);
  }

  it('answers an unknown email after waiting as long as a real verification took, though it hashes nothing', async () => {
    const account = await register(call);
    await signIn({ email: account.email, password: 'wrong-0' }, '10.2.1.0');
    const hashesBefore = realHashes.length;
    for (let i = 0; i < 4; i++) await signIn({ email: `ghost-${i}@example.in`, password: `wrong-${i}` }, `10.2.2.${i}`);
    // No scrypt ran for the unknown emails, and each waited for the length of one of the real hashes
    // (the registration's or the wrong password's). Without the imitation (passwords.ts) there is no wait.
    expect(realHashes.length).toBe(hashesBefore);
    expect(imitationWaits).toHaveLength(4);
    for (const waited of imitationWaits) expect(realHashes.some((took) => Math.abs(took - waited) < 5)).toBe(true);
  });
});

describe('the device cookie', () => {
  let server: TestServer;
  let call: ContractCall;

  beforeAll(async () => {
    server = await startTestServer({ trustProxy: true });
    call = contractClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  it('is given at each sign-in: HttpOnly, SameSite=Strict, sent back only to the sign-in calls, Secure over https', async () => {
    const account = await register(call);
    const plain = await call<LoginBody>('loginUser', { body: { email: account.email, password: account.password } });
    expect(plain.headers['set-cookie']).toMatch(
      new RegExp(`^sd_device_${plain.body.user.id}=[A-Za-z0-9_-]{22}\\.\\d+\\.[A-Za-z0-9_-]{43}; Path=/api/authenticate; Max-Age=31536000; HttpOnly; SameSite=Strict$`),
    );
    const secure = await call('loginUser', { body: { email: account.email, password: account.password }, headers: { 'x-forwarded-proto': 'https' } });
    expect(String(secure.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
    // A fresh device id each time, as OWASP advises.
    expect(String(secure.headers['set-cookie']).split(';')[0]).not.toBe(String(plain.headers['set-cookie']).split(';')[0]);
  });

  it('is not given for a refused sign-in', async () => {
    const account = await register(call);
    const refused = await call('loginUser', { body: { email: account.email, password: 'not-the-password' }, ip: '10.5.0.1' });
    expect(refused.status).toBe(400);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });
});

describe('bodies of body-less calls', () => {
  let server: TestServer;
  let call: ContractCall;

  beforeAll(async () => {
    server = await startTestServer();
    call = contractClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  it('signs out even when the client sends Content-Type: application/json with no body', async () => {
    const { token } = await signedInAccount(call);
    const res = await call('logoutUser', { token, headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.status).toBe(200);
  });

  it('answers the validation error, not a parser error, for an empty body where one is required', async () => {
    const res = await call('loginUser', { headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationRefusal(undefined, 'The request body must be a JSON object'));
  });

  it('still refuses prototype-poisoning bodies', async () => {
    const res = await call('loginUser', { payload: '{"email":"a@b.in","password":"x","__proto__":{"admin":true}}' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'forbidden_key', field: '__proto__' });
  });
});
