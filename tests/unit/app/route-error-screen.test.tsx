import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect, it, vi } from 'vitest';
import { RouteErrorScreen } from '@/app/errors/route-error-screen';

function Broken(): never {
  throw new Error('positions feed exploded');
}

it('a screen that throws shows "Unexpected Application Error!" with the error and a way home', () => {
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
  const router = createMemoryRouter([{ path: '/', errorElement: <RouteErrorScreen />, children: [{ path: 'x', element: <Broken /> }] }], {
    initialEntries: ['/x'],
  });
  render(
    <IntlProvider locale="en-IN" defaultLocale="en-IN">
      <RouterProvider router={router} />
    </IntlProvider>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy();
  expect(screen.getByText('positions feed exploded')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  quiet.mockRestore();
});
