// Sessions are kept a few seconds in each instance's memory (accounts/session-cache.ts, issue 37), so a
// revocation must reach every instance at once: two servers on one database, each having just served the
// session, and the change made through one is refused by the other on the very next request. The clock
// never moves here: only the database's notice (migration 049) can make the other instance forget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { login, signedInAccount } from '../support/accounts.ts';
import { contractClient, type ContractCall } from '../support/contract-client.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

describe.each(testBackends)('a revoked session on two instances of %s', (backend) => {
  let database: Database;
  let first: TestServer;
  let second: TestServer;
  let one: ContractCall;
  let other: ContractCall;
  const profileStatus = async (call: ContractCall, token: string) => (await call('getUserProfile', { token })).status;

  beforeAll(async () => {
    database = await createMigratedTestDatabase(backend);
    first = await startTestServer({ backend, database });
    second = await startTestServer({ backend, database, clock: first.clock });
    one = contractClient(first.app);
    other = contractClient(second.app);
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.close();
  });

  it('refuses a signed-out session on the other instance at once, twenty times out of twenty', async () => {
    const account = await signedInAccount(one);
    for (let i = 0; i < 20; i += 1) {
      const token = await login(one, account);
      // Both instances have just read it, and would answer from memory.
      expect(await profileStatus(one, token)).toBe(200);
      expect(await profileStatus(other, token)).toBe(200);
      expect((await one('logoutUser', { token })).status).toBe(200);
      expect(await profileStatus(other, token)).toBe(401);
      expect(await profileStatus(one, token)).toBe(401);
    }
  });

  it("signs the other devices out on every instance when the password changes, and keeps the changer's", async () => {
    const account = await signedInAccount(one);
    const phone = await login(one, account);
    expect(await profileStatus(other, phone)).toBe(200);
    expect(await profileStatus(other, account.token)).toBe(200);
    const changed = await one('changePassword', { token: account.token, body: { current_password: account.password, new_password: 'Calendar-Spread-77' } });
    expect(changed.status).toBe(200);
    expect(await profileStatus(other, phone)).toBe(401);
    expect(await profileStatus(other, account.token)).toBe(200);
  });

  it('shows a profile changed on one instance on the other at once', async () => {
    const account = await signedInAccount(one);
    expect((await other('getUserProfile', { token: account.token })).body).toMatchObject({ user: { name: account.name } });
    expect((await one('updateUserProfile', { token: account.token, body: { name: 'Asha V' } })).status).toBe(200);
    expect((await other('getUserProfile', { token: account.token })).body).toMatchObject({ user: { name: 'Asha V' } });
  });

  it('refuses the sessions of a user deleted, or revoked in the database by hand, on both instances', async () => {
    const revoked = await signedInAccount(one);
    const deleted = await signedInAccount(one);
    for (const { token } of [revoked, deleted]) expect([await profileStatus(one, token), await profileStatus(other, token)]).toEqual([200, 200]);
    await database.query('UPDATE sessions SET revoked_at = now() WHERE user_id = (SELECT id FROM users WHERE email = $1)', [revoked.email]);
    await database.query('DELETE FROM users WHERE email = $1', [deleted.email]);
    // Nobody waits for these notices (no request made the change): they arrive within milliseconds, where
    // what an instance keeps would otherwise serve for as long as this clock stands still.
    for (const { token } of [revoked, deleted]) {
      await expect.poll(() => profileStatus(other, token), { timeout: 2000 }).toBe(401);
      await expect.poll(() => profileStatus(one, token), { timeout: 2000 }).toBe(401);
    }
  });
});
