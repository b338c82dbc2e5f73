// Lazy screens preloaded at boot render at once: the first paint of sign-in shows the form, not a spinner.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Navigate, type RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '@/app/router/lazy-screen';
import { preloadScreens } from '@/app/router/preload-screens';
import { RouteGuard } from '@/app/router/route-guard';

const screenNamed = (name: string) => () => Promise.resolve(() => <h1>{name}</h1>);

function renderScreen(Screen: ReturnType<typeof lazyScreen>) {
  return render(
    <IntlProvider locale="en-IN" defaultLocale="en-IN">
      <Screen />
    </IntlProvider>,
  );
}

describe('lazy screens', () => {
  it('a preloaded screen renders in the first commit, without the loading state', async () => {
    const Screen = lazyScreen('sign-in', screenNamed('Sign in'));
    await Screen.preload();
    renderScreen(Screen);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeDefined();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a screen not loaded yet shows the loading state, then the screen; its module is fetched once', async () => {
    const load = vi.fn(screenNamed('Orders'));
    const Screen = lazyScreen('orders', load);
    renderScreen(Screen);
    expect(screen.getByRole('status')).toBeDefined();
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeDefined();
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('boot preloads the screens the URL matches, inside guards too, and no others', async () => {
    const login = vi.fn(screenNamed('Sign in'));
    const shell = vi.fn(screenNamed('Shell'));
    const orders = vi.fn(screenNamed('Orders'));
    const S = { login: lazyScreen('login', login), shell: lazyScreen('shell', shell), orders: lazyScreen('orders', orders) };
    const routes: RouteObject[] = [
      { path: '/', element: <Navigate to="/app/orders" /> },
      { path: '/auth', children: [{ path: 'login', element: <S.login /> }] },
      {
        path: '/app',
        element: (
          <RouteGuard access="protected">
            <S.shell />
          </RouteGuard>
        ),
        children: [{ path: 'orders', element: <S.orders /> }],
      },
    ];
    await preloadScreens(routes, '/auth/login');
    expect([login.mock.calls.length, shell.mock.calls.length, orders.mock.calls.length]).toEqual([1, 0, 0]);
    await preloadScreens(routes, '/app/orders');
    expect([login.mock.calls.length, shell.mock.calls.length, orders.mock.calls.length]).toEqual([1, 1, 1]);
  });
});

describe('a screen whose chunk fails', () => {
  it('shows the failure of its preload without fetching again, and fetches anew on Try again', async () => {
    const load = vi.fn(screenNamed('Orders')).mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    const Screen = lazyScreen('orders', load);
    // Offline, so load-chunk reports the failure instead of reloading the page.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(Screen.preload()).rejects.toThrow('Loading chunk orders failed');
    renderScreen(Screen);
    expect(await screen.findByRole('alert')).toBeDefined();
    expect(load).toHaveBeenCalledTimes(1);

    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });
});
