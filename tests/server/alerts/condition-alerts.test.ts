// Price alerts on a strategy's premium and on ATM IV (issue 40) on a real server, its clock moved by the test and
// the day's minutes stored as the live-feed recorder stores them (recorded-minutes-store.ts):
// - a short straddle's credit falling 20 % from its 09:20 value fires on the minute a hand computation gives, once,
//   with its words in English and as a code; a second look and a second instance on the same database write nothing;
// - crossing above its VWAP and crossing a level, each on its minute; a met minute more than 3 minutes old is not told;
// - ATM IV crossing above a level (the call's and put's IVs as the recorder stored them) and IV above a level;
// - an alert past its expiry turned off and told once; the refusals (400 with the field), another trader's 404.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeRecordedMinute, type RecordedIndex, type RecordedOption } from '../../../server/services/history/recorded-minutes-store.ts';
import { signedInAccount } from '../support/accounts.ts';
import { testBackends } from '../support/test-database.ts';
import { feed, startAlertServer, type AlertServer, type Schemas } from './alert-server.ts';

// Friday 20 November 2026 (NIFTY's 24 November expiry), 09:20 IST.
const day = '2026-11-20';
const expiry = '2026-11-24';
const at = (time: string) => new Date(`${day}T${time}:00+05:30`);
const paise = (rupees: number) => Math.round(rupees * 100);
const straddle = `NIFTY:${expiry}:26000:CE:S:1,NIFTY:${expiry}:26000:PE:S:1`;

type Leg = { strike: number; type: 'CE' | 'PE' };
const ce: Leg = { strike: 26000, type: 'CE' };
const pe: Leg = { strike: 26000, type: 'PE' };

function option(leg: Leg, time: string, close: number, volume: number, iv: number | null = null): RecordedOption {
  return {
    key: `NFO:NIFTY26N24${leg.strike}${leg.type}`,
    minute: at(time),
    openPaise: paise(close),
    highPaise: paise(close),
    lowPaise: paise(close),
    closePaise: paise(close),
    volume,
    openInterest: 1_000_000,
    ivBp: iv === null ? null : Math.round(iv * 100),
    bidPaise: null,
    askPaise: null,
    index: 'NIFTY',
    expiry,
    strikePaise: leg.strike * 100,
    optionType: leg.type,
  };
}

function niftyAt(time: string, level: number): RecordedIndex {
  return { key: 'NSE:NIFTY 50', minute: at(time), openPaise: paise(level), highPaise: paise(level), lowPaise: paise(level), closePaise: paise(level), volume: 0, openInterest: 0, ivBp: null, bidPaise: null, askPaise: null, index: 'NIFTY' };
}

describe.each(testBackends)('premium and IV alerts on %s', (backend) => {
  let env: AlertServer;
  let second: AlertServer;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    env = await startAlertServer(backend, at('09:20'));
    // A second instance on the same database: the leader's lock and the dedupe keys keep every alert single.
    second = await startAlertServer(backend, at('09:20'), { database: env.server.db });
    token = (await signedInAccount(env.call)).token;
    otherToken = (await signedInAccount(env.call)).token;
  }, 180_000);

  afterAll(async () => {
    await second?.close();
    await env?.close();
  });

  beforeEach(async () => {
    await env.server.db.query('DELETE FROM condition_alerts');
    await env.server.db.query('DELETE FROM alerts');
    await env.server.db.query('DELETE FROM history_index_minutes');
    await env.server.db.query('DELETE FROM history_option_minutes');
    setClock(at('09:20'));
  });

  /** Both instances' clocks at `instant` (the test's manual clocks only move by steps). */
  function setClock(instant: Date) {
    for (const server of [env, second]) server.clock.advance(instant.getTime() - server.clock.now().getTime());
  }

  /** Stores one minute of the straddle (its legs' closes and volumes) as the recorder does when the minute ends. */
  async function record(time: string, call: number, put: number, volume = 100, spot: number | null = null, ivs: [number, number] | null = null) {
    await env.server.db.transaction((tx) =>
      storeRecordedMinute(tx, 'recorded', day, spot === null ? [] : [niftyAt(time, spot)], [option(ce, time, call, volume, ivs?.[0] ?? null), option(pe, time, put, volume, ivs?.[1] ?? null)], at(time)),
    );
  }

  /** Both instances look at the same moment (`time` IST, plus a few seconds for the recorder to have written). */
  async function lookAt(time: string) {
    setClock(new Date(at(time).getTime() + 5_000));
    const [a, b] = await Promise.all([env.services.alerts.watchers.run(), second.services.alerts.watchers.run()]);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    return (a.written.conditions ?? 0) + (b.written.conditions ?? 0);
  }

  async function create(body: Record<string, unknown>, bearer = token) {
    return env.call<Schemas['ConditionAlertResponse']>('createConditionAlert', { token: bearer, body });
  }

  async function listed(bearer = token) {
    return (await env.call<Schemas['ConditionAlertsResponse']>('getConditionAlerts', { token: bearer })).body.condition_alerts;
  }

  it('fires a fall of 20 % from the 09:20 premium on the minute it happens, once across two instances', async () => {
    await record('09:19', 104, 101);
    const made = await create({ kind: 'premium_falls', legs: straddle, move: 20, move_unit: 'percent' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.condition_alert).toMatchObject({ kind: 'premium_falls', index: 'NIFTY', expiry, from_minute: '09:20', move: 20, move_unit: 'percent', active: true });
    // The reference: the 09:20 credit 100 + 100 = 200, so the alert is met at 160 or less, from above 160.
    const closes: [string, number, number][] = [
      ['09:20', 100, 100],
      ['09:21', 95, 95], // 190
      ['09:22', 88, 85], // 173
      ['09:23', 81, 79.5], // 160.50: not yet
      ['09:24', 80, 79.9], // 159.90: fell 20 %
      ['09:25', 70, 70], // 140: met still, but once is once
    ];
    for (const [time, call, put] of closes) {
      await record(time, call, put);
      const [hours, minutes] = time.split(':').map(Number) as [number, number];
      const written = await lookAt(`${String(hours).padStart(2, '0')}:${String(minutes + 1).padStart(2, '0')}`);
      expect(written, time).toBe(time === '09:24' ? 1 : 0);
    }
    const [alert] = await listed();
    expect(alert).toMatchObject({ active: false, last_value: 159.9, triggered_at: expect.any(String), checked_through: at('09:25').toISOString() });
    expect(alert!.triggered_text).toBe('The premium fell 20% from 200.00 at 09:20 to 159.90. This alert fired once and is now off.');
    const alerts = (await feed(env.call, token, { category: 'price' })).alerts;
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      event: 'price_crossed',
      category: 'price',
      title: 'Premium alert at 09:24: NIFTY S 2026-11-24 26000 CE + S 2026-11-24 26000 PE',
      link: `/app/premium?legs=${encodeURIComponent(straddle)}`,
    });
    expect(alerts[0]!.body_i18n).toEqual({
      code: 'alert.condition_met_body',
      params: { kind: 'premium_falls', value: 159.9, reference: 200, vwap: 0, level: 0, move: 20, unit: 'percent', from_minute: '09:20' },
    });
    // Pushed like every price alert: queued for the trader's devices under price_alerts.
    expect(await lookAt('09:27')).toBe(0);
    expect((await feed(env.call, token, { category: 'price' })).alerts).toHaveLength(1);
  });

  it('fires a cross above the VWAP anchored at the fixing minute, and a level crossed, each on its minute', async () => {
    const vwapAlert = await create({ kind: 'premium_crosses_above_vwap', legs: straddle, from_minute: '09:20' });
    const levelAlert = await create({ kind: 'premium_crosses_below', legs: straddle, level: 150 });
    expect(vwapAlert.status, JSON.stringify(vwapAlert.body)).toBe(201);
    expect(levelAlert.status, JSON.stringify(levelAlert.body)).toBe(201);
    // Premiums 160, 150, 140, 158, the legs' volumes added 200, 600, 200, 200: the VWAP after 09:22 is
    // (160·200 + 150·600 + 140·200) / 1000 = 150 (140 below it), after 09:23 (150,000 + 158·200) / 1200 = 151.33,
    // which 158 is above: crossed on 09:23. 150 is crossed downward on 09:21 (from 160 to 150: reaching the level
    // counts, as for price alerts).
    const rows: [string, number, number, number][] = [
      ['09:20', 80, 80, 100],
      ['09:21', 75, 75, 300],
      ['09:22', 70, 70, 100],
      ['09:23', 79, 79, 100],
    ];
    const fired: Record<string, number> = {};
    for (const [time, call, put, volume] of rows) {
      await record(time, call, put, volume);
      fired[time] = await lookAt(time.replace(/:(\d\d)$/, (_match, m: string) => `:${String(Number(m) + 1).padStart(2, '0')}`));
    }
    expect(fired).toEqual({ '09:20': 0, '09:21': 1, '09:22': 0, '09:23': 1 });
    const byKind = new Map((await listed()).map((alert) => [alert.kind, alert]));
    expect(byKind.get('premium_crosses_below')).toMatchObject({ active: false, last_value: 150, triggered_text: 'The premium fell below 150.00: 150.00. This alert fired once and is now off.' });
    expect(byKind.get('premium_crosses_above_vwap')).toMatchObject({ active: false, last_value: 158 });
    expect(byKind.get('premium_crosses_above_vwap')!.triggered_text).toBe('The premium 158.00 crossed above its VWAP 151.33 (from 09:20). This alert fired once and is now off.');
  });

  it('does not tell of a minute met more than 3 minutes before the look', async () => {
    await create({ kind: 'premium_crosses_above', legs: straddle, level: 210 });
    await record('09:20', 100, 100);
    await record('09:21', 106, 106); // 212: crossed above 210
    await record('09:22', 104, 104);
    // The server was down: its first look is at 09:26, the cross ended at 09:22.
    expect(await lookAt('09:26')).toBe(0);
    const [alert] = await listed();
    expect(alert).toMatchObject({ active: true, triggered_at: null, checked_through: at('09:23').toISOString(), last_value: 208 });
  });

  it('fires ATM IV crossing above a level, and IV above a level, from the IVs the recorder stored', async () => {
    const crossing = await create({ kind: 'iv_crosses_above', index: 'NIFTY', expiry, level: 16 });
    const above = await create({ kind: 'iv_above', index: 'NIFTY', expiry, level: 15.5 });
    expect(crossing.status, JSON.stringify(crossing.body)).toBe(201);
    expect(above.status, JSON.stringify(above.body)).toBe(201);
    // ATM (26,000 nearest 26,010): the mean of the call's and put's IVs: 14.5, 15.5, 16.25.
    const minutes: [string, [number, number], number][] = [
      ['09:20', [14, 15], 0],
      ['09:21', [15, 16], 0], // 15.5: not above 15.5
      ['09:22', [16, 16.5], 2], // 16.25: above 15.5, and crossed 16
    ];
    for (const [time, ivs, expected] of minutes) {
      await record(time, 100, 100, 100, 26_010, ivs);
      expect(await lookAt(time.replace(/:(\d\d)$/, (_match, m: string) => `:${String(Number(m) + 1).padStart(2, '0')}`)), time).toBe(expected);
    }
    const alerts = (await feed(env.call, token, { category: 'price' })).alerts;
    expect(alerts.map((alert) => alert.title).sort()).toEqual([`IV alert at 09:22: NIFTY ${expiry}`, `IV alert at 09:22: NIFTY ${expiry}`]);
    expect(alerts.map((alert) => alert.body).sort()).toEqual([
      'ATM IV 16.25% is above 15.5%. This alert fired once and is now off.',
      'ATM IV crossed above 16%: 16.25%. This alert fired once and is now off.',
    ]);
    expect(alerts[0]!.link).toBe(`/app/volatility?index=NIFTY&expiry=${expiry}`);
  });

  it('turns an alert past its expiry off and tells it once', async () => {
    await create({ kind: 'iv_below', index: 'NIFTY', expiry, level: 10 });
    // The close of the expiry day: 15:40 IST since 3 August 2026.
    setClock(new Date(`${expiry}T15:40:00+05:30`));
    const [a, b] = await Promise.all([env.services.alerts.watchers.run(), second.services.alerts.watchers.run()]);
    expect((a.written.conditions ?? 0) + (b.written.conditions ?? 0)).toBe(1);
    expect(await listed()).toMatchObject([{ active: false, expired: true, triggered_at: null }]);
    const [told] = (await feed(env.call, token, { category: 'price' })).alerts;
    expect(told).toMatchObject({ event: 'price_alert_expired', title: `IV alert off: NIFTY ${expiry} expired on ${expiry}` });
  });

  it('refuses what it cannot judge with the field, and keeps each trader to their own alerts', async () => {
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ kind: 'premium_falls', move: 20 }, 'legs', 'condition_alert.required'],
      [{ kind: 'premium_falls', legs: 'NIFTY:2026-11-24:26000:XX:S:1', move: 20 }, 'legs', 'premium.leg_shape'],
      [{ kind: 'premium_falls', legs: straddle }, 'move', 'condition_alert.required'],
      [{ kind: 'premium_falls', legs: straddle, move: 100 }, 'move', 'condition_alert.move_too_large'],
      [{ kind: 'premium_crosses_above', legs: straddle }, 'level', 'condition_alert.required'],
      [{ kind: 'premium_rises', legs: straddle, move: 5, from_minute: '15:40' }, 'from_minute', 'condition_alert.minute_outside_session'],
      [{ kind: 'premium_rises', legs: straddle, move: 5, from_minute: '09:75' }, 'from_minute', 'condition_alert.minute_outside_session'],
      [{ kind: 'premium_falls', legs: 'NIFTY:2026-11-17:26000:CE:S:1', move: 5 }, 'legs', 'condition_alert.expired'],
      [{ kind: 'iv_above', index: 'NIFTY', level: 20 }, 'expiry', 'condition_alert.required'],
      [{ kind: 'iv_above', index: 'NIFTY', expiry, level: 301 }, 'level', 'condition_alert.iv_level_too_high'],
      [{ kind: 'iv_above', index: 'NIFTY', expiry: '2026-11-17', level: 20 }, 'expiry', 'condition_alert.expired'],
    ];
    for (const [body, field, code] of refusals) {
      const res = await env.call<Schemas['Error']>('createConditionAlert', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 'validation_failed', field, details: { text: { code } } });
    }
    // The contract's own checks: an unknown kind, a level of 0.
    expect((await create({ kind: 'premium_doubles', legs: straddle })).status).toBe(400);
    expect((await create({ kind: 'iv_above', index: 'NIFTY', expiry, level: 0 })).status).toBe(400);
    expect(await listed()).toEqual([]);

    const made = await create({ kind: 'premium_rises', legs: straddle, move: 10, move_unit: 'points' });
    expect(made.status).toBe(201);
    const id = made.body.condition_alert.id;
    expect(await listed(otherToken)).toEqual([]);
    expect((await env.call('deleteConditionAlert', { token: otherToken, params: { id } })).status).toBe(404);
    expect((await env.call('deleteConditionAlert', { token, params: { id } })).status).toBe(200);
    expect(await listed()).toEqual([]);
  });
});
