// Each replayed day keeps its own session, as the server lists it (issue 60: NSE's F&O close moved from 15:30 to
// 15:40 IST on 3 August 2026): the start dialog's hint and check follow the chosen day's hours, and name none
// before a day is chosen.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { ReplayStartDialog } from '@/features/replay/components/replay-start-dialog';
import { configureApiClients } from '@/lib/api/clients';

type Schemas = components['schemas'];
const API = 'http://api.test';
const day = (date: string, close: string): Schemas['ReplayDay'] => ({
  index: 'NIFTY',
  day: date,
  contracts: 900,
  real_contracts: 0,
  prices: 'modelled',
  bhavcopy: true,
  origin: 'history',
  index_path: 'minutes',
  session: { open: '09:15', close, mis_square_off: '15:25' },
  special: null,
});
const server = setupServer(http.get(`${API}/api/replays/days/`, () => HttpResponse.json({ days: [day('2026-11-27', '15:40'), day('2025-11-03', '15:30')] })));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the start of a replay', () => {
  it('is a minute of the chosen day’s own session: 15:35 on a day of 2026, not on one of 2025', async () => {
    const user = userEvent.setup();
    render(
      <IntlProvider locale="en-IN" defaultLocale="en-IN">
        <ReplayStartDialog onClose={() => undefined} />
      </IntlProvider>,
    );
    // No day yet: no hours named.
    expect(screen.getByText('A minute of the chosen day’s session')).toBeTruthy();
    expect(await screen.findByText('A minute of the session, 09:15 to 15:40')).toBeTruthy();
    const start = screen.getByLabelText('Start at (IST)');
    await user.clear(start);
    await user.type(start, '15:35');
    await user.tab();
    expect(screen.queryByText(/^Type a time between/)).toBeNull();

    // A day of 2025 closed at 15:30: 15:35 is no minute of it.
    await user.selectOptions(screen.getByLabelText('Day'), 'NIFTY/2025-11-03');
    expect(screen.getByText('Type a time between 09:15 and 15:30.')).toBeTruthy();
    await user.clear(start);
    await user.type(start, '15:25');
    await user.tab();
    expect(screen.getByText('A minute of the session, 09:15 to 15:30')).toBeTruthy();
  });
});
