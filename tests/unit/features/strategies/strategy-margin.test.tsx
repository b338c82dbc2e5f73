// The margin figures ask the broker's endpoint once for the legs together: the strategy's own margin (as on
// an empty account, with its hedge benefit) and the margin after the account's positions, each labelled;
// prices ticking do not ask again, a changed leg does.
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { basketOrders } from '@/app/strategy-builder/basket-orders';
import { useStrategyMargin } from '@/app/strategy-builder/use-strategy-margin';
import { StrategyMarginFigures } from '@/features/strategies/components/strategy-margin-figure';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { plainText } from '../../support/plain-text';
import { ironCondor } from './strategy-fixtures';

type Schemas = components['schemas'];
const API = 'http://api.test';
let asked: Schemas['OrderMarginsRequest']['orders'][] = [];

// A toy broker: the condor alone needs 30,000 (104,000 leg by leg); this account's positions make it 12,000.
const server = setupServer(
  http.post(`${API}/api/order-book/margins/orders/`, async ({ request }) => {
    const { orders } = (await request.json()) as Schemas['OrderMarginsRequest'];
    asked.push(orders);
    return HttpResponse.json({
      margins: {
        required: 12_100,
        available: 1_000_000,
        margin: 12_000,
        margin_released: 0,
        premium: 0,
        charges: 100,
        charge_breakdown: { brokerage: 20, brokerage_status: 'priced', stt: 0, exchange: 50, sebi: 1, stamp_duty: 10, gst: 19, call_and_trade: 0 },
        standalone: { required: 30_100, margin: 30_000, hedge_benefit: 74_000 },
      },
    } satisfies Schemas['OrderMarginsResponse']);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  asked = [];
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('margin with hedge benefit', () => {
  it("takes the strategy's own margin and hedge benefit apart from the margin after the account's positions, in one request", async () => {
    const orders = basketOrders(ironCondor(), 'MIS').map((item) => item.order);
    const { result } = renderHook(() => useStrategyMargin('PA1', orders, true));
    expect(result.current).toEqual({ state: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ state: 'ready', own: 30_100, benefit: 74_000, afterPositions: 12_100, released: 0, available: 1_000_000, brokerageNotPriced: false }));
    expect(asked.map((batch) => batch.length)).toEqual([4]);
  });

  it.each([
    ['en', 'Margin, this strategy alone₹30,100.00Hedge benefit ₹74,000.00', 'Margin after your positions₹12,100.00Frees ₹5,000.00 of marginMargin available ₹10,00,000.00'],
    ['fr', 'Marge, cette stratégie seule30 100,00 ₹Gain de couverture 74 000,00 ₹', 'Marge après vos positions12 100,00 ₹Libère 5 000,00 ₹ de margeMarge disponible 1 000 000,00 ₹'],
  ] as const)('labels both figures in %s', (locale, own, after) => {
    render(
      <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
        <dl><StrategyMarginFigures margin={{ state: 'ready', own: 30_100, benefit: 74_000, afterPositions: 12_100, released: 5_000, available: 1_000_000, brokerageNotPriced: false }} /></dl>
      </IntlProvider>,
    );
    expect(plainText(screen.getByTestId('margin').textContent)).toBe(own);
    expect(plainText(screen.getByTestId('margin-after-positions').textContent)).toBe(after);
  });

  it('says when the account has less margin available than the strategy needs after its positions', () => {
    render(
      <IntlProvider locale="en" defaultLocale="en">
        <dl><StrategyMarginFigures margin={{ state: 'ready', own: 30_100, benefit: 74_000, afterPositions: 12_100, released: 0, available: 12_099.99, brokerageNotPriced: false }} /></dl>
      </IntlProvider>,
    );
    expect(plainText(screen.getByTestId('margin-after-positions').textContent)).toBe('Margin after your positions₹12,100.00Margin available ₹12,099.99: not enough');
  });

  it.each([
    ['en', 'Margin, this strategy alone₹30,100.00Excludes brokerage (not priced)', 'Margin after your positions₹12,100.00Excludes brokerage (not priced)Margin available ₹10,00,000.00'],
    ['fr', 'Marge, cette stratégie seule30 100,00 ₹Hors courtage (non chiffré)', 'Marge après vos positions12 100,00 ₹Hors courtage (non chiffré)Marge disponible 1 000 000,00 ₹'],
  ] as const)('says in %s that both figures leave out a brokerage the broker’s tariff does not price', (locale, own, after) => {
    render(
      <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
        <dl><StrategyMarginFigures margin={{ state: 'ready', own: 30_100, benefit: 0, afterPositions: 12_100, released: 0, available: 1_000_000, brokerageNotPriced: true }} /></dl>
      </IntlProvider>,
    );
    expect(plainText(screen.getByTestId('margin').textContent)).toBe(own);
    expect(plainText(screen.getByTestId('margin-after-positions').textContent)).toBe(after);
  });

  it('asks again when a leg changes, not when the same orders come again', async () => {
    const legs = ironCondor();
    const { result, rerender } = renderHook(({ orders }) => useStrategyMargin('PA1', orders, true), {
      initialProps: { orders: basketOrders(legs, 'MIS').map((item) => item.order) },
    });
    await waitFor(() => expect(result.current.state).toBe('ready'));
    rerender({ orders: basketOrders(legs.map((leg) => ({ ...leg, entryPrice: leg.entryPrice + 1 })), 'MIS').map((item) => item.order) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(asked).toHaveLength(1);
    rerender({ orders: basketOrders(legs.map((leg, index) => (index === 0 ? { ...leg, lots: 2 } : leg)), 'MIS').map((item) => item.order) });
    expect(result.current).toEqual({ state: 'loading' });
    await waitFor(() => expect(asked).toHaveLength(2));
  });

  it('asks again once a basket traded here has filled: the account holds more', async () => {
    const orders = basketOrders(ironCondor(), 'MIS').map((item) => item.order);
    const { result, rerender } = renderHook(({ held }) => useStrategyMargin('PA1', orders, true, held), { initialProps: { held: '[]' } });
    await waitFor(() => expect(result.current.state).toBe('ready'));
    rerender({ held: '[["leg-1",41.5]]' });
    expect(result.current).toEqual({ state: 'loading' });
    await waitFor(() => expect(asked).toHaveLength(2));
  });

  it('needs an account, and the network', () => {
    const orders = basketOrders(ironCondor(), 'MIS').map((item) => item.order);
    expect(renderHook(() => useStrategyMargin(null, orders, true)).result.current).toEqual({ state: 'no-account' });
    expect(renderHook(() => useStrategyMargin('PA1', orders, false)).result.current).toEqual({ state: 'failed' });
  });
});
