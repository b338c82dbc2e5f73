// A leg as the builder holds it: the maths' StrategyLeg plus the contract it trades (tradingsymbol,
// exchange, expiry date), so the same list draws the payoff, asks for the margin and places the basket.
import type { StrategyLeg } from '@quant/strategy-legs.ts';
import { expiryCloseMs } from '@/lib/market/session-facts';

export type Exchange = 'NFO' | 'BFO';

export type BuilderLeg = StrategyLeg & {
  /** Stable across edits, for React keys and the basket's per-leg outcome. */
  id: string;
  tradingsymbol: string;
  exchange: Exchange;
  /** YYYY-MM-DD. */
  expiry: string;
};

/**
 * Options on Indian indices expire at the close of their expiry day's session: the instant the server gave for
 * that expiry (its close is a dated fact: 15:40 IST since 3 August 2026), as lib/market/session-facts.ts knows it.
 */
export function expiryInstant(date: string): number {
  return expiryCloseMs(date);
}

let counter = 0;
export function newLegId(): string {
  counter += 1;
  return `leg-${Date.now().toString(36)}-${counter}`;
}

/** Hedges (buys) before sells, each group in its own order: a basket sent so keeps the margin benefit. */
export function hedgesFirst<T extends { side: 'BUY' | 'SELL' }>(legs: readonly T[]): T[] {
  return [...legs.filter((leg) => leg.side === 'BUY'), ...legs.filter((leg) => leg.side === 'SELL')];
}

/**
 * A future as a strategy leg: linear, no strike (0) and no volatility, entered at `entryPrice` (its price: nothing
 * is paid for it). The builder's future legs and the live book's futures positions are both this leg.
 */
export function futureStrategyLeg(shape: { side: 'BUY' | 'SELL'; lots: number; lotSize: number; expiry: string; entryPrice: number; enabled?: boolean }): StrategyLeg {
  return {
    side: shape.side,
    kind: 'FUT',
    strike: 0,
    lots: shape.lots,
    lotSize: shape.lotSize,
    expiryMs: expiryInstant(shape.expiry),
    entryPrice: shape.entryPrice,
    volatility: 0,
    enabled: shape.enabled ?? true,
  };
}
