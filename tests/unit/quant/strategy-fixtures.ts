// A NIFTY week for the strategy tests: spot 26,050, lot size 75, a Tuesday expiry at 15:30 IST seven
// days away, rate 6.5 %. The premiums are hand-picked (monotone in the strike, as a chain is) so every
// worked example can be checked on paper.
import type { OptionKind } from '../../../quant/option-inputs.ts';
import type { PayoffScenario } from '../../../quant/payoff.ts';
import type { LegSide, StrategyLeg } from '../../../quant/strategy-legs.ts';

export const lotSize = 75;
export const spot = 26_050;
export const rate = 0.065;
const day = 24 * 60 * 60 * 1000;
export const nowMs = Date.UTC(2026, 10, 17, 10, 0);
export const expiryMs = nowMs + 7 * day;
export const nextExpiryMs = nowMs + 14 * day;

/** The "today" line now, with no IV shift. */
export const scenario: PayoffScenario = { atMs: nowMs, rate, volatilityShift: 0 };

export const premiums: Record<OptionKind, Record<number, number>> = {
  CE: { 26_000: 180, 26_050: 150, 26_200: 72, 26_250: 55, 26_300: 40, 26_350: 30 },
  PE: { 26_050: 140, 25_900: 66, 25_850: 50, 25_800: 37, 25_750: 27 },
};

/** A smile good enough for tests: 12 % at the money, a little more each way. */
export function smile(strike: number): number {
  return 0.12 + 0.02 * ((strike - spot) / 1000) ** 2;
}

export function quote(kind: OptionKind, strike: number): { price: number; volatility: number } {
  const price = premiums[kind][strike];
  if (price === undefined) throw new Error(`no premium in the fixture for ${strike} ${kind}`);
  return { price, volatility: smile(strike) };
}

export function leg(side: LegSide, kind: OptionKind, strike: number, entryPrice: number, changes: Partial<StrategyLeg> = {}): StrategyLeg {
  return { side, kind, strike, entryPrice, lots: 1, lotSize, expiryMs, volatility: smile(strike), enabled: true, ...changes };
}
