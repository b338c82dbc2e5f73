/**
 * The one empty state of the charts of imported NSE files (issue 40): open interest, volatility and participants
 * with nothing imported each say so with their own words and the same link to Market history, where the files are
 * imported; the participants' empty range puts "Show the last year" before it. In English and in French (the
 * screens' own strings). While the demo market is open, open interest and volatility wait for its first whole
 * minute instead (issue 62), with "Read again now" before the link; a stock's open interest and volatility (issue 63)
 * say when a stock's minutes are recorded instead, in the same words. HTTP mocked with MSW, the app's real clients.
 */
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ParticipantsScreen } from '@/features/analytics/routes/participants-screen';
import { VolatilityScreen } from '@/features/analytics/volatility/volatility-screen';
import { OpenInterestScreen } from '@/features/open-interest/routes/open-interest-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { demoMarketOpenAtom } from '@/lib/market/demo-market';
import { store } from '@/lib/store';
import { API, useNotifiedApi } from '../support/notified-api';

const server = setupServer();
useNotifiedApi(server);

const noOi = { index: 'NIFTY', day: null, expiry: null, interval: 5, days: [], expiries: [], strikes: [], previous_day: null, previous_source: null, intraday: { minutes: [], series: [], pcr: [], max_pain: [], sources: [] }, profile: null };
const noIvHistory = { index: 'NIFTY', basis: 'near_month', lookback_days: 365, from: null, to: null, as_of: null, dates: [], iv: [], expiry: [], strike: [], at: [], source: [], missing_days: [], standing: null };
const noIvDay = { index: 'NIFTY', day: null, expiry: null, expiries: [], as_of: null, minutes: [], iv: [], call_iv: [], put_iv: [], strike: [], spot: [], source: [], settlement: null };
const participants = ['Client', 'DII', 'FII', 'Pro'].map((participant) => ({
  participant,
  ...Object.fromEntries(['future_index', 'future_stock', 'option_index_call', 'option_index_put', 'option_stock_call', 'option_stock_put'].map((group) => [group, { long: [], short: [] }])),
}));
const noParticipants = (from: string | null, to: string | null) => ({ source: 'imported', publisher: 'NSE', from, to, as_of: null, dates: [], missing_days: [], participants });

function answerNothing() {
  server.use(
    http.get(`${API}/api/market-history/open-interest/`, () => HttpResponse.json(noOi)),
    http.get(`${API}/api/market-history/iv/history/`, () => HttpResponse.json(noIvHistory)),
    http.get(`${API}/api/market-history/iv/day/`, () => HttpResponse.json(noIvDay)),
    http.get(`${API}/api/market-history/iv/smile/`, () => HttpResponse.json({ index: 'NIFTY', expiry: null, now: null, earlier: null })),
    http.get(`${API}/api/market-history/participants/`, ({ request }) => {
      const search = new URL(request.url).searchParams;
      return HttpResponse.json(noParticipants(search.get('from'), search.get('to')));
    }),
  );
}

function renderAt(address: string, element: ReactNode, locale: 'en' | 'fr') {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <MemoryRouter initialEntries={[address]}>{element}</MemoryRouter>
    </IntlProvider>,
  );
}

/** The empty state named `title`: its link to Market history and the words of its actions, in order. */
async function emptyState(title: string) {
  const region = await screen.findByRole('region', { name: title });
  const link = within(region).getByRole('link');
  expect(link.getAttribute('href')).toBe('/app/market_history');
  return { link: link.textContent, actions: [...region.querySelectorAll('a, button')].map((action) => action.textContent) };
}

describe('the charts\' empty state with its way to Market history', () => {
  it.each([
    ['en', 'No open interest stored for this index yet', 'Import bhavcopies in Market history', 'No option prices in market history yet', 'Import bhavcopies in Market history', 'No participant data imported yet', 'Import them in Market history'],
    ['fr', frMessages['oi.emptyTitle'], frMessages['oi.import'], frMessages['volatility.emptyTitle'], frMessages['volatility.import'], frMessages['participants.emptyTitle'], frMessages['participants.import']],
  ] as const)('open interest, volatility and participants, in %s', async (locale, oiTitle, oiLink, ivTitle, ivLink, participantsTitle, participantsLink) => {
    answerNothing();
    const oi = renderAt('/app/open_interest', <OpenInterestScreen />, locale);
    expect((await emptyState(String(oiTitle))).link).toBe(oiLink);
    oi.unmount();
    const iv = renderAt('/app/volatility', <VolatilityScreen />, locale);
    expect((await emptyState(String(ivTitle))).link).toBe(ivLink);
    iv.unmount();
    renderAt('/app/participants', <ParticipantsScreen />, locale);
    expect((await emptyState(String(participantsTitle))).link).toBe(participantsLink);
  });

  it.each([
    ['en', 'Waiting for the demo market’s first whole minute', 'Read again now', 'The demo market is open at any hour'],
    ['fr', frMessages['oi.emptyDemoTitle'], frMessages['oi.readAgain'], 'Le marché de démonstration est ouvert à toute heure'],
  ] as const)('while the demo market is open (issue 62), open interest and volatility wait for its first whole minute, in %s', async (locale, title, again, words) => {
    store.set(demoMarketOpenAtom, true);
    try {
      answerNothing();
      const oi = renderAt('/app/open_interest', <OpenInterestScreen />, locale);
      const oiState = await emptyState(String(title));
      expect(oiState.actions[0]).toBe(again);
      expect(screen.getByRole('region', { name: String(title) }).textContent).toContain(words);
      oi.unmount();
      renderAt('/app/volatility', <VolatilityScreen />, locale);
      expect((await emptyState(String(title))).actions[0]).toBe(again);
    } finally {
      store.set(demoMarketOpenAtom, false);
    }
  });

  it.each([
    ['en', 'No open interest of INFY stored yet', 'No option prices of INFY stored yet', 'INFY is a stock: its minutes are recorded while traders watch it'],
    ['fr', 'Aucun intérêt ouvert de INFY enregistré pour l’instant', 'Aucun prix d’option de INFY enregistré pour l’instant', 'INFY est une action : ses minutes sont enregistrées tant que des traders la suivent'],
  ] as const)('a stock with nothing stored (the chain’s links, issue 63): open interest and volatility say when its minutes are recorded, not that the demo market’s come within two, in %s', async (locale, oiTitle, ivTitle, words) => {
    store.set(demoMarketOpenAtom, true);
    try {
      answerNothing();
      const readAgain = locale === 'en' ? 'Read again now' : frMessages['oi.readAgain'];
      const oi = renderAt('/app/open_interest?index=INFY&expiry=2026-12-29&strikes=1020', <OpenInterestScreen />, locale);
      // Read again, still: a stock held or traded by a bot is recorded each minute.
      expect((await emptyState(oiTitle)).actions).toEqual([readAgain, locale === 'en' ? 'Import bhavcopies in Market history' : frMessages['oi.import']]);
      const oiRegion = screen.getByRole('region', { name: oiTitle });
      expect(oiRegion.textContent).toContain(words);
      expect(oiRegion.textContent).not.toMatch(/demo|démonstration/);
      oi.unmount();

      renderAt('/app/volatility?index=INFY', <VolatilityScreen />, locale);
      expect((await emptyState(ivTitle)).actions).toEqual([readAgain, locale === 'en' ? 'Import bhavcopies in Market history' : frMessages['volatility.import']]);
      const ivRegion = screen.getByRole('region', { name: ivTitle });
      // The same words as open interest's (one text, stockRecordedText), and nothing else on the screen contradicts
      // them: the stock's note ("not minute by minute") waits for something to show.
      expect(ivRegion.textContent).toContain(words);
      expect(document.body.textContent).not.toMatch(/demo|démonstration|minute by minute|minute par minute/);
      expect(screen.queryByTestId('iv-stock-note')).toBeNull();
    } finally {
      store.set(demoMarketOpenAtom, false);
    }
  });

  it('the participants\' empty range: "Show the last year", then the link', async () => {
    answerNothing();
    renderAt('/app/participants?from=2026-08-03&to=2026-08-07', <ParticipantsScreen />, 'en');
    const region = await screen.findByTestId('participants-empty-range');
    const title = within(region).getByRole('heading').textContent ?? '';
    expect(await emptyState(title)).toEqual({ link: 'Import them in Market history', actions: ['Show the last year', 'Import them in Market history'] });
  });
});
