// The simulated market's arithmetic, pure and deterministic: the same seed, tick number and state give the
// same spot and the same option quotes on every run and every server instance. Randomness is counter-based
// (a hash of seed, tick and stream), so nothing but the stored state is needed to continue after a restart.
import { black76Greeks, black76Price } from '../../../quant/black76.ts';
import { impliedVolatility } from '../../../quant/implied-volatility.ts';
import { forwardFromSpot, yearsToExpiry, type OptionKind } from '../../../quant/option-inputs.ts';
import { istOffsetMs } from './ist.ts';

/** Exchange tick for index options, in paise. */
export const optionTickPaise = 5;

/** A year of trading time, for the per-tick variance: 252 sessions of 6 h 15 min. */
const tradingYearMs = 252 * 6.25 * 60 * 60 * 1000;

export type SimulationParams = {
  volatility: number;
  atmVolatility: number;
  skew: number;
  curvature: number;
  rate: number;
};

/** 32-bit integer mix (MurmurHash3's finaliser), enough to decorrelate neighbouring counters. */
function mix(value: number): number {
  let h = value | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A uniform number in (0, 1) for (seed, counter, stream): the same arguments, the same number. */
export function uniform(seed: number, counter: number, stream: number): number {
  // The counter may exceed 2^32 over years of ticks: fold its high part in separately.
  const high = Math.floor(counter / 0x1_0000_0000);
  const h = mix(mix(mix(seed ^ 0x9e3779b9) ^ (counter >>> 0)) ^ mix(high + 0x7f4a7c15) ^ Math.imul(stream + 1, 0x27d4eb2f));
  return (h + 0.5) / 0x1_0000_0000;
}

/** A standard normal draw (Box–Muller on two counter-based uniforms). */
export function normal(seed: number, counter: number, stream: number): number {
  const u1 = uniform(seed, counter, stream * 2);
  const u2 = uniform(seed, counter, stream * 2 + 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** The seed as a 32-bit integer, from any text (MARKET_SEED) or number. */
export function seedOf(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.codePointAt(0)!, 16777619);
  return h >>> 0;
}

/**
 * One geometric Brownian motion step of `elapsedMs` of trading time, rounded to the paisa (index values
 * are quoted to two decimals). Drift-free under the risk-neutral view the option prices also take.
 */
export function nextSpotPaise(spotPaise: number, volatility: number, elapsedMs: number, z: number): number {
  const dt = elapsedMs / tradingYearMs;
  const next = spotPaise * Math.exp(-0.5 * volatility * volatility * dt + volatility * Math.sqrt(dt) * z);
  return Math.max(1, Math.round(next));
}

/** When a contract expires: 15:30 IST on its expiry date, as epoch milliseconds. */
export function expiryInstantMs(expiryDate: string): number {
  return Date.parse(`${expiryDate}T15:30:00Z`) - istOffsetMs;
}

/**
 * The implied volatility the simulator prices a strike at: the at-the-money level bent by the smile in
 * log-moneyness, k = ln(K / F): skew tilts it (negative: out-of-the-money puts dearer), curvature lifts both
 * wings; short expiries carry a little more (gamma week). Never below half the at-the-money level.
 */
export function smileVolatility(params: SimulationParams, forward: number, strike: number, years: number): number {
  const k = Math.log(strike / forward);
  const termBump = 1 + 0.15 * Math.exp(-years * 365 / 3);
  const level = params.atmVolatility * termBump;
  return Math.max(level / 2, level + params.skew * k + params.curvature * k * k);
}

export type OptionContract = {
  instrumentToken: number;
  strike: number;
  kind: OptionKind;
  expiry: string;
  lotSize: number;
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
  /** From the last price; null when no volatility explains it (e.g. at intrinsic value). */
  iv: number | null;
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
};

const roundDownToTick = (paise: number) => Math.floor(paise / optionTickPaise) * optionTickPaise;
const roundUpToTick = (paise: number) => Math.ceil(paise / optionTickPaise) * optionTickPaise;
const roundToTick = (paise: number) => Math.round(paise / optionTickPaise) * optionTickPaise;

/** The theoretical premium in paise of a contract at a spot and an instant. */
function theoreticalPaise(params: SimulationParams, contract: OptionContract, spotPaise: number, atMs: number): number {
  const years = yearsToExpiry(atMs, expiryInstantMs(contract.expiry));
  const forward = forwardFromSpot(spotPaise / 100, params.rate, years);
  const volatility = smileVolatility(params, forward, contract.strike, years);
  return black76Price({ kind: contract.kind, forward, strike: contract.strike, years, rate: params.rate, volatility }) * 100;
}

/**
 * A contract's quote at its index's state. The bid and ask sit on the 0.05 tick around the theoretical
 * premium, a little wider for dearer options (about 0.15 % each side, at least one tick, at most ten); the
 * last trade is somewhere between them. Volume grows through the session and open interest is largest at
 * the money, both in whole lots.
 */
export function optionQuote(params: SimulationParams, contract: OptionContract, state: IndexState, seed: number): OptionQuote {
  const theory = theoreticalPaise(params, contract, state.spotPaise, state.tickedAtMs);
  const halfTicks = Math.min(10, Math.max(1, Math.round((theory * 0.0015) / optionTickPaise)));
  const bidPaise = Math.max(0, roundDownToTick(theory - halfTicks * optionTickPaise + optionTickPaise / 2));
  const askPaise = Math.max(optionTickPaise, roundUpToTick(theory + halfTicks * optionTickPaise - optionTickPaise / 2));
  const stepsInSpread = Math.max(0, (askPaise - bidPaise) / optionTickPaise);
  const pick = Math.floor(uniform(seed, state.seq, contract.instrumentToken) * (stepsInSpread + 1));
  const lastPaise = Math.max(optionTickPaise, bidPaise + Math.min(stepsInSpread, pick) * optionTickPaise);
  const closePaise = Math.max(
    optionTickPaise,
    roundToTick(theoreticalPaise(params, contract, state.previousClosePaise, state.previousCloseAtMs)),
  );

  const years = yearsToExpiry(state.tickedAtMs, expiryInstantMs(contract.expiry));
  const forward = forwardFromSpot(state.spotPaise / 100, params.rate, years);
  const moneyness = Math.log(contract.strike / forward);
  const interest = Math.exp(-((moneyness / 0.03) ** 2));
  const lots = (value: number) => Math.max(0, Math.round(value)) * contract.lotSize;
  const oi = lots(20 + interest * 40_000 * (0.8 + 0.4 * uniform(seed, 0, contract.instrumentToken)));
  const volume = lots(interest * 30 * Math.max(0, state.seq - state.sessionOpenSeq) * (0.5 + uniform(seed, state.seq, -contract.instrumentToken)));

  const found = years > 0
    ? impliedVolatility({ kind: contract.kind, forward, strike: contract.strike, years, rate: params.rate, price: lastPaise / 100 })
    : null;
  const iv = found?.ok === true ? found.volatility : null;
  const greeks = black76Greeks({
    kind: contract.kind,
    forward,
    strike: contract.strike,
    years,
    rate: params.rate,
    volatility: iv ?? smileVolatility(params, forward, contract.strike, years),
  });
  return { lastPaise, bidPaise, askPaise, closePaise, volume, oi, iv, ...greeks };
}

/**
 * Option contracts of an index traded in one tick, summed over its strikes as optionQuote's volume model has
 * them: each contract trades about 30 × interest lots a tick, interest = exp(−(k / 0.03)²) in log-moneyness k,
 * for a call and a put at every strike. Summed over strikes `strikeStep` apart that is 2 × 30 × 0.03 × √π ×
 * spot / strikeStep lots, scaled by this tick's draw (0.5 to 1.5).
 */
export function tickOptionVolume(spotPaise: number, strikeStep: number, draw: number): number {
  const strikesInPlay = (0.03 * Math.sqrt(Math.PI) * spotPaise) / 100 / strikeStep;
  return Math.max(0, Math.round(2 * 30 * strikesInPlay * (0.5 + draw)));
}
