// The P&L of a strategy against the underlying's price: at expiry, and on a chosen date before it (the
// "today" line). Both are P&L in rupees for the whole position: Σ signed quantity × (value − entry).
//
// "At expiry" means at the nearest expiry of the enabled legs: legs expiring then are worth their
// intrinsic value; later legs (calendars, diagonals) are priced with Black-76 at their remaining time,
// their IV plus the scenario's shift. The "today" line prices every leg with Black-76 at the scenario's
// instant, which is held at the nearest expiry at most (where the two lines meet): past it the short
// leg no longer exists and a single price axis no longer describes the position.
//
// The x axis is the underlying's price at that instant; a leg with time left is priced off its forward,
// price·e^(rT) (Black-76 with no dividend, as the option chain prices it). A future is linear: worth the
// underlying's price at its expiry, its forward price·e^(rT) before (cost of carry, F = S·e^(rT), as the
// simulator prices futures). The chart redraws at 60 fps
// while a slider moves, so a curve sets each leg up once and then only moves the forward.
import { black76Price } from './black76.ts';
import { QuantInputError, requireFinite, yearsToExpiry, type OptionInputs, type OptionKind } from './option-inputs.ts';
import { checkLegs, nearestExpiryMs, signedQuantity, type StrategyLeg } from './strategy-legs.ts';

export type PayoffScenario = {
  /** The "today" line's instant (epoch ms); held at the nearest expiry at most. */
  atMs: number;
  /** Continuously compounded risk-free rate, 0.065 for 6.5 %. */
  rate: number;
  /** Added to every leg's IV, as a fraction: 0.02 is +2 volatility points. The sum is floored at 0. */
  volatilityShift: number;
};

export type PriceRange = { from: number; to: number; points: number };

export type PayoffCurve = {
  prices: Float64Array;
  /** P&L at the nearest expiry, rupees. */
  atExpiry: Float64Array;
  /** P&L at the scenario's instant, rupees. */
  onDate: Float64Array;
};

type PricedLeg = {
  /** A future: worth its forward, no option maths. */
  future: boolean;
  quantity: number;
  entryPrice: number;
  /** Discounted strike: a put's value as the underlying tends to 0. */
  putFloor: number;
  /** e^(rT): the forward per unit of the underlying's price. */
  growth: number;
  /** Reused for every price, so a curve allocates nothing per point. */
  inputs: OptionInputs;
};

/** P&L (rupees) as a function of the underlying's price. */
export type PnlFunction = (price: number) => number;

function checkScenario(scenario: PayoffScenario): void {
  requireFinite('atMs', scenario.atMs);
  requireFinite('rate', scenario.rate);
  requireFinite('volatilityShift', scenario.volatilityShift);
}

/** The instant the "today" line is priced at: the scenario's, but never past the nearest expiry. */
export function dateLineMs(legs: readonly StrategyLeg[], scenario: PayoffScenario): number {
  const nearest = nearestExpiryMs(legs);
  return nearest === null ? scenario.atMs : Math.min(scenario.atMs, nearest);
}

/** The P&L of the enabled legs at one instant: the building block of both lines. */
export function pnlFunctionAt(legs: readonly StrategyLeg[], atMs: number, scenario: PayoffScenario): PnlFunction {
  checkLegs(legs);
  checkScenario(scenario);
  const priced: PricedLeg[] = [];
  /** −Σ quantity × entry of the legs already expired: their P&L before the intrinsic value. */
  let expiredCost = 0;
  const expired: { quantity: number; kind: OptionKind | 'FUT'; strike: number }[] = [];
  for (const leg of legs) {
    if (!leg.enabled) continue;
    const quantity = signedQuantity(leg);
    const years = yearsToExpiry(atMs, leg.expiryMs);
    if (years === 0) {
      expired.push({ quantity, kind: leg.kind, strike: leg.strike });
      expiredCost -= quantity * leg.entryPrice;
      continue;
    }
    const volatility = Math.max(0, leg.volatility + scenario.volatilityShift);
    const future = leg.kind === 'FUT';
    priced.push({
      future,
      quantity,
      entryPrice: leg.entryPrice,
      putFloor: leg.kind === 'PE' ? leg.strike * Math.exp(-scenario.rate * years) : 0,
      growth: Math.exp(scenario.rate * years),
      inputs: { kind: future ? 'CE' : (leg.kind as OptionKind), forward: 1, strike: leg.strike, years, rate: scenario.rate, volatility },
    });
  }
  return (price: number) => {
    if (!(price >= 0) || !Number.isFinite(price)) throw new QuantInputError(`price must be a finite number of at least 0, got ${price}`);
    let pnl = expiredCost;
    for (const leg of expired) {
      if (leg.kind === 'FUT') {
        pnl += leg.quantity * price;
        continue;
      }
      const intrinsic = leg.kind === 'CE' ? price - leg.strike : leg.strike - price;
      if (intrinsic > 0) pnl += leg.quantity * intrinsic;
    }
    for (const leg of priced) {
      let value: number;
      if (leg.future) value = price * leg.growth;
      else if (price === 0) value = leg.putFloor;
      else {
        leg.inputs.forward = price * leg.growth;
        value = black76Price(leg.inputs);
      }
      pnl += leg.quantity * (value - leg.entryPrice);
    }
    return pnl;
  };
}

/** P&L at the nearest expiry as a function of the underlying's price then. */
export function expiryPnlFunction(legs: readonly StrategyLeg[], scenario: PayoffScenario): PnlFunction {
  return pnlFunctionAt(legs, nearestExpiryMs(legs) ?? scenario.atMs, scenario);
}

/** P&L of the "today" line as a function of the underlying's price at the scenario's instant. */
export function datePnlFunction(legs: readonly StrategyLeg[], scenario: PayoffScenario): PnlFunction {
  return pnlFunctionAt(legs, dateLineMs(legs, scenario), scenario);
}

/** The crosshair's readings: P&L at one price, on both lines. */
export function pnlAtPrice(legs: readonly StrategyLeg[], scenario: PayoffScenario, price: number): { atExpiry: number; onDate: number } {
  return { atExpiry: expiryPnlFunction(legs, scenario)(price), onDate: datePnlFunction(legs, scenario)(price) };
}

/** Both lines sampled at `points` evenly spaced prices from `from` to `to` inclusive. */
export function payoffCurve(legs: readonly StrategyLeg[], scenario: PayoffScenario, range: PriceRange): PayoffCurve {
  return sampleCurve(expiryPnlFunction(legs, scenario), datePnlFunction(legs, scenario), range);
}

/** Two P&L functions already set up (the chart reads the same ones at its crosshair) sampled over `range`. */
export function sampleCurve(atExpiryOf: PnlFunction, onDateOf: PnlFunction, range: PriceRange): PayoffCurve {
  const { from, to, points } = range;
  requireFinite('from', from);
  requireFinite('to', to);
  if (from < 0 || to <= from) throw new QuantInputError(`the price range must satisfy 0 ≤ from < to, got ${from} to ${to}`);
  if (!Number.isSafeInteger(points) || points < 2) throw new QuantInputError(`points must be a whole number of at least 2, got ${points}`);
  const prices = new Float64Array(points);
  const atExpiry = new Float64Array(points);
  const onDate = new Float64Array(points);
  const step = (to - from) / (points - 1);
  for (let index = 0; index < points; index += 1) {
    const price = index === points - 1 ? to : from + index * step;
    prices[index] = price;
    atExpiry[index] = atExpiryOf(price);
    onDate[index] = onDateOf(price);
  }
  return { prices, atExpiry, onDate };
}

/**
 * A price range that shows the whole shape: every enabled strike and the spot, with half the strikes'
 * spread (at least 4 % of the spot) either side, never below 0.
 */
export function defaultPriceRange(legs: readonly StrategyLeg[], spot: number, points = 400): PriceRange {
  requireFinite('spot', spot);
  if (spot <= 0) throw new QuantInputError(`spot must be greater than 0, got ${spot}`);
  let low = spot;
  let high = spot;
  for (const leg of legs) {
    // A future has no strike: its entry price is where its line crosses zero.
    if (!leg.enabled) continue;
    const level = leg.kind === 'FUT' ? leg.entryPrice : leg.strike;
    if (!(level > 0)) continue;
    low = Math.min(low, level);
    high = Math.max(high, level);
  }
  const margin = Math.max(0.04 * spot, 0.5 * (high - low));
  return { from: Math.max(0, low - margin), to: high + margin, points };
}
