// The Market facts screen (issue 60) against MSW: a card per exchange, index and charge segment in the desk's
// order; each value in the trader's language (a band, a weekday, a rate as a percentage); a stale fact says it may
// be out of date; a fact a live broker's instrument file disagrees with says so, with the broker's value; a source
// the card's lines share is said once at its foot (issue 63), in en and fr.
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { MarketFactsScreen } from '@/features/market-facts/routes/market-facts-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { plainText } from '../../support/plain-text';

type Fact = components['schemas']['MarketFact'];
const API = 'http://api.test';

const fact = (over: Partial<Fact> & Pick<Fact, 'kind' | 'subject' | 'value' | 'unit'>): Fact => ({
  detail: null,
  effective_from: '2026-08-03',
  source: 'NSE circular 74/2026',
  age_days: 3,
  revision_days: null,
  stale: false,
  broker_value: null,
  broker_name: null,
  ...over,
});

const facts: Fact[] = [
  fact({ kind: 'session_hours', subject: 'BSE', value: '09:15-15:40', unit: 'time_range' }),
  fact({ kind: 'charge', subject: 'NFO-OPT', detail: 'stt_sell', value: '0.0015', unit: 'fraction', effective_from: '2026-04-01', source: 'Finance Act 2026', revision_days: 400 }),
  fact({ kind: 'freeze_quantity', subject: 'BANKNIFTY', value: '600', unit: 'units', source: 'NSE/FAOP/75521 of 31 Jul 2026', age_days: 118, revision_days: 62, stale: true, broker_value: '900', broker_name: 'Upstox' }),
  fact({ kind: 'session_hours', subject: 'NSE', value: '09:15-15:40', unit: 'time_range' }),
  fact({ kind: 'price_band', subject: 'NSE', value: '20|0.4', unit: 'band', effective_from: '2022-10-31', source: 'NSE/FAOP/54242', age_days: 1490 }),
  fact({ kind: 'expiry_weekday', subject: 'NIFTY', value: '2', unit: 'weekday', effective_from: '2025-12-30', source: 'NSE/FAOP/68589', age_days: 334 }),
  fact({ kind: 'holiday', subject: 'NSE', detail: 'Christmas', value: '2026-12-25', unit: 'date', effective_from: '2026-12-25', source: 'NSE/CMTR/71775', age_days: null }),
];

const server = setupServer(http.get(`${API}/api/market/facts/`, () => HttpResponse.json({ day: '2026-11-29', as_of: '2026-11-29T05:00:00.000Z', facts })));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderScreen(locale: 'en' | 'fr') {
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <MarketFactsScreen />
    </IntlProvider>,
  );
}

const textOf = (element: Element) => plainText(element.textContent ?? '');

const itemOf = (card: HTMLElement, kind: string) => {
  const item = card.querySelector(`[data-kind="${kind}"]`);
  if (!(item instanceof HTMLElement)) throw new Error(`no ${kind} in the card`);
  return item;
};

describe('the Market facts screen', () => {
  it('shows each card in the desk order, each value in words and figures, and what may be wrong with a fact', async () => {
    renderScreen('en');
    const cards = await screen.findAllByTestId('market-facts-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'NSE: sessions and exchange rules',
      'BSE: sessions and exchange rules',
      'NIFTY: contracts',
      'BANKNIFTY: contracts',
      'Charges on NFO-OPT',
    ]);
    const nse = screen.getByRole('region', { name: 'NSE: sessions and exchange rules' });
    expect(textOf(itemOf(nse, 'price_band'))).toContain('±40% of the reference price, at least ±₹20');
    expect(textOf(itemOf(nse, 'holiday'))).toContain('Holiday: Christmas');
    expect(textOf(itemOf(nse, 'holiday'))).toContain('On 25 Dec 2026');
    expect(itemOf(nse, 'holiday').textContent).not.toContain('days old');
    expect(textOf(itemOf(screen.getByRole('region', { name: 'NIFTY: contracts' }), 'expiry_weekday'))).toContain('Tuesday');
    expect(textOf(screen.getByRole('region', { name: 'Charges on NFO-OPT' }))).toContain('STT on option sales (premium)0.15%');

    const freeze = itemOf(screen.getByRole('region', { name: 'BANKNIFTY: contracts' }), 'freeze_quantity');
    expect(textOf(within(freeze).getByTestId('market-fact-stale'))).toBe('May be out of date: older than its usual revision (62 days).');
    expect(textOf(within(freeze).getByTestId('market-fact-broker'))).toBe('Upstox’s instrument file says 900: Upstox’s value is used for its orders.');
    expect(textOf(screen.getByTestId('market-facts-day'))).toContain('1 fact may be out of date.');
  });

  it('says the same in French', async () => {
    renderScreen('fr');
    const card = await screen.findByRole('region', { name: 'BANKNIFTY : contrats' });
    const freeze = itemOf(card, 'freeze_quantity');
    expect(textOf(freeze)).toContain('Quantité de gel (maximum par ordre)');
    expect(textOf(within(freeze).getByTestId('market-fact-age'))).toBe('il y a 118 jours');
    expect(textOf(within(freeze).getByTestId('market-fact-broker'))).toBe(
      'Le fichier d’instruments de Upstox indique 900 : la valeur de Upstox est utilisée pour ses ordres.',
    );
    expect(textOf(itemOf(screen.getByRole('region', { name: 'NIFTY : contrats' }), 'expiry_weekday'))).toContain('Mardi');
  });

  it('labels a futures segment’s charges as rates of the turnover, not the premium, with the paper broker’s brokerage rate (issue 63)', async () => {
    const charge = (subject: string, detail: string, value: string, unit: Fact['unit'] = 'fraction') =>
      fact({ kind: 'charge', subject, detail, value, unit, effective_from: '2026-04-01', source: 'Union Budget 2026' });
    server.use(
      http.get(`${API}/api/market/facts/`, () =>
        HttpResponse.json({
          day: '2026-11-29',
          as_of: '2026-11-29T05:00:00.000Z',
          facts: [
            charge('NFO-OPT', 'stt_sell', '0.0015'),
            charge('NFO-OPT', 'brokerage_per_order', '2000', 'paise'),
            charge('NFO-FUT', 'stt_sell_futures', '0.0005'),
            charge('NFO-FUT', 'exchange_futures', '0.0000183'),
            charge('NFO-FUT', 'sebi_futures', '0.000001'),
            charge('NFO-FUT', 'stamp_buy_futures', '0.00002'),
            charge('NFO-FUT', 'gst', '0.18'),
            charge('NFO-FUT', 'brokerage_per_order', '2000', 'paise'),
            charge('NFO-FUT', 'brokerage_rate', '0.0003'),
          ],
        }),
      ),
    );
    renderScreen('en');
    const futures = await screen.findByRole('region', { name: 'Charges on NFO-FUT' });
    const lines = [...futures.querySelectorAll('[data-testid="market-fact"]')].map((item) => textOf(item.querySelector('.font-medium')!) + ' = ' + textOf(within(item as HTMLElement).getByTestId('market-fact-value')));
    expect(lines).toEqual([
      'STT on futures sales (turnover) = 0.05%',
      'Exchange transaction charge (turnover) = 0.00183%',
      'SEBI turnover fee (turnover) = 0.0001%',
      'Stamp duty on buys (turnover) = 0.002%',
      'GST (on brokerage and charges) = 18%',
      'Brokerage (paper broker) = ₹20.00 an order',
      'Brokerage, share of the order’s value (paper broker, at most the flat fee) = 0.03%',
    ]);
    expect(textOf(futures)).not.toMatch(/option|premium/i);
    // The options' card keeps the options' words.
    expect(textOf(screen.getByRole('region', { name: 'Charges on NFO-OPT' }))).toContain('STT on option sales (premium)0.15%');
  });

  it('says a source the card’s lines share once at its foot, and a line’s own only where it differs', async () => {
    const budget = 'Union Budget 2026 (Finance Bill 2026, Part II: rates of securities transaction tax on sales of futures) and NSE circular 71990 of 1 Apr 2026';
    const charge = (detail: string, value: string) => fact({ kind: 'charge', subject: 'NFO-FUT', detail, value, unit: 'fraction', source: budget });
    const session = (kind: Fact['kind'], value: string, source = 'NSE circular 74/2026') => fact({ kind, subject: 'NSE', value, unit: kind === 'session_hours' || kind === 'pre_open' ? 'time_range' : 'time', source });
    server.use(
      http.get(`${API}/api/market/facts/`, () =>
        HttpResponse.json({
          day: '2026-11-29',
          as_of: '2026-11-29T05:00:00.000Z',
          facts: [
            session('session_hours', '09:15-15:30'),
            session('pre_open', '09:00-09:08'),
            session('mis_square_off', '15:20', 'Zerodha: MIS square-off timings'),
            session('trade_modification_end', '16:15'),
            charge('stt_sell_futures', '0.0005'),
            charge('exchange_futures', '0.0000183'),
            charge('gst', '0.18'),
            fact({ kind: 'expiry_weekday', subject: 'NIFTY', value: '2', unit: 'weekday', source: 'NSE/FAOP/68589' }),
          ],
        }),
      ),
    );
    renderScreen('en');
    // Every line of the futures' charges cites the budget: said once, at the card's foot.
    const futures = await screen.findByRole('region', { name: 'Charges on NFO-FUT' });
    expect(within(futures).queryAllByTestId('market-fact-source')).toEqual([]);
    expect(textOf(within(futures).getByTestId('market-facts-card-source'))).toBe(`Source of every line: ${budget}`);
    expect(textOf(futures).split(budget)).toHaveLength(2);
    // Three of the exchange's four lines share a circular: the odd one says its own, the foot the others'.
    const nse = screen.getByRole('region', { name: 'NSE: sessions and exchange rules' });
    expect(within(nse).getAllByTestId('market-fact-source').map(textOf)).toEqual(['Source: Zerodha: MIS square-off timings']);
    expect(textOf(within(itemOf(nse, 'mis_square_off')).getByTestId('market-fact-source'))).toBe('Source: Zerodha: MIS square-off timings');
    expect(textOf(within(nse).getByTestId('market-facts-card-source'))).toBe('Source of every line without its own: NSE circular 74/2026');
    // A card of one line says its source on that line, no foot.
    const nifty = screen.getByRole('region', { name: 'NIFTY: contracts' });
    expect(within(nifty).queryByTestId('market-facts-card-source')).toBeNull();
    expect(textOf(within(nifty).getByTestId('market-fact-source'))).toBe('Source: NSE/FAOP/68589');
  });

  it('says the card’s shared source in French', async () => {
    server.use(
      http.get(`${API}/api/market/facts/`, () =>
        HttpResponse.json({
          day: '2026-11-29',
          as_of: '2026-11-29T05:00:00.000Z',
          facts: [
            fact({ kind: 'session_hours', subject: 'NSE', value: '09:15-15:30', unit: 'time_range' }),
            fact({ kind: 'pre_open', subject: 'NSE', value: '09:00-09:08', unit: 'time_range' }),
            fact({ kind: 'mis_square_off', subject: 'NSE', value: '15:20', unit: 'time', source: 'Zerodha' }),
            fact({ kind: 'charge', subject: 'NFO-FUT', detail: 'stt_sell_futures', value: '0.0005', unit: 'fraction' }),
            fact({ kind: 'charge', subject: 'NFO-FUT', detail: 'gst', value: '0.18', unit: 'fraction' }),
          ],
        }),
      ),
    );
    renderScreen('fr');
    const futures = await screen.findByRole('region', { name: /NFO-FUT/ });
    expect(textOf(within(futures).getByTestId('market-facts-card-source'))).toBe('Source de chaque ligne : NSE circular 74/2026');
    const nse = screen.getByRole('region', { name: /^NSE/ });
    expect(textOf(within(nse).getByTestId('market-facts-card-source'))).toBe('Source de chaque ligne sans la sienne : NSE circular 74/2026');
    expect(within(nse).getAllByTestId('market-fact-source').map(textOf)).toEqual(['Source : Zerodha']);
  });

  it('labels the futures lines in French', async () => {
    server.use(
      http.get(`${API}/api/market/facts/`, () =>
        HttpResponse.json({
          day: '2026-11-29',
          as_of: '2026-11-29T05:00:00.000Z',
          facts: [
            fact({ kind: 'charge', subject: 'NFO-FUT', detail: 'stt_sell_futures', value: '0.0005', unit: 'fraction' }),
            fact({ kind: 'charge', subject: 'NFO-FUT', detail: 'brokerage_rate', value: '0.0003', unit: 'fraction' }),
          ],
        }),
      ),
    );
    renderScreen('fr');
    const futures = await screen.findByRole('region', { name: /NFO-FUT/ });
    expect(textOf(itemOf(futures, 'charge'))).toContain('STT sur les ventes de futures (montant négocié)');
    expect(textOf(futures)).toContain('Courtage, part de la valeur de l’ordre');
    expect(textOf(futures)).toMatch(/0,03\s?%/);
  });
});
