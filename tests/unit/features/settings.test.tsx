/**
 * The settings sections against HTTP mocked with MSW (an unexpected request fails the test): what is
 * loaded, what is sent, what the trader is told, and that a refusal never loses what they typed.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Provider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { SettingsScreen } from '@/features/settings/routes/settings-screen';
import { configureApiClients } from '@/lib/api/clients';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { userDataAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';

type User = components['schemas']['User'];

const API = 'http://api.test';
const server = setupServer();

const asha: User = {
  id: 7,
  email: 'asha@example.in',
  name: 'Asha Verma',
  mobile: '+919876543210',
  trade_defaults: { product: 'NRML', order_type: 'LIMIT', lots: 3, index: 'BANKNIFTY', confirm_before_order: false },
};

/** Every body POSTed to `path`, and the answer given. */
function recordPosts(path: string, answer: (body: unknown) => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API}${path}`, async ({ request }) => {
      const body: unknown = await request.json();
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

function serveProfile(user: User = asha) {
  server.use(http.get(`${API}/api/profile/user/`, () => HttpResponse.json({ user })));
}

function renderSettings(section: string) {
  return render(
    <Provider store={store}>
      <IntlProvider locale="en" defaultLocale="en">
        <MemoryRouter initialEntries={[`/app/pages/setting/${section}`]}>
          <Routes>
            <Route path="/app/pages/setting/*" element={<SettingsScreen />} />
          </Routes>
        </MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
}

/** What a screen reader reads after a field's name: its hint and error (aria-describedby). */
function description(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

function input(label: string | RegExp): HTMLInputElement {
  const element = screen.getByLabelText(label);
  if (!(element instanceof HTMLInputElement)) throw new Error(`${String(label)} is not an input`);
  return element;
}

function notifications() {
  return store.get(notificationsAtom).map((n) => ({
    kind: n.kind,
    title: typeof n.title === 'string' ? n.title : n.title.defaultMessage,
    description: typeof n.description === 'object' ? n.description.defaultMessage : n.description,
  }));
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  store.set(tokenAtom, 'token-abc');
  store.set(notificationsAtom, []);
  store.set(userDataAtom, null);
});
afterEach(() => server.resetHandlers());

describe('profile', () => {
  it('loads the profile: email read-only, name and mobile filled, nothing to save yet', async () => {
    serveProfile();
    renderSettings('profile');
    expect(screen.getByRole('status').textContent).toBe('Loading your profile…');

    expect((await screen.findByLabelText('Full name', { exact: false })) as HTMLInputElement).toHaveProperty(
      'value',
      'Asha Verma',
    );
    expect(input(/^Mobile number/).value).toBe('+919876543210');
    const email = input(/^Email/);
    expect(email.value).toBe('asha@example.in');
    expect(email.readOnly).toBe(true);
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
    expect(store.get(userDataAtom)).toEqual(asha);
  });

  it('sends only what changed, tells the trader, and updates the signed-in user', async () => {
    const user = userEvent.setup();
    serveProfile();
    const updated: User = { ...asha, name: 'Asha V. Rao', mobile: '+919812345678' };
    const bodies = recordPosts('/api/profile/user/', () => HttpResponse.json({ user: updated }));
    renderSettings('profile');

    const name = (await screen.findByLabelText(/^Full name/)) as HTMLInputElement;
    await user.clear(name);
    await user.type(name, '  Asha V. Rao ');
    const mobile = input(/^Mobile number/);
    await user.clear(mobile);
    await user.type(mobile, '098123 45678');
    const save = screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    await user.click(save);

    await waitFor(() => expect(notifications()).toEqual([{ kind: 'success', title: 'Profile updated', description: undefined }]));
    // Trimmed, separators and the trunk 0 dropped: the form the contract accepts.
    expect(bodies).toEqual([{ name: 'Asha V. Rao', mobile: '9812345678' }]);
    expect(store.get(userDataAtom)).toEqual(updated);
    expect(name.value).toBe('Asha V. Rao');
    expect(save.disabled).toBe(true);
  });

  it('does not count the same number typed another way as a change', async () => {
    const user = userEvent.setup();
    serveProfile();
    renderSettings('profile');
    const mobile = (await screen.findByLabelText(/^Mobile number/)) as HTMLInputElement;
    await user.clear(mobile);
    await user.type(mobile, '98765-43210');
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('blocks a mobile number that is not Indian, with the reason on the field, and sends nothing', async () => {
    const user = userEvent.setup();
    serveProfile();
    const bodies = recordPosts('/api/profile/user/', () => HttpResponse.json({ user: asha }));
    renderSettings('profile');
    const mobile = (await screen.findByLabelText(/^Mobile number/)) as HTMLInputElement;
    await user.clear(mobile);
    await user.type(mobile, '12345 67890');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    expect(description(mobile)).toContain(
      'Mobile number must be a 10-digit Indian mobile number starting with 6, 7, 8 or 9',
    );
    expect(document.activeElement).toBe(mobile);
    expect(bodies).toEqual([]);
  });

  it('shows a refusal next to the form and keeps what was typed', async () => {
    const user = userEvent.setup();
    serveProfile();
    recordPosts('/api/profile/user/', () =>
      HttpResponse.json({ message: 'Too many profile changes today.', code: 'rate_limited' }, { status: 409 }),
    );
    renderSettings('profile');
    const name = (await screen.findByLabelText(/^Full name/)) as HTMLInputElement;
    await user.type(name, ' Rao');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Too many profile changes today.');
    expect(name.value).toBe('Asha Verma Rao');
    expect(notifications()).toEqual([]);
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    const user = userEvent.setup();
    server.use(http.get(`${API}/api/profile/user/`, () => HttpResponse.json({ message: 'Boom', code: 'internal' }, { status: 500 }), { once: true }));
    renderSettings('profile');
    expect((await screen.findByRole('alert')).textContent).toContain('Your profile could not be loaded.');

    serveProfile();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(((await screen.findByLabelText(/^Full name/)) as HTMLInputElement).value).toBe('Asha Verma');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('change password', () => {
  async function fill(current: string, next: string, confirm: string) {
    const user = userEvent.setup();
    if (current) await user.type(input(/^Current password/), current);
    if (next) await user.type(input(/^New password/), next);
    if (confirm) await user.type(input(/^Confirm new password/), confirm);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it.each([
    ['the confirmation differs', 'old-secret-1', 'new-secret-22', 'new-secret-23', /^Confirm new password/, 'The two new passwords do not match'],
    ['the new password is too short', 'old-secret-1', 'short', 'short', /^New password/, 'New password must be between 8 and 128 characters'],
    ['the new password is the current one', 'old-secret-1', 'old-secret-1', 'old-secret-1', /^New password/, 'New password must be different from your current password'],
  ])('is blocked when %s, with the reason on the field', async (_, current, next, confirm, field, reason) => {
    const bodies = recordPosts('/api/profile/user/change_password/', () => HttpResponse.json({ message: 'Changed' }));
    renderSettings('password');
    await fill(current, next, confirm);
    const invalid = input(field);
    expect(invalid.getAttribute('aria-invalid')).toBe('true');
    expect(description(invalid)).toContain(reason);
    expect(bodies).toEqual([]);
  });

  it('shows a wrong current password on its field and keeps everything typed', async () => {
    const bodies = recordPosts('/api/profile/user/change_password/', () =>
      HttpResponse.json(
        { message: 'Current password is incorrect', code: 'invalid_current_password', field: 'current_password' },
        { status: 422 },
      ),
    );
    renderSettings('password');
    await fill('not-my-password', 'new-secret-22', 'new-secret-22');

    const current = input(/^Current password/);
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(description(current)).toContain('Your current password is not correct.');
    expect(document.activeElement).toBe(current);
    expect(bodies).toEqual([{ current_password: 'not-my-password', new_password: 'new-secret-22' }]);
    expect([current.value, input(/^New password/).value, input(/^Confirm new password/).value]).toEqual([
      'not-my-password',
      'new-secret-22',
      'new-secret-22',
    ]);
    expect(notifications()).toEqual([]);

    // Editing the refused value clears the server's error.
    await userEvent.setup().type(current, 'x');
    expect(current.getAttribute('aria-invalid')).toBeNull();
  });

  it('changes the password, says other devices were signed out, and clears the fields', async () => {
    const bodies = recordPosts('/api/profile/user/change_password/', () => HttpResponse.json({ message: 'Password changed' }));
    renderSettings('password');
    await fill('old-secret-1', 'new-secret-22', 'new-secret-22');

    await waitFor(() =>
      expect(notifications()).toEqual([
        {
          kind: 'success',
          title: 'Password changed',
          description: 'Your other devices were signed out. This one stays signed in.',
        },
      ]),
    );
    expect(bodies).toEqual([{ current_password: 'old-secret-1', new_password: 'new-secret-22' }]);
    for (const label of [/^Current password/, /^New password/, /^Confirm new password/]) {
      expect(input(label).value).toBe('');
      expect(input(label).getAttribute('aria-invalid')).toBeNull();
    }
  });
});

describe('trade defaults', () => {
  function checkedIn(group: string): string[] {
    const fieldset = screen.getByRole('group', { name: group });
    return within(fieldset)
      .getAllByRole('radio')
      .filter((radio) => (radio as HTMLInputElement).checked)
      .map((radio) => radio.getAttribute('value') ?? '');
  }

  it('loads from the profile', async () => {
    serveProfile();
    renderSettings('trade-defaults');
    const lots = (await screen.findByLabelText(/^Quantity in lots/)) as HTMLInputElement;
    expect(lots.value).toBe('3');
    expect(checkedIn('Product')).toEqual(['NRML']);
    expect(checkedIn('Order type')).toEqual(['LIMIT']);
    expect(checkedIn('Default index')).toEqual(['BANKNIFTY']);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Confirm before placing an order' }).checked).toBe(false);
    // Each choice explains itself.
    expect(description(screen.getByRole('radio', { name: 'MIS · intraday' }))).toContain('squared off automatically at 15:20');
    expect((screen.getByRole('button', { name: 'Save defaults' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves the whole set of defaults and updates the signed-in user', async () => {
    const user = userEvent.setup();
    serveProfile();
    const bodies = recordPosts('/api/profile/user/update_trade_default/', (body) =>
      HttpResponse.json({ message: 'Saved', trade_defaults: body as User['trade_defaults'] }),
    );
    renderSettings('trade-defaults');
    const lots = (await screen.findByLabelText(/^Quantity in lots/)) as HTMLInputElement;
    await user.click(screen.getByRole('radio', { name: 'MIS · intraday' }));
    await user.click(screen.getByRole('radio', { name: 'Market' }));
    await user.click(screen.getByRole('radio', { name: 'SENSEX' }));
    await user.click(screen.getByRole('checkbox', { name: 'Confirm before placing an order' }));
    await user.clear(lots);
    await user.type(lots, '12');
    await user.click(screen.getByRole('button', { name: 'Save defaults' }));

    const expected = { product: 'MIS', order_type: 'MARKET', lots: 12, index: 'SENSEX', confirm_before_order: true };
    await waitFor(() => expect(notifications()).toEqual([{ kind: 'success', title: 'Trade defaults saved', description: undefined }]));
    expect(bodies).toEqual([expected]);
    expect(store.get(userDataAtom)).toEqual({ ...asha, trade_defaults: expected });
    expect((screen.getByRole('button', { name: 'Save defaults' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it.each([
    ['0', 'Quantity in lots must be between 1 and 1,000'],
    ['1001', 'Quantity in lots must be between 1 and 1,000'],
    ['2.5', 'Quantity in lots must be a whole number'],
  ])('refuses %s lots and sends nothing', async (typed, reason) => {
    const user = userEvent.setup();
    serveProfile();
    const bodies = recordPosts('/api/profile/user/update_trade_default/', () => HttpResponse.json({ message: 'Saved', trade_defaults: asha.trade_defaults }));
    renderSettings('trade-defaults');
    const lots = (await screen.findByLabelText(/^Quantity in lots/)) as HTMLInputElement;
    await user.clear(lots);
    await user.type(lots, typed);
    await user.click(screen.getByRole('button', { name: 'Save defaults' }));
    expect(description(lots)).toContain(reason);
    expect(bodies).toEqual([]);
  });
});
