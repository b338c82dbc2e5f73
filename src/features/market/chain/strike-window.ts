/**
 * Which strikes of a listed chain the trader sees: ±10 or ±25 strikes around the money, as Sensibull and
 * Kite offer, or every listed strike. Only the strikes shown are subscribed to, so the choice is also what
 * the chain costs the feed (every strike of a NIFTY expiry is about 500 ticking contracts).
 *
 * The window is centred on an anchor strike that follows the at-the-money strike with some slack: it moves
 * only once the money has drifted half the window away, so the rows do not shift under the trader's eyes
 * (nor the stream reopen) each time the spot crosses a strike.
 */
export const strikeRanges = ['10', '25', 'all'] as const;
export type StrikeRange = (typeof strikeRanges)[number];
export const defaultStrikeRange: StrikeRange = '10';

export const isStrikeRange = (value: unknown): value is StrikeRange => (strikeRanges as readonly unknown[]).includes(value);

/** Strikes either side of the anchor, or null for every strike. */
const stepsOf = (range: StrikeRange): number | null => (range === 'all' ? null : Number(range));

/**
 * The anchor to use now: the current one while the at-the-money strike stays within half the window of it,
 * else the at-the-money strike; the current one (or none) while the money is unknown (no spot yet, offline).
 */
export function nextAnchor(strikes: readonly number[], current: number | null, atm: number | null, range: StrikeRange): number | null {
  if (atm === null) return current;
  const steps = stepsOf(range);
  if (current === null || steps === null) return atm;
  const from = strikes.indexOf(current);
  const to = strikes.indexOf(atm);
  if (from === -1 || to === -1) return atm;
  return Math.abs(to - from) > Math.floor(steps / 2) ? atm : current;
}

/**
 * The strikes shown (ascending). Without an anchor the window sits in the middle of the list, which the
 * server lists around the money: a choice of rows, never a price.
 */
export function strikesInWindow(strikes: readonly number[], anchor: number | null, range: StrikeRange): number[] {
  const steps = stepsOf(range);
  if (steps === null) return [...strikes];
  const found = anchor === null ? -1 : strikes.indexOf(anchor);
  const centre = found === -1 ? Math.floor(strikes.length / 2) : found;
  return strikes.slice(Math.max(0, centre - steps), centre + steps + 1);
}
