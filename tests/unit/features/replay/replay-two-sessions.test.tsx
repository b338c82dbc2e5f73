// A replay of a day of two sessions (NSE's disaster-recovery drills of 2024: 09:15–10:00, then 11:30–12:30 from
// the recovery site; issue 39): the day picker and the start field say both sessions and refuse a start in the
// shut stretch between them, and the replay bar says the market is shut while the replayed minute is in it.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { ReplayBar } from '@/features/replay/components/replay-bar';
import { ReplayStartDialog } from '@/features/replay/components/replay-start-dialog';
import { configureApiClients } from '@/lib/api/clients';
import { openReplayAtom } from '@/lib/replay/replay-atom';
import { store } from '@/lib/store';

type Schemas = components['schemas'];
const API = 'http://api.test';
const drillSession: Schemas['ReplaySession'] = { open: '09:15', close: '12:30', mis_square_off: '09:15', pause: { from: '10:00', until: '11:30' } };
const drillDay: Schemas['ReplayDay'] = {
  index: 'NIFTY',
  day: '2024-03-02',
  contracts: 1200,
  real_contracts: 0,
  prices: 'modelled',
  bhavcopy: true,
  origin: 'history',
  index_path: 'minutes',
  session: drillSession,
  special: 'Special live session from the primary and disaster-recovery sites',
};
const server = setupServer(http.get(`${API}/api/replays/days/`, () => HttpResponse.json({ days: [drillDay] })));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' }));
afterEach(() => {
  server.resetHandlers();
  store.set(openReplayAtom, undefined);
});
afterAll(() => server.close());

const inEnglish = (children: React.ReactNode) => <IntlProvider locale="en-IN" defaultLocale="en-IN">{children}</IntlProvider>;

describe('a replay of a day of two sessions', () => {
  it('lists the day with both sessions and takes a start in either, not in the shut stretch between', async () => {
    const user = userEvent.setup();
    render(inEnglish(<ReplayStartDialog onClose={() => undefined} />));
    expect(await screen.findByRole('option', { name: /09:15–10:00 and 11:30–12:30/ })).toBeTruthy();
    const start = screen.getByLabelText('Start at (IST)');
    expect(screen.getByText('A minute of the sessions, 09:15 to 10:00 or 11:30 to 12:30')).toBeTruthy();
    for (const [time, refused] of [['10:30', true], ['09:40', false], ['11:30', false], ['10:00', true]] as const) {
      await user.clear(start);
      await user.type(start, time);
      await user.tab();
      const error = screen.queryByText('Type a time between 09:15 and 10:00, or between 11:30 and 12:30.');
      expect(error !== null, time).toBe(refused);
    }
  });

  it('says on the replay bar that the market is shut until the second session, only while the minute is in the pause', () => {
    const replay: Schemas['Replay'] = {
      id: 7,
      index: 'NIFTY',
      day: '2024-03-02',
      session: drillSession,
      origin: 'history',
      index_path: 'minutes',
      start: '09:15',
      at: '2024-03-02T05:00:00.000Z',
      minute: '10:30',
      speed: 0,
      at_close: false,
      created_at: '2026-11-28T02:00:00.000Z',
      updated_at: '2026-11-28T02:00:00.000Z',
    };
    act(() => store.set(openReplayAtom, { replay, readAt: Date.now(), asOf: null, move: 0 }));
    render(inEnglish(<ReplayBar />));
    const bar = screen.getByRole('region', { name: /replay/i });
    const shut = 'The market is shut between the day’s two sessions: it opens again at 11:30.';
    expect(within(bar).getByText(shut)).toBeTruthy();
    act(() => store.set(openReplayAtom, { replay: { ...replay, minute: '11:30', at: '2024-03-02T06:00:00.000Z' }, readAt: Date.now(), asOf: null, move: 1 }));
    expect(within(bar).queryByText(shut)).toBeNull();
  });
});
