// The simulated market's option arithmetic, pure and deterministic: the same seed, tick number and state
// give the same option quotes on every run and every server instance. How the spot moves is spot-move.ts
// (on the variance clock, variance-clock.ts); the book's width is spreads.ts; open interest is a stored
// state (open-interest.ts), passed in here.
import { black76Price, black76PriceAndGreeks } from '../../../quant/black76.ts';
import { exchangeImpliedVolatility } from '../../../quant/exchange-volatility.ts';
import { forwardFromSpot, yearsToExpiry, type OptionKind } from '../../../quant/option-inputs.ts';
import { istMinutes } from './ist.ts';
import { uniform } from './random.ts';
import { bookAround, spreadTicks } from './spreads.ts';
import type { Session } from './trading-calendar.ts';

export { normal, seedOf, uniform } from './random.ts';

/** Exchange tick for index options, in paise. */

export type SimulationParams = {
  volatility: number;
  atmVolatility: number;
  skew: number;
  curvature: number;
  rate: number;
};

/** The expiry the smile's skew and curvature are set for (a month out), and the shortest times they steepen to. */
const smileReferenceYears = 30 / 365;
const skewShortestYears = 1 / 365;
const curvatureShortestYears = 0.15 / 365;

/**
 * How much steeper than a month out the smile's skew is at `years` to expiry: √(30 days / T), T floored at
 * a day. A strike a fixed percentage away is more standard deviations away as expiry nears, so a smile that
 * keeps its shape in standard deviations (in delta, as traders read it) steepens in log-moneyness: about
 * 2× a week out, 5.5× on expiry day, 0.7× two months out.
 */
export function smileSteepness(years: number): number {
  return Math.sqrt(smileReferenceYears / Math.max(years, skewShortestYears));
}

/**
 * How much more the wings curve than a month out: 30 days / T (the square of the skew's steepening, as a
 * smile fixed in standard deviations has it), T floored at 3.6 hours. On expiry day this lifts both wings:
 * out-of-the-money calls a percent away price near the money's volatility, puts several points over it.
 */
export function smileCurving(years: number): number {
  return smileReferenceYears / Math.max(years, curvatureShortestYears);
}

/**
 * The implied volatility the simulator prices a strike at: the at-the-money level bent by the smile in
 * log-moneyness, k = ln(K / F): skew tilts it (negative: out-of-the-money puts dearer), scaled by
 * smileSteepness, and curvature lifts both wings, scaled by smileCurving; short expiries carry a little
 * more at the money (gamma week). Never below half the at-the-money level.
 */
export function smileVolatility(params: SimulationParams, forward: number, strike: number, years: number): number {
  const k = Math.log(strike / forward);
  const termBump = 1 + 0.15 * Math.exp(-years * 365 / 3);
  const level = params.atmVolatility * termBump;
  return Math.max(level / 2, level + smileSteepness(years) * params.skew * k + smileCurving(years) * params.curvature * k * k);
}

export type OptionContract = {
  instrumentToken: number;
  strike: number;
  kind: OptionKind;
  expiry: string;
  /** When it stops trading: the close of its expiry day's regular session (trading-calendar.ts contractExpiryMs). */
  expiresAtMs: number;
  lotSize: number;
  /** The exchange's tick on the quote's day (price-rules.ts, tick_sizes), which the book is quoted on. */
  tickPaise: number;
};

export type IndexState = {
  seq: number;
  spotPaise: number;
  tickedAtMs: number;
  sessionOpenSeq: number;
  previousClosePaise: number;
  previousCloseAtMs: number;
};

export type OptionQuote = {
  lastPaise: number;
  bidPaise: number;
  askPaise: number;
  closePaise: number;
  volume: number;
  oi: number;
  /**
   * The IV as NSE's chain publishes it (exchange-volatility.ts: the last price on the spot at 10 %), put above
   * call at a strike; null when no volatility explains it (a deep in-the-money call). Not the greeks' volatility.
   */
  iv: number | null;
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
};

const roundToTick = (paise: number, tickPaise: number) => Math.round(paise / tickPaise) * tickPaise;

/** The theoretical premium in paise of a contract at a spot and an instant. */
function theoreticalPaise(params: SimulationParams, contract: OptionContract, spotPaise: number, atMs: number): number {
  const years = yearsToExpiry(atMs, contract.expiresAtMs);
  const forward = forwardFromSpot(spotPaise / 100, params.rate, years);
  const volatility = smileVolatility(params, forward, contract.strike, years);
  return black76Price({ kind: contract.kind, forward, strike: contract.strike, years, rate: params.rate, volatility }) * 100;
}

/**
 * A contract's previous close in paise: the theory at the previous close's spot and instant, on the day's tick. It
 * is the same every tick of a day, so the market's quotes keep it (`closes`) instead of pricing it again each tick.
 */
export function closePaiseOf(params: SimulationParams, contract: OptionContract, state: IndexState): number {
  return Math.max(contract.tickPaise, roundToTick(theoreticalPaise(params, contract, state.previousClosePaise, state.previousCloseAtMs), contract.tickPaise));
}

/** A contract's traded state (open-interest-store.ts): its open interest and the day's volume, in lots. */
export type ContractTrading = { oiLots: number; dayVolumeLots: number };

/**
 * A contract's quote at its index's state. The bid and ask sit on the day's tick around the theoretical
 * premium, as wide as spreads.ts says for the moneyness, the expiry and the time of day; the last trade is
 * somewhere between them. One smile prices calls and puts on the forward, so put-call parity holds within the
 * spread, and the greeks are the smile's; the IV published is the exchange's (the put's above the call's).
 * Volume and open interest are the stored trading state, in units (lots × lot size). `session` is the regular
 * session of the quote's day, which the book's width follows through the day. `closePaise`: the contract's
 * previous close where the caller keeps it (closePaiseOf).
 */
export function optionQuote(params: SimulationParams, contract: OptionContract, state: IndexState, seed: number, trading: ContractTrading, session: Session, widen = 1, closePaise = closePaiseOf(params, contract, state)): OptionQuote {
  const years = yearsToExpiry(state.tickedAtMs, contract.expiresAtMs);
  const forward = forwardFromSpot(state.spotPaise / 100, params.rate, years);
  // The volatility the smile prices the strike at: the theory's, and its greeks' (one solve a quote is enough: the
  // exchange's IV).
  const volatility = smileVolatility(params, forward, contract.strike, years);
  const { price, ...greeks } = black76PriceAndGreeks({ kind: contract.kind, forward, strike: contract.strike, years, rate: params.rate, volatility });
  const theory = price * 100;
  const width = spreadTicks({
    theoryPaise: theory,
    strike: contract.strike,
    forward,
    years,
    atmVolatility: smileVolatility(params, forward, forward, years),
    istMinutes: istMinutes(new Date(state.tickedAtMs)),
    session,
    tickPaise: contract.tickPaise,
    widen,
  });
  const tick = contract.tickPaise;
  const { bidPaise, askPaise } = bookAround(theory, width, tick);
  const pick = Math.floor(uniform(seed, state.seq, contract.instrumentToken) * (width + 1));
  const lastPaise = Math.max(tick, bidPaise + Math.min(width, pick) * tick);
  // The smile's volatility starts the solve: the exchange's IV is near it (its convention moves it a point or two).
  const iv = exchangeImpliedVolatility({ kind: contract.kind, spot: state.spotPaise / 100, strike: contract.strike, years, price: lastPaise / 100, guess: volatility });
  const volume = trading.dayVolumeLots * contract.lotSize;
  const oi = trading.oiLots * contract.lotSize;
  return { lastPaise, bidPaise, askPaise, closePaise, volume, oi, iv, ...greeks };
}

/**
 * Option contracts of an index traded in one tick, for the index's minute candles (a coarse figure: each
 * contract's own volume is the stored trading state): each contract trades about 30 × interest lots a tick, interest = exp(−(k / 0.03)²) in log-moneyness k,
 * for a call and a put at every strike. Summed over strikes `strikeStep` apart that is 2 × 30 × 0.03 × √π ×
 * spot / strikeStep lots, scaled by this tick's draw (0.5 to 1.5).
 */
export function tickOptionVolume(spotPaise: number, strikeStep: number, draw: number): number {
  const strikesInPlay = (0.03 * Math.sqrt(Math.PI) * spotPaise) / 100 / strikeStep;
  return Math.max(0, Math.round(2 * 30 * strikesInPlay * (0.5 + draw)));
}
