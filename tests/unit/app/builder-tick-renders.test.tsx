// The strategy builder's once-a-second price tick re-renders what shows prices (the payoff, its figures, each
// leg's price line) and computes the figures once; the controls and each leg's fields (five selects, one
// with the chain's strikes) stay as they are (issue 37: the tick re-rendered the whole builder, which showed
// in its longest tasks while a slider was dragged). Selects are counted by their label.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { clear } from 'idb-keyval';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Strategy from '@quant/strategy.ts';
import type { components } from '@openapi/main';
import { StrategyBuilderScreen } from '@/app/routes/strategy-builder-screen';
import type * as Select from '@/components/ui/select-field';
import { liveFeed } from '@/features/market/feed/live-feed';
import { nowAtom } from '@/features/market/feed/now-atom';
import { configureApiClients } from '@/lib/api/clients';
import { store } from '@/lib/store';
import { niftyChain } from '../support/nifty-chain.ts';

type Schemas = components['schemas'];
const API = 'http://api.test';

const work = vi.hoisted(() => ({ selects: new Map<string, number>(), summaries: 0 }));
vi.mock('@/components/ui/select-field', async (importOriginal) => {
  const original = await importOriginal<typeof Select>();
  const SelectField = (props: Parameters<typeof original.SelectField>[0]) => {
    work.selects.set(String(props.label), (work.selects.get(String(props.label)) ?? 0) + 1);
    return original.SelectField(props);
  };
  return { ...original, SelectField };
});
vi.mock('@quant/strategy.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Strategy>();
  return { ...original, summariseStrategy: (...args: Parameters<typeof original.summariseStrategy>) => ((work.summaries += 1), original.summariseStrategy(...args)) };
});

const expiry = '2026-12-01';
const strikes = Array.from({ length: 61 }, (_, i) => 24_500 + i * 50);
const instruments = niftyChain(strikes);
const spot = 26_040;
/** The market's level now: the fallback poll answers it too, so a poll landing beside a tick agrees with it. */
let level = spot;
/** A believable premium: intrinsic value and some time value falling away from the money. */
const premium = (instrument: string, level: number) => {
  const strike = Number(instrument.slice(-7, -2));
  const intrinsic = instrument.endsWith('CE') ? Math.max(0, level - strike) : Math.max(0, strike - level);
  return Math.round((intrinsic + 120 * Math.exp(-Math.abs(level - strike) / 400)) * 20) / 20;
};
const quote = (instrument: string, level: number, at: string) =>
  instrument === 'NSE:NIFTY 50' ? { last_price: level, timestamp: at } : { last_price: premium(instrument, level), timestamp: at };

const server = setupServer(
  http.get(`${API}/api/market/expiries/`, () => HttpResponse.json({ index: 'NIFTY', underlying: 'NSE:NIFTY 50', expiries: [{ date: expiry, kind: 'weekly', closes_at: `${expiry}T15:40:00+05:30` }] } satisfies Schemas['ExpiriesResponse'])),
  http.get(`${API}/api/market/instruments/`, () =>
    HttpResponse.json({
      index: 'NIFTY',
      underlying: 'NSE:NIFTY 50',
      expiry,
      kind: 'weekly',
      strike_step: 50,
      lot_size: 65,
      freeze_quantity: 1800,
      valid_until: '2099-12-01T10:00:00Z',
      instruments,
    } satisfies Schemas['InstrumentsResponse']),
  ),
  http.post(`${API}/api/market/stream/`, () => HttpResponse.json({ message: 'Not Found', code: 'not_found' }, { status: 404 })),
  http.post(`${API}/analytics/functions/v1/market_data`, async ({ request }) => {
    const { instruments: wanted } = (await request.json()) as { instruments: string[] };
    const at = new Date().toISOString();
    return HttpResponse.json({ data: Object.fromEntries(wanted.map((instrument) => [instrument, quote(instrument, level, at)])) });
  }),
  http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: [] })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await clear();
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
});
afterEach(() => server.resetHandlers());

describe('a price tick in the strategy builder', () => {
  // A weekday's trading hour before the chain's expiry (the builder prices an open market's tick): run after the
  // close, or after the expiry, it computed nothing.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T06:00:00Z'));
    // The clock atom took the real time when its module loaded: after the expiry's close the legs had expired.
    store.set(nowAtom, Date.now());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('re-renders the prices and computes the figures once; the controls and the legs’ fields stay', async () => {
    const user = userEvent.setup();
    render(
      <IntlProvider locale="en" defaultLocale="en" onError={() => undefined}>
        <MemoryRouter>
          <StrategyBuilderScreen />
        </MemoryRouter>
      </IntlProvider>,
    );
    const condor = await screen.findByRole('button', { name: 'Iron condor' }, { timeout: 5000 });
    await waitFor(() => expect((condor as HTMLButtonElement).disabled).toBe(false), { timeout: 5000 });
    await waitFor(async () => {
      await user.click(condor);
      expect(screen.getAllByTestId('leg-card')).toHaveLength(4);
    }, { timeout: 5000 });
    const legs = screen.getAllByTestId('leg-card');
    const firstPrice = () => within(legs[0]!).getByText(/^Entry|₹/).textContent;
    const before = firstPrice();

    for (const next of [26_052, 26_071.5]) {
      work.selects.clear();
      work.summaries = 0;
      // The tick arrives as the feed's next answer (its fallback poll): through the feed, so an answer already
      // on its way can never land over it. The pinned clock stands still, so the builder's clock does not move.
      level = next;
      await waitFor(() => expect(store.get(liveFeed().atomFor('NSE:NIFTY 50'))?.last_price).toBe(next), { timeout: 5000 });
      await act(async () => {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        await new Promise((resolve) => requestAnimationFrame(resolve));
      });
      expect({ selects: Object.fromEntries(work.selects), summaries: work.summaries }).toEqual({ selects: {}, summaries: 1 });
    }
    // The prices did move on screen.
    expect(firstPrice()).not.toBe(before);
  });
});
