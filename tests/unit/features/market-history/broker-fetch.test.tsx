// The "Fetch from Dhan, Shoonya or Flattrade" panel of the Market history screen: offered only to a trader with
// such an account, it sends the account, index, interval and days, says what was stored, offers a Noren
// account only the indices Noren's candles are fetched for, and says the broker's refusal in French. HTTP is MSW.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { plainText } from '../../support/plain-text';
import { historyApi, renderHistoryScreen, serveHistoryApi } from './history-screen';

type BrokerAccount = components['schemas']['BrokerAccount'];
const API = historyApi;
const title = 'Fetch from Dhan, Shoonya or Flattrade';

const emptyCoverage = { indices: [], holidays: [], special_sessions: [], years_without_holiday_list: [], participants: null, table_bytes: 0 };
const dhanAccount: BrokerAccount = { id: 4, broker: 'dhan', name: 'Dhan', account_number: '1100012345', api_key: 'dhan_app', capital: 500000, is_logged_in: true, session_expires_at: '2026-11-21T22:00:00Z' };
const shoonyaAccount: BrokerAccount = { id: 5, broker: 'shoonya', name: 'Shoonya', account_number: 'FA12345', api_key: 'shoonya_app', capital: 500000, is_logged_in: true, session_expires_at: '2026-11-21T18:29:59Z' };
const kiteAccount: BrokerAccount = { id: 2, broker: 'kite', name: 'Zerodha', account_number: 'ZR1234', api_key: 'kite_key', capital: 500000, is_logged_in: true, session_expires_at: '2026-11-21T00:30:00Z' };
let accounts: BrokerAccount[] = [];
let coverageReads = 0;
const fetches: unknown[] = [];
const stored = () =>
  HttpResponse.json({ files: [{ file_name: 'Dhan BANKNIFTY days 2026-01-05 to 2026-01-16', status: 'imported', kind: 'index_closes', days: ['2026-01-05', '2026-01-06'], rows: 2, skipped_rows: 0 }], requests: 1 });
let answer: () => Response = stored;
const server = setupServer(
  http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: accounts })),
  http.get(`${API}/api/market-history/coverage/`, () => {
    coverageReads += 1;
    return HttpResponse.json(emptyCoverage);
  }),
  http.post(`${API}/api/market-history/broker-candles/`, async ({ request }) => {
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

async function fill(panel: HTMLElement, from: string, to: string, french = false) {
  const user = userEvent.setup();
  await user.type(within(panel).getByLabelText(french ? 'Du' : 'From'), from);
  await user.type(within(panel).getByLabelText(french ? 'Au' : 'To'), to);
  await user.tab();
  await user.click(within(panel).getByRole('button', { name: french ? 'Récupérer les bougies' : 'Fetch candles' }));
  return user;
}

const options = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((option) => option.value);

describe('fetching from Dhan, Shoonya or Flattrade', () => {
  it('is not offered to a trader without such an account', async () => {
    accounts = [kiteAccount];
    renderHistoryScreen();
    await screen.findByRole('heading', { name: 'Fetch from Kite' });
    expect(screen.queryByRole('heading', { name: title })).toBeNull();
  });

  it('sends the account, index, interval and days, says what was stored and reads the coverage again', async () => {
    accounts = [kiteAccount, dhanAccount];
    renderHistoryScreen();
    const panel = (await screen.findByRole('heading', { name: title })).closest('section')!;
    expect(within(panel).getByLabelText('Account')).toHaveProperty('value', '4');
    expect(options(within(panel).getByLabelText('Index'))).toEqual(['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY']);
    const user = userEvent.setup();
    await user.selectOptions(within(panel).getByLabelText('Index'), 'BANKNIFTY');
    await user.selectOptions(within(panel).getByLabelText('Candles'), 'day');
    await fill(panel, '05/01/2026', '16/01/2026');
    expect(plainText((await within(panel).findByRole('status')).textContent ?? '')).toBe('✓Stored 2 daily candles over 2 days, from 1 request.');
    expect(fetches).toEqual([{ broker_account_id: 4, index: 'BANKNIFTY', interval: 'day', from: '2026-01-05', to: '2026-01-16' }]);
    await waitFor(() => expect(coverageReads).toBe(2));
  });

  it('offers a Shoonya account the two indices Noren’s candles are fetched for', async () => {
    accounts = [shoonyaAccount];
    renderHistoryScreen();
    const panel = (await screen.findByRole('heading', { name: title })).closest('section')!;
    expect(options(within(panel).getByLabelText('Index'))).toEqual(['NIFTY', 'BANKNIFTY']);
    await fill(panel, '12/01/2026', '14/01/2026');
    await within(panel).findByRole('status');
    expect(fetches).toEqual([{ broker_account_id: 5, index: 'NIFTY', interval: 'minute', from: '2026-01-12', to: '2026-01-14' }]);
  });

  it('adds one expiry’s option minutes over a range of strikes to a minute fetch, says what was stored of them, and refuses too many strikes', async () => {
    accounts = [dhanAccount];
    answer = () =>
      HttpResponse.json({
        files: [{ file_name: 'Dhan NIFTY minutes 2026-01-12 to 2026-01-14', status: 'imported', kind: 'index_minutes', days: ['2026-01-12', '2026-01-13', '2026-01-14'], rows: 1125, skipped_rows: 0 }],
        requests: 13,
        option_minutes: [{ expiry: '2026-01-20', contracts: 10, fetched: 10, already_fetched: 0, candles: 3750, skipped_candles: 0 }],
      } satisfies components['schemas']['BrokerCandlesFetched']);
    renderHistoryScreen();
    const panel = (await screen.findByRole('heading', { name: title })).closest('section')!;
    const user = userEvent.setup();
    await user.type(within(panel).getByLabelText('Option expiry'), '20/01/2026');
    await user.type(within(panel).getByLabelText('Lowest strike'), '25000');
    await user.type(within(panel).getByLabelText('Highest strike'), '27000');
    await user.type(within(panel).getByLabelText('Every (₹)'), '50');
    await fill(panel, '12/01/2026', '14/01/2026');
    expect(await within(panel).findByText('At most 40 strikes a fetch: narrow the range or widen the step.')).toBeTruthy();
    expect(fetches).toEqual([]);
    await user.clear(within(panel).getByLabelText('Highest strike'));
    await user.type(within(panel).getByLabelText('Highest strike'), '26100');
    await user.clear(within(panel).getByLabelText('Lowest strike'));
    await user.type(within(panel).getByLabelText('Lowest strike'), '25900');
    await user.click(within(panel).getByRole('button', { name: 'Fetch candles' }));
    expect(plainText((await within(panel).findByRole('status')).textContent ?? '')).toBe(
      '✓Stored 3,750 option minute candles of 10 contracts of the 20 Jan 2026 expiry.✓Stored 1,125 minute candles over 3 days, from 13 requests.',
    );
    expect(fetches).toEqual([
      { broker_account_id: 4, index: 'NIFTY', interval: 'minute', from: '2026-01-12', to: '2026-01-14', options: { expiries: ['2026-01-20'], strikes: [25900, 25950, 26000, 26050, 26100] } },
    ]);
  });

  it('offers no option fields with daily candles', async () => {
    accounts = [dhanAccount];
    renderHistoryScreen();
    const panel = (await screen.findByRole('heading', { name: title })).closest('section')!;
    expect(within(panel).getByLabelText('Option expiry')).toBeTruthy();
    await userEvent.setup().selectOptions(within(panel).getByLabelText('Candles'), 'day');
    expect(within(panel).queryByLabelText('Option expiry')).toBeNull();
  });

  it('tells a French trader Dhan wants its Data API plan', async () => {
    accounts = [dhanAccount];
    answer = () =>
      HttpResponse.json(
        {
          message: 'Dhan refused historical candles (User has not subscribed to Data APIs): this account has no Data API plan.',
          code: 'historical_data_not_enabled',
          field: 'broker_account_id',
          details: { text: { code: 'broker_history.dhan_data_plan', params: { dhan: 'User has not subscribed to Data APIs' } } },
        },
        { status: 422 },
      );
    renderHistoryScreen('fr');
    const panel = (await screen.findByRole('heading', { name: 'Récupérer depuis Dhan, Shoonya ou Flattrade' })).closest('section')!;
    await fill(panel, '12/01/2026', '14/01/2026', true);
    expect(await within(panel).findByText(/ce compte n’a pas l’abonnement Data API/)).toBeTruthy();
  });
});
