// The coverage of imported history against NSE's calendar (issue 36): a weekday the exchange was closed is a
// holiday with the exchange's name and circular, a trading day without data is a gap (a special session too:
// Muhurat trading, a Budget Saturday), and only a year without a holiday list is left unknown.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { signedInAccount } from '../support/accounts.ts';
import { assertMatchesContract, contractClient } from '../support/contract-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { simulatorRecording } from '../../../server/services/history/market-recorder.ts';
import { loadTradingCalendar } from '../../../server/services/market/calendar-data.ts';
import { sessionAt } from '../../../server/services/market/exchange-session.ts';
import type { MarketService } from '../../../server/services/market/market-service.ts';

type Coverage = components['schemas']['HistoryCoverage'];

const udiff = readFileSync(new URL('./fixtures/BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv', import.meta.url)).toString('utf8');
/** The UDiFF fixture moved to another trade date (expiries moved to December 2026, after every test date). */
const udiffOn = (day: string) => udiff.replace(/2024-07-(?!08)/g, '2026-12-').replaceAll('2024-07-08', day);

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await signedInAccount(contractClient(server.app))).token;
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  await server.db.exec('DELETE FROM history_option_days; DELETE FROM history_index_minutes; DELETE FROM history_index_days; DELETE FROM history_imports;');
});

async function importDays(...days: string[]): Promise<void> {
  for (const day of days) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/market-history/imports/',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: Buffer.from(udiffOn(day)),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function coverage(): Promise<Coverage> {
  const res = await server.app.inject({ method: 'GET', url: '/api/market-history/coverage/', headers: { authorization: `Bearer ${token}` } });
  assertMatchesContract('getMarketHistoryCoverage', res);
  return res.json<Coverage>();
}

const niftyGaps = (body: Coverage) => body.indices.find((entry) => entry.index === 'NIFTY')?.option_gaps;

describe('coverage against NSE’s calendar', () => {
  it('names the holidays (Guru Nanak Jayanti, the Maharashtra election) and calls the trading day between them a gap', async () => {
    await importDays('2024-11-14', '2024-11-18', '2024-11-21');
    const body = await coverage();
    expect(body.holidays).toEqual([
      { date: '2024-11-15', name: 'Gurunanak Jayanti', source: 'NSE/CMTR/59722 (trading holidays 2024)' },
      { date: '2024-11-20', name: 'Maharashtra Assembly Elections', source: 'NSE circular of 8 November 2024' },
    ]);
    expect(niftyGaps(body)).toEqual(['2024-11-19']);
    expect(body.special_sessions).toEqual([]);
    expect(body.years_without_holiday_list).toEqual([]);
  });

  it('counts a weekday Muhurat session and the Budget Saturday as trading days: missing, they are gaps', async () => {
    await importDays('2024-10-31', '2024-11-04');
    const diwali = await coverage();
    expect(diwali.special_sessions).toEqual([
      { date: '2024-11-01', name: 'Diwali Laxmi Pujan: Muhurat trading only', open: '18:00', close: '19:00', source: 'NSE/CMTR/59722 and the Muhurat trading circular of October 2024' },
    ]);
    expect(diwali.holidays).toEqual([]);
    expect(niftyGaps(diwali)).toEqual(['2024-11-01']);

    await server.db.exec('DELETE FROM history_option_days; DELETE FROM history_imports;');
    await importDays('2025-01-31', '2025-02-03');
    const budget = await coverage();
    expect(budget.special_sessions.map((session) => [session.date, session.name, session.open, session.close])).toEqual([['2025-02-01', 'Union Budget (Saturday session)', '09:15', '15:30']]);
    expect(niftyGaps(budget)).toEqual(['2025-02-01']);
  });

  it('gives a day of two sessions (the 2024 drills) both sessions\' hours', async () => {
    await importDays('2024-03-01', '2024-03-02', '2024-03-04');
    const body = await coverage();
    expect(body.special_sessions).toEqual([
      {
        date: '2024-03-02',
        name: 'Special live session from the primary and disaster-recovery sites',
        open: '09:15',
        close: '10:00',
        second_open: '11:30',
        second_close: '12:30',
        source: 'NSE circular of 14 February 2024',
      },
    ]);
    expect(niftyGaps(body)).toEqual([]);
  });

  it('does not call a Saturday special session a gap when its day is imported, nor the holiday after it', async () => {
    // Saturday 20 January 2024 traded a full session; Monday the 22nd was declared a holiday.
    await importDays('2024-01-19', '2024-01-20', '2024-01-23');
    const body = await coverage();
    expect(body.special_sessions.map((session) => [session.date, session.open, session.close])).toEqual([['2024-01-20', '09:15', '15:30']]);
    expect(body.holidays.map((day) => day.date)).toEqual(['2024-01-22']);
    expect(niftyGaps(body)).toEqual([]);
    expect(body.indices.find((entry) => entry.index === 'NIFTY')!.days.map((day) => day.date)).toEqual(['2024-01-19', '2024-01-20', '2024-01-23']);
  });

  it('records a special session at its own hours: a Muhurat evening, not a regular day’s 09:15–15:30', async () => {
    // The recorder asks the market whether NSE trades now (market-recorder.ts simulatorRecording): on the exchange's
    // clock (MARKET_DEMO=off) that is NSE's session of the day by its calendar, as market-core.ts answers it.
    const market = { sessionState: async (_exchange: string, now: Date) => sessionAt(await loadTradingCalendar(server.db, 'NSE'), now) } as unknown as MarketService;
    const { isOpen } = simulatorRecording(market);
    const at = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);
    expect(await Promise.all(['10:00', '17:59', '18:00', '18:59', '19:00'].map((time) => isOpen(at('2024-11-01', time))))).toEqual([false, false, true, true, false]);
    // The full Saturday session of 20 January 2024, and an ordinary Saturday.
    expect(await Promise.all([isOpen(at('2024-01-20', '10:00')), isOpen(at('2024-01-27', '10:00'))])).toEqual([true, false]);
  });

  it('knows 2020 to 2025 day by day: the moved Bakri Id of 2023 is a holiday, the day it was first listed for a gap', async () => {
    await importDays('2023-06-27', '2023-06-30');
    const body = await coverage();
    expect(body.holidays.map((day) => [day.date, day.name])).toEqual([['2023-06-29', 'Bakri Id']]);
    expect(niftyGaps(body)).toEqual(['2023-06-28']);
  });

  it('says which years it has no holiday list for, rather than guessing', async () => {
    await importDays('2019-07-08', '2019-07-10');
    const body = await coverage();
    expect(body.years_without_holiday_list).toEqual([2019]);
    expect(body.holidays).toEqual([]);
    // The gap is reported as the calendar sees it; the screen says it cannot tell a holiday from a gap that year.
    expect(niftyGaps(body)).toEqual(['2019-07-09']);
  });
});
