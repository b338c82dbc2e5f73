/**
 * The open-interest screen's refusals (issue 40): a day with no OI stored (404 `open_interest.no_day`), an expiry
 * not stored that day (404 `not_found.expiry`) and strikes the expiry lacks (400 `open_interest.unlisted_strike`)
 * are said in the chart's place, in en and fr, with the one step that opens something; never a "Not Found"
 * notification over an empty screen. Any other 404 still notifies. HTTP mocked with MSW, the app's real notifier.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { OpenInterestScreen } from '@/features/open-interest/routes/open-interest-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { plainText } from '../../support/plain-text';
import { API, notificationTitles, useNotifiedApi } from '../../support/notified-api';

const server = setupServer();
const asked: string[] = [];

/** The server's refusals, as tests/server/open-interest holds them (server/services/texts). */
const noDay = () =>
  HttpResponse.json(
    { message: 'No open interest of NIFTY is stored for 2026-11-20: choose one of the days listed', code: 'not_found', details: { text: { code: 'open_interest.no_day', params: { index: 'NIFTY', day: '2026-11-20' } } } },
    { status: 404 },
  );
const noExpiry = () =>
  HttpResponse.json(
    { message: 'NIFTY has no expiry on 2026-12-03: choose one of its expiries', code: 'not_found', details: { text: { code: 'not_found.expiry', params: { index: 'NIFTY', expiry: '2026-12-03' } } } },
    { status: 404 },
  );
const unlisted = () =>
  HttpResponse.json(
    {
      message: 'strikes: 24050 is not a strike of the 2026-12-29 expiry in the stored days',
      code: 'validation_failed',
      field: 'strikes',
      details: { text: { code: 'open_interest.unlisted_strike', params: { strike: 24050, expiry: '2026-12-29' } } },
    },
    { status: 400 },
  );
/** The latest read of an index with nothing stored (the screen's empty state). */
const nothingStored = () =>
  HttpResponse.json({
    index: 'NIFTY',
    day: null,
    expiry: null,
    interval: 5,
    days: [],
    expiries: [],
    strikes: [],
    previous_day: null,
    previous_source: null,
    intraday: { minutes: [], series: [], pcr: [], max_pain: [], sources: [] },
    profile: null,
  });

function answer(respond: (search: URLSearchParams) => Response) {
  server.use(
    http.get(`${API}/api/market-history/open-interest/`, ({ request }) => {
      const search = new URL(request.url).searchParams;
      asked.push(search.toString());
      return respond(search);
    }),
  );
}

function renderScreen(search: string, locale: 'en' | 'fr' = 'en') {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <MemoryRouter initialEntries={[`/app/open_interest?${search}`]}>
        <OpenInterestScreen />
      </MemoryRouter>
    </IntlProvider>,
  );
}

useNotifiedApi(server);
beforeEach(() => {
  asked.length = 0;
});

describe('the open-interest screen refused', () => {
  it('a day with nothing stored: says which in the chart’s place, no notification, and opens the latest day', async () => {
    answer((search) => (search.has('day') ? noDay() : nothingStored()));
    renderScreen('index=NIFTY&day=2026-11-20');
    const state = await screen.findByTestId('oi-refusal');
    expect(plainText(state.textContent ?? '')).toContain('No open interest of NIFTY is stored for 20 Nov 2026');
    expect(state.textContent).toContain('Open the latest day to choose among them.');
    expect(screen.queryByText('Open interest could not be loaded.')).toBeNull();
    expect(notificationTitles()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Open the latest day' }));
    await screen.findByText('No open interest stored for this index yet');
    expect(asked).toEqual(['index=NIFTY&day=2026-11-20&interval=5', 'index=NIFTY&interval=5']);
    expect(screen.queryByTestId('oi-refusal')).toBeNull();
  });

  it('says it in French', async () => {
    answer(() => noDay());
    renderScreen('index=NIFTY&day=2026-11-20', 'fr');
    const state = await screen.findByTestId('oi-refusal');
    expect(plainText(state.textContent ?? '')).toContain('Aucun intérêt ouvert de NIFTY n’est enregistré pour le 20/11/2026');
    expect(screen.getByRole('button', { name: 'Ouvrir le dernier jour' })).toBeTruthy();
    expect(notificationTitles()).toEqual([]);
  });

  it('an expiry not stored that day: names it and the day, and opens the day’s nearest expiry', async () => {
    answer((search) => (search.has('expiry') ? noExpiry() : nothingStored()));
    renderScreen('index=NIFTY&day=2026-11-20&expiry=2026-12-03');
    const state = await screen.findByTestId('oi-refusal');
    expect(plainText(state.textContent ?? '')).toContain('No open interest of the NIFTY 03 Dec 2026 expiry is stored for 20 Nov 2026');
    expect(notificationTitles()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Open the nearest expiry' }));
    await waitFor(() => expect(asked.at(-1)).toBe('index=NIFTY&day=2026-11-20&interval=5'));
  });

  it('a strike the expiry lacks: the server’s reason, and the default strikes', async () => {
    answer((search) => (search.has('strikes') ? unlisted() : nothingStored()));
    renderScreen('index=NIFTY&expiry=2026-12-29&strikes=24050');
    const state = await screen.findByTestId('oi-refusal');
    expect(state.textContent).toContain('These strikes cannot be charted');
    expect(plainText(state.textContent ?? '')).toContain('24050 is not a strike of the 29 Dec 2026 expiry in the stored days');
    expect(notificationTitles()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Chart the default strikes' }));
    await waitFor(() => expect(asked.at(-1)).toBe('index=NIFTY&expiry=2026-12-29&interval=5'));
  });

  it('leaves any other 404 to the notifier, with the screen’s own failure and retry', async () => {
    answer(() => HttpResponse.json({ message: 'nope', code: 'not_found' }, { status: 404 }));
    renderScreen('index=NIFTY&day=2026-11-20');
    await screen.findByText('Open interest could not be loaded.');
    expect(screen.queryByTestId('oi-refusal')).toBeNull();
    expect(notificationTitles()).toEqual(['Not Found']);
  });
});
