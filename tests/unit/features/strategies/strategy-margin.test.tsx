// The margin figure asks the paper broker's endpoint for the legs together and for each alone: the hedge
// benefit is what the legs save together; prices ticking do not ask again, a changed leg does.
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { basketOrders } from '@/app/strategy-builder/basket-orders';
import { useStrategyMargin } from '@/app/strategy-builder/use-strategy-margin';
import { configureApiClients } from '@/lib/api/clients';
import { ironCondor } from './strategy-fixtures';

type Schemas = components['schemas'];
const API = 'http://api.test';
let asked: Schemas['OrderMarginsRequest']['orders'][] = [];

// A toy broker: 50,000 per sold leg alone, 2,000 per bought one, and a hedged basket 30,000 in all.
const server = setupServer(
  http.post(`${API}/api/order-book/margins/orders/`, async ({ request }) => {
    const { orders } = (await request.json()) as Schemas['OrderMarginsRequest'];
    asked.push(orders);
    const margin = orders.length > 1 ? 30_000 : orders[0]?.transaction_type === 'SELL' ? 50_000 : 2_000;
    return HttpResponse.json({ margins: { required: margin + 100, available: 1_000_000, margin, premium: 0, charges: 100, charge_breakdown: { brokerage: 20, stt: 0, exchange: 50, sebi: 1, stamp_duty: 10, gst: 19 } } } satisfies Schemas['OrderMarginsResponse']);
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
  it('shows what the legs need together and what that saves against each alone', async () => {
    const orders = basketOrders(ironCondor(), 'MIS').map((item) => item.order);
    const { result } = renderHook(() => useStrategyMargin('PA1', orders, true));
    expect(result.current).toEqual({ state: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ state: 'ready', required: 30_100, benefit: 2 * 50_000 + 2 * 2_000 - 30_000 }));
    expect(asked.map((batch) => batch.length).sort()).toEqual([1, 1, 1, 1, 4]);
  });

  it('asks again when a leg changes, not when the same orders come again', async () => {
    const legs = ironCondor();
    const { result, rerender } = renderHook(({ orders }) => useStrategyMargin('PA1', orders, true), {
      initialProps: { orders: basketOrders(legs, 'MIS').map((item) => item.order) },
    });
    await waitFor(() => expect(result.current.state).toBe('ready'));
    rerender({ orders: basketOrders(legs.map((leg) => ({ ...leg, entryPrice: leg.entryPrice + 1 })), 'MIS').map((item) => item.order) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(asked).toHaveLength(5);
    rerender({ orders: basketOrders(legs.map((leg, index) => (index === 0 ? { ...leg, lots: 2 } : leg)), 'MIS').map((item) => item.order) });
    expect(result.current).toEqual({ state: 'loading' });
    await waitFor(() => expect(asked).toHaveLength(10));
  });

  it('needs an account, and the network', () => {
    const orders = basketOrders(ironCondor(), 'MIS').map((item) => item.order);
    expect(renderHook(() => useStrategyMargin(null, orders, true)).result.current).toEqual({ state: 'no-account' });
    expect(renderHook(() => useStrategyMargin('PA1', orders, false)).result.current).toEqual({ state: 'failed' });
  });
});
