// The strategy premium chart's candles end to end on a real server, against a hand computation on a fixture day
// (Monday 8 July 2024, NIFTY's 11 July expiry): the 24,300 call's minutes as a broker's historical API gave them
// (imported), the 24,300 put's as a live feed recorded them, moved to the recorder's contract-day layout
// (recorded). The put has no 09:16 minute: that minute is a gap, never filled. Then sold legs' signs, lot ratios,
// 5-minute buckets, day candles (from the minutes, else from the bhavcopy), the trader's own fills on the legs,
// the day's size on the wire, and the refusals.
import { gunzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeOptionMinutes } from '../../../server/services/history/option-minutes-store.ts';
import { compactRecordedDays, storeRecordedMinute, type RecordedOption } from '../../../server/services/history/recorded-minutes-store.ts';
import { signedInAccount } from '../support/accounts.ts';
import { assertMatchesContract, contractClient } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createBrokerAccount, guardedClient } from '../support/trading.ts';
import { importHistory } from '../backtests/history-fixture.ts';

const day = '2024-07-08';
const expiry = '2024-07-11';
const at = (time: string, date = day) => new Date(`${date}T${time}:00+05:30`);
const seconds = (time: string, date = day) => at(time, date).getTime() / 1000;
const paise = (rupees: number) => Math.round(rupees * 100);

type Minute = [time: string, open: number, high: number, low: number, close: number, volume: number];

/** The call, as Upstox's expired-contract candles give it (rupees). */
const call: Minute[] = [
  ['09:15', 100, 104, 99, 102, 1000],
  ['09:16', 102, 103, 98.5, 99, 500],
  ['09:17', 99, 101, 97, 100, 300],
  ['09:18', 100, 100.5, 99.5, 100.2, 200],
];
/** The put, as the live feed recorded it: no 09:16 minute (the recorder restarted). */
const put: Minute[] = [
  ['09:15', 90, 91, 87, 88, 800],
  ['09:17', 89, 92, 88.5, 91.5, 400],
  ['09:18', 91.5, 93, 91, 92, 100],
];

const straddle = `NIFTY:${expiry}:24300:CE:S:1,NIFTY:${expiry}:24300:PE:S:1`;

async function storeFixtureDay(server: TestServer, date = day, callMinutes = call, putMinutes = put): Promise<void> {
  await server.db.transaction((tx) =>
    storeOptionMinutes(
      tx,
      { fileName: `Upstox NIFTY 24300 CE ${date}`, sha256: 'c'.repeat(64), days: [date], rowCount: callMinutes.length, uploadedBy: null as unknown as number, importedAt: new Date() },
      'upstox',
      { index: 'NIFTY', expiry, strikePaise: 2_430_000, optionType: 'CE' },
      [date],
      callMinutes.map(([time, open, high, low, close, volume]) => ({
        tradeDate: date,
        minute: at(time, date),
        openPaise: paise(open),
        highPaise: paise(high),
        lowPaise: paise(low),
        closePaise: paise(close),
        volume,
        openInterest: 1_000_000,
      })),
    ),
  );
  for (const [time, open, high, low, close, volume] of putMinutes) {
    const minute: RecordedOption = {
      key: 'NFO:NIFTY2471124300PE',
      minute: at(time, date),
      openPaise: paise(open),
      highPaise: paise(high),
      lowPaise: paise(low),
      closePaise: paise(close),
      volume,
      openInterest: 900_000,
      ivBp: null,
      bidPaise: null,
      askPaise: null,
      index: 'NIFTY',
      expiry,
      strikePaise: 2_430_000,
      optionType: 'PE',
    };
    await server.db.transaction((tx) => storeRecordedMinute(tx, 'recorded', date, [], [minute], at(time, date)));
  }
  // The day is over: its recorded minutes move to one row per contract-day, as the recorder's hourly pass does.
  await server.db.transaction((tx) => compactRecordedDays(tx, '2024-07-10'));
}

describe.each(testBackends)('the strategy premium on %s', (backend) => {
  let server: TestServer;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    const client = contractClient(server.app);
    token = (await signedInAccount(client)).token;
    otherToken = (await signedInAccount(client)).token;
    await storeFixtureDay(server);
    // A server start and a fixture day: well within a minute alone, not always on a machine shared by several runs.
  }, 180_000);

  afterAll(async () => {
    await server.close();
  });

  async function send(options: InjectOptions) {
    const res = await server.app.inject(options);
    assertMatchesContract('getStrategyPremium', res);
    return res;
  }

  const premium = (query: string, bearer: string | null = token) =>
    send({ method: 'GET', url: `/api/market-history/premium/?${query}`, headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` } });

  it("adds the legs' recorded prices minute by minute: a short straddle's credit, with the put's missing minute a gap", async () => {
    const res = await premium(`legs=${straddle}&from=${day}&to=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ index: 'NIFTY', basis: 'credit', from: day, to: day, interval: '1m', gap_minutes: 1, sources: ['imported'] });
    expect(body.legs).toEqual([
      { expiry, strike: 24300, option_type: 'CE', side: 'SELL', lots: 1, coefficient: 1 },
      { expiry, strike: 24300, option_type: 'PE', side: 'SELL', lots: 1, coefficient: 1 },
    ]);
    // By hand: open = call open + put open; close likewise; high = the highs added, low = the lows added.
    expect(body.time).toEqual([seconds('09:15'), seconds('09:17'), seconds('09:18')]);
    expect(body.open).toEqual([190, 188, 191.5]);
    expect(body.high).toEqual([195, 193, 193.5]);
    expect(body.low).toEqual([186, 185.5, 190.5]);
    expect(body.close).toEqual([190, 191.5, 192.2]);
    expect(body.volume).toEqual([1800, 700, 300]);
    // A call from a broker's history with a recorded put: the candle says the less direct of the two.
    expect(body.source).toEqual(['imported', 'imported', 'imported']);
    expect(body.as_of).toBe(at('09:19').toISOString());
  });

  it('subtracts sold legs from bought ones (a net debit) and weighs each leg by its lots', async () => {
    const spread = (await premium(`legs=NIFTY:${expiry}:24300:CE:B:1,NIFTY:${expiry}:24300:PE:S:1&from=${day}`)).json();
    expect(spread.basis).toBe('debit');
    expect(spread.legs.map((leg: { coefficient: number }) => leg.coefficient)).toEqual([1, -1]);
    // 09:15: 100 − 90 open, 102 − 88 close; high = call high − put low (104 − 87), low = call low − put high (99 − 91).
    expect([spread.open[0], spread.high[0], spread.low[0], spread.close[0]]).toEqual([10, 17, 8, 14]);
    expect([spread.open[1], spread.high[1], spread.low[1], spread.close[1]]).toEqual([10, 12.5, 5, 8.5]);
    // Two lots of the call against one of the put: 2 × call − put. Four lots against two is the same ratio.
    for (const lots of [[2, 1], [4, 2]]) {
      const ratio = (await premium(`legs=NIFTY:${expiry}:24300:CE:B:${lots[0]},NIFTY:${expiry}:24300:PE:S:${lots[1]}&from=${day}`)).json();
      expect(ratio.legs.map((leg: { coefficient: number }) => leg.coefficient)).toEqual([2, -1]);
      expect([ratio.open[0], ratio.high[0], ratio.low[0], ratio.close[0]]).toEqual([110, 121, 107, 116]);
    }
    // One leg alone is its own price.
    const alone = (await premium(`legs=NIFTY:${expiry}:24300:PE:B:1&from=${day}`)).json();
    expect(alone).toMatchObject({ basis: 'debit', close: [88, 91.5, 92], gap_minutes: 0, sources: ['recorded'] });
  });

  it("adds a live book's four legs (an iron fly, two lots a leg, as the positions' strategy link asks) minute by minute", async () => {
    // The wings, as a broker's historical API gave them: the 24,400 call and the 24,200 put, 09:15 to 09:18.
    const wing = (strike: number, type: 'CE' | 'PE', minutes: Minute[], sha: string) =>
      server.db.transaction((tx) =>
        storeOptionMinutes(
          tx,
          { fileName: `Upstox NIFTY ${strike} ${type} ${day}`, sha256: sha.repeat(64), days: [day], rowCount: minutes.length, uploadedBy: null as unknown as number, importedAt: new Date() },
          'upstox',
          { index: 'NIFTY', expiry, strikePaise: strike * 100, optionType: type },
          [day],
          minutes.map(([time, open, high, low, close, volume]) => ({ tradeDate: day, minute: at(time), openPaise: paise(open), highPaise: paise(high), lowPaise: paise(low), closePaise: paise(close), volume, openInterest: 500_000 })),
        ),
      );
    await wing(24400, 'CE', [
      ['09:15', 60, 62, 58, 61, 100],
      ['09:16', 61, 61.5, 59, 59.5, 100],
      ['09:17', 59.5, 60, 57, 58, 100],
      ['09:18', 58, 58.5, 57.5, 58.2, 100],
    ], 'd');
    await wing(24200, 'PE', [
      ['09:15', 50, 51, 48, 48.5, 100],
      ['09:16', 48.5, 49, 47, 47.5, 100],
      ['09:17', 47.5, 50, 47, 49.5, 100],
      ['09:18', 49.5, 50.5, 49, 50, 100],
    ], 'e');
    // bookStrategies (src/app/trading/book-strategies.ts) spells a book of ±130 a leg (65 a lot) this way.
    const fly = `NIFTY:${expiry}:24200:PE:B:2,NIFTY:${expiry}:24300:PE:S:2,NIFTY:${expiry}:24300:CE:S:2,NIFTY:${expiry}:24400:CE:B:2`;
    const body = (await premium(`legs=${fly}&from=${day}`)).json();
    // Bought and sold legs together: a net debit (bought − sold), so the short fly's credit reads below zero.
    expect(body).toMatchObject({ basis: 'debit', gap_minutes: 1 });
    expect(body.legs.map((leg: { coefficient: number }) => leg.coefficient)).toEqual([1, -1, -1, 1]);
    // By hand, the debit = put 24200 + call 24400 − call 24300 − put 24300; 09:16 is a gap (the 24,300 put has none).
    // 09:15 open 60 + 50 − 100 − 90 = −80, close 61 + 48.5 − 102 − 88 = −80.5; high = the bought highs − the sold lows
    // (62 + 51 − 99 − 87 = −73), low = the bought lows − the sold highs (58 + 48 − 104 − 91 = −89).
    expect(body.time).toEqual([seconds('09:15'), seconds('09:17'), seconds('09:18')]);
    expect(body.open).toEqual([-80, -81, -84]);
    expect(body.close).toEqual([-80.5, -84, -84]);
    expect(body.high).toEqual([-73, -75.5, -81.5]);
    expect(body.low).toEqual([-89, -89, -87]);
  });

  it('gathers the minutes into 5-minute candles from 09:15, and a day into one candle, the bhavcopy answering for a day without minutes', async () => {
    const five = (await premium(`legs=${straddle}&from=${day}&interval=5m`)).json();
    expect(five).toMatchObject({ interval: '5m', time: [seconds('09:15')], open: [190], high: [195], low: [185.5], close: [192.2], volume: [2800] });
    // Tuesday 9 July: no minute stored, the bhavcopy's candles only (the fixture's open = high = low = close).
    await importHistory(server.db, 'NIFTY', { '2024-07-09': 24400 }, [
      { day: '2024-07-09', expiry, strike: 24300, type: 'CE', settle: 80 },
      { day: '2024-07-09', expiry, strike: 24300, type: 'PE', settle: 95 },
    ]);
    const days = (await premium(`legs=${straddle}&from=${day}&to=2024-07-09&interval=1d`)).json();
    expect(days.time).toEqual([seconds('09:15'), seconds('09:15', '2024-07-09')]);
    expect(days.open).toEqual([190, 175]);
    expect(days.close).toEqual([192.2, 175]);
    expect(days.source).toEqual(['imported', 'imported']);
    // Minute candles never come from a bhavcopy: the 9th has no minute, so nothing of it.
    const minutes = (await premium(`legs=${straddle}&from=${day}&to=2024-07-09`)).json();
    expect(minutes.time).toHaveLength(3);
  });

  it("marks the trader's own fills on the legs, and nobody else's", async () => {
    const { rows } = await server.db.query<{ instrument_token: number }>(
      `INSERT INTO instruments (exchange, tradingsymbol, name, expiry, expiry_kind, strike, instrument_type, lot_size)
       VALUES ('NFO', 'NIFTY2471124300CE', 'NIFTY', $1, 'weekly', 24300, 'CE', 25) RETURNING instrument_token`,
      [expiry],
    );
    const account = async (bearer: string) => (await createBrokerAccount(guardedClient(server.app), bearer)).account.id;
    const insertFill = async (accountId: number, side: 'BUY' | 'SELL', time: string, price: number, id: string) =>
      server.db.query(
        `INSERT INTO paper_trades (trade_id, order_id, broker_account_id, instrument_token, exchange, tradingsymbol, product, transaction_type, quantity,
           price_paise, brokerage_paise, stt_paise, exchange_paise, sebi_paise, gst_paise, stamp_paise, kind, trading_day, filled_at)
         VALUES ($1, NULL, $2, $3, 'NFO', 'NIFTY2471124300CE', 'MIS', $4, 25, $5, 0, 0, 0, 0, 0, 0, 'fill', $6, $7)`,
        [id, accountId, rows[0]!.instrument_token, side, paise(price), day, at(time)],
      );
    const mine = await account(token);
    await insertFill(mine, 'SELL', '09:16', 101.5, 'T-mine-1');
    await insertFill(mine, 'BUY', '09:18', 100.1, 'T-mine-2');
    await insertFill(await account(otherToken), 'BUY', '09:17', 99.9, 'T-theirs');
    const body = (await premium(`legs=${straddle}&from=${day}`)).json();
    expect(body.fills).toEqual([
      { time: seconds('09:16'), leg: 0, side: 'SELL', quantity: 25, price: 101.5 },
      { time: seconds('09:18'), leg: 0, side: 'BUY', quantity: 25, price: 100.1 },
    ]);
  });

  it('keeps a whole day of 1-minute candles within 50 KB gzip', async () => {
    // 375 minutes of both legs on Wednesday 10 July, prices wandering as option prices do.
    const session = Array.from({ length: 375 }, (_, i) => {
      const minutes = 9 * 60 + 15 + i;
      return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    });
    const wander = (base: number, seed: number): Minute[] =>
      session.map((time, i) => {
        const open = Math.round((base + 20 * Math.sin((i + seed) / 17) + ((i * 7919 + seed) % 13) / 4) * 20) / 20;
        const close = Math.round((open + (((i * 104729 + seed) % 9) - 4) * 0.35) * 20) / 20;
        return [time, open, Math.max(open, close) + 0.55, Math.min(open, close) - 0.4, close, 1000 + ((i * 31 + seed) % 977) * 25];
      });
    await storeFixtureDay(server, '2024-07-10', wander(120, 3), wander(110, 11));
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/market-history/premium/?legs=${straddle}&from=2024-07-10`,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
    expect(body.time).toHaveLength(375);
    expect(res.rawPayload.length).toBeLessThan(50 * 1024);
  });

  it('opens on the last day every leg has minutes when no day is asked', async () => {
    const body = (await premium(`legs=${straddle}`)).json();
    expect(body).toMatchObject({ from: '2024-07-10', to: '2024-07-10' });
  });

  it("says a leg has no minute today because the recorder does not watch it, once today's other contracts are recorded", async () => {
    const today = new Date(server.clock.now().getTime() + 19_800_000).toISOString().slice(0, 10); // the IST day
    const nextExpiry = new Date(server.clock.now().getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
    const far = `legs=NIFTY:${nextExpiry}:5000:CE:S:1&from=${today}`;
    const params = async () => ((await premium(far)).json() as { details: { text: { params: Record<string, unknown> } } }).details.text.params;
    // Nothing recorded today yet: the first minute may still come.
    expect(await params()).toMatchObject({ position: 1, recording_others: 'no' });
    const minute = server.clock.now();
    minute.setUTCSeconds(0, 0);
    const recorded: RecordedOption = {
      key: 'NFO:NIFTY-ATM-CE',
      minute,
      openPaise: 10_000,
      highPaise: 10_000,
      lowPaise: 10_000,
      closePaise: 10_000,
      volume: 1,
      openInterest: 1,
      ivBp: null,
      bidPaise: null,
      askPaise: null,
      index: 'NIFTY',
      expiry: nextExpiry,
      strikePaise: 2_430_000,
      optionType: 'CE',
    };
    await server.db.transaction((tx) => storeRecordedMinute(tx, 'recorded', today, [], [recorded], minute));
    expect(await params()).toMatchObject({ position: 1, recording_others: 'yes' });
  });

  it('refuses unknown legs, too many legs, bad dates and ranges with a clear 4xx naming the field', async () => {
    const refused = async (query: string, status: number, field: string, code: string) => {
      const res = await premium(query);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ field, details: { text: { code } } });
      return res.json() as { message: string };
    };
    // A contract market history holds no price of.
    const unknown = await refused(`legs=NIFTY:${expiry}:24350:CE:B:1,NIFTY:${expiry}:24300:PE:S:1&from=${day}`, 404, 'legs', 'premium.no_prices');
    expect(unknown.message).toBe(`legs: no recorded or imported price of NIFTY ${expiry} 24350 CE (leg 1) from ${day} to ${day}`);
    // The catalogue's 404 row with its coded text, which the premium screen words in its own place (not a bare "Not Found").
    expect(unknown).toMatchObject({ code: 'not_found', details: { text: { params: { position: 1, contract: `NIFTY ${expiry} 24350 CE`, from: day, to: day } } } });
    expect(unknown).toMatchObject({ details: { text: { params: { recording_others: 'no' } } } });
    await refused(`legs=NIFTY:${expiry}:24300:XE:B:1&from=${day}`, 400, 'legs', 'premium.leg_shape');
    await refused(`legs=NIFTY:2024-02-30:24300:CE:B:1&from=${day}`, 400, 'legs', 'premium.leg_shape');
    await refused(`legs=SENSEX:${expiry}:80000:CE:B:1&from=${day}`, 400, 'legs', 'premium.leg_shape');
    await refused(`legs=NIFTY:${expiry}:24300:CE:B:0&from=${day}`, 400, 'legs', 'premium.leg_shape');
    const nine = Array.from({ length: 9 }, (_, i) => `NIFTY:${expiry}:${24000 + 50 * i}:CE:B:1`).join(',');
    await refused(`legs=${nine}&from=${day}`, 400, 'legs', 'premium.too_many_legs');
    await refused(`legs=NIFTY:${expiry}:24300:CE:B:1,BANKNIFTY:${expiry}:52000:CE:B:1&from=${day}`, 400, 'legs', 'premium.one_index');
    await refused(`legs=NIFTY:${expiry}:24300:CE:B:1,NIFTY:${expiry}:24300:CE:S:1&from=${day}`, 400, 'legs', 'premium.leg_twice');
    await refused(`legs=${straddle}&from=2024-07-12`, 400, 'legs', 'premium.expired_before');
    await refused(`legs=${straddle}&from=2024-07-09&to=2024-07-08`, 400, 'from', 'history.from_after_to');
    await refused(`legs=${straddle}&from=2024-06-01&to=2024-07-08`, 400, 'to', 'premium.range_too_long');
    await refused(`legs=${straddle}&from=2024-06-20&to=2024-07-08`, 400, 'interval', 'premium.too_many_candles');
    expect((await premium(`legs=${straddle}&from=08-07-2024`)).statusCode).toBe(400);
    expect((await premium(`legs=${straddle}&interval=2m`)).statusCode).toBe(400);
    expect((await premium(`from=${day}`)).statusCode).toBe(400);
    expect((await premium(`legs=${straddle}`, null)).statusCode).toBe(401);
  });
});
