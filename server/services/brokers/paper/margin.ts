// The paper broker's margin, in the manner of NSE Clearing's SPAN and as brokers' calculators show it
// (SPAN + exposure), computed per underlying on the whole book, so hedges earn their benefit without a table
// of strategy types. docs/api.md ("Margin") says the same for traders.
//
// 1. Scan risk: reprice every option with Black-76 under SPAN's sixteen scenarios (the underlying moved
//    by 0, ±1/3, ±2/3 and ±1 price scan range with the volatility up and down by the volatility scan, plus
//    two extreme moves of twice the range at 35 % weight) and take the worst loss of the book's value,
//    never below the short option minimum (a fraction of notional per unit short, net of longs).
// 2. Less the net option value (longs' value − shorts' value), as SPAN does: a naked short's SPAN is then
//    what buying it back would cost in the worst scenario, the figure brokers block, while the premium the
//    sale brings in is credited to the account; a long option needs no SPAN (its premium is paid in cash).
// 3. Plus exposure margin on every short option's notional (NSE: 2 % for index options) and, on its expiry
//    day, the extra extreme loss margin SEBI added for short options expiring that day (2 %, 20 Nov 2024).
// 4. On expiry day, contracts expiring that day get no calendar-spread offset (SEBI, 10 Feb 2025): they are
//    scanned on their own and the rest of the book on its own, and the two requirements add up.
import { black76Price } from '../../../../quant/black76.ts';
import { forwardFromSpot, yearsToExpiry, type OptionKind } from '../../../../quant/option-inputs.ts';
import { istOffsetMs } from '../../market/ist.ts';

export type MarginLeg = {
  strike: number;
  kind: OptionKind;
  /** Epoch milliseconds of the expiry day's close (trading-calendar.ts contractExpiryMs). */
  expiryMs: number;
  /** Signed units: negative when short. */
  quantity: number;
  /** The volatility to price this strike at (the smile's), as a fraction. */
  volatility: number;
};

export type MarginParams = {
  priceScan: number;
  volatilityScan: number;
  exposureRate: number;
  shortOptionMinimum: number;
  /** Extra exposure (extreme loss margin) on short options on their expiry day, a fraction of notional. */
  expiryDayExposureRate: number;
  /** Whether contracts expiring today still offset the rest of the book (false from 10 Feb 2025). */
  expiringCalendarOffset: boolean;
};

export type UnderlyingBook = { spot: number; rate: number; nowMs: number; params: MarginParams; legs: readonly MarginLeg[] };

export type MarginEstimate = { spanPaise: number; exposurePaise: number; totalPaise: number };

const scenarios: ReadonlyArray<{ move: number; vol: -1 | 0 | 1; weight: number }> = [
  ...[0, 1 / 3, -1 / 3, 2 / 3, -2 / 3, 1, -1].flatMap((move) => [
    { move, vol: 1 as const, weight: 1 },
    { move, vol: -1 as const, weight: 1 },
  ]),
  { move: 2, vol: 0, weight: 0.35 },
  { move: -2, vol: 0, weight: 0.35 },
];

const dayMs = 24 * 60 * 60 * 1000;
const istDay = (ms: number) => Math.floor((ms + istOffsetMs) / dayMs);

/** Whether a leg expires later today (IST), while it still trades. */
export function expiresToday(leg: Pick<MarginLeg, 'expiryMs'>, nowMs: number): boolean {
  return nowMs < leg.expiryMs && istDay(leg.expiryMs) === istDay(nowMs);
}

/**
 * A leg's value per unit at a spot and volatility shift. At or past its expiry (years 0) Black-76 gives its
 * intrinsic value: the forward is the spot, nothing is discounted and no volatility is left.
 */
function legValue(leg: MarginLeg, spot: number, rate: number, nowMs: number, volShift: number): number {
  const years = yearsToExpiry(nowMs, leg.expiryMs);
  const forward = forwardFromSpot(spot, rate, years);
  // Stryker disable next-line ArithmeticOperator: equivalent: the scenarios shift the volatility both up and down by the same scan, so `-` yields the same set.
  const volatility = Math.max(0.01, leg.volatility + volShift);
  return black76Price({ kind: leg.kind, forward, strike: leg.strike, years, rate, volatility });
}

function bookValue(book: UnderlyingBook, legs: readonly MarginLeg[], spot: number, volShift: number): number {
  let value = 0;
  for (const leg of legs) value += leg.quantity * legValue(leg, spot, book.rate, book.nowMs, volShift);
  return value;
}

/** SPAN of one group of legs scanned together, in rupees: max(scan risk, short option minimum) − net option value, at least 0 (0 for no legs). */
function spanOf(book: UnderlyingBook, legs: readonly MarginLeg[]): number {
  const netOptionValue = bookValue(book, legs, book.spot, 0);
  let scanRisk = 0;
  for (const scenario of scenarios) {
    // Stryker disable next-line ArithmeticOperator: equivalent: every move is scanned up and down alike, so `1 -` yields the same set of spots.
    const spot = book.spot * (1 + scenario.move * book.params.priceScan);
    const loss = (netOptionValue - bookValue(book, legs, spot, scenario.vol * book.params.volatilityScan)) * scenario.weight;
    scanRisk = Math.max(scanRisk, loss);
  }
  let net = 0;
  for (const leg of legs) net += leg.quantity;
  const shortMinimum = book.params.shortOptionMinimum * book.spot * Math.max(0, -net);
  return Math.max(0, Math.max(scanRisk, shortMinimum) - netOptionValue);
}

/**
 * A future as the scan sees it: the synthetic it equals by put-call parity (a long call and a short put at one strike,
 * one volatility: C − P = e^(−rT)(F − K), whatever the volatility), struck at its forward so it is worth nothing now:
 * SPAN then scans its linear move and adds exposure on its notional, as for futures.
 */
export function futureAsSynthetic(
  future: { expiryMs: number; quantity: number },
  market: { spot: number; rate: number; nowMs: number },
  volatilityAt: (strike: number) => number,
): MarginLeg[] {
  const years = Math.max(0, future.expiryMs - market.nowMs) / (365 * 24 * 60 * 60 * 1000);
  const strike = market.spot * Math.exp(market.rate * years);
  const volatility = volatilityAt(strike);
  return [
    { strike, kind: 'CE', expiryMs: future.expiryMs, quantity: future.quantity, volatility },
    { strike, kind: 'PE', expiryMs: future.expiryMs, quantity: -future.quantity, volatility },
  ];
}

/** The margin one underlying's options need, in paise (rounded half up). */
export function underlyingMargin(book: UnderlyingBook): MarginEstimate {
  // A leg of quantity 0 (a position closed within the book) adds nothing to any scan nor to exposure. Without
  // the calendar offset the two groups are scanned apart; when one is empty its SPAN is 0, so the sum is the
  // whole book's.
  const { legs } = book;
  const expiring = legs.filter((leg) => expiresToday(leg, book.nowMs));
  const span = book.params.expiringCalendarOffset
    ? spanOf(book, legs)
    : spanOf(book, expiring) + spanOf(book, legs.filter((leg) => !expiresToday(leg, book.nowMs)));
  let exposure = 0;
  for (const leg of legs) {
    const rate = book.params.exposureRate + (expiresToday(leg, book.nowMs) ? book.params.expiryDayExposureRate : 0);
    exposure += rate * book.spot * Math.max(0, -leg.quantity);
  }
  const spanPaise = Math.round(span * 100);
  const exposurePaise = Math.round(exposure * 100);
  return { spanPaise, exposurePaise, totalPaise: spanPaise + exposurePaise };
}
