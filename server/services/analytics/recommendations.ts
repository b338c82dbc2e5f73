// The screener's strategy recommendations: one per index, chosen by how the index trades today (up: a
// bull call spread, down: a bear put spread, flat: an iron condor), on its nearest expiry, with reference
// premiums from the simulator's own pricing (Black-76 at its smile) and the payoff at expiry worked out
// from the legs: maximum profit and loss (null when unlimited) and breakevens.
import { black76Price } from '../../../quant/black76.ts';
import { forwardFromSpot, yearsToExpiry } from '../../../quant/option-inputs.ts';
import type { Expiry } from '../market/expiries.ts';
import type { IndexFacts, IndexName } from '../market/index-config.ts';
import { optionTradingsymbol, type OptionType } from '../market/tradingsymbol.ts';
import { said, type Said } from '../texts/said.ts';

export type Leg = { strike: number; type: OptionType; side: 'BUY' | 'SELL'; lots: number; premium: number };

export type Payoff = { maxProfit: number | null; maxLoss: number | null; breakevens: number[] };

const rupees = (value: number) => Math.round(value * 100) / 100;

/** Payoff at expiry, in rupees, of the legs at an index level, for `lotSize` units a lot. */
function payoffAt(legs: readonly Leg[], lotSize: number, level: number): number {
  return legs.reduce((sum, leg) => {
    const intrinsic = leg.type === 'CE' ? Math.max(0, level - leg.strike) : Math.max(0, leg.strike - level);
    return sum + (leg.side === 'BUY' ? 1 : -1) * leg.lots * lotSize * (intrinsic - leg.premium);
  }, 0);
}

/** The payoff is piecewise linear between strikes: its extremes and zeros lie at strikes, at 0 or beyond. */
export function payoff(legs: readonly Leg[], lotSize: number): Payoff {
  const strikes = [...new Set(legs.map((leg) => leg.strike))].sort((a, b) => a - b);
  const top = strikes[strikes.length - 1] ?? 0;
  // Above the highest strike only calls move: their net units are the slope.
  const slopeAbove = legs.filter((leg) => leg.type === 'CE').reduce((sum, leg) => sum + (leg.side === 'BUY' ? 1 : -1) * leg.lots * lotSize, 0);
  const points = [0, ...strikes].map((level) => ({ level, value: payoffAt(legs, lotSize, level) }));
  const values = points.map((point) => point.value);
  const maxProfit = slopeAbove > 0 ? null : rupees(Math.max(...values));
  const maxLoss = slopeAbove < 0 ? null : rupees(Math.max(0, -Math.min(...values)));
  const breakevens: number[] = [];
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (b.value === 0) breakevens.push(b.level);
    else if (a.value !== 0 && (a.value < 0) !== (b.value < 0)) breakevens.push(rupees(a.level + ((b.level - a.level) * -a.value) / (b.value - a.value)));
  }
  const atTop = payoffAt(legs, lotSize, top);
  if (slopeAbove !== 0 && atTop !== 0 && (atTop < 0) !== (slopeAbove < 0)) breakevens.push(rupees(top - atTop / slopeAbove));
  return { maxProfit, maxLoss, breakevens: [...new Set(breakevens)] };
}

/** `tickPaise`: the exchange's tick on the pricing's day (price-rules.ts), which premiums are rounded to. */
export type Pricing = { spot: number; rate: number; nowMs: number; volatility: (strike: number, expiry: string) => number; tickPaise: number };

export type Recommendation = {
  index: IndexName;
  title: Said;
  strategy: string;
  view: 'bullish' | 'bearish' | 'neutral' | 'volatile';
  rationale: Said;
  legs: { tradingsymbol: string; exchange: 'NFO' | 'BFO'; transaction_type: 'BUY' | 'SELL'; lots: number; price: number }[];
  payoff: Payoff;
  validUntil: string;
  /** How strongly today's trade argues for it: recommendations are shown strongest first. */
  strength: number;
};

const formatLevel = (value: number) => value.toLocaleString('en-IN', { maximumFractionDigits: 2 });

/** A premium on the day's tick, at least one tick. */
export function premiumOf(pricing: Pricing, type: OptionType, strike: number, expiry: Expiry): number {
  const years = Math.max(1 / (365 * 24), yearsToExpiry(pricing.nowMs, Date.parse(expiry.closes_at)));
  const forward = forwardFromSpot(pricing.spot, pricing.rate, years);
  const price = black76Price({ kind: type, forward, strike, years, rate: pricing.rate, volatility: pricing.volatility(strike, expiry.date) });
  const tick = pricing.tickPaise;
  return Math.max(tick, Math.round((price * 100) / tick) * tick) / 100;
}

/** `lotSize`: the lot of the expiry's contracts (contract-lots.ts), which one set of lots is counted in. */
export function recommend(index: IndexName, facts: IndexFacts, expiry: Expiry, pricing: Pricing, changePct: number, lotSize: number): Recommendation {
  const step = facts.strikeStep;
  const atm = Math.round(pricing.spot / step) * step;
  const leg = (type: OptionType, strike: number, side: Leg['side']): Leg => ({ strike, type, side, lots: 1, premium: premiumOf(pricing, type, strike, expiry) });
  let strategy: string;
  let view: Recommendation['view'];
  let legs: Leg[];
  let title: Said;
  let reason: string;
  const change = `${changePct >= 0 ? 'up' : 'down'} ${Math.abs(changePct).toFixed(2)} %`;
  const move = { index, direction: changePct >= 0 ? 'up' : 'down', change: Math.round(Math.abs(changePct) * 100) / 100 };
  if (changePct >= 0.3) {
    strategy = 'bull_call_spread';
    view = 'bullish';
    legs = [leg('CE', atm, 'BUY'), leg('CE', atm + 3 * step, 'SELL')];
    title = said('recommendation.bull_call_spread_title', { index, low: atm, high: atm + 3 * step }, `${index} momentum: bull call spread ${atm}/${atm + 3 * step}`);
    reason = `${index} is ${change} today: a call spread rides the move with a loss capped at the premium paid.`;
  } else if (changePct <= -0.3) {
    strategy = 'bear_put_spread';
    view = 'bearish';
    legs = [leg('PE', atm, 'BUY'), leg('PE', atm - 3 * step, 'SELL')];
    title = said('recommendation.bear_put_spread_title', { index, high: atm, low: atm - 3 * step }, `${index} under pressure: bear put spread ${atm}/${atm - 3 * step}`);
    reason = `${index} is ${change} today: a put spread profits if the slide continues, and risks only the premium paid.`;
  } else {
    strategy = 'iron_condor';
    view = 'neutral';
    legs = [leg('PE', atm - 8 * step, 'BUY'), leg('PE', atm - 4 * step, 'SELL'), leg('CE', atm + 4 * step, 'SELL'), leg('CE', atm + 8 * step, 'BUY')];
    title = said('recommendation.iron_condor_title', { index, low: atm - 4 * step, high: atm + 4 * step }, `Range-bound ${index}: iron condor ${atm - 4 * step}–${atm + 4 * step}`);
    reason = `${index} is ${change} today, inside a narrow range: the condor keeps its premium while the index stays between the short strikes.`;
  }
  const result = payoff(legs, lotSize);
  const risk = result.maxLoss === null ? 'an unlimited loss' : `at most ₹${formatLevel(result.maxLoss)}`;
  const reward = result.maxProfit === null ? 'an open-ended profit' : `up to ₹${formatLevel(result.maxProfit)}`;
  const details =
    `At ${formatLevel(pricing.spot)}, on the ${expiry.date} expiry, one set of lots (lot size ${lotSize}) makes ${reward} for ${risk}` +
    (result.breakevens.length === 0 ? '.' : `; it breaks even at ${result.breakevens.map(formatLevel).join(' and ')}.`);
  const rationale = said(
    'recommendation.rationale',
    {
      reason: said('recommendation.reason', { ...move, strategy }, reason).i18n,
      details: said(
        'recommendation.details',
        {
          spot: Math.round(pricing.spot * 100) / 100,
          expiry: expiry.date,
          lot_size: lotSize,
          reward_known: result.maxProfit === null ? 'no' : 'yes',
          reward: result.maxProfit ?? 0,
          risk_known: result.maxLoss === null ? 'no' : 'yes',
          risk: result.maxLoss ?? 0,
          has_breakevens: result.breakevens.length === 0 ? 'no' : 'yes',
          breakevens: result.breakevens,
        },
        details,
      ).i18n,
    },
    `${reason}\n\n${details}`,
  );
  return {
    index,
    title,
    strategy,
    view,
    rationale,
    legs: legs.map((item) => ({
      tradingsymbol: optionTradingsymbol(index, expiry, item.strike, item.type),
      exchange: facts.exchange,
      transaction_type: item.side,
      lots: item.lots,
      price: item.premium,
    })),
    payoff: result,
    validUntil: expiry.closes_at,
    strength: Math.abs(changePct),
  };
}
