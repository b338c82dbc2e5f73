/**
 * The Participants screen's refusals (issue 40): a range the server refuses (400 `history.from_after_to`,
 * `history.participant_range_too_long`, `validation.format`) is said in the chart's place, in en and fr, with the
 * way back to the last year, and no notification covers it; a range with no file imported says so, naming the
 * range, not "no participant data yet". Any other failure still notifies. HTTP mocked with MSW, the real notifier.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { ParticipantsScreen } from '@/features/analytics/routes/participants-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { plainText } from '../../support/plain-text';
import { API, notificationTitles, useNotifiedApi } from '../../support/notified-api';

const server = setupServer();
const asked: string[] = [];

/** The server's refusals, as tests/server/history/participants-api.test.ts holds them (server/services/texts). */
const backwards = () =>
  HttpResponse.json(
    { message: 'from: must not be after to', code: 'validation_failed', field: 'from', details: { text: { code: 'history.from_after_to', params: {} } } },
    { status: 400 },
  );
const tooLong = () =>
  HttpResponse.json(
    {
      message: 'to: at most 366 days a request (asked 700): read a longer history a year at a time',
      code: 'validation_failed',
      field: 'to',
      details: { text: { code: 'history.participant_range_too_long', params: { limit: 366, days: 700 } } },
    },
    { status: 400 },
  );
const participants = ['Client', 'DII', 'FII', 'Pro'].map((participant) => ({
  participant,
  ...Object.fromEntries(['future_index', 'future_stock', 'option_index_call', 'option_index_put', 'option_stock_call', 'option_stock_put'].map((group) => [group, { long: [], short: [] }])),
}));
const emptyRange = (from: string | null, to: string | null) =>
  HttpResponse.json({ source: 'imported', publisher: 'NSE', from, to, as_of: null, dates: [], missing_days: [], participants });

function answer(respond: (search: URLSearchParams) => Response) {
  server.use(
    http.get(`${API}/api/market-history/participants/`, ({ request }) => {
      const search = new URL(request.url).searchParams;
      asked.push(search.toString());
      return respond(search);
    }),
  );
}

function renderScreen(search: string, locale: 'en' | 'fr' = 'en') {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <MemoryRouter initialEntries={[`/app/participants${search}`]}>
        <ParticipantsScreen />
      </MemoryRouter>
    </IntlProvider>,
  );
}

useNotifiedApi(server);
beforeEach(() => {
  asked.length = 0;
});

describe('the Participants screen', () => {
  it('says a backwards range in the chart’s place (en, fr), no notification, and goes back to the last year', async () => {
    answer((search) => (search.has('from') ? backwards() : emptyRange(null, null)));
    const { unmount } = renderScreen('?from=2026-08-28&to=2026-08-01');
    const refusal = await screen.findByTestId('participants-refusal');
    expect(plainText(refusal.textContent ?? '')).toContain('from: must not be after to');
    expect(refusal.textContent).toContain('Choose a range of at most a year');
    expect(notificationTitles()).toEqual([]);
    expect(asked).toEqual(['from=2026-08-28&to=2026-08-01']);
    fireEvent.click(screen.getByRole('button', { name: 'Show the last year' }));
    await screen.findByText('No participant data imported yet');
    expect(asked.at(-1)).toBe('');
    unmount();

    renderScreen('?from=2026-08-28&to=2026-08-01', 'fr');
    const french = await screen.findByTestId('participants-refusal');
    expect(french.textContent).toContain('Choisissez une période d’un an au plus');
    expect(screen.getByRole('button', { name: 'Afficher la dernière année' })).toBeTruthy();
  });

  it('says a range over a year with the server’s limit, in the chart’s place', async () => {
    answer(() => tooLong());
    renderScreen('?from=2024-01-01&to=2025-12-01');
    const refusal = await screen.findByTestId('participants-refusal');
    expect(plainText(refusal.textContent ?? '')).toMatch(/366/);
    expect(notificationTitles()).toEqual([]);
  });

  it('names a range with no file imported, with the last year and Market history as ways on (en, fr)', async () => {
    answer((search) => emptyRange(search.get('from'), search.get('to')));
    const { unmount } = renderScreen('?from=2025-01-06&to=2025-01-10');
    const empty = await screen.findByTestId('participants-empty-range');
    expect(plainText(empty.textContent ?? '')).toContain('No participant file imported from 06 Jan 2025 to 10 Jan 2025');
    expect(screen.getByRole('link', { name: 'Import them in Market history' })).toBeTruthy();
    expect(screen.queryByText('No participant data imported yet')).toBeNull();
    unmount();
    renderScreen('?from=2025-01-06&to=2025-01-10', 'fr');
    await waitFor(() => expect(plainText(document.body.textContent ?? '')).toContain('Aucun fichier de participants importé du 06/01/2025 au 10/01/2025'));
  });

  it('still notifies a failure it does not word itself', async () => {
    answer(() => HttpResponse.json({ message: 'nope', code: 'not_found' }, { status: 404 }));
    renderScreen('');
    await screen.findByText('The participants’ positions could not be loaded.');
    expect(notificationTitles()).toEqual(['Not Found']);
    expect(screen.queryByTestId('participants-refusal')).toBeNull();
  });
});
