// The Market history screen as its unit tests render it: in English or in French, against MSW at `historyApi`.
import { render } from '@testing-library/react';
import type { SetupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { MarketHistoryScreen } from '@/features/market-history/routes/market-history-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';

export const historyApi = 'http://api.test';

/** Starts `server` for the file's tests (an unhandled request fails the test) and points the app's API at it. */
export function serveHistoryApi(server: SetupServer): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => configureApiClients({ apiBaseUrl: historyApi, analyticsUrl: `${historyApi}/analytics`, analyticsAnonKey: 'k' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

export function renderHistoryScreen(locale: 'en' | 'fr' = 'en') {
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <MarketHistoryScreen />
    </IntlProvider>,
  );
}
