import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { useIntl } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateAvailableAtom } from '@/app/pwa/update-available-atom';
import { UpdatePrompt } from '@/app/pwa/update-prompt';
import { routes } from '@/app/router/routes';
import { FullIntlProvider } from '@/i18n/full-intl-provider';
import { I18nProvider, preloadMessages } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locale';
import { createMessageIntl } from '@/i18n/message-intl';
import { store } from '@/lib/store';

vi.mock('@/app/pwa/register-service-worker', () => ({ acceptUpdate: vi.fn() }));

afterEach(() => {
  cleanup();
  store.set(updateAvailableAtom, false);
  vi.restoreAllMocks();
});

const orders = { id: 'test.orders', defaultMessage: '{count, plural, one {# order} other {# orders}} for {amount, number}' };

describe('the message-only intl (the public pages)', () => {
  it('formats messages with their ICU arguments (plurals, numbers) in the language given, and nothing else', () => {
    const intl = createMessageIntl({
      locale: 'fr-FR',
      defaultLocale: 'en-IN',
      messages: { 'test.orders': '{count, plural, one {# ordre} other {# ordres}} pour {amount, number}' },
    });
    expect(intl.formatMessage(orders, { count: 2, amount: 1234.5 })).toBe('2 ordres pour 1\u202f234,5');
    // What IntlProvider would build beside it stays out of the first visit: absent, not stubbed.
    expect('formatNumber' in intl).toBe(false);
    expect('formatDate' in intl).toBe(false);
  });

  it('reports a missing translation to its error handler and falls back to the English text', () => {
    const onError = vi.fn();
    const intl = createMessageIntl({ locale: 'fr-FR', defaultLocale: 'en-IN', messages: {}, onError });
    expect(intl.formatMessage(orders, { count: 1, amount: 5 })).toBe('1 order for 5');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'MISSING_TRANSLATION' }));
  });
});

function renderPublic(path: string, locale: Locale) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <I18nProvider locale={locale}>
        <RouterProvider router={router} />
        <UpdatePrompt />
      </I18nProvider>
    </Provider>,
  );
}

describe('what renders outside the signed-in shell needs messages only', () => {
  it.each<[string, Locale, string]>([
    ['/auth/login', 'en', 'Sign in to StrikeDesk'],
    ['/auth/login', 'fr', 'Connexion à StrikeDesk'],
    ['/auth/register', 'en', 'Create your StrikeDesk account'],
    ['/auth/register', 'fr', 'Créer votre compte StrikeDesk'],
    ['/auth/error-page-1', 'fr', 'Un problème est survenu'],
  ])('%s in %s, with the update offer', async (path, locale, heading) => {
    await preloadMessages(locale);
    renderPublic(path, locale);
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeTruthy();
    act(() => store.set(updateAvailableAtom, true));
    expect(screen.getByRole('button', { name: locale === 'fr' ? 'Recharger' : 'Reload' })).toBeTruthy();
  });
});

function Amount() {
  const intl = useIntl();
  return <p data-testid="amount">{`${intl.formatNumber(1234.5)} · ${intl.formatMessage(orders, { count: 3, amount: 7 })}`}</p>;
}

describe('FullIntlProvider (the signed-in shell)', () => {
  it('adds every formatter in the language and catalogue of the provider around it, and follows a switch', async () => {
    await preloadMessages('fr');
    // The test's message has no French text: the English default, beside a number formatted in French.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = render(
      <I18nProvider locale="fr">
        <FullIntlProvider>
          <Amount />
        </FullIntlProvider>
      </I18nProvider>,
    );
    expect(screen.getByTestId('amount').textContent).toBe('1\u202f234,5 · 3 orders for 7');
    view.rerender(
      <I18nProvider locale="en">
        <FullIntlProvider>
          <Amount />
        </FullIntlProvider>
      </I18nProvider>,
    );
    expect(screen.getByTestId('amount').textContent).toBe('1,234.5 · 3 orders for 7');
  });
});
