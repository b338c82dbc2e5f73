// The account's audit trail of sign-in throttling: when strangers' failures start slowing unknown
// devices and when that ends, and the same for one known device locked out by its own failures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../../../server/services/accounts/security-events.ts';
import { knownDeviceCookie, register } from '../support/accounts.ts';
import { contractClient, type ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const second = 1000;
const minute = 60 * second;

describe.each(testBackends)('the sign-in audit trail on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let ipCounter = 0;
  const freshIp = () => `10.${60 + (++ipCounter >> 8)}.${ipCounter & 255}.1`;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = contractClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  const attempt = (email: string, password: string, ip = freshIp(), cookie?: string) =>
    call<{ user: { id: number } }>('loginUser', { body: { email, password }, ip, ...(cookie === undefined ? {} : { headers: { cookie } }) });

  it('records when strangers start slowing the account down, and when it ends', async () => {
    const account = await register(call);
    const cookie = await knownDeviceCookie(call, account);
    const userId = (await attempt(account.email, account.password, freshIp(), cookie)).body.user.id;
    const firstFailure = server.clock.now();
    for (let i = 0; i < 4; i++) {
      await attempt(account.email, `wrong-${i}`);
      server.clock.advance(second);
    }
    expect(await securityEvents(server.db, userId)).toEqual([]);
    const engagedAt = server.clock.now();
    await attempt(account.email, 'wrong-4', '192.0.2.99');
    expect(await securityEvents(server.db, userId)).toEqual([
      { event: 'throttle_engaged', scope: 'unknown_devices', deviceId: null, failures: 5, clientAddress: '192.0.2.99', at: engagedAt },
    ]);

    // Still engaged while the failures are in the window; the owner's sign-ins write nothing new.
    expect((await attempt(account.email, account.password, freshIp(), cookie)).status).toBe(200);
    expect(await securityEvents(server.db, userId)).toHaveLength(1);

    // Noticed at the next attempt, dated when the first failure left the 15-minute window.
    server.clock.advance(20 * minute);
    expect((await attempt(account.email, account.password, freshIp(), cookie)).status).toBe(200);
    expect((await securityEvents(server.db, userId))[1]).toEqual({
      event: 'throttle_released',
      scope: 'unknown_devices',
      deviceId: null,
      failures: 0,
      clientAddress: null,
      at: new Date(firstFailure.getTime() + 15 * minute),
    });
  });

  it("records a known device locked out by its own failures, and its release, apart from the account's", async () => {
    const account = await register(call);
    const cookie = await knownDeviceCookie(call, account);
    const userId = (await attempt(account.email, account.password, freshIp(), cookie)).body.user.id;
    for (let i = 0; i < 10; i++) await attempt(account.email, `typo-${i}`, freshIp(), cookie);
    const [engaged] = await securityEvents(server.db, userId);
    expect(engaged).toMatchObject({ event: 'throttle_engaged', scope: 'device', failures: 10 });
    expect(engaged?.deviceId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await attempt(account.email, account.password, freshIp(), cookie)).status).toBe(429);

    server.clock.advance(15 * minute);
    expect((await attempt(account.email, account.password, freshIp(), cookie)).status).toBe(200);
    expect((await securityEvents(server.db, userId)).map((row) => [row.event, row.scope, row.deviceId])).toEqual([
      ['throttle_engaged', 'device', engaged?.deviceId],
      ['throttle_released', 'device', engaged?.deviceId],
    ]);
  });

  it('writes nothing for an email that has no account', async () => {
    const before = await server.db.query('SELECT count(*)::int AS rows FROM account_security_events');
    const ghost = `nobody-${Date.now()}@example.in`;
    for (let i = 0; i < 8; i++) {
      expect((await attempt(ghost, `guess-${i}`)).status).toBe(400);
      server.clock.advance(minute);
    }
    expect((await server.db.query('SELECT count(*)::int AS rows FROM account_security_events')).rows).toEqual(before.rows);
  });
});
