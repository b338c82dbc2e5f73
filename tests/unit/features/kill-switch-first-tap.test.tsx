/**
 * The kill switch's confirmation comes in a file of its own after a screen's first drawing (issue 61,
 * app/layouts/shell-parts.tsx). Trading safety: a tap on the header's button before that file is here must not be
 * lost. The button says it waits, and the confirmation opens as the code arrives, once, and arms.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClients } from '@/lib/api/clients';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

// The confirmation's module arrives when the test says (a slow phone's download).
let release: () => void = () => undefined;
const arrived = new Promise<void>((resolve) => {
  release = resolve;
});
vi.mock('@/features/kill-switch/components/kill-switch-dialog', async (importOriginal) => {
  await arrived;
  return importOriginal();
});

const { KillSwitchButton } = await import('@/features/kill-switch/components/kill-switch-button');

const API = 'http://api.test';
let arms = 0;
const server = setupServer(
  http.get(`${API}/api/kill-switch/`, () =>
    HttpResponse.json({ kill_switches: [{ account_number: 'PA1234', armed: false, armed_at: null, reason: null, cool_off_until: null, events: [] }] }),
  ),
  http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: [] })),
  http.post(`${API}/api/kill-switch/arm/`, () => {
    arms += 1;
    return HttpResponse.json({ message: 'Armed', accounts: [] });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  store.set(tokenAtom, 'first-tap');
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the kill switch tapped before its confirmation\'s code is here', () => {
  it('keeps the tap: the button waits, the confirmation opens as the code arrives, and it arms', async () => {
    const user = userEvent.setup();
    render(
      <IntlProvider locale="en" defaultLocale="en">
        <MemoryRouter initialEntries={['/app']}>
          <KillSwitchButton />
        </MemoryRouter>
      </IntlProvider>,
    );
    const button = screen.getByRole('button', { name: 'Kill switch' });
    await user.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await act(async () => release());
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop trading now?' }, { timeout: 30_000 });
    expect(button.getAttribute('aria-busy')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Stop trading' }));
    await waitFor(() => expect(arms).toBe(1));
    expect(dialog).toBeTruthy();
    // The dialog's module and Headless UI are transformed on their first import: seconds on a busy machine.
  }, 60_000);
});
