// The leader's alert watchers on a real server with scripted quotes and an injected clock: orders filled,
// rejected and stopped out; the kill switch armed and disarmed; broker sessions that end and the pre-market
// reminder (trading days only, by the exchange calendar); price alerts crossing once or every time. A second
// pass, or a second server instance on the same database, writes nothing twice.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertWatchLockKey } from '../../../server/services/alerts/watchers/alert-watchers.ts';
import { marketLastPrices } from '../../../server/services/alerts/watchers/price-watcher.ts';
import type { TradingHooks } from '../../../server/services/services.ts';
import { flattenGraceMs } from '../../../server/services/trading/kill-switch-summaries.ts';
import { signedInAccount } from '../support/accounts.ts';
import { openDesk, type Desk } from '../support/paper-desk.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { createBrokerAccount } from '../support/trading.ts';
import { feed, startAlertServer, type AlertServer, type Schemas } from './alert-server.ts';

// Friday 20 November 2026, 10:00 IST.
const friday = new Date('2026-11-20T04:30:00Z');
const minuteMs = 60_000;

describe.each(testBackends)('the alert watchers on %s', (backend) => {
  let env: AlertServer;
  let desk: Desk;
  let callAtm: string;
  /** A step run after a kill switch is armed, before its flatten: set by a test, for one arm. */
  let afterArmed: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    const tradingHooks: TradingHooks = {
      afterArmed: async () => {
        const step = afterArmed;
        afterArmed = null;
        await step?.();
      },
    };
    env = await startAlertServer(backend, friday, { tradingHooks });
  });

  afterAll(async () => {
    await env.close();
  });

  beforeEach(async () => {
    env.clock.advance(minuteMs);
    desk = await openDesk(env.server, env.call);
    callAtm = desk.contract(desk.atm, 'CE').tradingsymbol;
    env.market.set(callAtm, { bid: 120, ask: 120.5, last: 120.25, close: 120 });
  });

  const run = () => env.services.alerts.watchers.run();
  const events = async (token = desk.token) => (await feed(env.call, token)).alerts.map((alert) => alert.event);

  it('tells a fill, a rejection with the broker message and a stop-loss hit, each once', async () => {
    const lot = desk.lotSize;
    await desk.place(callAtm, 'BUY', lot);
    const rejected = await desk.place(callAtm, 'BUY', lot + 5);
    expect(rejected.status).toBe('REJECTED');
    const first = await run();
    expect(first.errors).toEqual([]);
    const alerts = (await feed(env.call, desk.token)).alerts;
    expect(alerts.map((alert) => alert.event).sort()).toEqual(['order_filled', 'order_rejected']);
    const filled = alerts.find((alert) => alert.event === 'order_filled')!;
    expect(filled).toMatchObject({
      category: 'order',
      severity: 'success',
      title: `Bought ${lot} ${callAtm}`,
      link: '/app/order_book',
      account_number: desk.accountNumber,
    });
    expect(filled.body).toContain('at ₹120.50');
    const rejection = alerts.find((alert) => alert.event === 'order_rejected')!;
    expect(rejection).toMatchObject({ severity: 'danger', title: `Order rejected: BUY ${lot + 5} ${callAtm}` });
    expect(rejection.body).toContain(rejected.status_message!);
    // Beside the English, the codes the app words in French: the order's own reason nested in the alert's body.
    expect(rejected.status_message_i18n).toEqual({ code: 'order.lot_multiple', params: { quantity: lot + 5, lot_size: lot, example: lot, lots: 1 } });
    expect(rejection.title_i18n).toEqual({ code: 'alert.order_rejected_title', params: { side: 'BUY', quantity: lot + 5, tradingsymbol: callAtm } });
    expect(rejection.body_i18n).toEqual({
      code: 'alert.order_rejected_body',
      params: { reason: rejected.status_message_i18n, account: desk.accountNumber, order_id: rejected.order_id },
    });
    expect(filled.title_i18n).toMatchObject({ code: 'alert.order_filled_title', params: { side: 'BUY', quantity: lot } });

    // The same pass again, and a pass a moment later: nothing new.
    expect((await run()).written.orders).toBe(0);
    env.clock.advance(2000);
    expect((await run()).written.orders).toBe(0);
    expect(await events()).toHaveLength(2);

    const stop = await desk.trade('placeStopLossOrder', desk.order(callAtm, 'SELL', lot, { order_type: 'SL', trigger_price: 100, price: 99 }));
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    env.clock.advance(1000);
    env.market.set(callAtm, { bid: 99.5, ask: 100, last: 99.9 });
    await desk.tick();
    await run();
    const hit = (await feed(env.call, desk.token)).alerts[0]!;
    expect(hit).toMatchObject({ event: 'stop_loss_hit', severity: 'warning', title: `Stop-loss hit: ${callAtm}` });
    expect(hit.body).toContain(`Sold ${lot} ${callAtm} at ₹99.50`);
  });

  it('tells the kill switch armed and disarmed, with what it did', async () => {
    await desk.place(callAtm, 'BUY', desk.lotSize);
    await run();
    const armed = await env.call<Schemas['KillSwitchResult']>('armKillSwitch', {
      token: desk.token,
      body: { account_number: desk.accountNumber, source: 'header', reason: 'Runaway market' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    env.clock.advance(1000);
    const disarmed = await env.call('disarmKillSwitch', {
      token: desk.token,
      body: { account_number: desk.accountNumber, confirmation: desk.accountNumber, source: 'settings' },
    });
    expect(disarmed.status, JSON.stringify(disarmed.body)).toBe(200);
    await run();
    await run();
    const alerts = (await feed(env.call, desk.token, { category: 'kill_switch' })).alerts;
    expect(alerts.map((alert) => alert.event)).toEqual(['kill_switch_disarmed', 'kill_switch_armed']);
    // Everything closed as the trader asked: told as done, not as an error (issue 62).
    expect(alerts[1]).toMatchObject({ severity: 'success', title: `Kill switch on for ${desk.accountNumber}`, link: '/app/kill-switch' });
    expect(alerts[1]!.body).toContain('Runaway market');
    expect(alerts[1]!.body).toContain(armed.body.accounts[0]!.message);
    // Coded: the trader's reason as typed, and the kill switch's summary, each said in the trader's language.
    expect(alerts[1]!.body_i18n).toEqual({
      code: 'alert.kill_switch_body',
      params: { reason: { code: 'text', params: { text: 'Runaway market' } }, summary: armed.body.accounts[0]!.message_i18n },
    });
    // The flatten's exit filled: told as a fill too (the feed's order category).
    expect((await feed(env.call, desk.token, { category: 'order' })).alerts).toHaveLength(2);
  });

  it('tells an arm with its outcome once its flatten reports, never its provisional "did not finish" while the flatten runs', async () => {
    await desk.place(callAtm, 'BUY', desk.lotSize);
    await run();
    const switchOf = async () => (await env.call<Schemas['KillSwitchesResponse']>('getKillSwitches', { token: desk.token })).body.kill_switches[0]!;
    const arm = () =>
      env.call<Schemas['KillSwitchResult']>('armKillSwitch', {
        token: desk.token,
        body: { account_number: desk.accountNumber, source: 'header' },
        headers: { 'idempotency-key': randomUUID() },
      });
    // A watcher pass while the flatten is still to run: nothing told yet, and the kill switch screen says the
    // closing is under way.
    let toldMeanwhile: number | null = null;
    let saidMeanwhile: Schemas['KillSwitch'] | null = null;
    afterArmed = async () => {
      toldMeanwhile = (await run()).written.killSwitches;
      saidMeanwhile = await switchOf();
    };
    const armed = await arm();
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    expect(toldMeanwhile).toBe(0);
    expect(saidMeanwhile!.events[0]).toMatchObject({ action: 'arm', summary_i18n: { code: 'kill_switch.closing', params: {} } });
    env.clock.advance(1000);
    expect((await run()).written.killSwitches).toBe(1);
    const [alert] = (await feed(env.call, desk.token, { category: 'kill_switch' })).alerts;
    expect(alert!.body).toBe(armed.body.accounts[0]!.message);
    expect(alert!.body).toContain('1 exit filled');
    expect((await switchOf()).events[0]!.summary).toBe(armed.body.accounts[0]!.message);
  });

  it('tells an arm whose flatten never reported (its server stopped) as not finished, once the arming key lease is over', async () => {
    afterArmed = () => Promise.reject(new Error('power cut after arming'));
    const armed = await env.call('armKillSwitch', { token: desk.token, body: { account_number: desk.accountNumber, source: 'header' }, headers: { 'idempotency-key': randomUUID() } });
    expect(armed.status).toBe(500);
    env.clock.advance(flattenGraceMs - 1000);
    expect((await run()).written.killSwitches).toBe(0);
    env.clock.advance(2000);
    expect((await run()).written.killSwitches).toBe(1);
    const [alert] = (await feed(env.call, desk.token, { category: 'kill_switch' })).alerts;
    expect(alert!.body_i18n).toEqual({ code: 'kill_switch.unfinished', params: {} });
    // Not finished: still told as danger.
    expect(alert!.severity).toBe('danger');
  });

  it('tells a broker session that ended, once per expiry', async () => {
    await env.server.db.query('UPDATE broker_accounts SET session_expires_at = $2 WHERE id = $1', [desk.account.id, new Date(env.clock.now().getTime() - minuteMs)]);
    await run();
    await run();
    const alerts = (await feed(env.call, desk.token)).alerts;
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ event: 'broker_session_expired', category: 'broker_session', link: '/app/broker', account_number: desk.accountNumber });
  });

  it('runs one background pass at a time for the market loop', async () => {
    const first = env.services.alerts.watchers.kick();
    expect(first).not.toBeNull();
    expect(env.services.alerts.watchers.kick()).toBeNull();
    expect((await first!).errors).toEqual([]);
    await env.services.alerts.watchers.settle();
    const next = env.services.alerts.watchers.kick();
    expect(next).not.toBeNull();
    await next;
  });

  it('fires a price alert once, or at every new crossing', async () => {
    const create = async (body: Record<string, unknown>) => {
      const res = await env.call<Schemas['PriceAlertResponse']>('createPriceAlert', { token: desk.token, body });
      expect(res.status).toBe(201);
      return res.body.price_alert.id;
    };
    const once = await create({ symbol: 'FINNIFTY', direction: 'above', level: 27700, repeat: 'once' });
    const every = await create({ symbol: 'FINNIFTY', direction: 'below', level: 27600, repeat: 'every_time' });
    const onOption = await create({ symbol: callAtm, direction: 'below', level: 100, repeat: 'once' });
    const step = async (finnifty: number, option?: number) => {
      env.lastPrices.set('FINNIFTY', finnifty);
      if (option !== undefined) env.lastPrices.set(callAtm, option);
      env.clock.advance(1000);
      return (await run()).written.prices;
    };
    // The first look only records where the price is: 27,750 is above 27,700 already, but nothing crossed.
    expect(await step(27750, 120)).toBe(0);
    expect(await step(27650)).toBe(0);
    expect(await step(27700)).toBe(1); // above: 27,650 < 27,700 ≤ 27,700
    expect(await step(27650)).toBe(0);
    expect(await step(27800)).toBe(0); // spent: once
    expect(await step(27590)).toBe(1); // below: 27,800 > 27,600 ≥ 27,590
    expect(await step(27610)).toBe(0);
    expect(await step(27600)).toBe(1); // below again: 27,610 > 27,600 ≥ 27,600
    expect(await step(27500)).toBe(0); // already below
    expect(await step(27500, 99.95)).toBe(1);

    const listed = new Map(
      (await env.call<Schemas['PriceAlertsResponse']>('getPriceAlerts', { token: desk.token })).body.price_alerts.map((alert) => [alert.id, alert]),
    );
    // A spent alert is no longer watched: its last price is the one it fired at.
    expect(listed.get(once)).toMatchObject({ active: false, triggered_count: 1, last_price: 27700 });
    expect(listed.get(every)).toMatchObject({ active: true, triggered_count: 2, last_price: 27500, last_triggered_at: expect.any(String) });
    expect(listed.get(onOption)).toMatchObject({ active: false, triggered_count: 1 });
    const alerts = (await feed(env.call, desk.token, { category: 'price' })).alerts;
    expect(alerts.map((alert) => alert.title)).toEqual([
      `${callAtm} fell below ₹100.00`,
      'FINNIFTY fell below 27,600.00',
      'FINNIFTY fell below 27,600.00',
      'FINNIFTY rose above 27,700.00',
    ]);
    expect(alerts[0]!.link).toBe(`/app/dashboards/live-trade?symbol=${callAtm}`);
    expect(alerts[3]).toMatchObject({ event: 'price_crossed', link: '/app/tv_chart?symbol=FINNIFTY' });
  });

  it('reads an index from the market state and an option from its quote', async () => {
    const prices = await marketLastPrices(env.services.market)(
      [
        { symbol: 'NIFTY', exchange: null },
        { symbol: callAtm, exchange: 'NFO' },
        { symbol: 'NIFTY99ZZ', exchange: 'NFO' },
      ],
      env.server.db,
    );
    const states = await env.services.market.readStates();
    const quotes = await env.services.market.quotes([`NFO:${callAtm}`]);
    expect(prices.get('NIFTY')).toBe(states.get('NIFTY')!.spotPaise);
    expect(prices.get(callAtm)).toBe(Math.round(quotes[`NFO:${callAtm}`]!.last_price * 100));
    expect(prices.has('NIFTY99ZZ')).toBe(false);
  });

  it('writes each alert once when two server instances watch the same database at once', async () => {
    const db = backend === 'postgres' ? await createMigratedTestDatabase('postgres') : env.server.db;
    const first = backend === 'postgres' ? await startAlertServer(backend, env.clock.now(), { database: db }) : env;
    const second = await startAlertServer(backend, first.clock.now(), { database: db });
    try {
      const twin = await openDesk(first.server, first.call);
      const symbol = twin.contract(twin.atm, 'PE').tradingsymbol;
      first.market.set(symbol, { bid: 90, ask: 90.5, last: 90.2 });
      for (let n = 0; n < 3; n += 1) await twin.place(symbol, 'BUY', twin.lotSize);
      await first.server.db.query('UPDATE broker_accounts SET session_expires_at = $2 WHERE id = $1', [twin.account.id, new Date(first.clock.now().getTime() - minuteMs)]);
      const [a, b] = await Promise.all([first.services.alerts.watchers.run(), second.services.alerts.watchers.run()]);
      expect([...a.errors, ...b.errors]).toEqual([]);
      await Promise.all([first.services.alerts.watchers.run(), second.services.alerts.watchers.run()]);
      const alerts = (await feed(first.call, twin.token)).alerts;
      expect(alerts.map((alert) => alert.event).sort()).toEqual(['broker_session_expired', 'order_filled', 'order_filled', 'order_filled']);
    } finally {
      await second.close();
      if (first !== env) await first.close();
      if (db !== env.server.db) await db.close();
    }
  });

  // PGlite has one session, where an advisory lock is taken again by whoever asks: only PostgreSQL can hold one elsewhere.
  it.runIf(backend === 'postgres')('runs the session watcher while another instance holds the order watcher', async () => {
    const twin = await openDesk(env.server, env.call);
    await env.server.db.query('UPDATE broker_accounts SET session_expires_at = $2 WHERE id = $1', [twin.account.id, new Date(env.clock.now().getTime() - minuteMs)]);
    let release!: () => void;
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const other = env.server.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1::int, 0)', [alertWatchLockKey]); // the first watcher: orders
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
    try {
      const report = await run();
      expect(report.errors).toEqual([]);
      expect(report.written.orders).toBeNull();
      expect(report.written.sessions).toBe(1);
    } finally {
      release();
      await other;
    }
    expect(await events(twin.token)).toContain('broker_session_expired');
  });
});

// Monday 23 November 2026 08:40 IST; Tuesday 24 November is a holiday (Guru Nanak Jayanti).
const mondayMorning = new Date('2026-11-23T03:10:00Z');

describe.each(testBackends)('the pre-market broker reminder on %s', (backend) => {
  let env: AlertServer;

  beforeAll(async () => {
    env = await startAlertServer(backend, mondayMorning);
  });

  afterAll(async () => {
    await env.close();
  });

  it('reminds at 08:45 on trading days for every account without a session, once a day', async () => {
    const loggedIn = await openDesk(env.server, env.call);
    const idle = await signedInAccount(env.call);
    const { account } = await createBrokerAccount(env.call, idle.token);
    const eventsOf = async (token: string) => (await feed(env.call, token)).alerts.map((alert) => `${alert.event} ${alert.at.slice(0, 10)}`);
    const runAt = async (iso: string) => {
      const at = new Date(iso);
      env.clock.advance(at.getTime() - env.clock.now().getTime());
      const report = await env.services.alerts.watchers.run();
      expect(report.errors).toEqual([]);
    };

    await runAt('2026-11-23T03:14:00Z'); // 08:44 IST: not yet
    expect(await eventsOf(idle.token)).toEqual([]);
    await runAt('2026-11-23T03:15:00Z'); // 08:45 IST
    await runAt('2026-11-23T03:30:00Z'); // 09:00 IST: already told today
    const reminders = (await feed(env.call, idle.token)).alerts;
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      event: 'broker_session_expiring',
      category: 'broker_session',
      link: '/app/broker',
      account_number: account.account_number,
      title: `Log in to your broker: ${account.account_number}`,
    });
    expect(reminders[0]!.body).toContain('The market opens at 09:15 IST');
    // The account logged in at 08:40 has its session: no reminder.
    expect(await eventsOf(loggedIn.token)).toEqual([]);

    await runAt('2026-11-24T03:20:00Z'); // Tuesday 08:50 IST: a holiday. The session that ended at 06:00 is told.
    expect(await eventsOf(idle.token)).toEqual(['broker_session_expiring 2026-11-23']);
    expect(await eventsOf(loggedIn.token)).toEqual(['broker_session_expired 2026-11-24']);

    await runAt('2026-11-25T03:20:00Z'); // Wednesday 08:50 IST: a trading day, both accounts logged out.
    expect(await eventsOf(idle.token)).toEqual(['broker_session_expiring 2026-11-25', 'broker_session_expiring 2026-11-23']);
    expect(await eventsOf(loggedIn.token)).toEqual(['broker_session_expiring 2026-11-25', 'broker_session_expired 2026-11-24']);

    await runAt('2026-11-25T03:50:00Z'); // 09:20 IST: the market is open, no more reminders
    await runAt('2026-11-28T03:20:00Z'); // Saturday
    expect(await eventsOf(idle.token)).toHaveLength(2);
  });
});

describe.each(testBackends)('price alerts on an option that expires on %s', (backend) => {
  let env: AlertServer;

  beforeAll(async () => {
    env = await startAlertServer(backend, friday);
  });

  afterAll(async () => {
    await env.close();
  });

  it('turns the alert off at the close of the expiry day (15:40 IST since 3 August 2026) and says so once; an expired contract takes no new alert', async () => {
    const desk = await openDesk(env.server, env.call);
    const call = desk.contract(desk.atm, 'CE').tradingsymbol;
    const { rows } = await env.server.db.query<{ expiry: string }>(`SELECT to_char(expiry, 'YYYY-MM-DD') AS expiry FROM instruments WHERE tradingsymbol = $1`, [call]);
    const expiry = rows[0]!.expiry;
    const created = await env.call<Schemas['PriceAlertResponse']>('createPriceAlert', { token: desk.token, body: { symbol: call, direction: 'below', level: 50, repeat: 'once' } });
    expect(created.status).toBe(201);
    env.lastPrices.set(call, 120);
    const runAt = async (iso: string) => {
      env.clock.advance(new Date(iso).getTime() - env.clock.now().getTime());
      const report = await env.services.alerts.watchers.run();
      expect(report.errors).toEqual([]);
      return report.written.prices;
    };
    // 15:39 IST on the expiry day: still trading (NSE's F&O closes at 15:40 since 3 August 2026), still watched.
    expect(await runAt(`${expiry}T10:09:00Z`)).toBe(0);
    expect((await env.call<Schemas['PriceAlertsResponse']>('getPriceAlerts', { token: desk.token })).body.price_alerts[0]).toMatchObject({ active: true, expired: false });
    // 15:40 IST: the contract is over; even a price below the level now is no crossing.
    env.lastPrices.set(call, 0.05);
    expect(await runAt(`${expiry}T10:10:00Z`)).toBe(1);
    expect(await runAt(`${expiry}T10:11:00Z`)).toBe(0);
    expect((await env.call<Schemas['PriceAlertsResponse']>('getPriceAlerts', { token: desk.token })).body.price_alerts[0]).toMatchObject({ active: false, expired: true, triggered_count: 0 });
    const alerts = (await feed(env.call, desk.token, { category: 'price' })).alerts;
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      event: 'price_alert_expired',
      title: `${call} expired: price alert off`,
      body: `The contract expired on ${expiry} at the day's close; its alert below ₹50.00 can no longer fire.`,
      link: '/app/strategy_alerts?view=price',
    });

    const refused = await env.call<Schemas['Error']>('createPriceAlert', { token: desk.token, body: { symbol: call, direction: 'above', level: 10, repeat: 'once' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed', field: 'symbol', message: `${call} expired on ${expiry}. Pick a current expiry.` });
  });
});
