// What the engine closes after an entry the broker refused in part (partial-entry.ts): what that entry's orders
// filled, netted against what the bot holds. A bot holding only that entry exits everything, as it always did;
// a stock-alert bot holding other stocks (issue 63) closes only the entry's contracts, never more than it holds.
import { describe, expect, it } from 'vitest';
import { openedBy, partialEntryExit } from '../../../server/services/bots/engine/partial-entry.ts';
import type { HeldLeg } from '../../../server/services/bots/engine/engine-types.ts';

const held = (tradingsymbol: string, quantity: number, product: HeldLeg['product'] = 'NRML'): HeldLeg => ({ exchange: 'NFO', tradingsymbol, product, quantity });
const fill = (tradingsymbol: string, side: 'BUY' | 'SELL', filled: number, product: HeldLeg['product'] = 'NRML') => ({
  exchange: 'NFO' as const,
  tradingsymbol,
  product,
  transaction_type: side,
  filled_quantity: filled,
});

describe("a partly refused entry's exit", () => {
  it('takes what the orders filled, every slice, a refused order nothing, and never more than is held nor against the side held', () => {
    const holding = [held('RELIANCE26DEC1180CE', 500), held('TCS26DEC2160CE', 175), held('TCS26DEC2180CE', -100), held('INFY26DEC1020CE', 400)];
    const orders = [
      fill('TCS26DEC2160CE', 'BUY', 100),
      fill('TCS26DEC2160CE', 'BUY', 75),
      fill('TCS26DEC2180CE', 'SELL', 0),
      // Bought more than is held (the rest sold since): only what is held is closed.
      fill('INFY26DEC1020CE', 'BUY', 800),
      // A sale of a long holding reduced it: it opened nothing to close.
      fill('RELIANCE26DEC1180CE', 'SELL', 250),
      // The same contract as another product is another holding.
      fill('TCS26DEC2180CE', 'SELL', 100, 'MIS'),
    ];
    expect(openedBy(holding, orders)).toEqual([held('TCS26DEC2160CE', 175), held('INFY26DEC1020CE', 400)]);
  });

  it('exits everything a bot holds when that is all its entry filled, an index bot whatever else it holds, and nothing when it holds nothing', () => {
    const both = [held('NIFTY26DEC26000CE', -65), held('NIFTY26DEC26000PE', -65)];
    expect(partialEntryExit({}, both.slice(0, 1), [fill('NIFTY26DEC26000CE', 'SELL', 65)])).toEqual({ legs: both.slice(0, 1), part: null });
    expect(partialEntryExit({ stockFromAlert: true }, [held('TCS26DEC2160CE', 175)], [fill('TCS26DEC2160CE', 'BUY', 175)])).toEqual({ legs: [held('TCS26DEC2160CE', 175)], part: null });
    expect(partialEntryExit({}, both, [fill('NIFTY26DEC26000CE', 'SELL', 65)])).toEqual({ legs: both, part: null });
    expect(partialEntryExit({ stockFromAlert: true }, [], [fill('TCS26DEC2160CE', 'BUY', 175)])).toBeNull();
  });

  it("closes only a stock-alert bot's entry's contracts, named as the adjustment's leg, when it holds other stocks", () => {
    const holding = [held('RELIANCE26DEC1180CE', 500), held('TCS26DEC2160CE', 175)];
    expect(partialEntryExit({ stockFromAlert: true }, holding, [fill('TCS26DEC2160CE', 'BUY', 175), fill('TCS26DEC2180CE', 'SELL', 0)])).toEqual({
      legs: [held('TCS26DEC2160CE', 175)],
      part: { index: 0, tradingsymbol: 'TCS26DEC2160CE' },
    });
    // What it held of the same contract before stays too.
    expect(partialEntryExit({ stockFromAlert: true }, [held('TCS26DEC2160CE', 350)], [fill('TCS26DEC2160CE', 'BUY', 175)])).toEqual({
      legs: [held('TCS26DEC2160CE', 175)],
      part: { index: 0, tradingsymbol: 'TCS26DEC2160CE' },
    });
    // Nothing of what it holds came from this entry: nothing is closed.
    expect(partialEntryExit({ stockFromAlert: true }, holding.slice(0, 1), [fill('TCS26DEC2180CE', 'SELL', 0)])).toBeNull();
    // Many contracts are all named (the claim stores them within its column's bound: action-claims.test).
    const many = ['HINDUNILVR26DEC2400CE', 'HINDUNILVR26DEC2500CE', 'BAJFINANCE26DEC7000PE', 'BAJFINANCE26DEC6900PE'];
    const exit = partialEntryExit({ stockFromAlert: true }, [held('RELIANCE26DEC1180CE', 500), ...many.map((symbol) => held(symbol, 100))], many.map((symbol) => fill(symbol, 'BUY', 100)));
    expect(exit?.legs).toHaveLength(4);
    expect(exit?.part?.tradingsymbol).toBe(many.join(','));
  });
});
