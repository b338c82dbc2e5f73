// Sign-in and registration refusals: a refusal about one field shows under that field (and takes the
// focus there), one about the whole form above it; "Sign in instead" is a real link that keeps the redirect.
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Provider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { RouterAuthNavigation } from '@/app/router/router-auth-navigation';
import { LoginScreen } from '@/features/auth/routes/login-screen';
import { RegisterScreen } from '@/features/auth/routes/register-screen';
import { configureApiClients } from '@/lib/api/clients';
import { authMessageAtom, showAuthMessageAtom, tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

type ErrorBody = components['schemas']['Error'];

const API = 'http://api.test';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  store.set(tokenAtom, null);
  store.set(authMessageAtom, null);
  store.set(showAuthMessageAtom, false);
});
afterEach(() => server.resetHandlers());

function refuse(path: string, status: number, body: ErrorBody) {
  server.use(http.post(`${API}${path}`, () => HttpResponse.json(body, { status })));
}

function renderAt(entry: string) {
  return render(
    <Provider store={store}>
      <IntlProvider locale="en" defaultLocale="en">
        <MemoryRouter initialEntries={[entry]}>
          <RouterAuthNavigation>
            <Routes>
              <Route path="/auth/login" element={<LoginScreen />} />
              <Route path="/auth/register" element={<RegisterScreen />} />
            </Routes>
          </RouterAuthNavigation>
        </MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
}

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

/** What a screen reader reads after a field's name: its hint or error. */
function description(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function register(user: ReturnType<typeof userEvent.setup>, email = 'asha@example.in', password = 'password1') {
  await user.type(input(/^Full name/), 'Asha Verma');
  await user.type(input(/^Email/), email);
  await user.type(input(/^Mobile number/), '98765 43210');
  await user.type(input(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('registration refusals', () => {
  it('puts “already registered” under the email, with a link to sign in that keeps the redirect and the email', async () => {
    const user = userEvent.setup();
    refuse('/api/authenticate/register/', 409, { message: 'An account with this email already exists', code: 'email_taken', field: 'email' });
    renderAt('/auth/register?redirect=%2Fapp%2Fportfolio');
    await register(user);

    const email = input(/^Email/);
    await waitFor(() => expect(description(email)).toBe('An account with this email already exists. Sign in instead'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(screen.queryByRole('alert')).toBeNull();

    const link = screen.getByRole('link', { name: 'Sign in instead' });
    expect(link.getAttribute('href')).toBe('/auth/login?redirect=%2Fapp%2Fportfolio');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to StrikeDesk' })).toBeTruthy();
    expect(input(/^Email/).value).toBe('asha@example.in');
  });

  it('puts “too common” under the password, and clears it once the password changes', async () => {
    const user = userEvent.setup();
    refuse('/api/authenticate/register/', 422, {
      message: 'This password is too common: choose one that is harder to guess.',
      code: 'weak_password',
      field: 'password',
    });
    renderAt('/auth/register');
    await register(user);

    const password = input(/^Password/);
    await waitFor(() => expect(description(password)).toBe('This password is too common. Choose one that is harder to guess.'));
    expect(document.activeElement).toBe(password);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(password, '!');
    expect(description(password)).toBe('At least 8 characters; avoid common passwords.');
  });

  it('keeps a refusal about no field above the form', async () => {
    const user = userEvent.setup();
    refuse('/api/authenticate/register/', 429, { message: 'Too many attempts', code: 'too_many_attempts' });
    renderAt('/auth/register');
    await register(user);
    expect((await screen.findByRole('alert')).textContent).toContain('Too many failed sign-in attempts');
  });
});

describe('sign-in refusals', () => {
  it('says the server is busy, and for how long, when every password check is taken (503)', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(`${API}/api/authenticate/login/`, () =>
        HttpResponse.json({ message: 'Busy', code: 'server_busy' }, { status: 503, headers: { 'Retry-After': '2' } }),
      ),
    );
    renderAt('/auth/login');
    await user.type(input(/^Email/), 'asha@example.in');
    await user.type(input(/^Password/), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server is busy checking other sign-ins. Try again in 2 seconds.',
    );
  });

  it('says how many seconds to wait when failed attempts slow the sign-in down (429)', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(`${API}/api/authenticate/login/`, () =>
        HttpResponse.json({ message: 'Too many attempts', code: 'too_many_attempts' }, { status: 429, headers: { 'Retry-After': '4' } }),
      ),
    );
    renderAt('/auth/login');
    await user.type(input(/^Email/), 'asha@example.in');
    await user.type(input(/^Password/), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed sign-in attempts. Try again in 4 seconds.');
  });

  it('keeps “invalid email or password” above the form: it is about both fields', async () => {
    const user = userEvent.setup();
    refuse('/api/authenticate/login/', 401, { message: 'Invalid email or password', code: 'invalid_credentials' });
    renderAt('/auth/login');
    await user.type(input(/^Email/), 'asha@example.in');
    await user.type(input(/^Password/), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
  });

  it('puts a refusal that names a field under that field', async () => {
    const user = userEvent.setup();
    refuse('/api/authenticate/login/', 400, { message: 'email: must be at most 254 characters', code: 'validation_failed', field: 'email' });
    renderAt('/auth/login');
    await user.type(input(/^Email/), 'asha@example.in');
    await user.type(input(/^Password/), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = input(/^Email/);
    await waitFor(() => expect(description(email)).toBe('must be at most 254 characters'));
    expect(document.activeElement).toBe(email);
    expect(screen.queryByRole('alert')).toBeNull();
    // Typing elsewhere does not pull the focus back.
    await user.click(input(/^Password/));
    await user.type(input(/^Password/), 'x');
    expect(document.activeElement).toBe(input(/^Password/));
  });
});
