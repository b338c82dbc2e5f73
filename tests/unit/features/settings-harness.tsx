/**
 * What the settings tests share: an MSW server (an unexpected request fails the test) with the API client
 * pointed at it, the settings screen rendered as the app mounts it, and readers for what the trader sees.
 */
import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { components } from '@openapi/main';
import { SettingsScreen } from '@/features/settings/routes/settings-screen';
import { configureApiClients } from '@/lib/api/clients';
import { removeValue } from '@/lib/persist/idb-storage';
import { forgetLastKnown } from '@/lib/persist/last-known';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { userDataAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';

export type User = components['schemas']['User'];

const API = 'http://api.test';
const server = setupServer();

export const asha: User = {
  id: 7,
  email: 'asha@example.in',
  name: 'Asha Verma',
  mobile: '+919876543210',
  trade_defaults: { product: 'NRML', order_type: 'LIMIT', lots: 3, index: 'BANKNIFTY', confirm_before_order: false },
};

/** Call once at the top of a test file: starts the server and resets the session state around each test. */
export function useSettingsServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(async () => {
    configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
    // Each test is a new session: no last-known profile of another test, in memory or on the device.
    forgetLastKnown();
    await removeValue('snapshot:profile');
    store.set(tokenAtom, 'token-abc');
    store.set(notificationsAtom, []);
    store.set(userDataAtom, null);
  });
  afterEach(() => server.resetHandlers());
}

export function serveProfile(user: User = asha) {
  server.use(http.get(`${API}/api/profile/user/`, () => HttpResponse.json({ user })));
}

export function failProfileOnce(status: number) {
  server.use(
    http.get(`${API}/api/profile/user/`, () => HttpResponse.json({ message: 'Boom', code: 'internal' }, { status }), {
      once: true,
    }),
  );
}

/** Every body POSTed to `path`, and the answer given. */
export function recordPosts(path: string, answer: (body: unknown) => Response) {
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

export function renderSettings(section: string) {
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
export function description(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

export function input(label: string | RegExp): HTMLInputElement {
  const element = screen.getByLabelText(label);
  if (!(element instanceof HTMLInputElement)) throw new Error(`${String(label)} is not an input`);
  return element;
}

export async function findInput(label: RegExp): Promise<HTMLInputElement> {
  await screen.findByLabelText(label);
  return input(label);
}

export function button(name: string): HTMLButtonElement {
  const element = screen.getByRole('button', { name });
  if (!(element instanceof HTMLButtonElement)) throw new Error(`${name} is not a button`);
  return element;
}

export function notifications() {
  return store.get(notificationsAtom).map((n) => ({
    kind: n.kind,
    title: typeof n.title === 'string' ? n.title : n.title.defaultMessage,
    description: typeof n.description === 'object' ? n.description.defaultMessage : n.description,
  }));
}
