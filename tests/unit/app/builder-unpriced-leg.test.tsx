// A builder leg with no price of its own (issue 64): a leg moved onto a contract its Dhan account's broker does not
// list kept the former contract's premium ("Premium ₹100.00") and was drawn, margined and sent as if priced. Now a
// moved leg keeps no price that is not its contract's, and `unpricedLeg` says why it has none: the broker does not
// stream it, or its price has not come, or (a saved strategy's leg) it was saved without one; a leg that kept its own
// contract keeps its price while a quote is away.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { unpricedLeg, useBuilderLegs } from '@/app/strategy-builder/use-builder-legs';
import type { BuilderMarket } from '@/app/strategy-builder/use-builder-market';
import type { Quote } from '@/features/market/feed/price-feed';
import { niftyChain } from '../support/nifty-chain.ts';

const near = '2026-11-23';
const next = '2026-12-01';
const strikes = Array.from({ length: 21 }, (_, i) => 25_500 + i * 50);
// The nearest expiry's contracts are named as their own (niftyChain names 1 December's).
const nearChain = niftyChain(strikes, near).map((item) => ({ ...item, instrument: item.instrument.replace('26D01', '26N23'), tradingsymbol: item.tradingsymbol.replace('26D01', '26N23') }));
const nextChain = niftyChain(strikes, next);
const chainOf = (expiry: string, instruments: typeof nearChain) => ({ index: 'NIFTY' as const, underlying: 'NSE:NIFTY 50', expiry, kind: 'weekly' as const, strike_step: 50, lot_size: 65, freeze_quantity: 1800, valid_until: '2099-12-01T10:00:00Z', instruments });
const at = '2026-11-21T04:30:00Z';
const quote = (price: number): Quote => ({ last_price: price, timestamp: at }) as Quote;

/** The nearest expiry priced at ₹100 a contract; 1 December's listed but never priced; `told`: what the stream said. */
function marketWith(told: BuilderMarket['unstreamed']): BuilderMarket {
  const chains = new Map([
    [near, chainOf(near, nearChain)],
    [next, chainOf(next, nextChain)],
  ]);
  return {
    state: 'ready',
    expiries: [],
    futures: [],
    expiry: near,
    chains,
    chain: chains.get(near)!,
    spot: quote(26_000),
    quotes: new Map([['NSE:NIFTY 50', quote(26_000)], ...nearChain.map((item) => [item.instrument, quote(100)] as const)]),
    unstreamed: told,
    find: (expiry, kind, strike) => chains.get(expiry)?.instruments.find((item) => item.instrument_type === kind && item.strike === strike),
    reload: () => undefined,
  };
}

describe('a builder leg without a price of its own', () => {
  it('moved onto a contract Dhan does not stream: no premium carried over, and unpriced as not streamed', () => {
    const market = marketWith({ broker: 'Dhan', instruments: new Set(nextChain.map((item) => item.instrument)) });
    const { result } = renderHook(() => useBuilderLegs(null));
    act(() => result.current.applyPreset(market, 'iron_condor', near, 26_000));
    const first = result.current.priced(market)[0]!;
    expect(first.entryPrice).toBe(100);
    expect(unpricedLeg(market, first, false, false)).toBeNull();

    act(() => result.current.changeLeg(market, first.id, { expiry: next }));
    const moved = result.current.priced(market)[0]!;
    expect(moved.tradingsymbol).toBe(`NIFTY26D01${first.strike}${first.kind}`);
    // Not the 23 Nov contract's ₹100 (the code before kept it), and its volatility not carried over either.
    expect(moved.entryPrice).toBe(0);
    expect(moved.volatility).toBe(0);
    expect(moved.enabled).toBe(true);
    expect(unpricedLeg(market, moved, false, false)).toEqual({ reason: 'unstreamed', broker: 'Dhan' });
    // Filled: its own price. Saved so (a snapshot follows no quote): unpriced as saved without one; a priced leg saved
    // keeps its price.
    expect(unpricedLeg(market, moved, true, false)).toBeNull();
    expect(unpricedLeg(market, moved, false, true)).toEqual({ reason: 'savedUnpriced' });
    expect(unpricedLeg(market, result.current.priced(market)[1]!, false, true)).toBeNull();
  });

  it('moved onto a contract whose price has not come and that no broker refused: waiting, then priced by its quote', () => {
    const market = marketWith(null);
    const { result } = renderHook(() => useBuilderLegs(null));
    act(() => result.current.applyPreset(market, 'short_straddle', near, 26_000));
    const first = result.current.priced(market)[0]!;
    act(() => result.current.changeLeg(market, first.id, { expiry: next }));
    const moved = result.current.priced(market)[0]!;
    expect(unpricedLeg(market, moved, false, false)).toEqual({ reason: 'waiting' });
    const priced = { ...market, quotes: new Map([...market.quotes, [`NFO:${moved.tradingsymbol}`, quote(140)]]) };
    expect(result.current.priced(priced)[0]!.entryPrice).toBe(140);
    expect(unpricedLeg(priced, result.current.priced(priced)[0]!, false, false)).toBeNull();
  });

  it('that keeps its contract (only its lots changed) keeps its price while its quote is away', () => {
    const market = marketWith(null);
    const { result } = renderHook(() => useBuilderLegs(null));
    act(() => result.current.applyPreset(market, 'short_straddle', near, 26_000));
    const first = result.current.priced(market)[0]!;
    act(() => result.current.changeLeg(market, first.id, { lots: 2 }));
    const away = { ...market, quotes: new Map([['NSE:NIFTY 50', quote(26_000)]]) };
    const kept = result.current.priced(away)[0]!;
    expect(kept.entryPrice).toBe(100);
    expect(unpricedLeg(away, kept, false, false)).toBeNull();
  });
});
