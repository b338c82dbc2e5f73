// Web push against a push service on 127.0.0.1: every alert event reaches the devices subscribed to its topic,
// encrypted (aes128gcm) for the subscription's keys and signed with the server's VAPID key; the test decrypts
// each message as a browser would and reads its title, url and actions. A device the push service says is
// gone (410) is forgotten; another failure is recorded on the device and never breaks the pass; two instances
// dispatching at once push each alert once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAlert, type NewAlert } from '../../../server/services/alerts/alert-log.ts';
import type { AlertEvent, PushPayload } from '../../../server/services/alerts/push-payload.ts';
import { openDesk, type Desk } from '../support/paper-desk.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { startAlertServer, userIdOf, type AlertServer, type Schemas } from './alert-server.ts';
import { browserSubscription, startLocalPushService, verifyVapid, type LocalPushService } from './local-push-service.ts';

// Friday 20 November 2026, 10:00 IST.
const friday = new Date('2026-11-20T04:30:00Z');

type Category = NewAlert['category'];
// Every event of the contract (the Record makes a new one a compile error here until it is listed).
const recordedByEvent: Record<AlertEvent, [Category, string]> = {
  bot_entered: ['bot', '/app/portfolio'],
  bot_exited: ['bot', '/app/portfolio'],
  bot_stop_loss: ['bot', '/app/portfolio'],
  bot_target: ['bot', '/app/portfolio'],
  bot_rejected: ['bot', '/app/order_book'],
  bot_error: ['bot', '/app/portfolio'],
  bot_missed: ['bot', '/app/portfolio'],
  bot_stopped: ['bot', '/app/portfolio'],
  order_rejected: ['order', '/app/order_book'],
  stop_loss_hit: ['order', '/app/order_book'],
  target_hit: ['order', '/app/order_book'],
  order_repriced: ['order', '/app/order_book'],
  order_reprice_gave_up: ['order', '/app/order_book'],
  delivery_margin_call: ['order', '/app/position'],
  delivery_squared_off: ['order', '/app/position'],
  kill_switch_armed: ['kill_switch', '/app/kill-switch'],
  kill_switch_disarmed: ['kill_switch', '/app/kill-switch'],
  broker_session_expiring: ['broker_session', '/app/broker'],
  broker_session_expired: ['broker_session', '/app/broker'],
  price_crossed: ['price', '/app/tv_chart?symbol=NIFTY'],
  price_alert_expired: ['price', '/app/strategy_alerts?view=price'],
  // A fill that closed a position (no entry order behind it): nothing to square off.
  order_filled: ['order', '/app/order_book'],
  // Pushed only while its proposal is pending, with a token per device: tests/server/bots/approvals.test.ts.
  bot_proposal: ['bot', '/app/approvals'],
};
const recorded = Object.entries(recordedByEvent).filter(([event]) => event !== 'bot_proposal').map(([event, [category, link]]) => [event as AlertEvent, category, link] as const);

// Each action's title travels coded too, for the service worker to say in the trader's language (issue 24).
const open = { action: 'open', title: 'Open', title_i18n: { code: 'push.open', params: {} } };
const killSwitch = { action: 'kill_switch', title: 'Kill switch…', title_i18n: { code: 'push.kill_switch', params: {} } };
const squareOff = { action: 'square_off', title: 'Square off…', title_i18n: { code: 'push.square_off', params: {} } };

describe.each(testBackends)('web push on %s', (backend) => {
  let env: AlertServer;
  let pushService: LocalPushService;
  let desk: Desk;
  let userId: number;
  let vapidKey: string;

  const saveDevice = async (name: string, topics: Schemas['PushTopic'][], status?: number) => {
    const browser = browserSubscription();
    const endpoint = pushService.endpoint(name, status);
    const res = await env.call('updatePushDevice', { token: desk.token, body: { endpoint, keys: browser.keys, label: name, topics } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { browser, endpoint, path: new URL(endpoint).pathname };
  };
  const devices = async () =>
    new Map((await env.call<Schemas['PushSettingsResponse']>('getPushSettings', { token: desk.token })).body.devices.map((device) => [device.label, device]));

  // The local push service, and a port nothing listens on (9, discard) for a push service that cannot be reached.
  const pushTo = () => ({ serviceHosts: [pushService.origin, 'http://127.0.0.1:9'] });

  beforeAll(async () => {
    pushService = await startLocalPushService();
    env = await startAlertServer(backend, friday, { push: pushTo() });
    desk = await openDesk(env.server, env.call);
    userId = await userIdOf(env.server.db, (await env.server.db.query<{ email: string }>('SELECT email FROM users ORDER BY id DESC LIMIT 1')).rows[0]!.email);
    vapidKey = (await env.call<Schemas['PushSettingsResponse']>('getPushSettings', { token: desk.token })).body.vapid_public_key;
  });

  afterAll(async () => {
    await pushService.close();
    await env.close();
  });

  it('pushes every event to the devices subscribed to its topic, with its title, screen and actions', async () => {
    const everything = await saveDevice('everything', ['fills', 'rejections', 'stop_loss_target', 'kill_switch', 'broker_session', 'price_alerts', 'bot_activity']);
    const fillsOnly = await saveDevice('fills-only', ['fills']);
    const gone = await saveDevice('gone', ['kill_switch', 'fills'], 410);
    const broken = await saveDevice('broken', ['kill_switch'], 500);
    await saveDevice('nothing', []);

    const symbol = desk.contract(desk.atm, 'CE').tradingsymbol;
    env.market.set(symbol, { bid: 120, ask: 120.5, last: 120.25 });
    await desk.place(symbol, 'BUY', desk.lotSize);
    const ids = new Map<number, AlertEvent>();
    for (const [event, category, link] of recorded) {
      const bot = category === 'bot' ? { kind: 'daily' as const, id: 3, name: 'Tuesday straddle' } : null;
      const id = await recordAlert(env.server.db, {
        userId,
        accountId: desk.account.id,
        category,
        event,
        severity: 'info',
        title: `Title of ${event}`,
        body: `Body of ${event}`,
        link,
        bot,
        at: env.clock.now(),
      });
      ids.set(id!, event);
    }

    // More events than one pass claims (alertsPerPass, 20): a second pass takes the rest.
    const first = await env.services.alerts.watchers.run();
    const second = await env.services.alerts.watchers.run();
    expect([...first.errors, ...second.errors]).toEqual([]);
    const pushed = { claimed: first.pushed!.claimed + second.pushed!.claimed, removed: first.pushed!.removed + second.pushed!.removed, failed: first.pushed!.failed + second.pushed!.failed };
    // The broken device takes the kill switch's two events; the gone one is dropped at its first answer.
    expect(pushed).toMatchObject({ claimed: recorded.length + 1, removed: 1, failed: 2 });

    const to = (path: string) => pushService.received.filter((push) => push.path === path);
    const payloads = to(everything.path).map((push) => {
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(verifyVapid(push.headers.authorization, vapidKey, new URL(everything.endpoint).origin)).toMatchObject({
        sub: 'mailto:ops@strikedesk.example.com',
      });
      return { payload: JSON.parse(everything.browser.decrypt(push.body)) as PushPayload, headers: push.headers };
    });
    expect(payloads).toHaveLength(recorded.length + 1);

    // The fill the order watcher saw: an entry, so the notification offers to square the position off.
    const entryFill = payloads.find(({ payload }) => payload.event === 'order_filled' && !ids.has(payload.alert_id!))!;
    expect(entryFill.payload).toMatchObject({ title: `Bought ${desk.lotSize} ${symbol}`, url: '/app/order_book', category: 'order', actions: [open, squareOff] });
    // Its texts as codes and parameters too: the service worker says them in French for a French trader.
    expect(entryFill.payload.title_i18n).toEqual({ code: 'alert.order_filled_title', params: { side: 'BUY', quantity: desk.lotSize, tradingsymbol: symbol } });
    expect(entryFill.payload.body_i18n).toMatchObject({ code: 'alert.order_filled_body', params: { side: 'BUY', price: 120.5 } });
    expect(entryFill.headers).toMatchObject({ urgency: 'high', ttl: '600' });

    const byEvent = new Map(payloads.filter(({ payload }) => ids.has(payload.alert_id!)).map((entry) => [entry.payload.event!, entry]));
    expect([...byEvent.keys()].sort()).toEqual(recorded.map(([event]) => event).sort());
    const withKillSwitch = new Set<AlertEvent>(['bot_error', 'bot_rejected', 'order_rejected', 'stop_loss_hit', 'bot_stop_loss']);
    for (const [id, event] of ids) {
      const { payload, headers } = byEvent.get(event)!;
      const [, category, link] = recorded.find(([name]) => name === event)!;
      expect(payload, event).toEqual({
        title: `Title of ${event}`,
        body: `Body of ${event}`,
        // Words no code has: the worker shows them as they are.
        title_i18n: null,
        body_i18n: null,
        tag: `alert-${id}`,
        url: link,
        alert_id: id,
        category,
        event,
        actions: withKillSwitch.has(event) ? [open, killSwitch] : [open],
      });
      // Not a moment to act in: normal urgency, kept for 6 hours (a delivery margin call comes days or hours before its square-off).
      const slow = ['broker_session_expiring', 'broker_session_expired', 'bot_missed', 'bot_stopped', 'price_alert_expired', 'delivery_margin_call', 'delivery_squared_off'].includes(event);
      expect(headers, event).toMatchObject(slow ? { urgency: 'normal', ttl: '21600' } : { urgency: 'high', ttl: '600' });
    }

    // Topics: the fills-only phone heard the two fills and nothing else; the device with no topics, nothing.
    const fills = to(fillsOnly.path).map((push) => (JSON.parse(fillsOnly.browser.decrypt(push.body)) as PushPayload).event);
    expect(fills).toEqual(['order_filled', 'order_filled']);
    expect(pushService.received.filter((push) => push.path.endsWith('/nothing'))).toEqual([]);

    // 410: the subscription is gone and the device forgotten after the first try; a 500 is kept, with the error.
    expect(to(gone.path)).toHaveLength(1);
    const after = await devices();
    expect(after.has('gone')).toBe(false);
    expect(after.get('broken')).toMatchObject({ last_sent_at: null, last_error: 'Push service answered 500.' });
    expect(to(broken.path)).toHaveLength(2);
    expect(after.get('everything')).toMatchObject({ last_sent_at: env.clock.now().toISOString(), last_error: null });

    // Pushed once: the next pass sends nothing.
    const before = pushService.received.length;
    expect((await env.services.alerts.watchers.run()).pushed).toMatchObject({ claimed: 0 });
    expect(pushService.received).toHaveLength(before);
  });

  it('offers to square off a fill only while its position is open', async () => {
    const browser = browserSubscription();
    const endpoint = pushService.endpoint('fills-phone');
    await env.call('updatePushDevice', { token: desk.token, body: { endpoint, keys: browser.keys, label: 'fills-phone', topics: ['fills'] } });
    const symbol = desk.contract(desk.atm, 'PE').tradingsymbol;
    env.market.set(symbol, { bid: 130, ask: 130.5, last: 130.2 });
    const pushed = async () => {
      env.clock.advance(1000);
      await env.services.alerts.watchers.run();
      return pushService.received
        .filter((push) => endpoint.endsWith(push.path))
        .map((push) => JSON.parse(browser.decrypt(push.body)) as PushPayload)
        .map((payload) => [payload.title, payload.actions.map((action) => action.action)]);
    };
    await desk.place(symbol, 'SELL', desk.lotSize);
    expect(await pushed()).toEqual([[`Sold ${desk.lotSize} ${symbol}`, ['open', 'square_off']]]);
    await desk.place(symbol, 'BUY', desk.lotSize);
    expect((await pushed())[1]).toEqual([`Bought ${desk.lotSize} ${symbol}`, ['open']]);
  });

  it('survives a push service that cannot be reached, and leaves stale alerts in the feed only', async () => {
    const browser = browserSubscription();
    // A port nothing listens on: the connection is refused.
    const endpoint = 'http://127.0.0.1:9/push/nowhere';
    await env.call('updatePushDevice', { token: desk.token, body: { endpoint, keys: browser.keys, label: 'nowhere', topics: ['price_alerts'] } });
    const stale = await recordAlert(env.server.db, {
      userId,
      accountId: null,
      category: 'price',
      event: 'price_crossed',
      severity: 'info',
      title: 'Old news',
      body: '',
      link: '/app/tv_chart?symbol=NIFTY',
      at: new Date(env.clock.now().getTime() - 31 * 60_000),
    });
    await recordAlert(env.server.db, { userId, accountId: null, category: 'price', event: 'price_crossed', severity: 'info', title: 'Now', body: '', link: '/app/tv_chart?symbol=NIFTY', at: env.clock.now() });
    const before = pushService.received.length;
    const report = await env.services.alerts.watchers.run();
    expect(report.errors).toEqual([]);
    expect(report.pushed).toMatchObject({ claimed: 2, failed: 1 });
    expect((await devices()).get('nowhere')!.last_error).toBe('Push service unreachable.');
    // Only the fresh alert went to the device that takes price alerts.
    const sent = pushService.received.slice(before).filter((push) => push.path.endsWith('/everything'));
    expect(sent).toHaveLength(1);
    expect(stale).not.toBeNull();
  });

  it('pushes each alert once when two instances dispatch at once', async () => {
    const db = backend === 'postgres' ? await createMigratedTestDatabase('postgres') : env.server.db;
    const first = backend === 'postgres' ? await startAlertServer(backend, env.clock.now(), { database: db, push: pushTo() }) : env;
    const second = await startAlertServer(backend, first.clock.now(), { database: db, push: pushTo() });
    try {
      const twin = backend === 'postgres' ? await openDesk(first.server, first.call) : desk;
      const twinId = backend === 'postgres' ? (await db.query<{ user_id: number }>('SELECT user_id FROM broker_accounts WHERE id = $1', [twin.account.id])).rows[0]!.user_id : userId;
      const browser = browserSubscription();
      const endpoint = pushService.endpoint(`twin-${backend}`);
      await first.call('updatePushDevice', { token: twin.token, body: { endpoint, keys: browser.keys, label: 'twin', topics: ['bot_activity'] } });
      for (let n = 0; n < 45; n += 1) {
        await recordAlert(db, { userId: twinId, accountId: null, category: 'bot', event: 'bot_entered', severity: 'info', title: `Entry ${n}`, body: '', link: '/app/portfolio', at: first.clock.now() });
      }
      for (let pass = 0; pass < 4; pass += 1) {
        const reports = await Promise.all([first.services.alerts.watchers.run(), second.services.alerts.watchers.run()]);
        expect(reports.flatMap((report) => report.errors)).toEqual([]);
      }
      const titles = pushService.received
        .filter((push) => endpoint.endsWith(push.path))
        .map((push) => (JSON.parse(browser.decrypt(push.body)) as PushPayload).title);
      expect(titles.sort()).toEqual(Array.from({ length: 45 }, (_, n) => `Entry ${n}`).sort());
    } finally {
      await second.close();
      if (first !== env) await first.close();
      if (db !== env.server.db) await db.close();
    }
  });
});
