import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptUpdate } from '@/app/pwa/register-service-worker';
import { updateAvailableAtom } from '@/app/pwa/update-available-atom';
import { UpdatePrompt } from '@/app/pwa/update-prompt';
import frMessages from '@/i18n/locales/fr/pwa.json';
import { store } from '@/lib/store';

vi.mock('@/app/pwa/register-service-worker', () => ({ acceptUpdate: vi.fn() }));

function renderPrompt(locale: 'en' | 'fr' = 'en') {
  return render(
    <Provider store={store}>
      <IntlProvider locale={locale} messages={locale === 'fr' ? frMessages : {}}>
        <UpdatePrompt />
      </IntlProvider>
    </Provider>,
  );
}

beforeEach(() => {
  store.set(updateAvailableAtom, false);
  vi.mocked(acceptUpdate).mockClear();
});
afterEach(cleanup);

describe('<UpdatePrompt />', () => {
  it('shows nothing until a new version is waiting, then announces it politely', () => {
    renderPrompt();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();

    act(() => store.set(updateAvailableAtom, true));
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(within(status).getByText('A new version of StrikeDesk is available.')).toBeTruthy();
    expect(within(status).getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('reloads only when the trader asks, and disables the button while it does', async () => {
    store.set(updateAvailableAtom, true);
    renderPrompt();
    expect(acceptUpdate).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(acceptUpdate).toHaveBeenCalledOnce());
    const updating = screen.getByRole('button', { name: 'Updating…' });
    expect((updating as HTMLButtonElement).disabled).toBe(true);
  });

  it('"Later" hides the offer without updating', async () => {
    store.set(updateAvailableAtom, true);
    renderPrompt();
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    expect(store.get(updateAvailableAtom)).toBe(false);
    expect(acceptUpdate).not.toHaveBeenCalled();
  });

  it('speaks French', () => {
    store.set(updateAvailableAtom, true);
    renderPrompt('fr');
    expect(screen.getByText('Une nouvelle version de StrikeDesk est disponible.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recharger' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Plus tard' })).toBeTruthy();
  });
});
