/**
 * The smile's legend on an expiry day (issue 62): it promised a solid "now" line that was not drawn when no IV
 * could be solved at two strikes (an option on its expiry day has too little time left). It promises it only when
 * the line is drawn, and says why not otherwise, in en and fr. HTTP mocked with MSW; the chart's drawing mocked.
 */
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { VolatilityScreen } from '@/features/analytics/volatility/volatility-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { plainText } from '../../support/plain-text';
import { API, useNotifiedApi } from '../../support/notified-api';

vi.mock('@/features/analytics/volatility/iv-chart', () => ({
  drawIvLine: () => ({ remove: () => undefined }),
  drawSmile: () => ({ remove: () => undefined }),
}));

const server = setupServer();
useNotifiedApi(server);

const emptyHistory = { index: 'NIFTY', basis: 'near_month', lookback_days: 365, from: null, to: null, as_of: null, dates: [], iv: [], expiry: [], strike: [], at: [], source: [], missing_days: [], standing: null };
// An expiry day read after the close: the day and its expiry known, its minutes not needed here.
const expiryDay = { index: 'NIFTY', day: '2026-11-24', expiry: '2026-11-24', expiries: ['2026-11-24'], as_of: null, minutes: [], iv: [], call_iv: [], put_iv: [], strike: [], spot: [], source: [], settlement: null };
const side = (at: string, ivs: (number | null)[]) => ({
  asked: at.slice(0, 10),
  at,
  source: 'bhavcopy',
  spot: 24_000,
  strikes: [23_900, 24_000, 24_100],
  call_iv: ivs,
  put_iv: ivs,
});

function answer(nowIvs: (number | null)[]) {
  server.use(
    http.get(`${API}/api/market-history/iv/history/`, () => HttpResponse.json(emptyHistory)),
    http.get(`${API}/api/market-history/iv/day/`, () => HttpResponse.json(expiryDay)),
    http.get(`${API}/api/market-history/iv/smile/`, () =>
      HttpResponse.json({ index: 'NIFTY', expiry: '2026-11-24', now: side('2026-11-24T10:00:00.000Z', nowIvs), earlier: side('2026-11-23T10:00:00.000Z', [15.2, 14.5, 14.9]) }),
    ),
  );
}

function renderScreen(locale: 'en' | 'fr' = 'en') {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <MemoryRouter initialEntries={['/app/volatility?index=NIFTY']}>
        <VolatilityScreen />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('the smile legend', () => {
  it('promises the solid line when the smile now is drawn', async () => {
    answer([15.9, 15.1, 15.4]);
    renderScreen();
    expect(plainText((await screen.findByTestId('iv-smile-now')).textContent ?? '')).toMatch(/^Now \(solid\): /);
    expect(plainText((await screen.findByTestId('iv-smile-chart')).getAttribute('aria-label') ?? '')).toBe('IV by strike, expiry 24 Nov 2026: now (solid) against earlier (dashed)');
  });

  it('on an expiry day without IVs now, promises no solid line and says why (en, fr)', async () => {
    answer([null, 0.4, null]);
    const { unmount } = renderScreen();
    const now = plainText((await screen.findByTestId('iv-smile-now')).textContent ?? '');
    expect(now).not.toContain('solid');
    expect(now).toMatch(/\. No line: an IV could be solved at fewer than two strikes from these prices \(on its expiry day an option has too little time left for one\)\.$/);
    expect(plainText(screen.getByTestId('iv-smile-chart').getAttribute('aria-label') ?? '')).toBe('IV by strike, expiry 24 Nov 2026: earlier (dashed) only, now has no IV to draw');
    unmount();
    renderScreen('fr');
    expect(plainText((await screen.findByTestId('iv-smile-now')).textContent ?? '')).toMatch(/^Maintenant : .+Pas de ligne : /);
  });
});
