// How wide the simulated book is, in 0.05 ticks, as NSE's index option books look: one or two ticks at the
// money in the nearest weekly, wider in relative terms on the far wings (a ₹0.50 option quoted 0.45/0.55),
// wider in rupees deep in the money (₹500 premiums quoted a rupee apart), wider in far, illiquid expiries,
// and wide in the first minutes after the open while the book fills, then narrowing.
import { clockMinutes } from './ist.ts';
import type { Session } from './trading-calendar.ts';

export type SpreadInputs = {
  theoryPaise: number;
  strike: number;
  forward: number;
  years: number;
  /** The at-the-money volatility of the expiry, to measure moneyness in standard deviations. */
  atmVolatility: number;
  /** Minutes since IST midnight of the quote. */
  istMinutes: number;
  /** The day's regular session (HH:MM IST), which the time of day is measured against. */
  session: Session;
  tickPaise: number;
  /** How many times an index option's width the book is (a stock option's is wider: stock-quotes.ts); 1 when not given. */
  widen?: number;
};

/**
 * How much wider than at midday the book is at a time of day: 2.5× at the open, back to 1.1× twenty minutes
 * later; a little wider in the last minutes; 1.5× outside the session hours (the demo market's thin night).
 */
export function timeOfDayFactor(istMinutes: number, session: Session): number {
  const sessionOpen = clockMinutes(session.open);
  const sessionClose = clockMinutes(session.close);
  if (istMinutes < sessionOpen || istMinutes >= sessionClose) return 1.5;
  return 1 + 1.5 * Math.exp(-(istMinutes - sessionOpen) / 10) + 0.3 * Math.exp(-(sessionClose - istMinutes) / 10);
}

/** Far expiries trade less: the book widens by a seventh for every day beyond a week out. */
export function expiryFactor(years: number): number {
  return 1 + Math.max(0, years * 365 - 7) / 14;
}

/**
 * The bid-ask width in ticks: one tick, plus a wing term (0.3 tick per standard deviation beyond the first),
 * plus 0.03 % of the premium growing with the square of the moneyness (deep in the money is illiquid), all
 * scaled by the expiry and the time of day. At least one tick, at most ₹20.
 */
export function spreadTicks(inputs: SpreadInputs): number {
  const spread = Math.max(inputs.years, 1 / (365 * 24)) ** 0.5 * inputs.atmVolatility;
  const z = Math.log(inputs.strike / inputs.forward) / spread;
  const premiumTicks = (inputs.theoryPaise * 0.0003) / inputs.tickPaise;
  const raw = (1 + 0.3 * Math.max(0, Math.abs(z) - 1) + premiumTicks * (1 + (z * z) / 2)) * expiryFactor(inputs.years) * timeOfDayFactor(inputs.istMinutes, inputs.session) * (inputs.widen ?? 1);
  return Math.max(1, Math.min(Math.round(2000 / inputs.tickPaise), Math.round(raw)));
}

/**
 * The bid and ask around the theoretical premium, `width` ticks apart on the tick grid, the theory inside
 * them; the bid never below zero.
 */
export function bookAround(theoryPaise: number, width: number, tickPaise: number): { bidPaise: number; askPaise: number } {
  const bidPaise = Math.max(0, Math.floor((theoryPaise - ((width - 1) * tickPaise) / 2) / tickPaise) * tickPaise);
  return { bidPaise, askPaise: bidPaise + width * tickPaise };
}
