// @vitest-environment node
// The basket: hedges go first, and each leg's outcome is read from the orders the broker answered with,
// including a leg sliced into several orders and a request refused as a whole.
import { describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { basketOrders } from '@/app/strategy-builder/basket-orders';
import { legResults } from '@/app/strategy-builder/basket-results';
import { ironCondor } from './strategy-fixtures';

type Order = components['schemas']['Order'];

const order = (symbol: string, side: 'BUY' | 'SELL', status: Order['status'], average = 10, quantity = 65, message: string | null = null): Order => ({
  order_id: `${symbol}-${side}-${Math.random()}`,
  exchange_order_id: null,
  account_number: 'PA1',
  portfolio_id: 7,
  tradingsymbol: symbol,
  exchange: 'NFO',
  transaction_type: side,
  order_type: 'MARKET',
  product: 'MIS',
  variety: 'regular',
  validity: 'DAY',
  quantity,
  price: 0,
  trigger_price: 0,
  average_price: average,
  filled_quantity: status === 'COMPLETE' ? quantity : 0,
  pending_quantity: 0,
  cancelled_quantity: 0,
  status,
  status_message: message,
  status_message_i18n: null,
  tag: 'key',
  order_timestamp: '2026-11-24T06:00:00Z',
  exchange_timestamp: null,
  modifications: 0,
});

describe('basket orders', () => {
  it('send the bought wings before the sold strikes, at market, lots × lot size, and leave switched-off legs out', () => {
    const legs = ironCondor();
    legs[3] = { ...legs[3]!, enabled: false };
    const items = basketOrders([...legs].reverse(), 'NRML');
    expect(items.map((item) => item.order.transaction_type)).toEqual(['BUY', 'BUY', 'SELL']);
    expect(items.every((item) => item.order.order_type === 'MARKET' && item.order.product === 'NRML' && item.order.quantity === 65)).toBe(true);
    expect(items.map((item) => item.leg.id)).not.toContain(legs[3]!.id);
  });
});

describe('leg results', () => {
  const legs = ironCondor();
  const symbol = (index: number) => legs[index]!.tradingsymbol;

  it('mark each leg filled, failed with the broker’s reason, or working', () => {
    const results = legResults(legs, {
      kind: 'answered',
      orders: [
        order(symbol(0), 'BUY', 'COMPLETE', 12.5),
        order(symbol(1), 'BUY', 'COMPLETE', 9),
        order(symbol(2), 'SELL', 'REJECTED', 0, 65, 'Insufficient margin'),
        order(symbol(3), 'SELL', 'OPEN'),
      ],
    });
    expect(results.get(legs[0]!.id)).toMatchObject({ status: 'filled', order: { average_price: 12.5 } });
    expect(results.get(legs[2]!.id)).toMatchObject({ status: 'failed', reason: 'Insufficient margin' });
    expect(results.get(legs[3]!.id)?.status).toBe('working');
  });

  it('average a leg sliced into several fills by quantity', () => {
    const results = legResults([legs[0]!], { kind: 'answered', orders: [order(symbol(0), 'BUY', 'COMPLETE', 10, 1800), order(symbol(0), 'BUY', 'COMPLETE', 13, 600)] });
    const result = results.get(legs[0]!.id);
    expect(result?.status === 'filled' && result.order.average_price).toBeCloseTo((10 * 1800 + 13 * 600) / 2400, 10);
  });

  it('fail every leg of a request the broker refused, with its message, and say nothing of a lost answer', () => {
    const refused = legResults(legs, { kind: 'refused', error: Object.assign(new Error('Session expired'), { kind: 'http', status: 403 }) as never });
    expect([...refused.values()].every((result) => result.status === 'failed' && result.reason === 'Session expired')).toBe(true);
    expect(legResults(legs, { kind: 'not_placed' }).size).toBe(0);
  });
});
