// Kite's historical candles on the wire: the request as Kite documents it, the answer read in the shape of
// Zerodha's historical_minute.json, and Kite's three refusals the adapter must tell apart (more than 60
// days of minutes, more than 3 requests a second, an app without the historical-data add-on).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KiteError } from '../../../server/services/brokers/kite/kite-errors.ts';
import { getHistoricalCandles } from '../../../server/services/brokers/kite/kite-historical.ts';
import { candleWindows, createKiteCandles } from '../../../server/services/brokers/kite-broker/kite-candles.ts';
import type { KiteHttp } from '../../../server/services/brokers/kite/kite-http.ts';
import type { LiveSession } from '../../../server/services/brokers/live/live-sessions.ts';
import { manualClock } from '../support/test-server.ts';
import { startLoggedIn, testApp, type LoggedIn } from './kite-support.ts';

// Friday 20 November 2026, 16:00 IST: the day's candles are all in.
const clock = manualClock(new Date('2026-11-20T10:30:00Z'));
let kite: LoggedIn;

beforeAll(async () => {
  kite = await startLoggedIn({ clock: clock.now });
});

afterAll(async () => {
  await kite.server.close();
});

const ist = (text: string) => new Date(`${text}+05:30`);

describe('GET /instruments/historical/:token/minute', () => {
  it("answers a day's 375 minutes of NIFTY 50 as Kite's fixture does, in IST", async () => {
    clock.advance(1000);
    const candles = await getHistoricalCandles(kite.http, { instrumentToken: 256265, interval: 'minute', from: ist('2026-11-20T00:00:00'), to: ist('2026-11-20T23:59:59') });
    expect(candles).toHaveLength(375);
    expect(candles[0]?.timestamp).toBe('2026-11-20T09:15:00+0530');
    expect(candles.at(-1)?.timestamp).toBe('2026-11-20T15:29:00+0530');
    for (const candle of candles) expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
    const request = kite.server.control.historicalRequests().at(-1);
    expect(request).toMatchObject({ instrumentToken: 256265, interval: 'minute', from: '2026-11-20 00:00:00', to: '2026-11-20 23:59:59', candles: 375 });
  });

  it('has no candles on a weekend', async () => {
    clock.advance(1000);
    expect(await getHistoricalCandles(kite.http, { instrumentToken: 256265, interval: 'minute', from: ist('2026-11-21T00:00:00'), to: ist('2026-11-22T23:59:59') })).toEqual([]);
  });

  it('refuses more than 60 days of minutes with InputException', async () => {
    clock.advance(1000);
    const asked = getHistoricalCandles(kite.http, { instrumentToken: 256265, interval: 'minute', from: ist('2026-08-01T00:00:00'), to: ist('2026-10-01T00:00:01') });
    await expect(asked).rejects.toMatchObject({ status: 400, errorType: 'InputException', message: 'interval exceeds max limit: 60 days' });
  });

  it('answers the fourth request within a second 429', async () => {
    clock.advance(1000);
    const ask = () => getHistoricalCandles(kite.http, { instrumentToken: 260105, interval: 'minute', from: ist('2026-11-20T09:15:00'), to: ist('2026-11-20T09:20:00') });
    for (let at = 0; at < 3; at += 1) expect(await ask()).toHaveLength(6);
    await expect(ask()).rejects.toMatchObject({ status: 429 });
  });

  it('answers 403 PermissionException for an app without the historical-data add-on', async () => {
    clock.advance(1000);
    kite.server.control.setHistoricalPermitted(false);
    try {
      const error = await getHistoricalCandles(kite.http, { instrumentToken: 256265, interval: 'minute', from: ist('2026-11-20T00:00:00'), to: ist('2026-11-20T23:59:59') }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(KiteError);
      expect(error).toMatchObject({ status: 403, errorType: 'PermissionException', message: 'Insufficient permission for that call.' });
    } finally {
      kite.server.control.setHistoricalPermitted(true);
    }
  });
});

describe('candleWindows', () => {
  it('splits a range into windows of at most 60 days, end to end, none overlapping', () => {
    expect(candleWindows('2026-01-01', '2026-12-31')).toEqual([
      { from: '2026-01-01', to: '2026-03-01' },
      { from: '2026-03-02', to: '2026-04-30' },
      { from: '2026-05-01', to: '2026-06-29' },
      { from: '2026-06-30', to: '2026-08-28' },
      { from: '2026-08-29', to: '2026-10-27' },
      { from: '2026-10-28', to: '2026-12-26' },
      { from: '2026-12-27', to: '2026-12-31' },
    ]);
    expect(candleWindows('2026-11-20', '2026-11-20')).toEqual([{ from: '2026-11-20', to: '2026-11-20' }]);
  });
});

describe('createKiteCandles', () => {
  // A range running past the server's today (its candles stop at now): four 60-day requests, few candles.
  const account = { id: 1, accountNumber: 'AB1234', capitalPaise: 0 };
  const ranged = () => {
    const waits: number[] = [];
    const session: LiveSession<KiteHttp> = { accountId: 1, userId: 1, accountNumber: 'AB1234', http: kite.http, apiKey: testApp.apiKey, accessToken: kite.accessToken };
    const candles = createKiteCandles({
      clock: clock.now,
      wait: async (ms) => {
        waits.push(ms);
        clock.advance(ms);
      },
      calls: { withSession: (_account, call) => call(session) },
    });
    return { waits, candles };
  };

  it("sends one request per 60 days, each waiting a third of a second for Kite's 3 a second, so none is answered 429", async () => {
    clock.advance(1000);
    const before = kite.server.control.historicalRequests().length;
    const { waits, candles } = ranged();
    const fetched = await candles.minuteCandles(account, 256265, '2026-11-19', '2027-05-20');
    expect(fetched.windows).toHaveLength(4);
    // Thursday and Friday 20 November until 16:00 IST: the server has nothing later.
    expect(fetched.candles).toHaveLength(750);
    expect(waits).toEqual([334, 334, 334]);
    const sent = kite.server.control.historicalRequests().slice(before);
    expect(sent.map((request) => [request.from, request.to])).toEqual([
      ['2026-11-19 00:00:00', '2027-01-17 23:59:59'],
      ['2027-01-18 00:00:00', '2027-03-18 23:59:59'],
      ['2027-03-19 00:00:00', '2027-05-17 23:59:59'],
      ['2027-05-18 00:00:00', '2027-05-20 23:59:59'],
    ]);
  });

  it('answers PermissionException as historical_data_not_enabled', async () => {
    clock.advance(1000);
    kite.server.control.setHistoricalPermitted(false);
    try {
      await expect(ranged().candles.minuteCandles(account, 256265, '2026-11-20', '2026-11-20')).rejects.toMatchObject({ code: 'historical_data_not_enabled' });
    } finally {
      kite.server.control.setHistoricalPermitted(true);
    }
  });
});
