/**
 * Every screen names the browser tab after itself, in the trader's language, and a route change is
 * announced to screen readers (polite live region) with focus moved to the new screen's heading.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { isValidElement, useEffect, useState } from 'react';
import { createMemoryRouter, Navigate, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from '@/app/router/root-layout';
import type { RouteHandle } from '@/app/router/route-handle';
import { routes } from '@/app/router/routes';
import { screenNames } from '@/app/router/screen-names';
import { I18nProvider, preloadMessages } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locale';

/** A screen whose heading comes a moment after it mounts, as a lazy screen's does. */
function SlowScreen({ heading }: { heading: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 30);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <h1>{heading}</h1> : <p>Loading…</p>;
}

function renderApp(locale: Locale = 'en') {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/', element: <Navigate to="/app/order_book" replace /> },
          {
            path: '/app',
            element: (
              <>
                <a href="#x">A link in the menu</a>
                <main id="main">
                  <Outlet />
                </main>
              </>
            ),
            children: [
              { path: 'order_book', element: <h1>Order book</h1>, handle: { title: screenNames.orderBook } },
              { path: 'portfolio', element: <SlowScreen heading="Portfolios and bots" />, handle: { title: screenNames.portfolio } },
            ],
          },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  const tree = (next: Locale) => (
    <I18nProvider locale={next}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
  const view = render(tree(locale));
  return { router, switchTo: (next: Locale) => view.rerender(tree(next)) };
}


const announcement = () => screen.getByRole('status').textContent;

beforeAll(async () => {
  await preloadMessages('fr');
});

beforeEach(() => {
  // The router's scroll restoration scrolls to the top of each new screen; jsdom cannot scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  document.title = 'StrikeDesk';
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('document titles', () => {
  it('names every screen route of the app (a redirect names none)', () => {
    const unnamed: string[] = [];
    const visit = (list: RouteObject[], parent: string) => {
      for (const route of list) {
        const path = `${parent}/${route.path ?? ''}`.replace(/\/+/g, '/');
        if (route.children) visit(route.children, path);
        else if (isValidElement(route.element) && route.element.type !== Navigate) {
          if (!(route.handle as RouteHandle | undefined)?.title) unnamed.push(path);
        }
      }
    };
    visit(routes, '');
    expect(unnamed).toEqual([]);
  });

  it('says which screen is open, and follows the language', async () => {
    const { router, switchTo } = renderApp();
    await waitFor(() => expect(document.title).toBe('Order book · StrikeDesk'));
    await act(() => router.navigate('/app/portfolio'));
    expect(document.title).toBe('Portfolios · StrikeDesk');
    switchTo('fr');
    expect(document.title).toBe('Portefeuilles · StrikeDesk');
  });
});

describe('route announcements', () => {
  it('announces nothing and leaves focus alone on the first screen (the page load)', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Order book' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(announcement()).toBe('');
    expect(document.activeElement).toBe(document.body);
  });

  it('announces the new screen politely and moves focus to its heading once it shows', async () => {
    const { router } = renderApp();
    await screen.findByRole('heading', { name: 'Order book' });
    screen.getByRole('link', { name: 'A link in the menu' }).focus();

    await act(() => router.navigate('/app/portfolio'));
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(announcement()).toBe('Portfolios · StrikeDesk'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Portfolios and bots' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // Focusable by script, not a Tab stop.
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('does not announce a language switch: the screen did not change', async () => {
    const { router, switchTo } = renderApp();
    await screen.findByRole('heading', { name: 'Order book' });
    await act(() => router.navigate('/app/portfolio'));
    await waitFor(() => expect(announcement()).toBe('Portfolios · StrikeDesk'));
    switchTo('fr');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(announcement()).toBe('Portfolios · StrikeDesk');
  });
});
