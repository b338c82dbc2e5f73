// Open interest as the exchange shows it, as a state: a contract's OI changes only when it trades. This
// module is the pure model; open-interest-store.ts keeps the state in the database.
//
// Where OI sits: option writers sell out-of-the-money strikes, so call OI piles up above the spot and put
// OI below (the "resistance" and "support" traders read off a chain), peaking a little out of the money;
// far out of the money it thins slowly (writers and hedgers sell strikes 5–10 % away), most at round strikes
// (NIFTY's thousands, then five hundreds, then hundreds); in the money a strike keeps part of the OI written
// when it was out of the money. A contract is seeded there when listed; each simulated minute it trades a
// volume (most at the money and near expiry, busier at the open and close) and part of that volume opens or
// closes positions, drawing the OI towards where the profile now is: as the spot rallies, calls left in the
// money unwind and new calls are written above. A contract that does not trade keeps its OI.
//
// Calibrated to NSE's figures for a NIFTY weekly (docs/market-model.md, "Matched to NSE's published
// figures"): the at-the-money strike six days before expiry traded 26.35 lakh contracts a side on NSE's
// option chain (2 September 2026), about 95,000 lots open; two days before, 37–72 lakh; on expiry day all of
// an expiry's strikes together about 30 crore contracts.
import { uniform } from './random.ts';

/** The open interest, in lots, of the bell's peak (a little out of the money) in the nearest expiry, before its round-strike lift. */
export const peakOiLots = 65_000;
/** Lots a minute the at-the-money contract trades as its expiry nears, in a session minute of average activity. */
export const atmLotsPerMinute = 54_000;
/** Trading falls away from expiry by e⁻¹ every this many days (6 days out: 13 % of expiry's pace)... */
const liquidityDays = 3;
/** ...down to this share, which far expiries (a monthly four weeks out) keep. */
const farExpiryLiquidity = 0.0035;

export type OiContract = {
  instrumentToken: number;
  strike: number;
  kind: 'CE' | 'PE';
  strikeStep: number;
  /** Years to expiry (ACT/365). */
  years: number;
};

export type OiMarket = { spot: number; atmVolatility: number; seed: number };

/** How far from the money OI and volume spread, in log-moneyness: 1.2 standard deviations to expiry, at least 0.8 %. */
function spreadWidth(market: OiMarket, years: number): number {
  return Math.max(0.008, 1.2 * market.atmVolatility * Math.sqrt(Math.max(years, 1 / 365)));
}

/** 1 at strikes on a multiple of 20 steps (NIFTY's thousands), 0.6 at 10 steps, 0.15 at 2 steps, else 0. */
function roundness(strike: number, step: number): number {
  if (strike % (20 * step) === 0) return 1;
  if (strike % (10 * step) === 0) return 0.6;
  return strike % (2 * step) === 0 ? 0.15 : 0;
}

/** How slowly OI thins away from the money, in log-moneyness: by e⁻¹ every 6 % (8 % out: a quarter of it). */
const tailWidth = 0.06;

/**
 * The OI written away from the money, as a share of the bell's peak: 0.45 at the money, thinning by e⁻¹
 * every 6 %; in the money a strike keeps 30 % of what was written when it was out of the money (the rest
 * unwound within the first percent); eight times as much at a round thousand, 5.2 times at a five hundred,
 * twice at a hundred (where writers and hedgers sit).
 */
function writtenTail(out: number, strike: number, step: number): number {
  const kept = out >= 0 ? 1 : 0.3 + 0.7 * Math.exp(out / 0.01);
  return 0.45 * Math.exp(-Math.abs(out) / tailWidth) * kept * (1 + 7 * roundness(strike, step));
}

/** Where OI would sit now, in lots: the profile a contract's OI is drawn towards as it trades. */
export function targetOiLots(contract: OiContract, market: OiMarket): number {
  const width = spreadWidth(market, contract.years);
  // Out-of-the-money distance: positive above the spot for a call, below it for a put.
  const out = (contract.kind === 'CE' ? 1 : -1) * Math.log(contract.strike / market.spot);
  const centre = 0.3 * width;
  const bell = out >= centre ? Math.exp(-(((out - centre) / width) ** 2)) : Math.exp(-(((out - centre) / (0.6 * width)) ** 2));
  const days = contract.years * 365;
  const expiryScale = 0.3 + 0.7 * Math.exp(-days / 30);
  return peakOiLots * expiryScale * (bell + writtenTail(out, contract.strike, contract.strikeStep) + 0.002);
}

/** The OI a contract starts with when listed: its target, give or take 15 %. */
export function initialOiLots(contract: OiContract, market: OiMarket): number {
  return Math.round(targetOiLots(contract, market) * (0.85 + 0.3 * uniform(market.seed, contract.instrumentToken, 7)));
}

/**
 * The lots a contract trades over `activeMinutes` of average session activity: most at the money (a bell of
 * the same width as the OI, and a thin tail of far strikes bought as lottery tickets), most near expiry
 * (e^(−days / 3), at least 0.35 % for a far month), with a draw of 0.5–1.5×. Far strikes trade little, their
 * OI mostly stays put.
 */
export function tradedLots(contract: OiContract, market: OiMarket, activeMinutes: number, draw: number): number {
  const width = spreadWidth(market, contract.years);
  const k = Math.log(contract.strike / market.spot);
  const moneyness = Math.exp(-((k / width) ** 2)) + 0.003 * Math.exp(-Math.abs(k) / 0.03);
  const nearness = Math.exp(-(contract.years * 365) / liquidityDays) + farExpiryLiquidity;
  return Math.max(0, Math.round(atmLotsPerMinute * activeMinutes * moneyness * nearness * (0.5 + draw)));
}

/**
 * How much of a traded volume changes the OI: a quarter of the gap to the target (as a share of it), plus
 * or minus 5 % of the volume at random, never more than half the volume, never below zero OI.
 */
export function oiChangeLots(oiLots: number, targetLots: number, volumeLots: number, draw: number): number {
  if (volumeLots === 0) return 0;
  const pull = (0.25 * (targetLots - oiLots)) / Math.max(targetLots, 0.01 * peakOiLots);
  const share = Math.min(0.5, Math.max(-0.5, pull + 0.1 * (draw - 0.5)));
  return Math.max(-oiLots, Math.round(volumeLots * share));
}
