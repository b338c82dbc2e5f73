import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, signedInAccount } from '../support/accounts.ts';
import { contractClient, type ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

type User = { id: number; email: string; name: string; mobile: string; trade_defaults: Record<string, unknown> };
type UserBody = { user: User };

const defaults = { product: 'MIS', order_type: 'MARKET', lots: 1, index: 'NIFTY', confirm_before_order: true };
const swingDefaults = { product: 'NRML', order_type: 'LIMIT', lots: 4, index: 'BANKNIFTY', confirm_before_order: false };

describe.each(testBackends)('profile, password and trade defaults on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = contractClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  it('reads the signed-in user', async () => {
    const account = await signedInAccount(call);
    const res = await call<UserBody>('getUserProfile', { token: account.token });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ id: expect.any(Number), email: account.email, name: account.name, mobile: '+919876543210', trade_defaults: defaults });
  });

  it('updates the name and the mobile, separately or together', async () => {
    const { token } = await signedInAccount(call);
    const named = await call<UserBody>('updateUserProfile', { token, body: { name: ' Meera  Iyer ' } });
    expect(named.status).toBe(200);
    expect(named.body.user).toMatchObject({ name: 'Meera Iyer', mobile: '+919876543210' });
    const both = await call<UserBody>('updateUserProfile', { token, body: { name: 'Meera I.', mobile: '8012345678' } });
    expect(both.body.user).toMatchObject({ name: 'Meera I.', mobile: '+918012345678' });
    expect((await call<UserBody>('getUserProfile', { token })).body.user).toMatchObject({ name: 'Meera I.', mobile: '+918012345678' });
  });

  it.each([
    ['nothing to change', {}, undefined, /^Send at least 1 field$/],
    ['the email (it cannot change)', { email: 'new@example.in' }, 'email', /^unknown field "email"$/],
    ['a bad mobile', { mobile: '12345' }, 'mobile', /^mobile: must be an Indian mobile number/],
    ['a blank name', { name: '  ' }, 'name', /^name: must not be empty$/],
    ['a number as the name', { name: 42 }, 'name', /^name: must be text$/],
  ])('refuses a profile update with %s (400)', async (_label, body, field, message) => {
    const { token } = await signedInAccount(call);
    const res = await call('updateUserProfile', { token, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.field).toBe(field);
    expect(String(res.body.message)).toMatch(message);
  });

  it('replaces the trade defaults and keeps them', async () => {
    const { token } = await signedInAccount(call);
    const res = await call('updateTradeDefaults', { token, body: swingDefaults });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Trade defaults saved', message_i18n: { code: 'done.trade_defaults_saved', params: {} }, trade_defaults: swingDefaults });
    expect((await call<UserBody>('getUserProfile', { token })).body.user.trade_defaults).toEqual(swingDefaults);
  });

  it.each([
    ['a missing field', { ...swingDefaults, lots: undefined }, 'lots', /^lots: is required$/],
    ['zero lots', { ...swingDefaults, lots: 0 }, 'lots', /^lots: must be at least 1$/],
    ['1001 lots', { ...swingDefaults, lots: 1001 }, 'lots', /^lots: must be at most 1000$/],
    ['lots as text (bodies are never coerced)', { ...swingDefaults, lots: '2' }, 'lots', /^lots: must be a whole number$/],
    ['fractional lots', { ...swingDefaults, lots: 1.5 }, 'lots', /^lots: must be a whole number$/],
    ['an unknown product', { ...swingDefaults, product: 'CNC' }, 'product', /^product: must be one of MIS, NRML$/],
    ['a stop-loss order type', { ...swingDefaults, order_type: 'SL' }, 'order_type', /^order_type: must be one of MARKET, LIMIT$/],
    ['an unknown index', { ...swingDefaults, index: 'NIFTYIT' }, 'index', /^index: must be one of NIFTY, BANKNIFTY/],
    ['a string boolean', { ...swingDefaults, confirm_before_order: 'yes' }, 'confirm_before_order', /must be true or false$/],
    ['an extra field', { ...swingDefaults, theme: 'dark' }, 'theme', /^unknown field "theme"$/],
  ])('refuses trade defaults with %s (400)', async (_label, body, field, message) => {
    const { token } = await signedInAccount(call);
    const res = await call('updateTradeDefaults', { token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', field });
    expect(String(res.body.message)).toMatch(message);
  });

  it('changes the password: this session stays, the others are signed out', async () => {
    const account = await signedInAccount(call);
    const laptop = await login(call, account);
    const phone = await login(call, account);
    const res = await call('changePassword', { token: account.token, body: { current_password: account.password, new_password: 'Calendar-Spread-77' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), message_i18n: { code: 'done.password_changed', params: {} } });

    expect((await call('getUserProfile', { token: account.token })).status).toBe(200);
    expect((await call('getUserProfile', { token: laptop })).status).toBe(401);
    expect((await call('getUserProfile', { token: phone })).status).toBe(401);
    expect((await call('loginUser', { body: { email: account.email, password: account.password } })).status).toBe(400);
    expect((await call('loginUser', { body: { email: account.email, password: 'Calendar-Spread-77' } })).status).toBe(200);
  });

  it('refuses a wrong current password (422 invalid_current_password) and changes nothing', async () => {
    const account = await signedInAccount(call);
    const res = await call('changePassword', { token: account.token, body: { current_password: 'not-it', new_password: 'Calendar-Spread-77' } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'invalid_current_password', field: 'current_password' });
    expect((await call('loginUser', { body: { email: account.email, password: account.password } })).status).toBe(200);
  });

  it('applies the registration rules to the new password', async () => {
    const account = await signedInAccount(call);
    const common = await call('changePassword', { token: account.token, body: { current_password: account.password, new_password: 'Welcome@123' } });
    expect(common.status).toBe(422);
    expect(common.body).toMatchObject({ code: 'weak_password', field: 'new_password' });
    for (const [body, field] of [
      [{ current_password: account.password, new_password: 'short' }, 'new_password'],
      [{ current_password: account.password, new_password: 'y'.repeat(129) }, 'new_password'],
      [{ new_password: 'Calendar-Spread-77' }, 'current_password'],
      [{ current_password: account.password, new_password: 'Calendar-Spread-77', confirm: 'Calendar-Spread-77' }, 'confirm'],
    ] as const) {
      const res = await call('changePassword', { token: account.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', field });
    }
  });

  it("never lets user A's token read or change user B's data", async () => {
    const a = await signedInAccount(call, { name: 'Asha A' });
    const b = await signedInAccount(call, { name: 'Bala B', mobile: '7012345678' });
    const bBefore = (await call<UserBody>('getUserProfile', { token: b.token })).body.user;

    const aView = await call<UserBody>('getUserProfile', { token: a.token });
    expect(aView.body.user.email).toBe(a.email);
    expect(aView.body.user.id).not.toBe(bBefore.id);

    await call('updateUserProfile', { token: a.token, body: { name: 'Changed by A', mobile: '6000000000' } });
    await call('updateTradeDefaults', { token: a.token, body: swingDefaults });
    await call('changePassword', { token: a.token, body: { current_password: a.password, new_password: 'Butterfly-Wings-88' } });
    // A's body cannot name B: ids and emails are not accepted anywhere in these calls.
    const smuggled = await call('updateUserProfile', { token: a.token, body: { id: bBefore.id, name: 'Hijack' } });
    expect(smuggled.status).toBe(400);
    await call('logoutUser', { token: a.token });

    const bAfter = await call<UserBody>('getUserProfile', { token: b.token });
    expect(bAfter.status).toBe(200);
    expect(bAfter.body.user).toEqual(bBefore);
    expect((await call('loginUser', { body: { email: b.email, password: b.password } })).status).toBe(200);
  });
});
