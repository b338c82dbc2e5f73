// Option minutes on the Market history screen (issue 38): the coverage counts them per index and per day, and
// the "Fetch from Upstox" panel sends an account, index, expiry, strikes and days, then says what was stored
// or why Upstox refused, in English and French. HTTP is MSW.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { plainText } from '../../support/plain-text';
import { historyApi, renderHistoryScreen, serveHistoryApi } from './history-screen';

type Coverage = components['schemas']['HistoryCoverage'];
type BrokerAccount = components['schemas']['BrokerAccount'];
const API = historyApi;

// NIFTY: 8 Jan with the day's option rows, index minutes and an expiry's option minutes; 9 Jan with option minutes only.
const coverage: Coverage = {
  indices: [
    {
      index: 'NIFTY',
      first_day: '2026-01-08',
      last_day: '2026-01-09',
      days: [
        { date: '2026-01-08', option_rows: 130, minute_candles: 375, option_minutes: 30_750, recorded_minutes: 0, simulated_minutes: 0, daily_ohlc: false },
        { date: '2026-01-09', option_rows: 0, minute_candles: 0, option_minutes: 15_000, recorded_minutes: 0, simulated_minutes: 0, daily_ohlc: false },
      ],
      option_gaps: [],
      option_rows: 130,
      minute_candles: 375,
      option_minutes: 45_750,
      recorded_minutes: 0, recorded_days: 0, simulated_minutes: 0, simulated_days: 0,
      bytes: 5_200_000,
    },
  ],
  holidays: [],
  special_sessions: [],
  years_without_holiday_list: [],
  participants: null,
  table_bytes: 6_000_000,
};

const upstoxAccount: BrokerAccount = { id: 3, broker: 'upstox', name: 'Upstox', account_number: 'AB1234', api_key: 'upstox_key', capital: 500000, is_logged_in: true, session_expires_at: '2026-11-21T22:00:00Z' };
const kiteAccount: BrokerAccount = { id: 2, broker: 'kite', name: 'Zerodha', account_number: 'ZR1234', api_key: 'kite_key', capital: 500000, is_logged_in: true, session_expires_at: '2026-11-21T00:30:00Z' };
let accounts: BrokerAccount[] = [];
let coverageReads = 0;
const fetches: unknown[] = [];
const stored = () =>
  HttpResponse.json({
    files: [{ file_name: 'Upstox NSE_INDEX|Nifty 50 minutes 2026-01-05 to 2026-01-06', status: 'imported', kind: 'index_minutes', days: ['2026-01-05', '2026-01-06'], rows: 750, skipped_rows: 0 }],
    option_minutes: [{ expiry: '2026-01-06', contracts: 82, fetched: 80, already_fetched: 2, candles: 60_000, skipped_candles: 0 }],
    requests: 82,
  });
let answer: () => Response = stored;
const server = setupServer(
  http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: accounts })),
  http.get(`${API}/api/market-history/coverage/`, () => {
    coverageReads += 1;
    return HttpResponse.json(coverage);
  }),
  http.post(`${API}/api/market-history/upstox-candles/`, async ({ request }) => {
    fetches.push(await request.json());
    return answer();
  }),
);
serveHistoryApi(server);
beforeEach(() => {
  accounts = [];
  coverageReads = 0;
  fetches.length = 0;
  answer = stored;
});


describe('option minutes in the coverage', () => {
  it('counts them per index and shows each day’s, a day with option minutes alone as covered', async () => {
    renderHistoryScreen();
    const nifty = await screen.findByTestId('index-coverage');
    expect(plainText(nifty.textContent ?? '')).toContain('130 option rows, 375 minute candles, 45,750 option minute candles, 5.2 MB');
    const january = within(screen.getAllByTestId('coverage-month')[0]!).getByRole('table');
    expect(plainText(within(january).getByRole('row', { name: /08 Jan 2026/ }).textContent ?? '')).toBe('08 Jan 2026✓130 options✓30,750 option min375 min');
    // No bhavcopy that day, but the option minutes a backtest fills at: covered, not "no options".
    expect(plainText(within(january).getByRole('row', { name: /09 Jan 2026/ }).textContent ?? '')).toBe('09 Jan 2026✓15,000 option min');
  });
});

async function fillPanel(panel: HTMLElement, fields: { expiry: string; from: string; to: string }, french = false) {
  const user = userEvent.setup();
  await user.type(within(panel).getByLabelText(french ? 'Échéance' : 'Expiry'), fields.expiry);
  await user.type(within(panel).getByLabelText(french ? 'Du' : 'From'), fields.from);
  await user.type(within(panel).getByLabelText(french ? 'Au' : 'To'), fields.to);
  await user.tab();
  await user.click(within(panel).getByRole('button', { name: french ? 'Récupérer depuis Upstox' : 'Fetch from Upstox' }));
  return user;
}

describe('fetching from Upstox', () => {
  it('is not offered to a trader without an Upstox account', async () => {
    accounts = [kiteAccount];
    renderHistoryScreen();
    await screen.findByRole('heading', { name: 'Fetch from Kite' });
    expect(screen.queryByRole('heading', { name: 'Fetch from Upstox' })).toBeNull();
  });

  it('sends the account, index, expiry, strikes and days, then says what was stored and reads the coverage again', async () => {
    accounts = [kiteAccount, upstoxAccount];
    renderHistoryScreen();
    const panel = (await screen.findByRole('heading', { name: 'Fetch from Upstox' })).closest('section')!;
    expect(within(panel).getByLabelText('Upstox account')).toHaveProperty('value', '3');
    const user = userEvent.setup();
    await user.selectOptions(within(panel).getByLabelText('Strikes around the money'), '20');
    await fillPanel(panel, { expiry: '06/01/2026', from: '05/01/2026', to: '06/01/2026' });
    expect(plainText((await within(panel).findByRole('status')).textContent ?? '')).toBe(
      '✓Stored 60,000 option minute candles of 80 contracts of the 06 Jan 2026 expiry; 2 contracts were already held.Stored 750 index minute candles over 2 days; 82 requests to Upstox.',
    );
    expect(fetches).toEqual([{ broker_account_id: 3, index: 'NIFTY', from: '2026-01-05', to: '2026-01-06', expiries: ['2026-01-06'], strikes_around: 20 }]);
    await waitFor(() => expect(coverageReads).toBe(2));
  });

  it('refuses an expiry before the first day and more than 31 days without asking Upstox', async () => {
    accounts = [upstoxAccount];
    renderHistoryScreen();
    const panel = (await screen.findByRole('heading', { name: 'Fetch from Upstox' })).closest('section')!;
    const user = await fillPanel(panel, { expiry: '30/12/2025', from: '05/01/2026', to: '06/01/2026' });
    expect(await within(panel).findByText('The expiry must not come before the first day: its options had expired by then.')).toBeTruthy();
    await user.clear(within(panel).getByLabelText('To'));
    await user.type(within(panel).getByLabelText('To'), '06/03/2026');
    await user.tab();
    await user.click(within(panel).getByRole('button', { name: 'Fetch from Upstox' }));
    expect(await within(panel).findByText('At most 31 days at a time: fetch a longer history a month at a time.')).toBeTruthy();
    expect(fetches).toEqual([]);
  });

  it('tells a French trader Upstox wants its Plus plan, and that the session ended', async () => {
    accounts = [upstoxAccount];
    answer = () =>
      HttpResponse.json(
        {
          message: "Upstox refused expired contracts' candles (Upstox Plus required): they come with an Upstox Plus plan.",
          code: 'historical_data_not_enabled',
          field: 'broker_account_id',
          details: { text: { code: 'upstox.history_plus_required', params: { upstox: 'Upstox Plus required' } } },
        },
        { status: 422 },
      );
    renderHistoryScreen('fr');
    const panel = (await screen.findByRole('heading', { name: 'Récupérer depuis Upstox' })).closest('section')!;
    const user = await fillPanel(panel, { expiry: '06/01/2026', from: '05/01/2026', to: '06/01/2026' }, true);
    expect(await within(panel).findByText(/elles viennent avec l’offre Upstox Plus/)).toBeTruthy();
    answer = () => HttpResponse.json({ message: 'Your Upstox session has ended', code: 'broker_session_expired', field: 'account_number' }, { status: 403 });
    await user.click(within(panel).getByRole('button', { name: 'Récupérer depuis Upstox' }));
    expect(await within(panel).findByText('Votre session Upstox a pris fin : reconnectez-vous à Upstox depuis Comptes courtiers, puis récupérez à nouveau.')).toBeTruthy();
  });
});
