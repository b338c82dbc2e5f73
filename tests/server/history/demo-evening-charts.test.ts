// Issue 62: "the options charts are empty for today in the demo". The demo market is open at any hour, so the
// recorder records it whenever it runs: the real simulator in demo mode on an injected clock at 21:00 IST (NSE
// closed since 15:40), recorded as the market loop would, then the premium (straddle), OI and IV charts' routes
// read on a real server answer today's evening minutes, each marked simulated. And a day that holds real minutes
// is charted without the simulator's: a live feed's session is never mixed with a demo evening.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMarketRecorder, simulatorRecording } from '../../../server/services/history/market-recorder.ts';
import { storeRecordedMinute } from '../../../server/services/history/recorded-minutes-store.ts';
import { createMarketService } from '../../../server/services/market/market-service.ts';
import { seedOf } from '../../../server/services/market/simulator.ts';
import { signedInAccount } from '../support/accounts.ts';
import { assertMatchesContract, contractClient } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

const minuteMs = 60_000;
/** 21:00 IST on Thursday 26 November 2026, a trading day whose session closed at 15:40; and on the Friday after. */
const evening = Date.parse('2026-11-26T15:30:00Z');
const day = '2026-11-26';
const nextEvening = evening + 24 * 60 * minuteMs;
const nextDay = '2026-11-27';

describe.each(testBackends)('the demo market charted in the evening on %s', (backend) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, clock: manualClock(new Date(evening - 60 * minuteMs)) });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await server.db.exec(
      'DELETE FROM history_option_minutes; DELETE FROM history_recorded_option_days; DELETE FROM history_index_minutes; DELETE FROM history_option_days; DELETE FROM history_imports;',
    );
  });

  async function read(operationId: 'getStrategyPremium' | 'getOpenInterestDay' | 'getIvDay', path: string, query: string) {
    const res = await server.app.inject({ method: 'GET', url: `/api/market-history/${path}?${query}`, headers: { authorization: `Bearer ${token}` } });
    assertMatchesContract(operationId, res);
    return res;
  }

  /**
   * The demo simulator ticked and recorded every 15 s from 20:59:45 to 21:03 (21:00, 21:01 and 21:02 whole), the
   * server's clock then at 21:03: the charts' "today".
   */
  async function recordEvening(evening: number) {
    let now = new Date(evening - 15_000);
    const clock = () => now;
    const market = createMarketService({ db: server.db, clock, seed: seedOf('demo-evening'), demo: true, tickMs: 1000 });
    const recording = createMarketRecorder({ db: server.db, clock, source: 'simulated', retentionDays: 30, ...simulatorRecording(market) });
    for (let ms = evening - 15_000; ms <= evening + 3 * minuteMs; ms += 15_000) {
      now = new Date(ms);
      await market.tick(now);
      await recording.pass(now);
    }
    server.clock.advance(now.getTime() - server.clock.now().getTime());
    // Signed in on the server's clock as it now is (a session begun a day before would have lapsed).
    token = (await signedInAccount(contractClient(server.app))).token;
    const expiry = (await market.expiries('NIFTY', now)).expiries[0]!.date;
    const spot = (await market.quotes(['NSE:NIFTY 50']))['NSE:NIFTY 50']!.last_price;
    const strikes = (await market.instruments('NIFTY', expiry, now)).instruments.map((row) => row.strike);
    const atm = strikes.sort((a, b) => Math.abs(a - spot) - Math.abs(b - spot) || a - b)[0]!;
    return { expiry, atm };
  }

  it('records the demo market after the close, and the straddle, OI and IV charts answer those minutes as simulated', async () => {
    const { expiry, atm } = await recordEvening(evening);
    const stored = await server.db.query<{ minute: Date; source: string }>(`SELECT minute, source FROM history_index_minutes WHERE index_name = 'NIFTY' ORDER BY minute`);
    expect(stored.rows.map((row) => [row.minute.getTime(), row.source])).toEqual([0, 1, 2].map((m) => [evening + m * minuteMs, 'simulated']));

    const straddle = `NIFTY:${expiry}:${atm}:CE:S:1,NIFTY:${expiry}:${atm}:PE:S:1`;
    const premium = await read('getStrategyPremium', 'premium/', `legs=${straddle}&interval=1m`);
    expect(premium.statusCode).toBe(200);
    expect(premium.json()).toMatchObject({ from: day, to: day, time: [0, 1, 2].map((m) => (evening + m * minuteMs) / 1000), sources: ['simulated'] });
    // A day candle holds the whole IST day at its 09:15 (the evening once fell in a candle of its own at 15:30).
    const daily = await read('getStrategyPremium', 'premium/', `legs=${straddle}&interval=1d`);
    expect(daily.json()).toMatchObject({ time: [Date.parse(`${day}T09:15:00+05:30`) / 1000], close: [premium.json().close[2]] });

    const oi = await read('getOpenInterestDay', 'open-interest/', `index=NIFTY&day=${day}&expiry=${expiry}&interval=1`);
    expect(oi.statusCode).toBe(200);
    const intraday = oi.json().intraday;
    // Its buckets are the evening's minutes (NSE's session, 09:15-15:40, holds none of them), each with the day's PCR.
    expect(intraday.minutes).toEqual([21 * 60, 21 * 60 + 1, 21 * 60 + 2]);
    expect(intraday.sources).toEqual(['simulated', 'simulated', 'simulated']);
    expect(intraday.pcr.every((pcr: number | null) => pcr !== null && pcr > 0)).toBe(true);

    const iv = await read('getIvDay', 'iv/day/', `index=NIFTY&day=${day}&expiry=${expiry}`);
    expect(iv.statusCode).toBe(200);
    expect(iv.json()).toMatchObject({ minutes: ['21:00', '21:01', '21:02'], source: ['simulated', 'simulated', 'simulated'] });
    expect(iv.json().iv.every((value: number | null) => value !== null && value > 0)).toBe(true);
  }, 120_000);

  it('a day a live feed recorded is charted from its real minutes alone, never with the demo evening beside them', async () => {
    const { expiry, atm } = await recordEvening(nextEvening);
    const day = nextDay;
    // A live feed's 11:00 minute of NIFTY and the ATM straddle, as the live recorder stores it.
    const eleven = new Date(Date.parse(`${day}T11:00:00+05:30`));
    const minute = (key: string, price: number) => ({ key, minute: eleven, openPaise: price, highPaise: price, lowPaise: price, closePaise: price, volume: 10, openInterest: 5000, ivBp: 1500, bidPaise: price - 5, askPaise: price + 5 });
    const option = (type: 'CE' | 'PE') => ({ ...minute(type, 12_000), index: 'NIFTY' as const, expiry, strikePaise: atm * 100, optionType: type });
    await server.db.transaction((tx) => storeRecordedMinute(tx, 'recorded', day, [{ ...minute('NIFTY', 2_400_000), index: 'NIFTY' }], [option('CE'), option('PE')], eleven));

    const straddle = `NIFTY:${expiry}:${atm}:CE:S:1,NIFTY:${expiry}:${atm}:PE:S:1`;
    const premium = (await read('getStrategyPremium', 'premium/', `legs=${straddle}&interval=1m&from=${day}`)).json();
    // Today's minute of a live feed ('live'), the evening's simulated minutes left out.
    expect(premium).toMatchObject({ time: [eleven.getTime() / 1000], close: [240], sources: ['live'] });
    const oi = (await read('getOpenInterestDay', 'open-interest/', `index=NIFTY&day=${day}&expiry=${expiry}&interval=1&strikes=${atm}`)).json();
    // The session's buckets from 09:15 to the last real minute: 11:00 alone holds anything, and it is real.
    expect(oi.intraday.minutes.at(-1)).toBe(11 * 60);
    expect(oi.intraday.sources.filter((source: string | null) => source !== null)).toEqual(['recorded']);
    expect(oi.intraday.series).toEqual([
      { strike: atm, type: 'CE', oi: expect.arrayContaining([5000]), change: expect.any(Array) },
      { strike: atm, type: 'PE', oi: expect.arrayContaining([5000]), change: expect.any(Array) },
    ]);
    const iv = (await read('getIvDay', 'iv/day/', `index=NIFTY&day=${day}&expiry=${expiry}`)).json();
    expect(iv.minutes).toEqual(['11:00']);
    expect(iv.source).toEqual(['recorded']);
  }, 120_000);
});
