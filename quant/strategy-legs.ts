// The legs of an options strategy, as the strategy builder and the live book hold them. Prices are
// floating rupees per unit of the underlying (what the maths and the charts need); a figure shown as
// money is rounded to paise only at the edge, with `roundToPaise` (paise.ts).
//
// Legs may expire on different dates (calendars, diagonals). A switched-off leg (`enabled: false`)
// stays in the list so the screen can switch it back on, but every calculation here skips it.
import { QuantInputError, requireFinite, type OptionKind } from './option-inputs.ts';

export type LegSide = 'BUY' | 'SELL';

/** An option (CE, PE) or a future (FUT: a linear leg, the hedge or the synthetic's underlying). */
export type LegKind = OptionKind | 'FUT';

export type StrategyLeg = {
  side: LegSide;
  kind: LegKind;
  /** An option's strike; a future's is 0 (it has none: its P&L is quantity × (price − entry)). */
  strike: number;
  /** Whole lots; the quantity is lots × lotSize. */
  lots: number;
  /** Units of the underlying per lot (75 for NIFTY). */
  lotSize: number;
  /** The expiry instant (epoch milliseconds), e.g. 15:30 IST on the expiry day. */
  expiryMs: number;
  /** Premium per unit paid (BUY) or received (SELL), rupees; a future's price at entry (nothing is paid for it). */
  entryPrice: number;
  /** Annualised implied volatility, 0.13 for 13 %. */
  volatility: number;
  enabled: boolean;
};

/** Units held: positive when bought, negative when sold. */
export function signedQuantity(leg: StrategyLeg): number {
  return (leg.side === 'BUY' ? 1 : -1) * leg.lots * leg.lotSize;
}

export function enabledLegs(legs: readonly StrategyLeg[]): StrategyLeg[] {
  return legs.filter((leg) => leg.enabled);
}

/** The first expiry among the enabled legs, or null when none is enabled. */
export function nearestExpiryMs(legs: readonly StrategyLeg[]): number | null {
  let nearest: number | null = null;
  for (const leg of legs) if (leg.enabled && (nearest === null || leg.expiryMs < nearest)) nearest = leg.expiryMs;
  return nearest;
}

/** Every enabled leg expires at the same instant (no calendar): the expiry payoff is piecewise linear. */
export function isSingleExpiry(legs: readonly StrategyLeg[]): boolean {
  const nearest = nearestExpiryMs(legs);
  return legs.every((leg) => !leg.enabled || leg.expiryMs === nearest);
}

export type PremiumFlow = {
  /** Premium received for the sold legs, rupees (≥ 0). */
  received: number;
  /** Premium paid for the bought legs, rupees (≥ 0). */
  paid: number;
  /** received − paid: positive for a credit strategy, negative for a debit one. */
  net: number;
};

/** A future costs no premium (margin is held, no money changes hands at entry): only options count here. */
export function premiumFlow(legs: readonly StrategyLeg[]): PremiumFlow {
  let received = 0;
  let paid = 0;
  for (const leg of legs) {
    if (!leg.enabled || leg.kind === 'FUT') continue;
    const amount = leg.entryPrice * leg.lots * leg.lotSize;
    if (leg.side === 'BUY') paid += amount;
    else received += amount;
  }
  return { received, paid, net: received - paid };
}

function requirePositiveInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new QuantInputError(`${name} must be a whole number of at least 1, got ${String(value)}`);
}

/** A bad leg is a QuantInputError naming it (leg 2's strike…), never a NaN in the chart. */
export function checkLegs(legs: readonly StrategyLeg[]): void {
  legs.forEach((leg, index) => {
    const name = (field: string) => `leg ${index + 1} ${field}`;
    if (leg.side !== 'BUY' && leg.side !== 'SELL') throw new QuantInputError(`${name('side')} must be BUY or SELL, got ${String(leg.side)}`);
    if (leg.kind !== 'CE' && leg.kind !== 'PE' && leg.kind !== 'FUT') throw new QuantInputError(`${name('kind')} must be CE, PE or FUT, got ${String(leg.kind)}`);
    requireFinite(name('strike'), leg.strike);
    if (leg.kind !== 'FUT' && leg.strike <= 0) throw new QuantInputError(`${name('strike')} must be greater than 0, got ${leg.strike}`);
    requirePositiveInteger(name('lots'), leg.lots);
    requirePositiveInteger(name('lot size'), leg.lotSize);
    requireFinite(name('expiry'), leg.expiryMs);
    requireFinite(name('entry price'), leg.entryPrice);
    if (leg.entryPrice < 0) throw new QuantInputError(`${name('entry price')} must not be negative, got ${leg.entryPrice}`);
    requireFinite(name('volatility'), leg.volatility);
    if (leg.volatility < 0) throw new QuantInputError(`${name('volatility')} must not be negative, got ${leg.volatility}`);
  });
}
