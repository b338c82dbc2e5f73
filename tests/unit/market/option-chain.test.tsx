// The option chain's strike range: ±10 strikes around the money by default, ±25 or every strike on request,
// and the choice is remembered (IndexedDB) for the next visit.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clear } from 'idb-keyval';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router-dom';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { OptionChain } from '@/features/market/components/option-chain';
import type * as Cells from '@/features/market/components/option-chain-cells';
import { liveFeed } from '@/features/market/feed/live-feed';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { store } from '@/lib/store';
import { niftyChain } from '../support/nifty-chain.ts';

// Each side of a strike row rendered, by its contract: what a price tick costs the ladder.
const sideRenders = vi.hoisted(() => new Map<string, number>());
vi.mock('@/features/market/components/option-chain-cells', async (importOriginal) => {
  const original = await importOriginal<typeof Cells>();
  const SideCells = (props: Parameters<typeof original.SideCells>[0]) => {
    const key = props.instrument?.instrument ?? 'none';
    sideRenders.set(key, (sideRenders.get(key) ?? 0) + 1);
    return original.SideCells(props);
  };
  return { ...original, SideCells };
});

type Schemas = components['schemas'];
const API = 'http://api.test';
const strikes = Array.from({ length: 101 }, (_, i) => 23_550 + i * 50);
const instruments = niftyChain(strikes);

const server = setupServer(
  http.get(`${API}/api/market/expiries/`, () =>
    HttpResponse.json({ index: 'NIFTY', underlying: 'NSE:NIFTY 50', expiries: [{ date: '2026-12-01', kind: 'weekly', closes_at: '2026-12-01T10:10:00.000Z' }] } satisfies Schemas['ExpiriesResponse']),
  ),
  http.get(`${API}/api/market/instruments/`, () =>
    HttpResponse.json({
      index: 'NIFTY',
      underlying: 'NSE:NIFTY 50',
      expiry: '2026-12-01',
      kind: 'weekly',
      strike_step: 50,
      lot_size: 65,
      freeze_quantity: 1800,
      valid_until: '2099-12-01T10:00:00Z',
      instruments,
    } satisfies Schemas['InstrumentsResponse']),
  ),
  http.post(`${API}/api/market/stream/`, () => HttpResponse.json({ message: 'Not Found', code: 'not_found' }, { status: 404 })),
  http.post(`${API}/analytics/functions/v1/market_data`, () =>
    HttpResponse.json({ data: { 'NSE:NIFTY 50': { last_price: 26_040, timestamp: new Date().toISOString() } } }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await clear();
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
});
afterEach(() => server.resetHandlers());

const renderChain = (locale: 'en' | 'fr' = 'en') =>
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      {/* The chain's figures link to the straddle's premium chart: a router, as in the app. */}
      <MemoryRouter>
        <OptionChain />
      </MemoryRouter>
    </IntlProvider>,
  );
/** Matches an element's own text with the numbers' bidi isolation marks left out. */
const plain = (text: string) => (_: string, element: Element | null) =>
  [...(element?.childNodes ?? [])].some((node) => node.nodeType === 3 && node.textContent?.replace(/[\u2066-\u2069]/g, '') === text);
const strikeRows = async () => {
  const table = await screen.findByRole('table', { name: /Option chain of NIFTY/ });
  return within(table).getAllByRole('rowheader').map((cell) => Number(cell.textContent?.replace(/\D/g, '')));
};

describe('the option chain strike range', () => {
  // jsdom lays nothing out: give the chain's scroll box a phone-sized height and each row its usual height,
  // so the virtualised ladder has a view to fill.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.hasAttribute('data-chain-scroll') ? 600 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(40);
  });
  afterEach(() => vi.restoreAllMocks());

  it('has no column heading without words (the cell above the strikes is a plain cell)', async () => {
    renderChain();
    const table = await screen.findByRole('table', { name: /Option chain of NIFTY/ });
    const headings = within(table).getAllByRole('columnheader');
    expect(headings.length).toBeGreaterThan(2);
    expect(headings.filter((heading) => (heading.textContent ?? '').trim() === '').map((heading) => heading.outerHTML)).toEqual([]);
  });

  it("re-renders on a tick only the side whose price moved: the spot's tick moves its line and re-renders no row", async () => {
    const user = userEvent.setup();
    renderChain();
    const range = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Strikes' });
    await within(await screen.findByRole('table')).findByText('At the money', {}, { timeout: 3000 });
    for (const choice of ['10', 'all']) {
      await user.selectOptions(range, choice);
      const table = await screen.findByRole('table', { name: /Option chain of NIFTY/ });
      await waitFor(() => expect(within(table).getAllByRole('rowheader').length).toBeGreaterThan(10));
      // Until the ladder has settled (the virtualizer measures its rows and scrolls over a few frames).
      await waitFor(async () => {
        sideRenders.clear();
        await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
        expect(sideRenders.size).toBe(0);
      });
      const tick = async (instrument: string, last_price: number) => {
        sideRenders.clear();
        await act(async () => {
          store.set(liveFeed().atomFor(instrument), { last_price, timestamp: new Date().toISOString() });
          await new Promise((resolve) => requestAnimationFrame(resolve));
        });
        return Object.fromEntries(sideRenders);
      };
      // The spot moves within the at-the-money strike (26,050), and no strike re-renders. (jsdom does not
      // scroll: with every strike the rows in the page are the lowest ones, the spot's line not among them.)
      expect(await tick('NSE:NIFTY 50', 26_046.5 + Number(choice === 'all'))).toEqual({});
      if (choice === '10') expect(within(table).getByText(plain('Spot 26,046.50'))).toBeTruthy();
      // One contract's price: that side of its row, once.
      const contract = `NFO:NIFTY26D01${(await strikeRows())[2]}CE`;
      expect(await tick(contract, 84.35)).toEqual({ [contract]: 1 });
      expect(within(table).getByText(plain('84.35'))).toBeTruthy();
    }
  });

  it('shows ±10 strikes around the money, every strike on request, and remembers the choice', async () => {
    const user = userEvent.setup();
    const first = renderChain();
    const range = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Strikes' });
    await waitFor(() => expect(range.value).toBe('10'));
    // Centred on the money once the spot arrives (26,040: the 26,050 strike).
    await within(await screen.findByRole('table')).findByText('At the money', {}, { timeout: 3000 });
    expect(await strikeRows()).toEqual(strikes.slice(40, 61));

    // Every strike: the table counts them all (and its two header rows), but only the rows in view are in
    // the page, a contiguous run of the ladder.
    await user.selectOptions(range, 'All');
    await waitFor(async () => expect((await screen.findByRole('table', { name: /Option chain of NIFTY/ })).getAttribute('aria-rowcount')).toBe('103'));
    const shown = await strikeRows();
    expect(shown.length).toBeLessThan(101);
    expect(shown).toEqual(strikes.slice(strikes.indexOf(shown[0]!), strikes.indexOf(shown[0]!) + shown.length));
    first.unmount();

    renderChain();
    const remembered = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Strikes' });
    await waitFor(() => expect(remembered.value).toBe('all'));
    expect((await screen.findByRole('table', { name: /Option chain of NIFTY/ })).getAttribute('aria-rowcount')).toBe('103');
  });
});

describe('open interest on the chain', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.hasAttribute('data-chain-scroll') ? 600 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(40);
    const now = () => new Date().toISOString();
    server.use(
      http.post(`${API}/analytics/functions/v1/market_data`, () =>
        HttpResponse.json({
          data: {
            'NSE:NIFTY 50': { last_price: 26_040, timestamp: now() },
            'NFO:NIFTY26D0126050CE': { last_price: 112.4, timestamp: now(), oi: 3_640_000, volume: 31_820_000 },
            'NFO:NIFTY26D0126050PE': { last_price: 98.15, timestamp: now(), oi: 318_200, volume: 4_875_000 },
          },
        }),
      ),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  /** The at-the-money row's open interest, calls' then puts' (a phone-narrow chain: OI and last price a side). */
  const atmOpenInterest = async (name: RegExp) => {
    const table = await screen.findByRole('table', { name });
    const row = await waitFor(() => {
      const found = table.querySelector('tbody tr[aria-current="true"]');
      if (found === null || found.children[0]?.textContent === '\u2014') throw new Error('no open interest yet');
      return found;
    }, { timeout: 4000 });
    const cells = [...row.children].map((cell) => (cell.textContent ?? '').replace(/[\u2066-\u2069]/g, ''));
    return [cells[0], cells.at(-1)];
  };

  it('reads in lakh, the unit under its header, in English', async () => {
    renderChain();
    const table = await screen.findByRole('table', { name: /Option chain of NIFTY/ });
    expect(within(table).getAllByRole('columnheader', { name: 'OI (lakh)' })).toHaveLength(2);
    expect(await atmOpenInterest(/Option chain of NIFTY/)).toEqual(['36.4', '3.2']);
  });

  it('reads the same in French, with the French word: no "3,6 M" or "318,2 k"', async () => {
    renderChain('fr');
    const table = await screen.findByRole('table', { name: /Chaîne d’options de NIFTY/ });
    expect(within(table).getAllByRole('columnheader', { name: 'OI (lakhs)' })).toHaveLength(2);
    expect(await atmOpenInterest(/Chaîne d’options de NIFTY/)).toEqual(['36,4', '3,2']);
  });
});
