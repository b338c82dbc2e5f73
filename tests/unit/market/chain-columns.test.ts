// @vitest-environment node
// Which columns a side of the chain shows: its price and OI at any width, more figures as the chain widens,
// fewer when the rendered table still overflowed, and the greeks when the trader asked for them.
import { describe, expect, it } from 'vitest';
import { canDrop, greeksFit, sideColumns } from '@/features/market/chain/chain-columns';

describe('the chain columns', () => {
  it('keeps the last price and open interest on a 360 px phone, and adds figures as the chain widens', () => {
    expect(sideColumns(0, false)).toEqual(['ltp', 'oi']);
    expect(sideColumns(336, false)).toEqual(['ltp', 'oi']);
    // Delta right after IV (issue 62): a chain beside the ticket (about 700 px) shows it.
    expect(sideColumns(700, false)).toEqual(['ltp', 'oi', 'chg', 'iv', 'delta']);
    // A 1280 px desk's chain (about 980 px): delta, OI change and volume on both sides.
    expect(sideColumns(980, false)).toEqual(['ltp', 'oi', 'chg', 'iv', 'delta', 'oiChange', 'volume']);
    expect(sideColumns(1200, false)).toContain('bidAsk');
  });

  it('drops the last columns the table could not fit, never the price or OI', () => {
    expect(sideColumns(980, false, 1)).toEqual(['ltp', 'oi', 'chg', 'iv', 'delta', 'oiChange']);
    expect(sideColumns(980, false, 9)).toEqual(['ltp', 'oi']);
    expect(canDrop(980, 4)).toBe(true);
    expect(canDrop(980, 5)).toBe(false);
    expect(canDrop(336, 0)).toBe(false);
  });

  it('adds the greeks on request where they fit, delta once', () => {
    expect(sideColumns(980, true).slice(-4)).toEqual(['volume', 'gamma', 'theta', 'vega']);
    expect(sideColumns(980, true, 2)).toEqual(['ltp', 'oi', 'chg', 'iv', 'delta', 'gamma', 'theta', 'vega']);
    // Delta dropped for width comes back with the greeks.
    expect(sideColumns(980, true, 4)).toEqual(['ltp', 'oi', 'chg', 'delta', 'gamma', 'theta', 'vega']);
    expect(greeksFit(360)).toBe(false);
    expect(sideColumns(360, true)).toEqual(['ltp', 'oi']);
  });
});
