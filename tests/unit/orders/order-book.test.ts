import { describe, expect, it } from 'vitest';
import { mergeOrderBook } from '@/features/orders/api/trading-calls';
import { newIntentKey, outcomeUnknown } from '@/features/orders/api/send-intent';
import type { Order, OrderBook } from '@/features/orders/api/trading-types';
import { ApiError } from '@/lib/api/api-error';

const order = (id: string, status: Order['status'] = 'OPEN'): Order => ({
  order_id: id,
  exchange_order_id: null,
  account_number: 'PA1234',
  portfolio_id: null,
  tradingsymbol: 'NIFTY26NOV26050CE',
  instrument_token: 12000001,
  exchange: 'NFO',
  transaction_type: 'BUY',
  order_type: 'LIMIT',
  product: 'NRML',
  variety: 'regular',
  validity: 'DAY',
  quantity: 65,
  price: 100,
  trigger_price: 0,
  average_price: 0,
  filled_quantity: 0,
  pending_quantity: 65,
  cancelled_quantity: 0,
  status,
  status_message: null,
  status_message_i18n: null,
  tag: null,
  order_timestamp: '2026-11-20T04:30:00.000Z',
  exchange_timestamp: null,
  modifications: 0,
});
const book = (orders: Order[], asOf = '2026-11-20T04:30:00.000Z'): OrderBook => ({ order_book: orders, trades: [], status: 'OK', as_of: asOf });

describe('following the order book by its changes', () => {
  it('replaces changed orders where they stand and puts new ones on top', () => {
    const merged = mergeOrderBook(book([order('3'), order('2'), order('1')]), book([order('4'), order('2', 'COMPLETE')], '2026-11-20T04:30:02.000Z'));
    expect(merged.order_book.map((item) => [item.order_id, item.status])).toEqual([
      ['4', 'OPEN'],
      ['3', 'OPEN'],
      ['2', 'COMPLETE'],
      ['1', 'OPEN'],
    ]);
    expect(merged.as_of).toBe('2026-11-20T04:30:02.000Z');
  });

  it('keeps the same orders array when nothing changed (nothing re-renders), with the new as_of', () => {
    const before = book([order('1')]);
    const merged = mergeOrderBook(before, book([], '2026-11-20T04:30:04.000Z'));
    expect(merged.order_book).toBe(before.order_book);
    expect(merged.as_of).toBe('2026-11-20T04:30:04.000Z');
  });

  it('takes orders and trades the server repeats unchanged (its read looks a little before the last as_of) as no change', () => {
    const trade = { trade_id: 'T1', order_id: '1' } as OrderBook['trades'][number];
    const before = { ...book([order('2'), order('1', 'COMPLETE')]), trades: [trade] };
    const repeated = mergeOrderBook(before, { ...book([order('1', 'COMPLETE')], '2026-11-20T04:30:06.000Z'), trades: [{ ...trade }] });
    expect(repeated.order_book).toBe(before.order_book);
    expect(repeated.trades).toBe(before.trades);
    // One of the repeated orders changed: that one is replaced, the trades stay as they were.
    const moved = mergeOrderBook(before, { ...book([order('2', 'CANCELLED'), order('1', 'COMPLETE')], '2026-11-20T04:30:08.000Z'), trades: [{ ...trade }] });
    expect(moved.order_book.map((item) => [item.order_id, item.status])).toEqual([
      ['2', 'CANCELLED'],
      ['1', 'COMPLETE'],
    ]);
    expect(moved.order_book[1]).toBe(before.order_book[1]);
    expect(moved.trades).toBe(before.trades);
  });
});

describe('order safety', () => {
  it('makes intent keys that are valid Kite tags (so the key is the orders\' tag) and never repeats them', () => {
    const keys = new Set(Array.from({ length: 1000 }, newIntentKey));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9]{20}$/);
  });

  it('treats a lost answer as unknown (reconcile from the book) and a refusal as final (nothing placed)', () => {
    expect(outcomeUnknown(new ApiError('network', 'Error'))).toBe(true);
    expect(outcomeUnknown(new ApiError('time_out', 'Time Out'))).toBe(true);
    expect(outcomeUnknown(new ApiError('server_error', 'Internal Server Error', { status: 500 }))).toBe(true);
    expect(outcomeUnknown(new ApiError('rejected', 'Bad Gateway', { status: 502 }))).toBe(true);
    expect(outcomeUnknown(new ApiError('rejected', 'still running', { status: 409, code: 'idempotency_in_progress' }))).toBe(true);
    expect(outcomeUnknown(new ApiError('rejected', 'Too many orders', { status: 429, code: 'order_rate_limited' }))).toBe(false);
    expect(outcomeUnknown(new ApiError('rejected', 'Log in to the broker again', { status: 403, code: 'broker_session_expired' }))).toBe(false);
  });
});
