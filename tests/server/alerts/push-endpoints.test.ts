// Push endpoints are URLs a trader could choose, so the server reaches one only when it is a browser push
// service's (the allow-list) over https on the default port at a public address, checked when the device is
// saved and again before every send, without following redirects and without repeating what the service
// answered (issue 21). The browsers' real hosts are allowed here as in production, under a scripted DNS; the
// test's own push service on 127.0.0.1 is allowed by its origin, and an "internal service" beside it (holding
// a secret) must never be reached.
import { isIP } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordAlert } from '../../../server/services/alerts/alert-log.ts';
import { createWebPushSender, pushFailureMessages } from '../../../server/services/alerts/push-sender.ts';
import { createPushTargets, defaultPushServiceHosts, type HostResolver } from '../../../server/services/alerts/push-targets.ts';
import { webPush } from '../../../server/services/alerts/vapid-keys.ts';
import { signedInAccount } from '../support/accounts.ts';
import { testBackends } from '../support/test-database.ts';
import { startAlertServer, userIdOf, type AlertServer, type Schemas } from './alert-server.ts';
import { browserSubscription, startLocalPushService, type LocalPushService } from './local-push-service.ts';

// Friday 20 November 2026, 10:00 IST.
const friday = new Date('2026-11-20T04:30:00Z');
const secret = 'internal-secret-7f3a9c';
const publicV4 = '142.250.183.10';
const notDelivered = (message: string) => `The test notification was not delivered: ${message}`;

/** A DNS the test scripts: each name's addresses, or none (not found); it remembers what it was asked. */
function scriptedDns() {
  const answers = new Map<string, string[]>();
  const asked: string[] = [];
  const resolve: HostResolver = async (hostname) => {
    asked.push(hostname);
    const addresses = answers.get(hostname);
    if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
  };
  return { resolve, asked, set: (hostname: string, ...addresses: string[]) => answers.set(hostname, addresses) };
}

describe.each(testBackends)('push endpoints on %s', (backend) => {
  let env: AlertServer;
  let pushService: LocalPushService;
  let internal: LocalPushService;
  let secretUrl: string;
  let token: string;
  let email: string;
  const dns = scriptedDns();

  const save = (endpoint: string, label = 'phone') =>
    env.call<Schemas['PushDeviceResponse'] & { message: string; field?: string }>('updatePushDevice', {
      token,
      body: { endpoint, keys: browserSubscription().keys, label, topics: ['price_alerts'] },
    });
  const testPush = (endpoint: string) => env.call<{ message: string }>('createTestPush', { token, body: { endpoint } });
  const lastError = async (endpoint: string) =>
    (await env.call<Schemas['PushSettingsResponse']>('getPushSettings', { token })).body.devices.find((device) => device.endpoint === endpoint)?.last_error;

  beforeAll(async () => {
    pushService = await startLocalPushService();
    internal = await startLocalPushService();
    secretUrl = internal.endpoint('secret', { status: 200, body: secret });
    env = await startAlertServer(backend, friday, {
      push: { serviceHosts: [...defaultPushServiceHosts, '*.push.test', pushService.origin], resolve: dns.resolve },
    });
  });

  // A trader of its own for each test: one may keep only so many devices.
  beforeEach(async () => {
    ({ token, email } = await signedInAccount(env.call));
  });

  afterAll(async () => {
    await internal.close();
    await pushService.close();
    await env.close();
  });

  it("accepts the browsers' push services at public addresses", async () => {
    dns.set('fcm.googleapis.com', publicV4, '2607:f8b0:4009:80b::200a');
    dns.set('updates.push.services.mozilla.com', '34.117.65.55');
    dns.set('web.push.apple.com', '17.188.143.60');
    dns.set('wns2-pn1p.notify.windows.com', '20.44.229.112');
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/fv3jabydF5c:APA91b',
      'https://fcm.googleapis.com:443/fcm/send/written-with-its-port',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
      'https://web.push.apple.com/QGuQyavXutnMrxBG',
      'https://wns2-pn1p.notify.windows.com/w/?token=BQYAAAD',
    ]) {
      const saved = await save(endpoint);
      expect(saved.status, `${endpoint}: ${JSON.stringify(saved.body)}`).toBe(200);
    }
  });

  it('refuses anything else when a device is saved, under the endpoint field, and stores nothing', async () => {
    dns.set('evil.example.com', publicV4);
    dns.set('loopback.push.test', '127.0.0.1');
    dns.set('metadata.push.test', '169.254.169.254');
    dns.set('mixed.push.test', publicV4, '10.0.0.5');
    dns.set('v6-loopback.push.test', '::1');
    dns.set('mapped.push.test', '::ffff:10.0.0.1');
    dns.set('ula.push.test', 'fd00:ec2::254');
    const otherPort = Number(new URL(internal.origin).port);
    const refusals: [string, RegExp][] = [
      ['http://fcm.googleapis.com/fcm/send/a', /must be an https URL/],
      ['https://user:password@fcm.googleapis.com/fcm/send/a', /must be an https URL/],
      [`http://127.0.0.1:${otherPort}/push/secret`, /must be an https URL/],
      ['https://fcm.googleapis.com:8443/fcm/send/a', /usual https port/],
      [`https://127.0.0.1:${otherPort}/push/secret`, /usual https port/],
      ['https://evil.example.com/fcm/send/a', /only to the browsers' push services/],
      ['https://fcm.googleapis.com.evil.example.com/a', /only to the browsers' push services/],
      ['https://evilpush.apple.com/a', /only to the browsers' push services/],
      ['https://push.apple.com/a', /only to the browsers' push services/],
      ['https://8.8.8.8/a', /only to the browsers' push services/],
      ...[
        '127.0.0.1',
        '2130706433', // 127.0.0.1 written as one number
        '10.0.0.8',
        '172.16.5.4',
        '192.168.1.1',
        '100.64.0.1',
        '169.254.169.254',
        '0.0.0.0',
        '224.0.0.251',
        '[::1]',
        '[fd00:ec2::254]',
        '[fe80::1]',
        '[ff02::1]',
        '[::ffff:127.0.0.1]',
        '[::ffff:169.254.169.254]',
        'loopback.push.test',
        'metadata.push.test',
        'mixed.push.test',
        'v6-loopback.push.test',
        'mapped.push.test',
        'ula.push.test',
      ].map((host): [string, RegExp] => [`https://${host}/a`, /private or local network address/]),
      ['https://unknown.push.test/a', /could not be found/],
    ];
    for (const [endpoint, message] of refusals) {
      const refused = await save(endpoint);
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body, endpoint).toMatchObject({
        code: 'validation_failed',
        field: 'endpoint',
        message: expect.stringMatching(message),
        details: { text: { code: 'push_device.endpoint_refused', params: { refusal: expect.any(String) } } },
      });
    }
    const stored = (await env.call<Schemas['PushSettingsResponse']>('getPushSettings', { token })).body.devices.map((device) => device.endpoint);
    expect(stored.filter((endpoint) => refusals.some(([refused]) => refused === endpoint))).toEqual([]);
    expect(internal.received).toEqual([]);
  });

  it('checks again before sending: a host that now resolves to loopback is not sent to', async () => {
    dns.set('rebind.push.test', publicV4);
    const endpoint = 'https://rebind.push.test/push/abc';
    expect((await save(endpoint)).status).toBe(200);
    dns.set('rebind.push.test', '127.0.0.1');
    const asked = dns.asked.length;
    const tested = await testPush(endpoint);
    expect(tested.body.message).toBe(notDelivered(pushFailureMessages.privateAddress));
    expect(dns.asked.slice(asked)).toEqual(['rebind.push.test']);
    expect(await lastError(endpoint)).toBe(pushFailureMessages.privateAddress);
  });

  it('does not follow a redirect: its target never hears of it', async () => {
    for (const status of [301, 302, 303, 307, 308]) {
      const endpoint = pushService.endpoint(`redirect-${status}`, { status, location: secretUrl });
      expect((await save(endpoint)).status).toBe(200);
      const tested = await testPush(endpoint);
      expect(tested.body.message).toBe(notDelivered(`Push service answered ${status}, a redirect: not followed.`));
      expect(pushService.received.filter((push) => endpoint.endsWith(push.path)).map((push) => push.method)).toEqual(['POST']);
    }
    expect(internal.received).toEqual([]);
  });

  it('never repeats what a push service answered, to the trader or in the last error', async () => {
    for (const status of [400, 401, 403, 413, 429, 500, 502]) {
      const endpoint = pushService.endpoint(`talkative-${status}`, { status, body: `${secret} ${'x'.repeat(600)}` });
      expect((await save(endpoint)).status).toBe(200);
      const tested = await testPush(endpoint);
      expect(tested.body.message).toBe(notDelivered(`Push service answered ${status}.`));
      expect(await lastError(endpoint)).toBe(`Push service answered ${status}.`);
    }
    const settings = await env.call<Schemas['PushSettingsResponse']>('getPushSettings', { token });
    expect(JSON.stringify(settings.body)).not.toContain(secret);
  });

  it('refuses in the dispatcher too, devices stored before these checks included', async () => {
    const userId = await userIdOf(env.server.db, email);
    const redirect = pushService.endpoint('dispatch-redirect', { status: 303, location: secretUrl });
    const talkative = pushService.endpoint('dispatch-talkative', { status: 400, body: secret });
    dns.set('rebound.push.test', '10.1.2.3');
    const expected = new Map([
      [secretUrl, pushFailureMessages.notPushService],
      ['https://169.254.169.254/latest/meta-data/', pushFailureMessages.privateAddress],
      ['https://fcm.googleapis.com:8443/fcm/send/a', pushFailureMessages.notPushService],
      ['https://rebound.push.test/push/a', pushFailureMessages.privateAddress],
      [redirect, 'Push service answered 303, a redirect: not followed.'],
      [talkative, 'Push service answered 400.'],
    ]);
    for (const [endpoint, label] of [...expected.keys()].map((endpoint, index) => [endpoint, `stored-${index}`])) {
      const keys = browserSubscription().keys;
      await env.server.db.query(
        `INSERT INTO push_devices (user_id, endpoint, p256dh, auth, label, topics, created_at) VALUES ($1, $2, $3, $4, $5, ARRAY['price_alerts'], $6)`,
        [userId, endpoint, keys.p256dh, keys.auth, label, env.clock.now()],
      );
    }
    const event = { userId, accountId: null, category: 'price', event: 'price_crossed', severity: 'info', body: '', link: '/app/tv_chart?symbol=NIFTY' } as const;
    await recordAlert(env.server.db, { ...event, title: 'NIFTY crossed 24,000', at: env.clock.now() });

    const report = await env.services.alerts.watchers.run();
    expect(report.errors).toEqual([]);
    expect(report.pushed).toMatchObject({ claimed: 1, sent: 0, failed: expected.size });
    const { rows } = await env.server.db.query<{ endpoint: string; last_error: string }>('SELECT endpoint, last_error FROM push_devices WHERE user_id = $1', [userId]);
    expect(new Map(rows.map((row) => [row.endpoint, row.last_error]))).toEqual(expected);
    expect(internal.received).toEqual([]);
  });
});

describe('the push sender', () => {
  it('connects to the addresses it checked, asking DNS once, never the system resolver', async () => {
    const pushService = await startLocalPushService();
    try {
      // A name the system cannot resolve (.invalid): only the checked answer can lead the connection anywhere.
      const origin = `http://push.invalid:${new URL(pushService.origin).port}`;
      const dns = scriptedDns();
      dns.set('push.invalid', '127.0.0.1');
      const send = createWebPushSender({ ...webPush.generateVAPIDKeys(), subject: 'mailto:ops@strikedesk.example.com' }, createPushTargets({ hosts: [origin], resolve: dns.resolve }));
      const browser = browserSubscription();
      const outcome = await send({ endpoint: `${origin}/push/pinned`, ...browser.keys }, '{"title":"Hello"}', { ttlSeconds: 60, urgency: 'normal' });
      expect(outcome).toEqual({ ok: true, status: 201 });
      expect(dns.asked).toEqual(['push.invalid']);
      expect(pushService.received.map((push) => [push.path, push.headers.host])).toEqual([['/push/pinned', `push.invalid:${new URL(origin).port}`]]);
      expect(browser.decrypt(pushService.received[0]!.body)).toBe('{"title":"Hello"}');
    } finally {
      await pushService.close();
    }
  });
});
