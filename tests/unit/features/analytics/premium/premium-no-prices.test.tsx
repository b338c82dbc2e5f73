/**
 * A strategy whose legs have no prices yet (issue 40): the server's 404 `premium.no_prices` is said in the premium
 * chart's own place, naming the leg and the day, in en and fr, and is no "Not Found" notification over the alert
 * button; a range reaching today is read again each minute (the recorder's first whole minute), a past one says to
 * import the day; while the demo market is open (issue 62) it waits for the demo market's first whole minute. Any
 * other 404 still notifies.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PremiumScreenWithAlerts } from '@/app/analytics/premium-alert-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { demoMarketOpenAtom } from '@/lib/market/demo-market';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { store } from '@/lib/store';
import { plainText } from '../../../support/plain-text';
import { API, notificationTitles, useNotifiedApi } from '../../../support/notified-api';

const server = setupServer();
const straddle = 'NIFTY:2026-12-29:26000:CE:S:1,NIFTY:2026-12-29:26000:PE:S:1';

/** The server's answer, as tests/server/premium/premium-api.test.ts holds it. */
const noPrices = (day: string) =>
  HttpResponse.json(
    {
      message: `legs: no recorded or imported price of NIFTY 2026-12-29 26000 CE (leg 1) from ${day} to ${day}`,
      code: 'not_found',
      field: 'legs',
      details: { text: { code: 'premium.no_prices', params: { position: 1, contract: 'NIFTY 2026-12-29 26000 CE', from: day, to: day } } },
    },
    { status: 404 },
  );

let asked = 0;
useNotifiedApi(server);
beforeEach(() => {
  asked = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

function answerWith(response: () => Response) {
  server.use(
    http.get(`${API}/api/market-history/premium/`, () => {
      asked += 1;
      return response();
    }),
  );
}

function renderPremium(search: string, locale: 'en' | 'fr' = 'en') {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <MemoryRouter initialEntries={[`/app/premium?legs=${straddle}${search}`]}>
        <PremiumScreenWithAlerts />
      </MemoryRouter>
    </IntlProvider>,
  );
}

const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

describe('no recorded prices for the legs yet', () => {
  it("says so in the chart's place, naming the leg and the day, and no notification covers the alert button", async () => {
    answerWith(() => noPrices(today));
    renderPremium('');
    const state = await screen.findByTestId('premium-no-prices');
    expect(state.textContent).toContain('No recorded prices for these legs yet');
    expect(plainText(state.textContent ?? '')).toMatch(/^.*NIFTY 26,000 CE 29 Dec 2026 \(leg 1\) has no recorded or imported price on \d\d \w+ \d{4}\./);
    expect(state.textContent).toContain('The chart starts with the first whole minute StrikeDesk records while the market is open');
    expect(store.get(notificationsAtom)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Set an alert' })).toBeTruthy();
    expect(screen.queryByText('The strategy’s premium could not be loaded.')).toBeNull();
  });

  it('is read again each minute while its range reaches today (the recorder’s first whole minute)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    answerWith(() => noPrices(today));
    renderPremium('');
    await screen.findByTestId('premium-no-prices');
    expect(asked).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(asked).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(asked).toBe(2));
  });

  it('says it in French', async () => {
    answerWith(() => noPrices(today));
    renderPremium('', 'fr');
    const state = await screen.findByTestId('premium-no-prices');
    expect(state.textContent).toContain('Pas encore de prix enregistré pour ces jambes');
    expect(plainText(state.textContent ?? '')).toMatch(/NIFTY 26\s000 CE 29\/12\/2026 \(jambe 1\) n’a aucun prix enregistré ni importé le \d\d\/\d\d\/\d{4}\./);
    expect(store.get(notificationsAtom)).toEqual([]);
  });

  it('on a past day: says to choose another day or import it, and is not read again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    answerWith(() => noPrices('2026-11-20'));
    renderPremium('&from=2026-11-20');
    const state = await screen.findByTestId('premium-no-prices');
    expect(state.textContent).toContain('No prices for these legs in this range');
    expect(plainText(state.textContent ?? '')).toContain('has no recorded or imported price on 20 Nov 2026. Choose another day, or import');
    expect(screen.queryByRole('button', { name: 'Read again now' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(asked).toBe(1);
  });

  it('while the demo market is open (the header says so), waits for its first whole minute, never "while the market is open", en and fr', async () => {
    store.set(demoMarketOpenAtom, true);
    try {
      answerWith(() => noPrices(today));
      const english = renderPremium('');
      const state = await screen.findByTestId('premium-no-prices');
      expect(state.textContent).toContain('Waiting for the demo market’s first whole minute');
      expect(state.textContent).toContain('The demo market is open at any hour and StrikeDesk records each of its minutes (simulated prices)');
      expect(state.textContent).not.toContain('while the market is open');
      english.unmount();
      renderPremium('', 'fr');
      const french = await screen.findByTestId('premium-no-prices');
      expect(french.textContent).toContain('En attente de la première minute entière du marché de démonstration');
    } finally {
      store.set(demoMarketOpenAtom, false);
    }
  });

  it('leaves any other 404 to the notifier', async () => {
    answerWith(() => HttpResponse.json({ message: 'nope', code: 'not_found' }, { status: 404 }));
    renderPremium('');
    await screen.findByText('The strategy’s premium could not be loaded.');
    expect(screen.queryByTestId('premium-no-prices')).toBeNull();
    expect(notificationTitles()).toEqual(['Not Found']);
  });
});
