/**
 * The volatility screen's first open (issue 40: ≤ 5 s on Slow 4G with a 4× slower CPU): its history, its day and
 * its smile are asked at once, the smile with the screen's choice (the server's default expiry and day, the same
 * as the day read's), not after the day has answered; and a refusal of a read (an expiry from a link that was
 * over before the day) is said where the chart would be, in en and fr. HTTP mocked with MSW.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { VolatilityScreen } from '@/features/analytics/volatility/volatility-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { forgetLastKnown } from '@/lib/persist/last-known';
import { store } from '@/lib/store';
import { plainText } from '../../support/plain-text';
import { API, useNotifiedApi } from '../../support/notified-api';
import { expiredBefore } from './iv-refusals';

const server = setupServer();

const emptyHistory = { index: 'NIFTY', basis: 'near_month', lookback_days: 365, from: null, to: null, as_of: null, dates: [], iv: [], expiry: [], strike: [], at: [], source: [], missing_days: [], standing: null };
const emptyDay = { index: 'NIFTY', day: null, expiry: null, expiries: [], as_of: null, minutes: [], iv: [], call_iv: [], put_iv: [], strike: [], spot: [], source: [], settlement: null };

function renderScreen(search: string, locale: 'en' | 'fr' = 'en') {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <MemoryRouter initialEntries={[`/app/volatility?${search}`]}>
        <VolatilityScreen />
      </MemoryRouter>
    </IntlProvider>,
  );
}

useNotifiedApi(server);

describe('the volatility screen', () => {
  it('asks for its smile before its day has answered: the three reads go out at once', async () => {
    const smileQueries: string[] = [];
    let smileAsked = () => {};
    const smileSeen = new Promise<void>((resolve) => (smileAsked = resolve));
    server.use(
      http.get(`${API}/api/market-history/iv/history/`, () => HttpResponse.json(emptyHistory)),
      // The day answers only once the smile has been asked: a smile waiting for the day would never be asked.
      http.get(`${API}/api/market-history/iv/day/`, async () => {
        await smileSeen;
        return HttpResponse.json(emptyDay);
      }),
      http.get(`${API}/api/market-history/iv/smile/`, ({ request }) => {
        smileQueries.push(new URL(request.url).searchParams.toString());
        smileAsked();
        return HttpResponse.json({ index: 'NIFTY', expiry: null, now: null, earlier: null });
      }),
    );
    renderScreen('index=NIFTY');
    await screen.findByText('No option prices in market history yet', {}, { timeout: 4000 });
    expect(smileQueries).toEqual(['index=NIFTY']);
  });

  it('says a refused expiry where the day’s chart would be (en, fr), and no notification covers it', async () => {
    server.use(
      http.get(`${API}/api/market-history/iv/history/`, () => HttpResponse.json(emptyHistory)),
      http.get(`${API}/api/market-history/iv/day/`, () => expiredBefore()),
      http.get(`${API}/api/market-history/iv/smile/`, () => expiredBefore()),
    );
    const { unmount } = renderScreen('index=NIFTY&expiry=2026-11-03');
    const reason = 'expiry: 03 Nov 2026 had expired before 27 Nov 2026: choose an expiry on or after the day';
    await waitFor(() => expect(plainText(document.body.textContent ?? '').split(reason)).toHaveLength(3)); // the day's place and the smile's
    expect(store.get(notificationsAtom)).toEqual([]);
    unmount();
    forgetLastKnown();
    renderScreen('index=NIFTY&expiry=2026-11-03', 'fr');
    await waitFor(() => expect(plainText(document.body.textContent ?? '')).toMatch(/03\/11\/2026.*27\/11\/2026/));
  });
});
