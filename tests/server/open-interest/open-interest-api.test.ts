// The open-interest charts' reads (issue 40) on a real server, against hand computations: a NIFTY expiry's
// day recorded from a live feed (three strikes, minutes 09:15-09:17 and 09:20, nothing stored at 09:18-09:19,
// the 25,100 put from 09:16 only), the trading day before recorded to 15:29, and a bhavcopy day before that.
// The day is read as the recorder leaves it (minute rows) and once compacted (the contract-day arrays).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { compactRecordedDays, storeRecordedMinute, type RecordedOption, type RecordingSource } from '../../../server/services/history/recorded-minutes-store.ts';
import { signedInAccount } from '../support/accounts.ts';
import { contractClient, type ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

type Day = components['schemas']['OpenInterestDay'];
type Days = components['schemas']['OpenInterestDays'];

const day = '2026-10-05';
/** Thursday 1 October: Friday the 2nd is a holiday (Gandhi Jayanti), so it is the trading day before the 5th. */
const before = '2026-10-01';
const bhavcopyDay = '2026-09-29';
const expiry = '2026-10-06';

/** OI (units) at the end of each stored minute of the day, by contract; null: not stored that minute. */
const dayOi: Record<string, (number | null)[]> = {
  // minute:      09:15    09:16    09:17    09:20
  '24900 CE': [110_000, 120_000, 130_000, 600_000],
  '24900 PE': [300_000, 310_000, 320_000, 330_000],
  '25000 CE': [250_000, 260_000, 240_000, 230_000],
  '25000 PE': [210_000, 220_000, 230_000, 240_000],
  '25100 CE': [400_000, 405_000, 410_000, 420_000],
  '25100 PE': [null, 55_000, 60_000, 300_000],
};
const dayMinutes = ['09:15', '09:16', '09:17', '09:20'];
/** The day before at 15:29 (its last minute); at 15:28 other figures, which must not be read as its end. */
const beforeOi: Record<string, number> = {
  '24900 CE': 100_000,
  '24900 PE': 300_000,
  '25000 CE': 250_000,
  '25000 PE': 200_000,
  '25100 CE': 400_000,
  '25100 PE': 50_000,
};

function option(contract: string, at: string, oi: number, date: string): RecordedOption {
  const [strike, type] = contract.split(' ') as [string, 'CE' | 'PE'];
  const price = 10_000;
  return {
    key: `NFO:NIFTY${strike}${type}`,
    minute: new Date(`${date}T${at}:00+05:30`),
    openPaise: price,
    highPaise: price,
    lowPaise: price,
    closePaise: price,
    volume: 0,
    openInterest: oi,
    ivBp: null,
    bidPaise: null,
    askPaise: null,
    index: 'NIFTY',
    expiry,
    strikePaise: Number(strike) * 100,
    optionType: type,
  };
}

async function store(server: TestServer, source: RecordingSource, date: string, at: string, options: RecordedOption[]) {
  await server.db.transaction((tx) => storeRecordedMinute(tx, source, date, [], options, new Date(`${date}T${at}:30+05:30`)));
}

async function storeFixture(server: TestServer, compact: boolean) {
  await store(server, 'recorded', before, '15:28', Object.entries(beforeOi).map(([contract, oi]) => option(contract, '15:28', oi + 7, before)));
  await store(server, 'recorded', before, '15:29', Object.entries(beforeOi).map(([contract, oi]) => option(contract, '15:29', oi, before)));
  for (const [i, at] of dayMinutes.entries()) {
    const options = Object.entries(dayOi).flatMap(([contract, values]) => (values[i] == null ? [] : [option(contract, at, values[i] as number, day)]));
    await store(server, 'recorded', day, at, options);
  }
  // The day before is over by the 5th: compacted as the recorder does. The 5th itself only when asked.
  await server.db.transaction((tx) => compactRecordedDays(tx, compact ? '2026-10-06' : day));
  // A bhavcopy of 29 September: the 25,000 call with 2,40,000 open, up 5,000 on the day as NSE says.
  const imported = await server.db.query<{ id: number }>(
    `INSERT INTO history_imports (kind, file_name, sha256, first_day, last_day, row_count, imported_at)
     VALUES ('bhavcopy_udiff', 'BhavCopy_NSE_FO_0_0_0_20260929_F_0000.csv', repeat('a', 64), $1, $1, 2, now()) RETURNING id`,
    [bhavcopyDay],
  );
  await server.db.query(
    `INSERT INTO history_option_days (index_name, trade_date, expiry, strike_paise, option_type, open_paise, high_paise, low_paise, close_paise,
       settle_paise, open_interest, change_in_oi, volume_contracts, import_id)
     VALUES ('NIFTY', $1, $2, 2500000, 'CE', 100, 100, 100, 100, 100, 240000, 5000, 10, $3),
            ('NIFTY', $1, $2, 2500000, 'PE', 100, 100, 100, 100, 100, 180000, -2000, 10, $3)`,
    [bhavcopyDay, expiry, imported.rows[0]!.id],
  );
}

const series = (answer: { series: { strike: number; type: string; oi: unknown[]; change: unknown[] }[] }, strike: number, type: 'CE' | 'PE') =>
  answer.series.find((entry) => entry.strike === strike && entry.type === type)!;

describe.each(testBackends)('open interest over time on %s', (backend) => {
  describe.each([
    ['as the recorder writes it (minute rows)', false],
    ['compacted into contract-days', true],
  ])('a recorded day %s', (_layout, compact) => {
    let server: TestServer;
    let call: ContractCall;
    let token: string;

    beforeAll(async () => {
      server = await startTestServer({ backend });
      call = contractClient(server.app);
      token = (await signedInAccount(call)).token;
      await storeFixture(server, compact);
    }, 120_000);

    afterAll(async () => {
      await server.close();
    });

    const read = <T,>(operationId: string, query: Record<string, string | number>) =>
      call<T>(operationId, { token, query: Object.fromEntries(Object.entries(query).map(([name, value]) => [name, String(value)])) });

    it('gives OI, OI change and PCR minute by minute as a hand computation does, with gaps where nothing was stored', async () => {
      const res = await read<Day>('getOpenInterestDay', { index: 'NIFTY', day, expiry, strikes: '25000,25100', interval: 1 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const answer = res.body;
      expect(answer).toMatchObject({ day, expiry, interval: 1, previous_day: before, previous_source: 'recorded', strikes: [25000, 25100] });
      // 09:15 to 09:20, the 09:18 and 09:19 buckets gaps (nothing of the expiry stored).
      expect(answer.intraday.minutes).toEqual([555, 556, 557, 558, 559, 560]);
      expect(answer.intraday.sources).toEqual(['recorded', 'recorded', 'recorded', null, null, 'recorded']);
      expect(series(answer.intraday, 25000, 'CE').oi).toEqual([250_000, 260_000, 240_000, null, null, 230_000]);
      // Change from the day before's 15:29 OI (2,50,000 and 2,00,000), not its 15:28.
      expect(series(answer.intraday, 25000, 'CE').change).toEqual([0, 10_000, -10_000, null, null, -20_000]);
      expect(series(answer.intraday, 25000, 'PE').change).toEqual([10_000, 20_000, 30_000, null, null, 40_000]);
      // The 25,100 put has no OI before 09:16: nothing is made up for it.
      expect(series(answer.intraday, 25100, 'PE').oi).toEqual([null, 55_000, 60_000, null, null, 300_000]);
      expect(series(answer.intraday, 25100, 'PE').change).toEqual([null, 5_000, 10_000, null, null, 250_000]);
      // PCR = Σ put OI / Σ call OI. 09:15: a contract has no OI yet, so no PCR. 09:16: (310 + 220 + 55) / (120 + 260 + 405)
      // thousand = 585/785 = 0.74522…; 09:17: 610/780 = 0.78205…; 09:20: (330 + 240 + 300) / (600 + 230 + 420) = 870/1250.
      expect(answer.intraday.pcr).toEqual([null, 0.7452, 0.7821, null, null, 0.696]);
      // Max pain. 09:16, an expiry at 24,900 pays the puts above it 220k×100 + 55k×200 = 33.0 M; at 25,000 the 24,900 call
      // 120k×100 and the 25,100 put 55k×100 = 17.5 M; at 25,100 the calls 120k×200 + 260k×100 = 50.0 M: 25,000.
      // 09:20: 24,900 pays 240k×100 + 300k×200 = 84 M; 25,000 pays 600k×100 + 300k×100 = 90 M; 25,100 pays 600k×200 + 230k×100 = 143 M: 24,900.
      expect(answer.intraday.max_pain).toEqual([null, 25000, 25000, null, null, 24900]);
    });

    it('buckets minutes: each bucket is its last stored minute', async () => {
      const res = await read<Day>('getOpenInterestDay', { index: 'NIFTY', day, expiry, strikes: '25000', interval: 5 });
      expect(res.status).toBe(200);
      expect(res.body.intraday.minutes).toEqual([555, 560]);
      expect(series(res.body.intraday, 25000, 'CE').oi).toEqual([240_000, 230_000]);
      expect(res.body.intraday.pcr).toEqual([0.7821, 0.696]);
    });

    it("gives the expiry's profile at the day's end against the previous trading day's", async () => {
      const res = await read<Day>('getOpenInterestDay', { index: 'NIFTY' });
      expect(res.status).toBe(200);
      // The latest day, its nearest expiry; by default the strike of the most call OI, of the most put OI and max pain (all 24,900).
      expect(res.body).toMatchObject({ day, expiry, interval: 5, expiries: [expiry], strikes: [24900] });
      expect(res.body.days.map((listed) => listed.day)).toEqual([day, before, bhavcopyDay]);
      expect(res.body.days[2]).toEqual({ day: bhavcopyDay, sources: ['bhavcopy'] });
      expect(res.body.profile).toEqual({
        day,
        source: 'recorded',
        as_of: '2026-10-05T03:51:00.000Z',
        strikes: [24900, 25000, 25100],
        call_oi: [600_000, 230_000, 420_000],
        put_oi: [330_000, 240_000, 300_000],
        pcr: 0.696,
        max_pain: 24900,
        previous: {
          day: before,
          source: 'recorded',
          as_of: '2026-10-01T10:00:00.000Z',
          call_oi: [100_000, 250_000, 400_000],
          put_oi: [300_000, 200_000, 50_000],
          // 550/750; at 25,000 the payout is 100k×100 + 50k×100 = 15 M, below 24,900's 30 M and 25,100's 45 M.
          pcr: 0.7333,
          max_pain: 25000,
        },
      });
    });

    it('gives OI, change, PCR and max pain across days, a trading day with nothing stored a gap', async () => {
      const res = await read<Days>('getOpenInterestDays', { index: 'NIFTY', expiry, strikes: '25000' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // 30 September is a trading day with nothing stored; 2 October a holiday, 3 and 4 a weekend.
      expect(res.body.dates).toEqual([bhavcopyDay, '2026-09-30', before, day]);
      expect(res.body.sources).toEqual(['bhavcopy', null, 'recorded', 'recorded']);
      // A bhavcopy day's end stands at its close (15:40 IST since 3 August 2026); a recorded day's at its last minute's end.
      expect(res.body.as_of).toEqual(['2026-09-29T10:10:00.000Z', null, '2026-10-01T10:00:00.000Z', '2026-10-05T03:51:00.000Z']);
      expect(series(res.body, 25000, 'CE').oi).toEqual([240_000, null, 250_000, 230_000]);
      // The bhavcopy's own change; none on 1 October (the 30th is missing); -20,000 on the 5th.
      expect(series(res.body, 25000, 'CE').change).toEqual([5_000, null, null, -20_000]);
      // 29 September: 1,80,000 puts / 2,40,000 calls.
      expect(res.body.pcr).toEqual([0.75, null, 0.7333, 0.696]);
      expect(res.body.max_pain).toEqual([25000, null, 25000, 24900]);
    });

    it('refuses bad input with a clear 4xx', async () => {
      const cases: [string, Record<string, string | number>, number, string][] = [
        ['getOpenInterestDay', { index: 'NIFTY', strikes: '25000,abc' }, 400, 'open_interest.strikes'],
        ['getOpenInterestDay', { index: 'NIFTY', strikes: '1,2,3,4,5,6,7,8,9' }, 400, 'open_interest.too_many_strikes'],
        ['getOpenInterestDay', { index: 'NIFTY', day, strikes: '25050' }, 400, 'open_interest.unlisted_strike'],
        ['getOpenInterestDay', { index: 'NIFTY', day: '2026-10-07' }, 404, 'open_interest.no_day'],
        ['getOpenInterestDay', { index: 'NIFTY', day, expiry: '2026-10-13' }, 404, 'not_found.expiry'],
        ['getOpenInterestDays', { index: 'NIFTY', expiry, from: '2026-10-05', to: '2026-10-01' }, 400, 'history.from_after_to'],
        ['getOpenInterestDays', { index: 'NIFTY', expiry, from: '2025-01-01', to: '2026-10-05' }, 400, 'open_interest.range_too_long'],
        ['getOpenInterestDays', { index: 'NIFTY', expiry: '2026-10-13' }, 404, 'not_found.expiry'],
      ];
      for (const [operationId, query, status, code] of cases) {
        const res = await read<{ details: { text: { code: string } } }>(operationId, query);
        expect(res.status, `${JSON.stringify(query)} ${JSON.stringify(res.body)}`).toBe(status);
        expect(res.body.details.text.code).toBe(code);
      }
      // Any underlying the server lists is read (issue 63: a stock's options are imported too); one it does not list
      // is 404, a malformed symbol 400. SENSEX is listed and holds no option history here: no day to chart.
      const unknownIndex = await read('getOpenInterestDay', { index: 'NIFTYNXT50' });
      expect(unknownIndex.status).toBe(404);
      expect((await read('getOpenInterestDay', { index: 'nifty 50' })).status).toBe(400);
      const noHistory = await read<{ days: unknown[] }>('getOpenInterestDay', { index: 'SENSEX' });
      expect(noHistory.status).toBe(200);
      expect(noHistory.body.days).toEqual([]);
      const badInterval = await read('getOpenInterestDay', { index: 'NIFTY', interval: 2 });
      expect(badInterval.status).toBe(400);
    });
  });
});

describe.each(testBackends)('a simulated day on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = contractClient(server.app);
    token = (await signedInAccount(call)).token;
    await store(server, 'simulated', day, '09:15', Object.entries(beforeOi).map(([contract, oi]) => option(contract, '09:15', oi, day)));
  }, 120_000);

  afterAll(async () => {
    await server.close();
  });

  it('is said to be simulated, never recorded', async () => {
    const res = await call<Day>('getOpenInterestDay', { token, query: { index: 'NIFTY' } });
    expect(res.status).toBe(200);
    expect(res.body.days).toEqual([{ day, sources: ['simulated'] }]);
    expect(res.body.intraday.sources).toEqual(['simulated']);
    expect(res.body.profile?.source).toBe('simulated');
    // Nothing of the day before: no change is computed from it.
    expect(res.body.previous_source).toBeNull();
    expect(res.body.intraday.series.every((entry) => entry.change.every((value) => value === null))).toBe(true);
  });
});

