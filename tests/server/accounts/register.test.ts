import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, register } from '../support/accounts.ts';
import { contractClient, type ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { validationRefusal } from '../support/validation-refusal.ts';

type UserBody = { user: { id: number; email: string; name: string; mobile: string; trade_defaults: Record<string, unknown> }; message: string };

describe.each(testBackends)('POST /api/authenticate/register/ on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;

  beforeAll(async () => {
    // Plenty of registrations from one address in this file; the per-IP limit has its own test.
    server = await startTestServer({ backend, throttleLimits: { registerPerIp: { limit: 1000, windowMs: 3_600_000 } } });
    call = contractClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  it('creates the account with the default trade defaults and a normalised mobile (201)', async () => {
    const account = newAccount({ mobile: '9123456789', name: '  Ravi   Kumar ' });
    const res = await call<UserBody>('registerUser', { body: account });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/sign in/i);
    expect(res.body.user).toEqual({
      id: expect.any(Number),
      email: account.email,
      name: 'Ravi Kumar',
      mobile: '+919123456789',
      trade_defaults: { product: 'MIS', order_type: 'MARKET', lots: 1, index: 'NIFTY', confirm_before_order: true },
    });
    // The password is stored as a scrypt hash, never as given.
    const { rows } = await server.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [res.body.user.id]);
    expect(rows[0]?.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(rows[0]?.password_hash).not.toContain(account.password);
  });

  it('accepts a +91 mobile as is', async () => {
    const res = await call<UserBody>('registerUser', { body: newAccount({ mobile: '+917012345678' }) });
    expect(res.body.user.mobile).toBe('+917012345678');
  });

  it('refuses an email already registered, in any letter case (409 email_taken)', async () => {
    const account = await register(call);
    const res = await call('registerUser', { body: newAccount({ email: account.email.toUpperCase() }) });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'email_taken', field: 'email' });
  });

  it.each(['password123', 'Password@123', 'QWERTY123', 'iloveyou1', 'india@123', '1q2w3e4r5t'])(
    'refuses the common password %s (422 weak_password)',
    async (password) => {
      const res = await call('registerUser', { body: newAccount({ password }) });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'weak_password', field: 'password' });
    },
  );

  const invalid: [string, Record<string, unknown>, string, RegExp][] = [
    ['an unknown field', { ...newAccount(), is_admin: true }, 'is_admin', /^unknown field "is_admin"$/],
    ['a bad email', newAccount({ email: 'asha.example.in' }), 'email', /^email: must be a valid email address$/],
    ['a short password', newAccount({ password: 'Sh0rt!' }), 'password', /^password: must be at least 8 characters$/],
    ['a long password', newAccount({ password: 'x'.repeat(129) }), 'password', /^password: must be at most 128 characters$/],
    ['a landline number', newAccount({ mobile: '0221234567' }), 'mobile', /^mobile: must be an Indian mobile number/],
    ['a mobile with 9 digits', newAccount({ mobile: '987654321' }), 'mobile', /^mobile: /],
    ['a foreign prefix', newAccount({ mobile: '+449876543210' }), 'mobile', /^mobile: /],
    ['a missing name', { ...newAccount(), name: undefined }, 'name', /^name: is required$/],
    ['a missing email', { ...newAccount(), email: undefined }, 'email', /^email: is required$/],
    ['an empty name', newAccount({ name: '' }), 'name', /^name: must not be empty$/],
    ['a blank name', newAccount({ name: '   ' }), 'name', /^name: must not be empty$/],
    ['a name of 101 characters', newAccount({ name: 'a'.repeat(101) }), 'name', /^name: must be at most 100 characters$/],
    ['a number as the mobile', { ...newAccount(), mobile: 9876543210 }, 'mobile', /^mobile: must be text$/],
    ['a password that is not text', { ...newAccount(), password: ['Iron-Condor-1-Weekly'] }, 'password', /^password: must be text$/],
  ];

  it.each(invalid)('answers 400 naming the field for %s', async (_label, body, field, message) => {
    const res = await call('registerUser', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', field });
    expect(String(res.body.message)).toMatch(message);
  });

  it('answers 400 for no body, an array body and malformed JSON', async () => {
    const none = await call('registerUser');
    expect(none.status).toBe(400);
    expect(none.body).toEqual(validationRefusal(undefined, 'The request body must be a JSON object'));
    expect((await call('registerUser', { body: [newAccount()] })).status).toBe(400);
    const malformed = await call('registerUser', { payload: '{"email":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'invalid_json' });
  });

  it('creates nothing when validation fails', async () => {
    const account = newAccount();
    await call('registerUser', { body: { ...account, extra: 1 } });
    const { rows } = await server.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [account.email]);
    expect(rows).toHaveLength(0);
  });
});
