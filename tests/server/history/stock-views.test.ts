// Issue 63's views of a stock, on a real server from imported UDiFF bhavcopies of RELIANCE (three days before its
// December 2025 expiry, 30 Dec; 25 Dec a holiday):
// - the implied volatility charts (day, history, smile) of the stock: its options priced as NSE's chain reads IV
//   (Black–Scholes on the underlying at 10 %) at 22 % and 25 %, read back at those volatilities;
// - its strategy premium as day candles (the stock's options are in market history by its bhavcopies only);
// - its rollover view: near, next and far futures' spreads and OI shift, each figure computed by hand below;
// - the refusals: a symbol not listed is 404, bad input 400, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import { assertMatchesContract, contractClient } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { exchangePrice, stockUdiffDay } from './stock-udiff-days.ts';

const near = '2025-12-30';
const next = '2026-01-27';
const far = '2026-02-24';

/** Each day's futures (settlement, OI in shares, change in OI) of the near, next and far months, and its spot. */
const days = [
  { day: '2025-12-24', spot: 1545.3, sigma: 0.22, futures: [[near, 1550, 150_000_000, -5_000_000], [next, 1558, 30_000_000, 4_000_000], [far, 1566.5, 2_000_000, 100_000]] },
  { day: '2025-12-26', spot: 1550, sigma: 0.25, futures: [[near, 1552, 120_000_000, -30_000_000], [next, 1561, 60_000_000, 30_000_000], [far, 1569, 3_000_000, 1_000_000]] },
  { day: '2025-12-29', spot: 1546, sigma: null, futures: [[near, 1548, 80_000_000, -40_000_000], [next, 1556.5, 100_000_000, 40_000_000], [far, 1565, 4_000_000, 1_000_000]] },
] as const;
const strikes = [1500, 1520, 1540, 1560, 1580, 1600];

const bhavcopy = ({ day, spot, sigma, futures }: (typeof days)[number]) =>
  stockUdiffDay({ day, symbol: 'RELIANCE', spot, lot: 500, futures, options: sigma === null ? null : { expiry: near, strikes, sigma } });

describe.each(testBackends)('a stock\'s views on %s', (backend) => {
  let server: TestServer;
  let token: string;

  async function get(operationId: string, url: string) {
    const res = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    assertMatchesContract(operationId, res);
    return res;
  }

  beforeAll(async () => {
    server = await startTestServer({ backend, clock: manualClock(new Date('2026-11-20T04:00:00Z')) });
    token = (await signedInAccount(contractClient(server.app))).token;
    for (const day of days) {
      const res = await server.app.inject({
        method: 'POST',
        url: `/api/market-history/imports/?file_name=${bhavcopy(day).name}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        payload: bhavcopy(day).csv,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().files[0]).toMatchObject({ status: 'imported', future_rows: 3 });
    }
  });

  afterAll(async () => {
    await server.close();
  });

  describe("a stock's implied volatility charts", () => {
    it("reads RELIANCE's ATM IV at each day's close from its settlements, its history, and its smile", async () => {
      const day = await get('getIvDay', '/api/market-history/iv/day/?index=RELIANCE&day=2025-12-26');
      expect(day.statusCode, day.body).toBe(200);
      expect(day.json()).toMatchObject({ index: 'RELIANCE', day: '2025-12-26', expiry: near, minutes: [], settlement: { strike: 1540, spot: 1550, source: 'bhavcopy' } });
      // Priced at 25 %, read back at 25 % (the paisa's rounding moves it by less than 0.05).
      expect(day.json().settlement.iv).toBeCloseTo(25, 1);

      const history = await get('getIvHistory', '/api/market-history/iv/history/?index=RELIANCE&lookback_days=30');
      expect(history.statusCode, history.body).toBe(200);
      expect(history.json().dates).toEqual(['2025-12-24', '2025-12-26']);
      const [first, second] = history.json().iv as number[];
      expect(first).toBeCloseTo(22, 1);
      expect(second).toBeCloseTo(25, 1);

      const smile = await get('getIvSmile', `/api/market-history/iv/smile/?index=RELIANCE&expiry=${near}&at=2025-12-26`);
      expect(smile.statusCode, smile.body).toBe(200);
      expect(smile.json()).toMatchObject({ index: 'RELIANCE', expiry: near, now: { source: 'bhavcopy' }, earlier: { source: 'bhavcopy' } });
      // Every strike within 10 % of the spot, each side priced at the day's one volatility.
      for (const iv of [...smile.json().now.call_iv, ...smile.json().now.put_iv] as (number | null)[]) expect(iv).toBeCloseTo(25, 0);
    });

    it('answers 404 for a symbol not listed, and 400 for one that is no symbol', async () => {
      expect((await get('getIvDay', '/api/market-history/iv/day/?index=ZZNOTLISTED')).statusCode).toBe(404);
      expect((await get('getIvHistory', '/api/market-history/iv/history/?index=ZZNOTLISTED')).json()).toMatchObject({ details: { text: { code: 'not_found.underlying' } } });
      expect((await get('getIvSmile', '/api/market-history/iv/smile/?index=reliance%3B')).statusCode).toBe(400);
    });
  });

  describe("a stock's strategy premium", () => {
    const straddle = `RELIANCE:${near}:1540:CE:S:1,RELIANCE:${near}:1540:PE:S:1`;

    it('charts a sold RELIANCE straddle as day candles from its bhavcopies, the last such day when asked for none', async () => {
      const res = await get('getStrategyPremium', `/api/market-history/premium/?legs=${encodeURIComponent(straddle)}&interval=1d&from=2025-12-20&to=2025-12-29`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ index: 'RELIANCE', basis: 'credit', interval: '1d', sources: ['imported'] });
      // The credit each day: the call's and the put's settlement added (both sold).
      const credit = (day: (typeof days)[number]) =>
        Math.round((exchangePrice('CE', day.spot, 1540, day.day, near, day.sigma as number) + exchangePrice('PE', day.spot, 1540, day.day, near, day.sigma as number)) * 100) / 100;
      expect(body.close).toEqual([credit(days[0]), credit(days[1])]);

      const latest = await get('getStrategyPremium', `/api/market-history/premium/?legs=${encodeURIComponent(straddle)}&interval=1d`);
      expect(latest.statusCode, latest.body).toBe(200);
      expect(latest.json()).toMatchObject({ from: '2025-12-26', to: '2025-12-26', close: [credit(days[1])] });
    });

    it('refuses a symbol not listed (404) and keeps an index without options history a malformed leg (400)', async () => {
      const unlisted = await get('getStrategyPremium', `/api/market-history/premium/?legs=${encodeURIComponent(`ZZNOTLISTED:${near}:100:CE:B:1`)}&interval=1d`);
      expect(unlisted.statusCode).toBe(404);
      expect(unlisted.json()).toMatchObject({ details: { text: { code: 'not_found.underlying' } } });
      const sensex = await get('getStrategyPremium', `/api/market-history/premium/?legs=${encodeURIComponent(`SENSEX:${near}:80000:CE:B:1`)}&interval=1d`);
      expect(sensex.statusCode).toBe(400);
      // A stock symbol with the signs NSE uses (M&M, BAJAJ-AUTO) is spelled right; its missing prices are a 404.
      const mm = await get('getStrategyPremium', `/api/market-history/premium/?legs=${encodeURIComponent(`M&M:${near}:3400:CE:B:1`)}&interval=1d&from=2025-12-26`);
      expect([404]).toContain(mm.statusCode);
    });
  });

  describe("a stock's rollover view", () => {
    it('shows the spreads and the OI shift between months over the last days before the expiry, each figure as computed by hand', async () => {
      const res = await get('getRollover', '/api/market-history/rollover/?index=RELIANCE');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ index: 'RELIANCE', expiry: near, next_expiry: next, far_expiry: far, source: 'bhavcopy', as_of: '2025-12-29' });
      // 24 Dec: next − near = 1558 − 1550 = 8, far − next = 1566.50 − 1558 = 8.50, 8 / 1550 = 0.52 %;
      //   rollover (30 M + 2 M) / (150 M + 30 M + 2 M) = 17.58 %.
      // 26 Dec: 1561 − 1552 = 9, 1569 − 1561 = 8, 9 / 1552 = 0.58 %; (60 M + 3 M) / 183 M = 34.43 %.
      // 29 Dec: 1556.50 − 1548 = 8.50, 1565 − 1556.50 = 8.50, 8.50 / 1548 = 0.55 %; (100 M + 4 M) / 184 M = 56.52 %.
      expect(body.days.map((day: { day: string; spread_next: number; spread_far: number; spread_next_pct: number; rollover_pct: number }) => [day.day, day.spread_next, day.spread_far, day.spread_next_pct, day.rollover_pct])).toEqual([
        ['2025-12-24', 8, 8.5, 0.52, 17.58],
        ['2025-12-26', 9, 8, 0.58, 34.43],
        ['2025-12-29', 8.5, 8.5, 0.55, 56.52],
      ]);
      // The OI shift: the near month's OI moving to the next month, as the bhavcopy's change in OI says.
      expect(body.days[2]).toMatchObject({
        near: { expiry: near, settle: 1548, open_interest: 80_000_000, change_in_oi: -40_000_000 },
        next: { expiry: next, settle: 1556.5, open_interest: 100_000_000, change_in_oi: 40_000_000 },
        far: { expiry: far, settle: 1565, open_interest: 4_000_000, change_in_oi: 1_000_000 },
      });

      const last2 = await get('getRollover', `/api/market-history/rollover/?index=RELIANCE&expiry=${near}&days=2`);
      expect(last2.json().days.map((day: { day: string }) => day.day)).toEqual(['2025-12-26', '2025-12-29']);
      // The January month seen as near: its days are those it was stored on (all three), its next month February.
      const january = await get('getRollover', `/api/market-history/rollover/?index=RELIANCE&expiry=${next}`);
      expect(january.json()).toMatchObject({ expiry: next, next_expiry: far, far_expiry: null });
      expect(january.json().days[0]).toMatchObject({ spread_next: 8.5, rollover_pct: 6.25 });
    });

    it('answers an underlying without futures stored with no days, and refuses an unlisted symbol, an expiry not stored and bad days', async () => {
      expect((await get('getRollover', '/api/market-history/rollover/?index=HDFCBANK')).json()).toMatchObject({ index: 'HDFCBANK', expiry: null, days: [] });
      expect((await get('getRollover', '/api/market-history/rollover/?index=ZZNOTLISTED')).statusCode).toBe(404);
      expect((await get('getRollover', '/api/market-history/rollover/?index=RELIANCE&expiry=2025-11-25')).statusCode).toBe(404);
      expect((await get('getRollover', '/api/market-history/rollover/?index=RELIANCE&days=31')).statusCode).toBe(400);
      expect((await get('getRollover', '/api/market-history/rollover/?index=RELIANCE&days=0')).statusCode).toBe(400);
    });
  });
});
