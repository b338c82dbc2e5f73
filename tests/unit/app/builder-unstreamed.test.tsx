// A contract the account's broker does not stream (issue 64: a Dhan account's second expiry, which Dhan's scrip
// master does not list) will never be priced: the builder says so, naming it, instead of "try again in a
// moment". A contract merely not priced yet still asks the trader to wait. The stream is the server's: a
// snapshot pricing the index, then its `unstreamed` event naming the contracts its broker does not stream.
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { clear } from 'idb-keyval';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createIntl } from 'react-intl';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { StrategyBuilderScreen } from '@/app/routes/strategy-builder-screen';
import { missingQuoteText } from '@/app/strategy-builder/missing-quote-text';
import { MissingQuoteError } from '@/app/strategy-builder/use-builder-legs';
import { nowAtom } from '@/features/market/feed/now-atom';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { store } from '@/lib/store';
import { niftyChain } from '../support/nifty-chain.ts';

type Schemas = components['schemas'];
const API = 'http://api.test';
const expiry = '2026-12-01';
const instruments = niftyChain(Array.from({ length: 61 }, (_, i) => 24_500 + i * 50));
const index = 'NSE:NIFTY 50';

/** What the stream's broker says it does not stream: set by each test before the builder opens. */
let unstreamed: { broker: string; instruments: string[] } | null = null;

/** An open event stream: the snapshot (the index alone priced), then the `unstreamed` event when there is one. */
function eventStream(): ReadableStream<Uint8Array> {
  const at = new Date().toISOString();
  const events = [`event: snapshot\ndata: ${JSON.stringify({ market: { status: 'open', demo: false }, data: { [index]: { last_price: 26_040, timestamp: at } } })}\n\n`];
  if (unstreamed !== null) events.push(`event: unstreamed\ndata: ${JSON.stringify(unstreamed)}\n\n`);
  return new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode(events.join(''))) });
}

const server = setupServer(
  http.get(`${API}/api/market/expiries/`, () => HttpResponse.json({ index: 'NIFTY', underlying: index, expiries: [{ date: expiry, kind: 'weekly', closes_at: `${expiry}T15:40:00+05:30` }] } satisfies Schemas['ExpiriesResponse'])),
  http.get(`${API}/api/market/instruments/`, () =>
    HttpResponse.json({ index: 'NIFTY', underlying: index, expiry, kind: 'weekly', strike_step: 50, lot_size: 65, freeze_quantity: 1800, valid_until: '2099-12-01T10:00:00Z', instruments } satisfies Schemas['InstrumentsResponse']),
  ),
  http.post(`${API}/api/market/stream/`, () => new HttpResponse(eventStream(), { headers: { 'content-type': 'text/event-stream' } })),
  http.post(`${API}/analytics/functions/v1/market_data`, () => HttpResponse.json({ data: { [index]: { last_price: 26_040, timestamp: new Date().toISOString() } } })),
  http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: [] })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await clear();
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  // A weekday's trading hour before the chain's expiry.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T06:00:00Z'));
  store.set(nowAtom, Date.now());
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});

async function applyPreset(name: string): Promise<string> {
  const user = userEvent.setup();
  render(
    <IntlProvider locale="en" defaultLocale="en" onError={() => undefined}>
      <MemoryRouter>
        <StrategyBuilderScreen />
      </MemoryRouter>
    </IntlProvider>,
  );
  const preset = await screen.findByRole('button', { name }, { timeout: 5000 });
  await waitFor(() => expect((preset as HTMLButtonElement).disabled).toBe(false), { timeout: 5000 });
  await user.click(preset);
  return (await screen.findByRole('alert', {}, { timeout: 5000 })).textContent ?? '';
}

describe("the strategy builder's contracts without a price", () => {
  it('names the contracts its broker does not stream, and suggests no retry', async () => {
    unstreamed = { broker: 'Dhan', instruments: instruments.map((item) => item.instrument) };
    // The stream's word reaches the builder before the trader picks (it comes right after the snapshot).
    const text = await applyPreset('Short straddle');
    expect(text).toMatch(/^Dhan does not stream prices for NIFTY 01 Dec 26\d{3} (CE|PE): it cannot be priced or added here\.$/);
    expect(screen.queryAllByTestId('leg-card')).toHaveLength(0);
  });

  it('still asks to wait for a contract its broker streams but has not priced yet', async () => {
    unstreamed = null;
    expect(await applyPreset('Short straddle')).toBe('Prices for these strikes have not arrived yet. Try again in a moment.');
  });

  it('says it in French, every contract named', () => {
    const intl = createIntl({ locale: 'fr', defaultLocale: 'en', messages: frMessages });
    const [call, put] = instruments.filter((item) => item.strike === 26_000);
    const error = new MissingQuoteError('straddle', [call!, put!]);
    const told = { broker: 'Dhan', instruments: new Set([call!.instrument, put!.instrument]) };
    expect(missingQuoteText(intl, 'fr', error, told)).toBe('Dhan ne diffuse pas les prix de NIFTY 01 déc. 26000 CE et NIFTY 01 déc. 26000 PE : ces contrats ne peuvent être ni valorisés ni ajoutés ici.');
    expect(missingQuoteText(createIntl({ locale: 'en', defaultLocale: 'en' }), 'en', error, told)).toBe('Dhan does not stream prices for NIFTY 01 Dec 26000 CE and NIFTY 01 Dec 26000 PE: they cannot be priced or added here.');
  });
});
