// What a square-off closes, for every broker (square-off-legs.ts; the paper broker's plans and Kite's exits both
// call it): each position reference takes from what the earlier ones left, so naming a position twice, or with
// quantities that add up past it, closes it to flat and never into the other side.
import { describe, expect, it } from 'vitest';
import type { PositionRef } from '../../../server/services/brokers/broker-trading.ts';
import { legsToClose } from '../../../server/services/brokers/square-off-legs.ts';

type Share = { tradingsymbol: string; quantity: number; portfolioId: number | null };

// A long of 3 lots (2 in portfolio 7, 1 the account's own) and a short of 2 lots, lot size 65.
const open: Share[] = [
  { tradingsymbol: 'NIFTY26D0126000CE', quantity: 130, portfolioId: 7 },
  { tradingsymbol: 'NIFTY26D0126000CE', quantity: 65, portfolioId: null },
  { tradingsymbol: 'NIFTY26D0126200CE', quantity: -130, portfolioId: null },
];
const ref = (tradingsymbol: string, quantity?: number): PositionRef => ({ exchange: 'NFO', tradingsymbol, product: 'NRML', quantity });
const close = (refs: PositionRef[]) => legsToClose(open, refs, (share, named) => share.tradingsymbol === named.tradingsymbol);

describe('the legs a square-off closes', () => {
  it('closes every share of a named position, signed as held', () => {
    expect(close([ref('NIFTY26D0126000CE'), ref('NIFTY26D0126200CE')])).toEqual(open);
  });

  it('closes a position named twice once', () => {
    expect(close([ref('NIFTY26D0126000CE'), ref('NIFTY26D0126000CE')])).toEqual(open.slice(0, 2));
    expect(close([ref('NIFTY26D0126200CE'), ref('NIFTY26D0126200CE', 65)])).toEqual([open[2]]);
  });

  it('takes quantities across the shares in turn, each reference from what the earlier left, up to flat', () => {
    expect(close([ref('NIFTY26D0126000CE', 65), ref('NIFTY26D0126000CE', 195)])).toEqual([
      { ...open[0], quantity: 65 },
      { ...open[0], quantity: 65 },
      open[1],
    ]);
    expect(close([ref('NIFTY26D0126200CE', 100), ref('NIFTY26D0126200CE', 100)])).toEqual([
      { ...open[2], quantity: -100 },
      { ...open[2], quantity: -30 },
    ]);
  });

  it('closes nothing of a position not named, and nothing for a quantity of 0', () => {
    expect(close([ref('NIFTY26D0126100CE')])).toEqual([]);
    expect(close([ref('NIFTY26D0126000CE', 0)])).toEqual([]);
  });
});
