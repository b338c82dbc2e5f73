// Breakevens, maximum profit and maximum loss of a payoff line.
//
// Profitable means P&L > 0; the profitable prices form intervals, and the breakevens are their ends
// (price 0 and infinity excepted). The underlying cannot fall below 0, so the downside is always
// bounded; the upside is unlimited exactly when the net call quantity (all enabled calls, every expiry)
// is not 0, since far above every strike each call moves one for one with the underlying: long calls
// make the profit unlimited, short calls the loss.
//
// With a single expiry the expiry payoff is piecewise linear with its kinks at the strikes, so the
// analysis is exact: P&L at 0 and at each strike, straight lines between, the net call slope beyond.
// A calendar's expiry line and the "today" line are smooth between the expiring legs' strikes and are
// analysed numerically: sampled on a grid dense around the strikes, sign changes refined by bisection,
// the best and worst samples by golden-section search. A profitable region narrower than the grid's
// step there (about 0.1 % of the top strike) could be missed; no real combination has one.
import { datePnlFunction, expiryPnlFunction, type PayoffScenario, type PnlFunction } from './payoff.ts';
import { checkLegs, isSingleExpiry, signedQuantity, type StrategyLeg } from './strategy-legs.ts';

/** Prices from `from` to `to` where the P&L is positive; `to` is Infinity when it stays so. */
export type ProfitInterval = { from: number; to: number };

/** A maximum profit or loss: the P&L figure (rupees; a loss is negative), or no bound at all. */
export type Extreme = number | 'unlimited';

export type PayoffAnalysis = {
  breakevens: number[];
  profitIntervals: ProfitInterval[];
  /** The highest P&L over every price. */
  maxProfit: Extreme;
  /** The lowest P&L over every price (negative for a loss). */
  maxLoss: Extreme;
  /**
   * Maximum profit ÷ maximum loss (as a positive amount): 'unlimited' when only the profit is; null
   * when it means nothing (an unlimited loss, or no loss at any price).
   */
  rewardToRisk: number | 'unlimited' | null;
};

/** Units of the underlying the P&L gains per rupee rise, far above every strike. */
export function upsideSlope(legs: readonly StrategyLeg[]): number {
  let slope = 0;
  // A future moves one for one with the underlying at every price, above the strikes too.
  for (const leg of legs) if (leg.enabled && (leg.kind === 'CE' || leg.kind === 'FUT')) slope += signedQuantity(leg);
  return slope;
}

function enabledStrikes(legs: readonly StrategyLeg[]): number[] {
  const strikes = new Set<number>();
  // A future is straight everywhere: no kink of its own.
  for (const leg of legs) if (leg.enabled && leg.kind !== 'FUT') strikes.add(leg.strike);
  return [...strikes].sort((a, b) => a - b);
}

/**
 * Walks the sampled line and collects the profitable intervals. `crossing(i)` finds where the sign
 * changes between samples i and i + 1; `tailCrossing` is where it changes beyond the last sample, if it does.
 */
function collectIntervals(xs: number[], ys: number[], crossing: (index: number) => number, tailCrossing: number | null): ProfitInterval[] {
  const intervals: ProfitInterval[] = [];
  let openFrom: number | null = (ys[0] ?? 0) > 0 ? (xs[0] ?? 0) : null;
  const open = (at: number) => {
    const last = intervals.at(-1);
    // Touching 0 at one price and rising again is one profitable stretch, not two.
    if (last !== undefined && last.to === at) openFrom = intervals.pop()?.from ?? at;
    else openFrom = at;
  };
  const close = (at: number) => {
    if (openFrom !== null) intervals.push({ from: openFrom, to: at });
    openFrom = null;
  };
  for (let index = 0; index + 1 < xs.length; index += 1) {
    const before = (ys[index] ?? 0) > 0;
    const after = (ys[index + 1] ?? 0) > 0;
    if (before === after) continue;
    const at = crossing(index);
    if (after) open(at);
    else close(at);
  }
  if (tailCrossing !== null) {
    if (openFrom !== null) close(tailCrossing);
    else open(tailCrossing);
  }
  if (openFrom !== null) close(Number.POSITIVE_INFINITY);
  return intervals;
}

function summarise(intervals: ProfitInterval[], maxProfit: Extreme, maxLoss: Extreme): PayoffAnalysis {
  const breakevens: number[] = [];
  for (const { from, to } of intervals) {
    if (from > 0) breakevens.push(from);
    if (Number.isFinite(to)) breakevens.push(to);
  }
  let rewardToRisk: PayoffAnalysis['rewardToRisk'] = null;
  if (maxLoss !== 'unlimited' && maxLoss < 0) rewardToRisk = maxProfit === 'unlimited' ? 'unlimited' : Math.max(0, maxProfit) / -maxLoss;
  return { breakevens, profitIntervals: intervals, maxProfit, maxLoss, rewardToRisk };
}

/** No enabled leg: nothing to gain or lose anywhere. */
const flat = (): PayoffAnalysis => ({ breakevens: [], profitIntervals: [], maxProfit: 0, maxLoss: 0, rewardToRisk: null });

/** Exact analysis of a piecewise-linear line with its kinks at `kinks` (0 first) and `slope` beyond. */
function piecewiseLinear(pnl: PnlFunction, kinks: number[], slope: number): PayoffAnalysis {
  const ys = kinks.map(pnl);
  const crossing = (index: number) => {
    const x0 = kinks[index] ?? 0;
    const x1 = kinks[index + 1] ?? 0;
    const y0 = ys[index] ?? 0;
    const y1 = ys[index + 1] ?? 0;
    return x0 + ((x1 - x0) * y0) / (y0 - y1);
  };
  const lastX = kinks.at(-1) ?? 0;
  const lastY = ys.at(-1) ?? 0;
  const tailCrossing = (lastY > 0 && slope < 0) || (lastY <= 0 && slope > 0) ? lastX - lastY / slope : null;
  const intervals = collectIntervals(kinks, ys, crossing, tailCrossing);
  return summarise(intervals, slope > 0 ? 'unlimited' : Math.max(...ys), slope < 0 ? 'unlimited' : Math.min(...ys));
}

/** Prices to sample a smooth line at: coarse far from the strikes, dense around them, and every strike. */
function samplingGrid(strikes: number[]): number[] {
  const top = strikes.at(-1) ?? 1;
  const grid = [...strikes];
  const addCells = (from: number, to: number, cells: number) => {
    for (let index = 0; index <= cells; index += 1) grid.push(from + ((to - from) * index) / cells);
  };
  addCells(0, 0.5 * top, 50);
  addCells(0.5 * top, 1.5 * top, 1000);
  addCells(1.5 * top, 3 * top, 60);
  grid.sort((a, b) => a - b);
  return grid.filter((x, index) => index === 0 || x !== grid[index - 1]);
}

/** The boundary of {pnl > 0} between `low` and `high`, whose sides differ, to the last bit of the price. */
function bisect(pnl: PnlFunction, low: number, high: number): number {
  const lowProfitable = pnl(low) > 0;
  for (let iteration = 0; iteration < 200; iteration += 1) {
    const middle = (low + high) / 2;
    if (middle === low || middle === high) break;
    if (pnl(middle) > 0 === lowProfitable) low = middle;
    else high = middle;
  }
  return lowProfitable ? low : high;
}

const goldenRatio = (Math.sqrt(5) - 1) / 2;

/** The highest of direction × pnl between `low` and `high` (golden-section search), as pnl. */
function refineExtreme(pnl: PnlFunction, low: number, high: number, direction: 1 | -1, best: number): number {
  let a = low;
  let b = high;
  for (let iteration = 0; iteration < 80 && b - a > 1e-9 * Math.max(1, b); iteration += 1) {
    const left = b - goldenRatio * (b - a);
    const right = a + goldenRatio * (b - a);
    if (direction * pnl(left) >= direction * pnl(right)) b = right;
    else a = left;
  }
  const found = pnl((a + b) / 2);
  return direction * found > direction * best ? found : best;
}

function numericExtreme(pnl: PnlFunction, xs: number[], ys: number[], direction: 1 | -1, far: number): number {
  let bestIndex = 0;
  ys.forEach((y, index) => {
    if (direction * y > direction * (ys[bestIndex] ?? 0)) bestIndex = index;
  });
  let best = ys[bestIndex] ?? 0;
  const low = xs[bestIndex - 1];
  const high = xs[bestIndex + 1];
  if (low !== undefined && high !== undefined) best = refineExtreme(pnl, low, high, direction, best);
  // With no net calls the line levels off far above the strikes: that level may be the extreme.
  return direction * far > direction * best ? far : best;
}

function numeric(pnl: PnlFunction, strikes: number[], slope: number): PayoffAnalysis {
  const xs = samplingGrid(strikes);
  const ys = xs.map(pnl);
  const lastX = xs.at(-1) ?? 0;
  const lastY = ys.at(-1) ?? 0;
  let tailCrossing: number | null = null;
  if ((lastY > 0 && slope < 0) || (lastY <= 0 && slope > 0)) {
    let beyond = 2 * lastX;
    for (let doubling = 0; doubling < 60 && pnl(beyond) > 0 === lastY > 0; doubling += 1) beyond *= 2;
    tailCrossing = bisect(pnl, lastX, beyond);
  }
  const intervals = collectIntervals(xs, ys, (index) => bisect(pnl, xs[index] ?? 0, xs[index + 1] ?? 0), tailCrossing);
  const far = pnl(50 * lastX);
  return summarise(
    intervals,
    slope > 0 ? 'unlimited' : numericExtreme(pnl, xs, ys, 1, far),
    slope < 0 ? 'unlimited' : numericExtreme(pnl, xs, ys, -1, far),
  );
}

/** Breakevens, maximum profit and loss at the nearest expiry (exact unless legs expire on different dates). */
export function analyseExpiryPayoff(legs: readonly StrategyLeg[], scenario: PayoffScenario): PayoffAnalysis {
  checkLegs(legs);
  const strikes = enabledStrikes(legs);
  if (strikes.length === 0) return flat();
  const pnl = expiryPnlFunction(legs, scenario);
  if (isSingleExpiry(legs)) return piecewiseLinear(pnl, [0, ...strikes], upsideSlope(legs));
  return numeric(pnl, strikes, upsideSlope(legs));
}

/** The same figures for the "today" line (numerical). */
export function analyseDatePayoff(legs: readonly StrategyLeg[], scenario: PayoffScenario): PayoffAnalysis {
  checkLegs(legs);
  const strikes = enabledStrikes(legs);
  if (strikes.length === 0) return flat();
  return numeric(datePnlFunction(legs, scenario), strikes, upsideSlope(legs));
}
