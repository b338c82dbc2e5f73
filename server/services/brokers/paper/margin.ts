// The paper broker's margin: an estimate in the manner of SPAN, computed per underlying on the whole
// book, so hedges earn their benefit without a table of strategy types. The README's "Margin" section
// says the same for traders.
//
// 1. Scan risk: reprice every option with Black-76 under SPAN's sixteen scenarios (the underlying moved
//    by 0, ±1/3, ±2/3 and ±1 price scan range with the volatility up and down by the volatility scan, plus
//    two extreme moves of twice the range at 35 % weight) and take the worst loss of the book's value.
// 2. Less the value of the long options (SPAN's net option value: a long option's premium is already
//    paid and is all it can lose), never below the short option minimum (a fraction of notional per unit
//    short, net of longs).
// 3. Plus exposure margin on every short option's notional (NSE: 2 % for index options).
// A long option alone needs no margin (its premium is paid in cash); a naked short needs the full scan
// loss; a bull call spread needs only what it can lose plus exposure on its short leg.
import { black76Price } from '../../../../quant/black76.ts';
import { forwardFromSpot, yearsToExpiry, type OptionKind } from '../../../../quant/option-inputs.ts';

export type MarginLeg = {
  strike: number;
  kind: OptionKind;
  /** Epoch milliseconds of 15:30 IST on the expiry date. */
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

/** A leg's value per unit at a spot and volatility shift; an expired leg is worth its intrinsic value. */
function legValue(leg: MarginLeg, spot: number, rate: number, nowMs: number, volShift: number): number {
  const years = yearsToExpiry(nowMs, leg.expiryMs);
  if (years <= 0) return Math.max(0, leg.kind === 'CE' ? spot - leg.strike : leg.strike - spot);
  const forward = forwardFromSpot(spot, rate, years);
  const volatility = Math.max(0.01, leg.volatility + volShift);
  return black76Price({ kind: leg.kind, forward, strike: leg.strike, years, rate, volatility });
}

function bookValue(book: UnderlyingBook, spot: number, volShift: number): number {
  let value = 0;
  for (const leg of book.legs) value += leg.quantity * legValue(leg, spot, book.rate, book.nowMs, volShift);
  return value;
}

/** The margin one underlying's options need, in paise (rounded half up). */
export function underlyingMargin(book: UnderlyingBook): MarginEstimate {
  const legs = book.legs.filter((leg) => leg.quantity !== 0);
  if (legs.length === 0) return { spanPaise: 0, exposurePaise: 0, totalPaise: 0 };
  const current = { ...book, legs };
  const now = bookValue(current, book.spot, 0);
  let worstLoss = 0;
  for (const scenario of scenarios) {
    const spot = book.spot * (1 + scenario.move * book.params.priceScan);
    const loss = (now - bookValue(current, spot, scenario.vol * book.params.volatilityScan)) * scenario.weight;
    worstLoss = Math.max(worstLoss, loss);
  }
  let longValue = 0;
  let shortUnits = 0;
  let longUnits = 0;
  for (const leg of legs) {
    if (leg.quantity > 0) {
      longValue += leg.quantity * legValue(leg, book.spot, book.rate, book.nowMs, 0);
      longUnits += leg.quantity;
    } else {
      shortUnits += -leg.quantity;
    }
  }
  const shortMinimum = book.params.shortOptionMinimum * book.spot * Math.max(0, shortUnits - longUnits);
  const span = Math.max(0, worstLoss - longValue, shortMinimum);
  const exposure = book.params.exposureRate * book.spot * shortUnits;
  const spanPaise = Math.round(span * 100);
  const exposurePaise = Math.round(exposure * 100);
  return { spanPaise, exposurePaise, totalPaise: spanPaise + exposurePaise };
}
