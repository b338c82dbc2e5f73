import type { StrategyLeg } from '@quant/strategy-legs.ts';

/**
 * The legs plus a constant P&L (a live book's realised P&L), so every figure of the maths (lines,
 * breakevens, max profit and loss) includes it without a second code path: a bought and a sold call of one
 * unit at the same strike and expiry cancel everywhere (value, greeks, net call quantity) except for their
 * entry prices, whose difference is exactly the constant. They copy the first leg's strike, expiry and IV,
 * so the at-the-money volatility the probability uses is unchanged.
 */
export function withConstantPnl(legs: readonly StrategyLeg[], rupees: number): StrategyLeg[] {
  const first = legs.find((leg) => leg.enabled);
  if (first === undefined || rupees === 0 || !Number.isFinite(rupees)) return [...legs];
  const box = { kind: 'CE' as const, strike: first.strike, lots: 1, lotSize: 1, expiryMs: first.expiryMs, volatility: first.volatility, enabled: true };
  return [
    ...legs,
    { ...box, side: 'SELL', entryPrice: Math.max(0, rupees) },
    { ...box, side: 'BUY', entryPrice: Math.max(0, -rupees) },
  ];
}
