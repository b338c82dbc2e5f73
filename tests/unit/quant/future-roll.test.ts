// The roll of a futures position to the next month (issue 63): one rule for the Positions screen's "Roll to next
// month" and a backtest's roll before expiry (quant/future-roll.ts).
import { describe, expect, it } from 'vitest';
import { nextFutureMonth, rollBasket, rollSpread } from '@quant/future-roll.ts';

const december = { tradingsymbol: 'BDL25DECFUT', lot_size: 325 };
const january = { tradingsymbol: 'BDL26JANFUT', lot_size: 350 };
const february = { tradingsymbol: 'BDL26FEBFUT', lot_size: 350 };

describe('a futures roll', () => {
  it('finds the month after the one held among the listed months, and none after the far month or for a month not listed', () => {
    expect(nextFutureMonth([december, january, february], 'BDL25DECFUT')).toEqual({ near: december, next: january });
    expect(nextFutureMonth([december, january, february], 'BDL26FEBFUT')).toBeNull();
    expect(nextFutureMonth([december, january, february], 'BDL25NOVFUT')).toBeNull();
  });

  it('closes a long month held and buys the next, as many lots at the next month\'s own lot across a revision', () => {
    expect(rollBasket(650, december, january)).toEqual([
      { tradingsymbol: 'BDL25DECFUT', side: 'SELL', quantity: 650 },
      { tradingsymbol: 'BDL26JANFUT', side: 'BUY', quantity: 700 },
    ]);
  });

  it('buys back a short month and sells the next; the same quantity where the lots agree', () => {
    expect(rollBasket(-350, january, february)).toEqual([
      { tradingsymbol: 'BDL26JANFUT', side: 'BUY', quantity: 350 },
      { tradingsymbol: 'BDL26FEBFUT', side: 'SELL', quantity: 350 },
    ]);
    expect(() => rollBasket(0, january, february)).toThrow(RangeError);
  });

  it('reads the spread as the later month less the earlier, unknown without both prices', () => {
    expect(rollSpread(1546, 1553.5)).toBe(7.5);
    expect(rollSpread(null, 1553.5)).toBeNull();
  });
});
