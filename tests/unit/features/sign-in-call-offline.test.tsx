// The sign-in call and its refusal texts load at the form's first input, not with the entry (issue 24). When
// that download fails (offline before the service worker has the files), the form says the server could
// not be reached, and a later submit tries the download again.
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Provider } from 'jotai';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterAuthNavigation } from '@/app/router/router-auth-navigation';
import { LoginScreen } from '@/features/auth/routes/login-screen';
import { authMessageAtom, showAuthMessageAtom, tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

const download = vi.hoisted(() => ({ fails: true }));

vi.mock('@/features/auth/sign-in-call', () => {
  if (download.fails) throw new TypeError('Failed to fetch dynamically imported module');
  return {
    loginUser: () => Promise.reject(new Error('refused')),
    authRefusal: () => ({ text: 'Refused by the server' }),
  };
});

beforeEach(() => {
  store.set(tokenAtom, null);
  store.set(authMessageAtom, null);
  store.set(showAuthMessageAtom, false);
});

describe('sign-in when its call cannot be downloaded', () => {
  it('says the server could not be reached, and the button is usable again', async () => {
    const user = userEvent.setup();
    render(
      <Provider store={store}>
        <IntlProvider locale="en" defaultLocale="en">
          <MemoryRouter initialEntries={['/auth/login']}>
            <RouterAuthNavigation>
              <LoginScreen />
            </RouterAuthNavigation>
          </MemoryRouter>
        </IntlProvider>
      </Provider>,
    );
    await user.type(screen.getByLabelText(/email/i), 'asha@example.in');
    await user.type(screen.getByLabelText(/^password/i), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The server could not be reached. Check your connection.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false);
    expect(store.get(tokenAtom)).toBeNull();
  });
});
