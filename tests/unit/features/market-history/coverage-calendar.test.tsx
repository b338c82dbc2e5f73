// The coverage grid against NSE's calendar (issue 36): a day the exchange was closed reads as a holiday with
// its name, across every index; a special session (Muhurat trading) names itself and its hours beside the
// date, and missing it is a gap; a holiday is never counted as a day or a gap. HTTP is MSW.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { plainText } from '../../support/plain-text';
import { historyApi, renderHistoryScreen, serveHistoryApi } from './history-screen';

type Coverage = components['schemas']['HistoryCoverage'];
const API = historyApi;
const day = (date: string, rows: number) => ({ date, option_rows: rows, minute_candles: 0, option_minutes: 0, recorded_minutes: 0, simulated_minutes: 0, daily_ohlc: false });

// Two indices over late October to mid November 2024, as the server answers from NSE's 2024 list.
const coverage: Coverage = {
  indices: [
    {
      index: 'NIFTY',
      first_day: '2024-10-31',
      last_day: '2024-11-18',
      days: [day('2024-10-31', 120), day('2024-11-14', 121), day('2024-11-18', 122)],
      option_gaps: ['2024-11-01'],
      option_rows: 363,
      minute_candles: 0,
      option_minutes: 0,
      recorded_minutes: 0, recorded_days: 0, simulated_minutes: 0, simulated_days: 0,
      bytes: 40_000,
    },
    {
      index: 'BANKNIFTY',
      first_day: '2024-11-14',
      last_day: '2024-11-18',
      days: [day('2024-11-14', 80), day('2024-11-18', 81)],
      option_gaps: [],
      option_rows: 161,
      minute_candles: 0,
      option_minutes: 0,
      recorded_minutes: 0, recorded_days: 0, simulated_minutes: 0, simulated_days: 0,
      bytes: 20_000,
    },
  ],
  holidays: [{ date: '2024-11-15', name: 'Gurunanak Jayanti', source: 'NSE/CMTR/59722 (trading holidays 2024)' }],
  special_sessions: [
    { date: '2024-11-01', name: 'Diwali Laxmi Pujan: Muhurat trading only', open: '18:00', close: '19:00', source: 'NSE/CMTR/59722' },
  ],
  years_without_holiday_list: [],
  participants: null,
  table_bytes: 1_000_000,
};

const server = setupServer(
  http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: [] })),
  http.get(`${API}/api/market-history/coverage/`, () => HttpResponse.json(coverage)),
);
serveHistoryApi(server);


describe('the coverage against NSE’s calendar', () => {
  it('names a holiday across every index, and a missing Muhurat session as a gap with its hours', async () => {
    renderHistoryScreen();
    await screen.findByTestId('history-size');
    const november = screen.getAllByTestId('coverage-month')[0]!;
    // Two days with data (as the index's own summary counts them), one gap (the Muhurat session), one holiday.
    expect(plainText(november.querySelector('summary')!.textContent ?? '')).toBe('November 2024: 2 days, 1 gap, 1 holiday');
    const table = within(november).getByRole('table');
    const holiday = within(table).getByRole('row', { name: /15 Nov 2024/ });
    const cells = within(holiday).getAllByRole('cell');
    expect(cells).toHaveLength(1);
    expect(cells[0]!.getAttribute('colspan')).toBe('2');
    expect(plainText(cells[0]!.textContent ?? '')).toBe('○Holiday: Gurunanak Jayanti');
    const muhurat = within(table).getByRole('row', { name: /01 Nov 2024/ });
    expect(plainText(within(muhurat).getByRole('rowheader').textContent ?? '')).toBe('01 Nov 2024Special session: Diwali Laxmi Pujan: Muhurat trading only, 18:00–19:00 IST');
    expect(plainText(within(muhurat).getAllByRole('cell')[0]!.textContent ?? '')).toBe('✕Missing');
    expect(screen.getByText('Holiday: NSE was closed (its circulars)')).toBeTruthy();
  });

  it('speaks French', async () => {
    renderHistoryScreen('fr');
    await screen.findByTestId('history-size');
    const november = screen.getAllByTestId('coverage-month')[0]!;
    expect(plainText(november.querySelector('summary')!.textContent ?? '')).toBe('novembre 2024 : 2 jours, 1 trou, 1 jour férié');
    expect(within(november).getByText('Férié : Gurunanak Jayanti')).toBeTruthy();
    expect(within(november).getByText('Séance spéciale : Diwali Laxmi Pujan: Muhurat trading only, 18:00–19:00 IST')).toBeTruthy();
  });

  it('calls the 2024 disaster-recovery drills trading days: imported, they are covered and named with their hours, never gaps', async () => {
    // NIFTY over NSE's two Saturday drills of 2024 (2 March and 18 May, 09:15–10:00 from the primary site), each
    // imported with the weekdays around it; Monday 20 May was the Mumbai election holiday.
    const days = ['2024-02-29', '2024-03-01', '2024-03-02', '2024-03-04', '2024-05-17', '2024-05-18', '2024-05-21'];
    const drills: Coverage = {
      ...coverage,
      indices: [{ ...coverage.indices[0]!, first_day: days[0]!, last_day: days.at(-1)!, days: days.map((date) => day(date, 100)), option_gaps: [] }],
      holidays: [{ date: '2024-05-20', name: 'General Parliamentary Elections', source: 'NSE circular of 26 April 2024' }],
      special_sessions: [
        { date: '2024-03-02', name: 'Special live session from the primary and disaster-recovery sites', open: '09:15', close: '10:00', second_open: '11:30', second_close: '12:30', source: 'NSE circular of 14 February 2024' },
        { date: '2024-05-18', name: 'Special live session from the primary and disaster-recovery sites', open: '09:15', close: '10:00', second_open: '11:30', second_close: '12:30', source: 'NSE circular of 7 May 2024' },
      ],
    };
    server.use(http.get(`${API}/api/market-history/coverage/`, () => HttpResponse.json(drills)));
    renderHistoryScreen();
    await screen.findByTestId('history-size');
    const [may, march] = screen.getAllByTestId('coverage-month');
    expect(plainText(may!.querySelector('summary')!.textContent ?? '')).toBe('May 2024: 3 days, no gap, 1 holiday');
    expect(plainText(march!.querySelector('summary')!.textContent ?? '')).toBe('March 2024: 3 days, no gap');
    for (const [month, date] of [[march!, '02 Mar 2024'], [may!, '18 May 2024']] as const) {
      const drill = within(within(month).getByRole('table')).getByRole('row', { name: new RegExp(date) });
      expect(plainText(within(drill).getByRole('rowheader').textContent ?? '')).toBe(`${date}Special session: Special live session from the primary and disaster-recovery sites, 09:15–10:00 and again 11:30–12:30 IST`);
      expect(plainText(within(drill).getAllByRole('cell')[0]!.textContent ?? '')).not.toContain('Missing');
    }
  });
});
