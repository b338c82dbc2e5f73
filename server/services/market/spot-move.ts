// How an index moves between two ticks: a geometric Brownian motion over the variance time that passed
// (variance-clock.ts), plus occasional jumps (Merton's model). The index's `volatility` is its total
// realised volatility on the options' calendar clock: the jumps' share of the variance is taken out of the
// diffusion, so jumps make the tails fatter without making the index more volatile on average.
import { normal, uniform } from './random.ts';

/** Jumps a year of variance time: about one a month (more of them at the open and close, where variance time runs fast). */
export const jumpsPerYear = 12;
/** A jump's log-size is normal: mean −0.3 % (falls are more common than rises), standard deviation 1 %. */
export const jumpMean = -0.003;
export const jumpStdev = 0.01;

const jumpSquare = jumpMean ** 2 + jumpStdev ** 2;
/** E[e^J] − 1: the drift correction that keeps the index drift-free with jumps in it. */
const jumpCompensator = Math.exp(jumpMean + jumpStdev ** 2 / 2) - 1;

/** The draws one move takes, all counter-based (random.ts): the same seed and tick, the same move. */
export type MoveDraws = { z: number; jumpUniform: number; jumpZ: number };

/** The draws for tick `seq` of the index on `stream` (diffusion on the stream itself, jumps on their own streams). */
export function moveDraws(seed: number, seq: number, stream: number): MoveDraws {
  return { z: normal(seed, seq, stream), jumpUniform: uniform(seed, seq, 1000 + stream), jumpZ: normal(seed, seq, 2000 + stream) };
}

/** The diffusion's volatility: the total less the jumps' share of the variance (never below half the total). */
export function diffusionVolatility(volatility: number): number {
  return Math.sqrt(Math.max(volatility ** 2 / 4, volatility ** 2 - jumpsPerYear * jumpSquare));
}

/**
 * The spot after `years` of variance time, rounded to the paisa (index values are quoted to two decimals).
 * Drift-free, as the options' risk-neutral prices assume: the diffusion's −σ²/2 and the jumps' compensator
 * keep the expected spot where it was.
 */
export function nextSpotPaise(spotPaise: number, volatility: number, years: number, draws: MoveDraws): number {
  if (years <= 0) return spotPaise;
  const sigma = diffusionVolatility(volatility);
  const jumped = draws.jumpUniform < 1 - Math.exp(-jumpsPerYear * years);
  const logMove =
    -0.5 * sigma * sigma * years - jumpsPerYear * jumpCompensator * years + sigma * Math.sqrt(years) * draws.z + (jumped ? jumpMean + jumpStdev * draws.jumpZ : 0);
  return Math.max(1, Math.round(spotPaise * Math.exp(logMove)));
}
