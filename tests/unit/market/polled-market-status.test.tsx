// With the price stream down, the desk still shows the market state of the account it trades (issue 23): the
// fallback poll of market_data names a live account's broker, and the server answers that broker's exchange
// status. The fake server below answers as the real one does on a Friday evening in demo mode (the Kite
// account's exchange closed until Monday 09:15, the simulator open), so the strip says "Market closed" for a
// Kite account and "Demo market" for a paper one, exactly as the stream would.
import { render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarketStrip } from '@/features/market/components/market-strip';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { selectedAccountAtom, type BrokerAccount } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';

const API = 'http://api.test';
const account = (id: number, broker: string) => ({ id, broker, name: `Account ${id}`, account_number: `AC${id}` }) as unknown as BrokerAccount;

/** market_data as the server answers it on Friday 20 November 2026, 19:00 IST, in demo mode. */
async function marketDataOnFridayEvening(request: Request): Promise<Response> {
  const body = (await request.json()) as { instruments: string[]; broker?: string };
  if (body.broker === 'kite') {
    return Response.json({ data: {}, market: { status: 'closed', demo: false, timestamp: '2026-11-20T13:30:00.000Z', next_open: '2026-11-23T03:45:00.000Z' } });
  }
  const data = Object.fromEntries(body.instruments.map((instrument) => [instrument, { last_price: 26_000, timestamp: '2026-11-20T13:30:00.000Z' }]));
  return Response.json({ data, market: { status: 'open', demo: true, timestamp: '2026-11-20T13:30:00.000Z' } });
}

describe('the market state the desk shows while its price stream is down', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['en', 'Market closed', 'Demo market'],
    ['fr', 'Marché fermé', 'Marché de démonstration'],
  ] as const)("is the Kite account's exchange's (closed on a Friday evening), not the demo simulator's, from the poll (%s)", async (locale, closed, demo) => {
    // The stream is refused every time: only the fallback poll answers.
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('unavailable', { status: 503 })));
    configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' }, marketDataOnFridayEvening);
    store.set(selectedAccountAtom, account(21, 'kite'));
    render(
      <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
        <MarketStrip />
      </IntlProvider>,
    );
    expect(await screen.findByText(closed, {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByText(demo)).toBeNull();

    // The trader switches to a paper account: the simulator's market, open in demo mode.
    store.set(selectedAccountAtom, account(22, 'paper'));
    expect(await screen.findByText(demo, {}, { timeout: 4000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(closed)).toBeNull());
  });
});
