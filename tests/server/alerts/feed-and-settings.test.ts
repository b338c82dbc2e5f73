// The alerts feed (newest first, paged, filtered, read and unread, each trader's own), price alerts (CRUD, what
// a symbol may be, the per-trader cap) and push devices (subscribe, change topics, move to another trader,
// remove, test) through the HTTP contract: bad input answers a 4xx with a message, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAlert, type NewAlert } from '../../../server/services/alerts/alert-log.ts';
import { signedInAccount } from '../support/accounts.ts';
import { openDesk } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { createBrokerAccount } from '../support/trading.ts';
import { feed, startAlertServer, userIdOf, type AlertServer, type Schemas } from './alert-server.ts';
import { browserSubscription, startLocalPushService, type LocalPushService } from './local-push-service.ts';

// Friday 20 November 2026, 10:00 IST.
const friday = new Date('2026-11-20T04:30:00Z');

describe.each(testBackends)('the alerts feed and its settings on %s', (backend) => {
  let env: AlertServer;
  let pushService: LocalPushService;

  beforeAll(async () => {
    pushService = await startLocalPushService();
    env = await startAlertServer(backend, friday, { push: { serviceHosts: [pushService.origin] } });
  });

  afterAll(async () => {
    await pushService.close();
    await env.close();
  });

  const alertFor = (userId: number, overrides: Partial<NewAlert> = {}): NewAlert => ({
    userId,
    accountId: null,
    category: 'order',
    event: 'order_filled',
    severity: 'success',
    title: 'Bought 65 NIFTY26D0124000CE',
    body: 'Filled at ₹120.25',
    link: '/app/order_book',
    at: env.clock.now(),
    ...overrides,
  });

  it('pages newest first, filters by category, keeps read and unread, and shows a trader only their own alerts', async () => {
    const asha = await signedInAccount(env.call);
    const ravi = await signedInAccount(env.call);
    const ashaId = await userIdOf(env.server.db, asha.email);
    const raviId = await userIdOf(env.server.db, ravi.email);
    const { account } = await createBrokerAccount(env.call, asha.token);
    const ids: number[] = [];
    const kinds: Partial<NewAlert>[] = [
      { accountId: account.id },
      { category: 'price', event: 'price_crossed', severity: 'info', title: 'NIFTY rose above 26,100.00', link: '/app/tv_chart?symbol=NIFTY' },
      { category: 'bot', event: 'bot_entered', severity: 'info', title: 'Straddle entered', bot: { kind: 'daily', id: 7, name: 'Tuesday straddle' } },
      { category: 'kill_switch', event: 'kill_switch_armed', severity: 'danger', title: 'Kill switch on', link: '/app/kill-switch' },
      { category: 'price', event: 'price_crossed', severity: 'info', title: 'NIFTY fell below 26,000.00', link: '/app/tv_chart?symbol=NIFTY' },
    ];
    for (const kind of kinds) {
      ids.push((await recordAlert(env.server.db, alertFor(ashaId, kind)))!);
      env.clock.advance(1000);
    }
    const raviAlert = (await recordAlert(env.server.db, alertFor(raviId, { title: 'Ravi filled' })))!;
    // The same dedupe key twice is one alert.
    expect(await recordAlert(env.server.db, alertFor(ashaId, { dedupeKey: 'x' }))).not.toBeNull();
    expect(await recordAlert(env.server.db, alertFor(ashaId, { dedupeKey: 'x' }))).toBeNull();

    const all = await feed(env.call, asha.token);
    expect(all.alerts).toHaveLength(6);
    expect(all.alerts.map((alert) => alert.id)).toEqual([...all.alerts.map((alert) => alert.id)].sort((a, b) => b - a));
    expect(all.alerts.map((alert) => alert.title)).not.toContain('Ravi filled');
    expect(all.unread).toBe(6);
    expect(all.as_of).toBe(env.clock.now().toISOString());
    const first = all.alerts.find((alert) => alert.id === ids[0])!;
    expect(first).toMatchObject({ account_number: account.account_number, bot: null, read: false, category: 'order', link: '/app/order_book' });
    expect(all.alerts.find((alert) => alert.id === ids[2])!.bot).toEqual({ kind: 'daily', id: 7, name: 'Tuesday straddle' });

    const page1 = await feed(env.call, asha.token, { limit: '2' });
    const page2 = await feed(env.call, asha.token, { limit: '2', before: String(page1.alerts[1]!.id) });
    expect(page1.alerts.map((alert) => alert.id)).toEqual(all.alerts.slice(0, 2).map((alert) => alert.id));
    expect(page2.alerts.map((alert) => alert.id)).toEqual(all.alerts.slice(2, 4).map((alert) => alert.id));
    const newer = await feed(env.call, asha.token, { after: String(ids[2]) });
    expect(newer.alerts.map((alert) => alert.id).sort()).toEqual(all.alerts.filter((alert) => alert.id > ids[2]!).map((alert) => alert.id).sort());

    const prices = await feed(env.call, asha.token, { category: 'price' });
    expect(prices.alerts.map((alert) => alert.id)).toEqual([ids[4], ids[1]]);

    const read = await env.call<Schemas['UnreadAlertsResponse']>('updateAlertsRead', { token: asha.token, body: { up_to: ids[2]! } });
    expect(read.status).toBe(200);
    expect(read.body.unread).toBe(3);
    const afterRead = await feed(env.call, asha.token);
    expect(afterRead.alerts.filter((alert) => alert.read).map((alert) => alert.id).sort()).toEqual(ids.slice(0, 3).sort());
    // Never backwards.
    expect((await env.call<Schemas['UnreadAlertsResponse']>('updateAlertsRead', { token: asha.token, body: { up_to: ids[0]! } })).body.unread).toBe(3);
    // Never past the trader's newest alert: what arrives later is unread.
    const everything = await env.call<Schemas['UnreadAlertsResponse']>('updateAlertsRead', { token: asha.token, body: { up_to: 9007199254740991 } });
    expect(everything.body.unread).toBe(0);
    await recordAlert(env.server.db, alertFor(ashaId, { title: 'Later' }));
    expect((await feed(env.call, asha.token)).unread).toBe(1);

    const raviFeed = await feed(env.call, ravi.token);
    expect(raviFeed.alerts.map((alert) => alert.id)).toEqual([raviAlert]);
    expect(raviFeed.unread).toBe(1);
  });

  it('refuses bad feed queries with a 400 and a message', async () => {
    const { token } = await signedInAccount(env.call);
    const queries: Record<string, string>[] = [{ limit: '0' }, { limit: '101' }, { category: 'weather' }, { before: 'soon' }, { after: '-1' }];
    for (const query of queries) {
      const res = await env.call<{ message: string; code: string }>('getAlerts', { token, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).not.toBe('');
    }
    expect((await env.call('getAlerts', {})).status).toBe(401);
  });

  it('creates, lists and deletes price alerts on an index or a listed option, and refuses anything else', async () => {
    const desk = await openDesk(env.server, env.call);
    const option = desk.contract(desk.atm, 'CE').tradingsymbol;
    const create = (body: Record<string, unknown>) =>
      env.call<Schemas['PriceAlertResponse'] & { message: string; code: string; field?: string }>('createPriceAlert', { token: desk.token, body });

    const nifty = await create({ symbol: 'NIFTY', direction: 'above', level: 26100.5, repeat: 'once' });
    expect(nifty.status, JSON.stringify(nifty.body)).toBe(201);
    expect(nifty.body.price_alert).toMatchObject({
      symbol: 'NIFTY',
      direction: 'above',
      level: 26100.5,
      repeat: 'once',
      active: true,
      last_price: null,
      triggered_count: 0,
      last_triggered_at: null,
      created_at: env.clock.now().toISOString(),
    });
    const onOption = await create({ symbol: option, direction: 'below', level: 80, repeat: 'every_time' });
    expect(onOption.status, JSON.stringify(onOption.body)).toBe(201);

    const unknown = await create({ symbol: 'NIFTY99X', direction: 'above', level: 100, repeat: 'once' });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: 'unknown_instrument', field: 'symbol' });
    expect(unknown.body.message).toContain('NIFTY99X is neither an index (BANKNIFTY, FINNIFTY, MIDCPNIFTY, NIFTY, SENSEX)');
    // Coded, so the form says it in the trader's language.
    expect(unknown.body).toMatchObject({
      details: { text: { code: 'price_alert.unknown_symbol', params: { symbol: 'NIFTY99X', indices: 'BANKNIFTY, FINNIFTY, MIDCPNIFTY, NIFTY, SENSEX' } } },
    });
    for (const body of [
      { symbol: 'nifty', direction: 'above', level: 100, repeat: 'once' },
      { symbol: 'NIFTY', direction: 'sideways', level: 100, repeat: 'once' },
      { symbol: 'NIFTY', direction: 'above', level: -1, repeat: 'once' },
      { symbol: 'NIFTY', direction: 'above', level: 100.001, repeat: 'once' },
      { symbol: 'NIFTY', direction: 'above', level: 100 },
      { symbol: 'NIFTY', direction: 'above', level: 100, repeat: 'once', extra: true },
      { symbol: 'NIFTY', direction: 'above', level: 0, repeat: 'once' },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).not.toBe('');
    }

    const listed = await env.call<Schemas['PriceAlertsResponse']>('getPriceAlerts', { token: desk.token });
    expect(listed.body.price_alerts.map((alert) => alert.symbol)).toEqual([option, 'NIFTY']);

    const other = await signedInAccount(env.call);
    const notTheirs = await env.call<{ code: string; details: unknown }>('deletePriceAlert', { token: other.token, params: { id: nifty.body.price_alert.id } });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body).toMatchObject({ code: 'not_found', details: { text: { code: 'not_found.thing', params: { thing: 'price_alert' } } } });
    expect((await env.call('deletePriceAlert', { token: desk.token, params: { id: nifty.body.price_alert.id } })).status).toBe(200);
    expect((await env.call('deletePriceAlert', { token: desk.token, params: { id: nifty.body.price_alert.id } })).status).toBe(404);
    expect((await env.call('deletePriceAlert', { token: desk.token, params: { id: 0 } })).status).toBe(400);
    expect((await env.call<Schemas['PriceAlertsResponse']>('getPriceAlerts', { token: other.token })).body.price_alerts).toEqual([]);
  });

  it('keeps at most 50 price alerts a trader', async () => {
    const { token } = await signedInAccount(env.call);
    for (let n = 1; n <= 50; n += 1) {
      const res = await env.call('createPriceAlert', { token, body: { symbol: 'BANKNIFTY', direction: 'above', level: 59000 + n, repeat: 'once' } });
      expect(res.status).toBe(201);
    }
    const over = await env.call<{ message: string; code: string }>('createPriceAlert', {
      token,
      body: { symbol: 'BANKNIFTY', direction: 'above', level: 60000, repeat: 'once' },
    });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({
      code: 'invalid_params',
      message: 'You have 50 price alerts, the most one may keep: delete one first.',
      details: { text: { code: 'price_alert.too_many', params: { limit: 50 } } },
    });
  });

  it('subscribes a device, changes its topics, moves it to whoever signs in on it, removes it and tests it', async () => {
    const asha = await signedInAccount(env.call);
    const ravi = await signedInAccount(env.call);
    const browser = browserSubscription();
    const endpoint = pushService.endpoint(`device-${Date.now()}`);
    const settings = async (token: string) => (await env.call<Schemas['PushSettingsResponse']>('getPushSettings', { token })).body;
    const save = (token: string, body: Record<string, unknown>) =>
      env.call<Schemas['PushDeviceResponse'] & { message: string; field?: string }>('updatePushDevice', { token, body });

    const empty = await settings(asha.token);
    expect(empty.devices).toEqual([]);
    expect(Buffer.from(empty.vapid_public_key, 'base64url')).toHaveLength(65);

    const saved = await save(asha.token, { endpoint, keys: browser.keys, label: 'Pixel 8, Chrome', topics: ['fills', 'kill_switch'] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.device).toEqual({
      endpoint,
      label: 'Pixel 8, Chrome',
      topics: ['fills', 'kill_switch'],
      created_at: env.clock.now().toISOString(),
      last_sent_at: null,
      last_error: null,
      last_error_i18n: null,
    });
    const changed = await save(asha.token, { endpoint, keys: browser.keys, label: 'Pixel 8', topics: ['price_alerts'] });
    expect(changed.body.device).toMatchObject({ label: 'Pixel 8', topics: ['price_alerts'] });
    expect((await settings(asha.token)).devices).toHaveLength(1);

    const badKeys = await save(asha.token, { endpoint, keys: { p256dh: 'AAAAAAAAAAAAAAAAAAAAAA', auth: browser.keys.auth }, label: 'x', topics: [] });
    expect(badKeys.status).toBe(400);
    expect(badKeys.body).toMatchObject({ field: 'keys.p256dh' });
    const badAuth = await save(asha.token, { endpoint, keys: { p256dh: browser.keys.p256dh, auth: 'AAAAAAAAAAAA' }, label: 'x', topics: [] });
    expect(badAuth.status).toBe(400);
    for (const body of [
      { endpoint: 'ftp://push.example/x', keys: browser.keys, label: 'x', topics: [] },
      { endpoint, keys: browser.keys, label: '', topics: [] },
      { endpoint, keys: browser.keys, label: 'x', topics: ['weather'] },
      { endpoint, keys: browser.keys, label: 'x', topics: ['fills', 'fills'] },
    ]) {
      expect((await save(asha.token, body)).status, JSON.stringify(body)).toBe(400);
    }

    // Ravi signs in on the same browser: the device is his now, and Asha's alerts no longer go there.
    const moved = await save(ravi.token, { endpoint, keys: browser.keys, label: 'Shared tablet', topics: ['fills'] });
    expect(moved.status).toBe(200);
    expect((await settings(asha.token)).devices).toEqual([]);
    expect((await settings(ravi.token)).devices.map((device) => device.label)).toEqual(['Shared tablet']);

    const notHers = await env.call<{ code: string }>('createTestPush', { token: asha.token, body: { endpoint } });
    expect(notHers.status).toBe(404);
    const tested = await env.call<{ message: string; message_i18n: unknown }>('createTestPush', { token: ravi.token, body: { endpoint } });
    expect(tested.status).toBe(200);
    expect(tested.body).toEqual({ message: 'Test notification sent.', message_i18n: { code: 'push.test_sent', params: {} } });
    const delivered = pushService.received.filter((push) => endpoint.endsWith(push.path));
    expect(delivered).toHaveLength(1);
    // Coded like every push, so the service worker says it in the trader's language.
    expect(JSON.parse(browser.decrypt(delivered[0]!.body))).toMatchObject({
      title: 'StrikeDesk test notification',
      title_i18n: { code: 'push.test_title', params: {} },
      body_i18n: { code: 'push.test_body', params: {} },
      actions: [{ action: 'open', title: 'Open', title_i18n: { code: 'push.open', params: {} } }],
      url: '/app/strategy_alerts',
    });
    expect((await settings(ravi.token)).devices[0]!.last_sent_at).toBe(env.clock.now().toISOString());

    const removed = await env.call<{ message: string }>('deletePushDevice', { token: asha.token, body: { endpoint } });
    expect(removed.body.message).toBe('This device was not receiving notifications.');
    expect((await settings(ravi.token)).devices).toHaveLength(1);
    const gone = await env.call<{ message: string }>('deletePushDevice', { token: ravi.token, body: { endpoint } });
    expect(gone.body.message).toBe('This device will no longer receive notifications.');
    expect((await settings(ravi.token)).devices).toEqual([]);
  });
});
