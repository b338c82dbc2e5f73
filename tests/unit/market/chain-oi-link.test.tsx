// The chain's strike links to its open interest over time (/app/open_interest) where the OI charts keep the
// underlying's option OI: the NSE indices and, since session 80 (issue 63), any F&O stock; not SENSEX (BSE's OI
// is not in market history). A symbol NSE spells with "&" (M&M) is kept whole in the link's address.
import { render, screen, within } from '@testing-library/react';
import { clear } from 'idb-keyval';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { ChainView, hasOiCharts } from '@/features/market/components/option-chain';
import type { ChainChoice } from '@/features/market/hooks/use-chain-choice';
import { choiceFromSearch } from '@/features/open-interest/model/oi-model';
import { configureApiClients } from '@/lib/api/clients';

type Schemas = components['schemas'];
const API = 'http://api.test';
const expiry = '2026-12-29';

/** The chain of one underlying as /api/market/instruments/ answers: its own spot instrument, a call and a put a strike. */
const chains: Record<string, { underlying: string; exchange: 'NFO' | 'BFO'; strikes: number[] }> = {
  'M&M': { underlying: 'NSE:M&M', exchange: 'NFO', strikes: [3400, 3450, 3500] },
  NIFTY: { underlying: 'NSE:NIFTY 50', exchange: 'NFO', strikes: [25_950, 26_000, 26_050] },
  SENSEX: { underlying: 'BSE:SENSEX', exchange: 'BFO', strikes: [85_000, 85_100, 85_200] },
};

const server = setupServer(
  http.get(`${API}/api/market/instruments/`, ({ request }) => {
    const index = new URL(request.url).searchParams.get('index') ?? '';
    const chain = chains[index]!;
    return HttpResponse.json({
      index,
      underlying: chain.underlying,
      expiry,
      kind: 'monthly',
      strike_step: 50,
      lot_size: 200,
      freeze_quantity: 4000,
      valid_until: '2099-12-01T10:00:00Z',
      instruments: chain.strikes.flatMap((strike, i) =>
        (['CE', 'PE'] as const).map((type, j) => ({
          instrument: `${chain.exchange}:${index}26DEC${strike}${type}`,
          instrument_token: 5000 + i * 2 + j,
          exchange: chain.exchange,
          tradingsymbol: `${index}26DEC${strike}${type}`,
          name: index,
          strike,
          instrument_type: type,
          expiry,
          lot_size: 200,
          tick_size: 0.05,
        })),
      ),
    } satisfies Schemas['InstrumentsResponse']);
  }),
  http.post(`${API}/api/market/stream/`, () => HttpResponse.json({ message: 'Not Found', code: 'not_found' }, { status: 404 })),
  http.post(`${API}/analytics/functions/v1/market_data`, () => HttpResponse.json({ data: {} })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await clear();
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
});
afterEach(() => server.resetHandlers());

const noop = () => undefined;
const choiceOf = (index: string): ChainChoice => ({
  index,
  setIndex: noop,
  picked: null,
  pick: noop,
  expiries: [{ date: expiry, kind: 'monthly', closes_at: '2026-12-29T10:00:00.000Z' }],
  underlying: chains[index]!.underlying,
  futures: [],
  expiriesError: null,
  reloadExpiries: noop,
  expiry,
  setExpiry: noop,
  range: 'all',
  setRange: noop,
});

const strikeCells = async (index: string) => {
  render(
    <IntlProvider locale="en" defaultLocale="en">
      <MemoryRouter>
        <ChainView choice={choiceOf(index)} pickers={null} />
      </MemoryRouter>
    </IntlProvider>,
  );
  const table = await screen.findByRole('table', { name: new RegExp(`Option chain of ${index}`) });
  return within(table).getAllByRole('rowheader');
};

describe("the chain's strike link to the OI charts", () => {
  it("links a stock's strikes to its OI charts, the symbol kept whole in the address (M&M)", async () => {
    const cells = await strikeCells('M&M');
    const links = cells.map((cell) => within(cell).getByRole('link'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([3400, 3450, 3500].map((strike) => `/app/open_interest?index=M%26M&expiry=${expiry}&strikes=${strike}`));
    expect(links[0]!.getAttribute('title')?.replace(/[\u2066-\u2069]/g, '')).toBe('Open interest of the 3,400 strike over time');
    // The OI screen reads the address back as the same stock, expiry and strike.
    const href = links[2]!.getAttribute('href')!;
    expect(choiceFromSearch(new URLSearchParams(href.slice(href.indexOf('?'))))).toMatchObject({ index: 'M&M', expiry, strikes: [3500] });
  });

  it("links an NSE index's strikes as before", async () => {
    const cells = await strikeCells('NIFTY');
    expect(cells.map((cell) => within(cell).getByRole('link').getAttribute('href'))).toEqual(
      [25_950, 26_000, 26_050].map((strike) => `/app/open_interest?index=NIFTY&expiry=${expiry}&strikes=${strike}`),
    );
  });

  it("leaves SENSEX's strikes as plain text: the OI charts keep no BSE option OI", async () => {
    const cells = await strikeCells('SENSEX');
    expect(cells).toHaveLength(3);
    expect(cells.flatMap((cell) => within(cell).queryAllByRole('link'))).toEqual([]);
  });

  it('tells a stock chain (its own NSE symbol as spot) from an index', () => {
    expect(hasOiCharts({ index: 'RELIANCE', underlying: 'NSE:RELIANCE' })).toBe(true);
    expect(hasOiCharts({ index: 'BANKNIFTY', underlying: 'NSE:NIFTY BANK' })).toBe(true);
    expect(hasOiCharts({ index: 'SENSEX', underlying: 'BSE:SENSEX' })).toBe(false);
    expect(hasOiCharts({ index: 'BANKEX', underlying: 'BSE:BANKEX' })).toBe(false);
  });
});
