// @vitest-environment node
// The one place the position screens build their square-off, stop-loss and target requests: whose position a
// row is comes from the row (a portfolio's share, or the account's netted position in the Position book), and
// the side is the one that reduces it.
import { describe, expect, it } from 'vitest';
import { closingSide, squareOffRequest, stopLossRequest, targetRequest } from '@/features/orders/model/position-requests';
import { positionOf } from '../support/position.ts';

const account = { id: 11, broker: 'paper', name: 'Main paper account', account_number: 'PA1234' };
const ref = { tradingsymbol: 'NIFTY26D0126000CE', exchange: 'NFO', product: 'NRML' };

describe('requests on a position row', () => {
  it('name the row\'s portfolio for a portfolio\'s share, and none for the Position book\'s netted row', () => {
    const share = positionOf(ref.tradingsymbol, 65);
    const netted = positionOf(ref.tradingsymbol, 195, { portfolio_id: null, product: 'MIS' });
    expect(stopLossRequest(account, share, 96, 94.1)).toEqual({
      account_number: 'PA1234', portfolio_id: 4, ...ref, transaction_type: 'SELL', quantity: 65, order_type: 'SL', trigger_price: 96, price: 94.1,
    });
    expect(targetRequest(account, netted, 156)).toEqual({ account_number: 'PA1234', ...ref, product: 'MIS', transaction_type: 'SELL', quantity: 195, price: 156 });
    expect('portfolio_id' in targetRequest(account, netted, 156)).toBe(false);
  });

  it('reduce a long by a SELL and a short by a BUY, for all of it', () => {
    const short = positionOf(ref.tradingsymbol, -130);
    expect(closingSide(short)).toBe('BUY');
    expect(closingSide(positionOf(ref.tradingsymbol, 65))).toBe('SELL');
    expect(stopLossRequest(account, short, 150, 152)).toMatchObject({ transaction_type: 'BUY', quantity: 130 });
    expect(targetRequest(account, short, 80)).toMatchObject({ transaction_type: 'BUY', quantity: 130 });
  });

  it('close one position through execute_order and several through squareoff_trades, as their owner', () => {
    const netted = positionOf(ref.tradingsymbol, -65, { portfolio_id: null });
    const put = positionOf('NIFTY26D0126000PE', 65, { portfolio_id: null });
    expect(squareOffRequest(account, [netted])).toEqual({ one: { action: 'squareoff', account_number: 'PA1234', ...ref } });
    expect(squareOffRequest(account, [netted, put])).toEqual({ many: { account_number: 'PA1234', positions: [ref, { ...ref, tradingsymbol: 'NIFTY26D0126000PE' }] } });
    expect(squareOffRequest(account, [positionOf(ref.tradingsymbol, 65)])).toEqual({ one: { action: 'squareoff', account_number: 'PA1234', portfolio_id: 4, ...ref } });
  });
});
