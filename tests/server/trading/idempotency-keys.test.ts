// What an Idempotency-Key becomes (issue 26, from the mutation run): the tag its orders carry, which a client
// that lost the answer looks up in the broker's book, and the request's hash, which tells the same request
// sent again from another one reusing the key.
import { describe, expect, it } from 'vitest';
import { requestHash, tagOfKey } from '../../../server/services/trading/idempotency.ts';

// Kite's order tag: 1 to 20 of A-Z a-z 0-9 _ -.
const kiteTag = /^[A-Za-z0-9_-]{1,20}$/;

describe('the tag of an idempotency key', () => {
  it('is the key itself when Kite takes it as a tag, up to its 20 characters', () => {
    for (const key of ['a', 'Z', '9', '_', '-', 'bot-42_exit-1', 'A'.repeat(20)]) expect(tagOfKey(key)).toBe(key);
  });

  it('is "k" and 19 characters of its hash when Kite would refuse the key: too long, empty, or another character', () => {
    const keys = ['A'.repeat(21), '', 'a b', 'a.b', '550e8400-e29b-41d4-a716-446655440000', 'ключ', 'x\ny'];
    const tags = keys.map(tagOfKey);
    for (const [index, tag] of tags.entries()) {
      expect(tag, keys[index]).toMatch(kiteTag);
      expect(tag, keys[index]).toHaveLength(20);
      expect(tag.startsWith('k'), keys[index]).toBe(true);
      // The same key always finds the same orders.
      expect(tagOfKey(keys[index]!)).toBe(tag);
    }
    expect(new Set(tags).size).toBe(keys.length);
  });

  it('tells a key with a line break from the same key without it (the whole key must fit, not a line of it)', () => {
    expect(tagOfKey('abc\n')).not.toBe('abc\n');
    expect(tagOfKey('abc\ndef')).not.toBe('abc\ndef');
  });
});

describe('the hash of a request', () => {
  const order = { tradingsymbol: 'NIFTY26N2324000CE', exchange: 'NFO', transaction_type: 'BUY', quantity: 65, price: null };

  it('is the same for the same request whatever the order of its fields, in nested orders too', () => {
    const reordered = { price: null, quantity: 65, transaction_type: 'BUY', exchange: 'NFO', tradingsymbol: 'NIFTY26N2324000CE' };
    expect(requestHash('placeTrades', { account_number: 'PA1', orders: [order] })).toBe(requestHash('placeTrades', { orders: [reordered], account_number: 'PA1' }));
  });

  it('differs when a value, the orders\' order or the operation differs', () => {
    const base = requestHash('placeTrades', { account_number: 'PA1', orders: [order, { ...order, quantity: 130 }] });
    expect(requestHash('placeTrades', { account_number: 'PA1', orders: [{ ...order, quantity: 130 }, order] })).not.toBe(base);
    expect(requestHash('placeTrades', { account_number: 'PA1', orders: [order, { ...order, quantity: 195 }] })).not.toBe(base);
    expect(requestHash('squareoffTrades', { account_number: 'PA1', orders: [order, { ...order, quantity: 130 }] })).not.toBe(base);
    // A list is not an object numbered like it.
    expect(requestHash('placeTrades', { orders: [order] })).not.toBe(requestHash('placeTrades', { orders: { 0: order } }));
  });
});
