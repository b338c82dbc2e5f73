/**
 * The kill switch opened from a push notification's action (sw/push.ts opens
 * ?kill-switch=arm&source=notification): the same one confirmation, and the arm request is audited as
 * 'notification'; the home-screen shortcut's plain ?kill-switch=arm stays 'shortcut'.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KillSwitchButton, KillSwitchDialog } from '@/features/kill-switch/components/kill-switch-button';
import { configureApiClients } from '@/lib/api/clients';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

const API = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The confirmation's code loads on its own once a screen has drawn (shell-parts.tsx); here before the first tap.
beforeAll(async () => {
  await KillSwitchDialog.preload();
}, 60_000);
afterAll(() => server.close());
afterEach(() => server.resetHandlers());

let armBodies: unknown[] = [];
beforeEach(() => {
  armBodies = [];
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  store.set(tokenAtom, 'token-abc');
  const killSwitch = { account_number: 'PA1234', armed: false, armed_at: null, reason: null, cool_off_until: null, events: [] };
  server.use(
    http.get(`${API}/api/kill-switch/`, () => HttpResponse.json({ kill_switches: [killSwitch] })),
    http.post(`${API}/api/kill-switch/arm/`, async ({ request }) => {
      armBodies.push(await request.json());
      return HttpResponse.json({ message: 'Armed', accounts: [] });
    }),
  );
});

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderAt(url: string) {
  render(
    <IntlProvider locale="en" defaultLocale="en">
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="*" element={<><KillSwitchButton /><Search /></>} />
        </Routes>
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('kill switch opened by a notification action', () => {
  it.each([
    ['/app/dashboards/default?kill-switch=arm&source=notification', 'notification'],
    ['/app/dashboards/default?kill-switch=arm', 'shortcut'],
  ])('%s arms with source %s', async (url, source) => {
    const user = userEvent.setup();
    renderAt(url);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Stop trading' }));
    await waitFor(() => expect(armBodies).toHaveLength(1));
    expect(armBodies[0]).toMatchObject({ source });
  });

  it('closing the confirmation clears both the request and its source from the address', async () => {
    const user = userEvent.setup();
    renderAt('/app/dashboards/default?kill-switch=arm&source=notification');
    await screen.findByRole('alertdialog');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(''));
  });
});
