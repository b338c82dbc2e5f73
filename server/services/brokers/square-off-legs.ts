// What a square-off closes, for every broker: the named positions' open shares, a reference's quantity (all of
// it when none is given) taken across the shares in turn. Each reference takes from what the earlier ones left:
// a position named twice, or named with quantities that add up past it, is closed to flat and never beyond
// (a long sold twice over would become a short the trader never asked for).
import type { PositionRef } from './broker-trading.ts';

/** The parts of `open` that `refs` close, signed as the shares are, in the order the references name them. */
export function legsToClose<Leg extends { quantity: number }>(open: readonly Leg[], refs: readonly PositionRef[], isNamed: (leg: Leg, ref: PositionRef) => boolean): Leg[] {
  const left = new Map(open.map((leg) => [leg, Math.abs(leg.quantity)]));
  const legs: Leg[] = [];
  for (const ref of refs) {
    let toClose = ref.quantity ?? Number.POSITIVE_INFINITY;
    for (const leg of open) {
      if (!isNamed(leg, ref)) continue;
      const quantity = Math.min(left.get(leg)!, toClose);
      if (quantity <= 0) continue;
      toClose -= quantity;
      left.set(leg, left.get(leg)! - quantity);
      legs.push({ ...leg, quantity: Math.sign(leg.quantity) * quantity });
    }
  }
  return legs;
}
