// The builder's legs: a preset placed around the money from the chain's quotes, hedges first; premiums and
// IVs that follow the quotes while live, keep a fill once filled, and keep a snapshot's prices; an edit of
// the strike trades another contract; a side changed means the legs are no longer the preset's.
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { useBuilderLegs } from '@/app/strategy-builder/use-builder-legs';
import type { BuilderMarket } from '@/app/strategy-builder/use-builder-market';
import { learnExpiryCloses, learnTodaySession, sessionFactsAtom } from '@/lib/market/session-facts';
import { store } from '@/lib/store';
import { expiry, expiryMs, nowMs, premiumAt, spot } from './strategy-fixtures';

type Schemas = components['schemas'];
type Quote = { last_price: number; timestamp: string; iv?: number | null };

const strikes = Array.from({ length: 41 }, (_, index) => 25_050 + index * 50);
const symbol = (strike: number, kind: 'CE' | 'PE') => `NIFTY26D01${strike}${kind}`;
const chain: Schemas['InstrumentsResponse'] = {
  index: 'NIFTY',
  underlying: 'NSE:NIFTY 50',
  expiry,
  kind: 'weekly',
  strike_step: 50,
  lot_size: 65,
  freeze_quantity: 1800,
  valid_until: '2026-11-24T10:00:00Z',
  instruments: strikes.flatMap((strike, index) =>
    (['CE', 'PE'] as const).map((kind) => ({
      instrument: `NFO:${symbol(strike, kind)}`,
      instrument_token: index * 2 + (kind === 'CE' ? 1 : 2),
      exchange: 'NFO' as const,
      tradingsymbol: symbol(strike, kind),
      name: 'NIFTY' as const,
      strike,
      instrument_type: kind,
      expiry,
      lot_size: 65,
      tick_size: 0.05,
    })),
  ),
};

const at = new Date(nowMs).toISOString();

/** Quotes at these premiums; each `iv` is the exchange's figure (NSE's, put above call), which legs must not take. */
function marketWith(price: (strike: number, kind: 'CE' | 'PE') => number): BuilderMarket {
  const quotes = new Map<string, Quote>();
  for (const item of chain.instruments) quotes.set(item.instrument, { last_price: price(item.strike, item.instrument_type), timestamp: at, iv: item.instrument_type === 'PE' ? 14.1 : 12.2 });
  return {
    state: 'ready',
    expiries: [{ date: expiry, kind: 'weekly', closes_at: new Date(expiryMs).toISOString() }],
    futures: [],
    expiry,
    chains: new Map([[expiry, chain]]),
    chain,
    spot: { last_price: spot, timestamp: at },
    quotes: quotes as BuilderMarket['quotes'],
    unstreamed: null,
    find: (date, kind, strike) => (date === expiry ? chain.instruments.find((item) => item.instrument_type === kind && item.strike === strike) : undefined),
    reload: () => undefined,
  };
}

// The market's premiums at 13 % on the forward, on the tick.
const premium = (strike: number, kind: 'CE' | 'PE') => Math.round(premiumAt(kind, strike, 0.13) * 20) / 20;

describe('builder legs', () => {
  // What the app knows when the builder opens: the expiries' answer (the fixture's expiry closes when its premiums
  // were priced) and today's session as the price stream said it (15:40 since 3 August 2026).
  beforeEach(() => {
    store.set(sessionFactsAtom, { closes: {}, today: null });
    learnExpiryCloses(marketWith(premium).expiries);
    learnTodaySession({ day: '2026-11-24', open: '09:15', close: '15:40', mis_square_off: '15:25' });
  });

  it('place a preset around the money with the chain’s prices, hedges first, and follow the quotes while live', () => {
    const market = marketWith(premium);
    const { result } = renderHook(() => useBuilderLegs(null));
    act(() => result.current.applyPreset(market, 'iron_condor', expiry, spot));
    const legs = result.current.priced(market);
    expect(legs.map((leg) => `${leg.side} ${leg.strike}${leg.kind}`)).toEqual(['BUY 26450CE', 'BUY 25650PE', 'SELL 26250CE', 'SELL 25850PE']);
    expect(legs.every((leg) => leg.lotSize === 65 && leg.entryPrice === premium(leg.strike, leg.kind === 'PE' ? 'PE' : 'CE'))).toBe(true);
    // Each leg at the volatility its premium implies on the forward (13 % to the tick's rounding), not the quote's `iv`.
    for (const leg of legs) expect(leg.volatility).toBeCloseTo(0.13, 3);
    expect(result.current.preset).toBe('iron_condor');
    // A tick later the premiums are the new quotes'.
    const later = marketWith((strike, kind) => premium(strike, kind) + 2);
    expect(result.current.priced(later).map((leg) => leg.entryPrice)).toEqual(legs.map((leg) => leg.entryPrice + 2));
  });

  it('keep a filled leg at its fill price whatever the quote', () => {
    const market = marketWith(premium);
    const { result } = renderHook(() => useBuilderLegs(null));
    act(() => result.current.applyPreset(market, 'bull_call_spread', expiry, spot));
    const [bought] = result.current.legs;
    act(() => result.current.recordFills(new Map([[bought!.id, { average_price: 171.25 } as Schemas['Order']]])));
    const priced = result.current.priced(marketWith((strike, kind) => premium(strike, kind) + 9));
    expect(priced[0]?.entryPrice).toBe(171.25);
    expect(priced[1]?.entryPrice).toBe(premium(priced[1]!.strike, 'CE') + 9);
  });

  it('trade another contract when the strike is edited, and leave the preset when a side changes', () => {
    const market = marketWith(premium);
    const { result } = renderHook(() => useBuilderLegs(null));
    act(() => result.current.applyPreset(market, 'short_straddle', expiry, spot));
    const call = result.current.legs.find((leg) => leg.kind === 'CE')!;
    act(() => result.current.changeLeg(market, call.id, { strike: 26_300 }));
    const moved = result.current.legs.find((leg) => leg.id === call.id)!;
    expect(moved.tradingsymbol).toBe(symbol(26_300, 'CE'));
    expect(moved.entryPrice).toBe(premium(26_300, 'CE'));
    expect(result.current.preset).toBe('short_straddle');
    act(() => result.current.changeLeg(market, call.id, { side: 'BUY' }));
    expect(result.current.preset).toBeNull();
  });

  it('move a leg to an expiry whose chain has not arrived, and give it its contract once it has', () => {
    const market = marketWith(premium);
    const { result } = renderHook(() => useBuilderLegs(null));
    act(() => result.current.addLeg(market, expiry, spot, 'CE', 'BUY'));
    const [leg] = result.current.legs;
    act(() => result.current.changeLeg(market, leg!.id, { expiry: '2026-12-08' }));
    // An expiry no answer has described yet expires at today's close on its day.
    expect(result.current.legs[0]).toMatchObject({ expiry: '2026-12-08', tradingsymbol: '', expiryMs: Date.parse('2026-12-08T15:40:00+05:30') });
    const nextWeek = { ...chain, expiry: '2026-12-08', instruments: chain.instruments.map((item) => ({ ...item, expiry: '2026-12-08', tradingsymbol: item.tradingsymbol.replace('26D01', '26D08'), instrument: item.instrument.replace('26D01', '26D08') })) };
    const arrived: BuilderMarket = {
      ...market,
      chains: new Map([...market.chains, ['2026-12-08', nextWeek]]),
      find: (date, kind, strike) => (date === '2026-12-08' ? nextWeek : chain).instruments.find((item) => item.instrument_type === kind && item.strike === strike),
    };
    expect(result.current.priced(arrived)[0]).toMatchObject({ tradingsymbol: 'NIFTY26D0826050CE', strike: 26_050, side: 'BUY' });
  });

  it('add a leg at the money and refuse a preset before the chain’s prices are in', () => {
    const market = marketWith(premium);
    const { result } = renderHook(() => useBuilderLegs(null));
    act(() => result.current.addLeg(market, expiry, spot, 'PE', 'SELL'));
    expect(result.current.legs.map((leg) => `${leg.side} ${leg.strike}${leg.kind}`)).toEqual(['SELL 26050PE']);
    const empty = { ...market, quotes: new Map() };
    expect(() => result.current.applyPreset(empty, 'iron_condor', expiry, spot)).toThrow();
  });

  it('keep a snapshot’s prices and follow the market once taken live', () => {
    const market = marketWith(premium);
    const { result: built } = renderHook(() => useBuilderLegs(null));
    act(() => built.current.applyPreset(market, 'long_straddle', expiry, spot));
    const snapshot = { name: 'Old', index: 'NIFTY', spot, takenAt: '2026-11-20T06:00:00Z', preset: 'long_straddle' as const, legs: built.current.priced(market) };
    const { result } = renderHook(() => useBuilderLegs(snapshot));
    const moved = marketWith((strike, kind) => premium(strike, kind) + 30);
    expect(result.current.priced(moved).map((leg) => leg.entryPrice)).toEqual(snapshot.legs.map((leg) => leg.entryPrice));
    act(() => result.current.goLive());
    expect(result.current.priced(moved).map((leg) => leg.entryPrice)).toEqual(snapshot.legs.map((leg) => leg.entryPrice + 30));
  });
});
