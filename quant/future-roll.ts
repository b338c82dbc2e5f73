// A futures roll (issue 63): one basket that closes the month held and opens the month after it, the same side,
// the same number of lots. One rule for the trader's "Roll to next month" on a position (src/app/trading/roll-future.tsx)
// and a backtest's roll of a bot's future before its expiry (server/services/analysis/backtests/future-rolls.ts), so
// the two cannot drift apart. Pure: no I/O, no clock.

/** A listed futures month, as the market's expiries answer lists them (near, next, far; oldest first). */
export type RollMonth = { tradingsymbol: string; lot_size: number };

export type RollSide = 'BUY' | 'SELL';

/** One order of a roll's basket, at market. */
export type RollLeg = { tradingsymbol: string; side: RollSide; quantity: number };

/** The month held and the one after it among the listed months, or null when none is listed after it. */
export function nextFutureMonth<T extends RollMonth>(months: readonly T[], tradingsymbol: string): { near: T; next: T } | null {
  const at = months.findIndex((month) => month.tradingsymbol === tradingsymbol);
  const near = months[at];
  const next = months[at + 1];
  return at < 0 || near === undefined || next === undefined ? null : { near, next };
}

/**
 * The roll's two orders for a position of `quantity` (signed, long positive) in `near`: the near month closed (the
 * side opposite the position, all of it), then the next opened on the position's side with as many lots. Across a
 * lot revision the next month's own lot sizes the opening (BDL's January 2026 future at 350 against December's
 * 325), so a roll never leaves a quantity its contract does not trade in; the lots are the same either way.
 */
export function rollBasket(quantity: number, near: RollMonth, next: RollMonth): [RollLeg, RollLeg] {
  if (!Number.isInteger(quantity) || quantity === 0) throw new RangeError(`a roll needs a position: quantity ${quantity}`);
  const held = Math.abs(quantity);
  const lots = held % near.lot_size === 0 ? held / near.lot_size : null;
  const close: RollSide = quantity > 0 ? 'SELL' : 'BUY';
  const reopen: RollSide = quantity > 0 ? 'BUY' : 'SELL';
  return [
    { tradingsymbol: near.tradingsymbol, side: close, quantity: held },
    // A quantity that is not whole lots of the near month (never from an order the exchange took) is rolled as it is.
    { tradingsymbol: next.tradingsymbol, side: reopen, quantity: lots === null ? held : lots * next.lot_size },
  ];
}

/** The calendar spread a roll pays (positive) or earns per unit: the later month's price less the earlier's. */
export function rollSpread(near: number | null, next: number | null): number | null {
  return near === null || next === null ? null : next - near;
}
