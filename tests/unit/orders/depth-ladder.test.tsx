// Dhan's 20-level depth on the order ticket: folded until opened (no read before), then the levels the server holds
// read each second, bids and offers side by side; "waiting" before Dhan has sent any, "prices delayed" when its
// socket is quiet; in English and French. Its words name the broker and the levels the brokers list gives (a broker
// streaming 5 levels is never called Dhan's 20), and the ticket shows it only where the list gives levels. HTTP is MSW.
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MarketDepth } from '@/features/orders/api/trading-calls';
import { DepthLadder } from '@/features/orders/components/depth-ladder';
import { OrderTicket } from '@/features/orders/components/order-ticket';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { plainText } from '../support/plain-text.ts';
import { capabilitiesOf } from '../support/broker-capabilities.ts';

const API = 'http://api.test';
const levels = (from: number, step: number, count: number) => Array.from({ length: count }, (_, level) => ({ price: Math.round((from + step * level) * 100) / 100, quantity: 65 * (level + 1), orders: level + 1 }));
const book: MarketDepth = { exchange: 'NFO', tradingsymbol: 'NIFTY26JAN26000CE', levels: 20, bids: levels(99.95, -0.05, 20), asks: levels(100.05, 0.05, 20), updated_at: '2026-01-16T04:00:01Z', stale: false };
let answer: MarketDepth = book;
const asked: string[] = [];
const server = setupServer(
  http.get(`${API}/api/market-depth/:account/`, ({ request, params }) => {
    asked.push(`${String(params.account)} ${new URL(request.url).searchParams.get('tradingsymbol')}`);
    return HttpResponse.json(answer);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  asked.length = 0;
  answer = book;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderIn(locale: 'en' | 'fr', broker = 'Dhan', levels = 20) {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <DepthLadder accountNumber="1100012345" tradingsymbol="NIFTY26JAN26000CE" broker={broker} levels={levels} />
    </IntlProvider>,
  );
}

describe("Dhan's depth on the ticket", () => {
  it('reads nothing until opened, then shows the 20 bids and offers side by side', async () => {
    renderIn('en');
    expect(asked).toEqual([]);
    await userEvent.click(screen.getByText('Market depth (Dhan, 20 levels)'));
    const ladder = await screen.findByTestId('depth-ladder');
    const rows = within(ladder).getAllByRole('row');
    expect(rows).toHaveLength(21);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => plainText(cell.textContent ?? ''));
    // Orders, quantity and price of the bid; price, quantity and orders of the offer.
    expect(cells(rows[1]!)).toEqual(['1', '65', '99.95', '100.05', '65', '1']);
    expect(cells(rows[20]!)).toEqual(['20', '1,300', '99.00', '101.00', '1,300', '20']);
    expect(asked[0]).toBe('1100012345 NIFTY26JAN26000CE');
  });

  it('waits for Dhan, and says in French when its depth has gone quiet', async () => {
    answer = { ...book, bids: [], asks: [], updated_at: null };
    renderIn('en');
    await userEvent.click(screen.getByText('Market depth (Dhan, 20 levels)'));
    expect(await screen.findByText('Waiting for the market depth from Dhan…')).toBeTruthy();
    answer = { ...book, stale: true };
    renderIn('fr');
    await userEvent.click(screen.getByText('Profondeur du carnet (Dhan, 20 niveaux)'));
    expect(await screen.findByText('Prix retardés : la profondeur du carnet envoyée par Dhan n’arrive plus.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('depth-ladder')).toHaveLength(1));
  });
});

describe("another broker's depth", () => {
  it('names the broker and the levels it streams: 5 levels on Shoonya are never "Dhan, 20 levels" (en and fr)', async () => {
    answer = { ...book, levels: 5, bids: levels(99.95, -0.05, 5), asks: levels(100.05, 0.05, 5), updated_at: null };
    const view = renderIn('en', 'Shoonya (Finvasia)', 5);
    const title = screen.getByText('Market depth (Shoonya (Finvasia), 5 levels)');
    await userEvent.click(title);
    expect(await screen.findByText('Waiting for the market depth from Shoonya (Finvasia)…')).toBeTruthy();
    answer = { ...answer, updated_at: '2026-01-16T04:00:01Z', stale: true };
    expect(await screen.findByText('Prices delayed: the market depth from Shoonya (Finvasia) has gone quiet.')).toBeTruthy();
    expect(within(await screen.findByTestId('depth-ladder')).getAllByRole('row')).toHaveLength(6);
    expect(view.container.textContent).not.toMatch(/Dhan|20 levels/);
    view.unmount();

    renderIn('fr', 'Shoonya (Finvasia)', 5);
    await userEvent.click(screen.getByText('Profondeur du carnet (Shoonya (Finvasia), 5 niveaux)'));
    expect(await screen.findByText('Prix retardés : la profondeur du carnet envoyée par Shoonya (Finvasia) n’arrive plus.')).toBeTruthy();
  });

  it('says "1 level", not "1 levels"', () => {
    renderIn('en', 'Flattrade', 1);
    expect(screen.getByText('Market depth (Flattrade, 1 level)')).toBeTruthy();
  });
});

describe('the depth on the order ticket', () => {
  const instrument = { instrument: 'NFO:NIFTY26JAN26000CE', tradingsymbol: 'NIFTY26JAN26000CE', exchange: 'NFO', lot_size: 65, strike: 26000, instrument_type: 'CE', expiry: '2026-01-27', name: 'NIFTY' } as const;
  const renderTicket = (capabilities: ReturnType<typeof capabilitiesOf>, brokerName: string | null) =>
    render(
      <IntlProvider locale="en" defaultLocale="en">
        <OrderTicket
          instrument={instrument}
          quote={{ last_price: 100, timestamp: new Date().toISOString() }}
          account={{ id: 1, name: 'Options', account_number: '1100012345', broker: 'dhan' }}
          capabilities={capabilities}
          brokerName={brokerName}
          portfolioId={null}
          sessionOpen={false}
          defaults={{ product: 'NRML', order_type: 'LIMIT', lots: 1, confirm_before_order: false }}
          initialSide="BUY"
        />
      </IntlProvider>,
    );

  it('titles it with the first levels the brokers list gives and the name it is given, and shows none without levels', () => {
    const view = renderTicket({ ...capabilitiesOf('dhan'), market_depth_levels: [5] }, 'Dhan');
    expect(screen.getByText('Market depth (Dhan, 5 levels)')).toBeTruthy();
    view.unmount();
    const noDepth = renderTicket(capabilitiesOf('shoonya'), 'Shoonya (Finvasia)');
    expect(screen.queryByText(/Market depth/)).toBeNull();
    noDepth.unmount();
    renderTicket(capabilitiesOf('dhan'), 'Dhan');
    expect(screen.getByText('Market depth (Dhan, 20 levels)')).toBeTruthy();
  });
});
