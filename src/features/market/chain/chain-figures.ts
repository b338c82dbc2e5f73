/**
 * The option chain's header figures, from the strikes the trader sees: the put-call ratio of open interest,
 * max pain and the at-the-money straddle's price. Each is null rather than a guess when a figure it needs is
 * missing (no price yet, offline, a source without open interest): a ratio over half the strikes would look
 * like a market view and be wrong.
 */

/** One strike's calls and puts: open interest in units and last prices in rupees, null when not known. */
export type StrikeFigures = {
  strike: number;
  callOi: number | null;
  putOi: number | null;
  callLtp: number | null;
  putLtp: number | null;
};

/** Total put OI ÷ total call OI over the strikes (the usual PCR); null without call OI or with any OI unknown. */
export function putCallRatio(strikes: readonly StrikeFigures[]): number | null {
  let calls = 0;
  let puts = 0;
  for (const { callOi, putOi } of strikes) {
    if (callOi === null || putOi === null) return null;
    calls += callOi;
    puts += putOi;
  }
  return calls === 0 ? null : puts / calls;
}

/**
 * Max pain: the strike at which, were the index to expire there, the options' holders would be paid least
 * (Σ call OI × max(0, S − K) + Σ put OI × max(0, K − S)); the lower strike on a tie. Null with any OI unknown
 * or no open interest at all. OI is in units and strikes are whole points, so the sums are exact integers.
 */
export function maxPain(strikes: readonly StrikeFigures[]): number | null {
  if (strikes.length === 0 || strikes.some((row) => row.callOi === null || row.putOi === null)) return null;
  if (strikes.every((row) => row.callOi === 0 && row.putOi === 0)) return null;
  let best: number | null = null;
  let least = Number.POSITIVE_INFINITY;
  for (const { strike: level } of [...strikes].sort((a, b) => a.strike - b.strike)) {
    let paid = 0;
    for (const row of strikes) paid += (row.callOi ?? 0) * Math.max(0, level - row.strike) + (row.putOi ?? 0) * Math.max(0, row.strike - level);
    if (paid < least) {
      least = paid;
      best = level;
    }
  }
  return best;
}

/**
 * The at-the-money straddle's price (its call's and put's last prices), in rupees; summed in paise so it
 * reads 191.25 and not 191.25000000000003. Null without the strike or either price.
 */
export function atmStraddle(strikes: readonly StrikeFigures[], atm: number | null): number | null {
  const row = atm === null ? undefined : strikes.find((item) => item.strike === atm);
  if (row === undefined || row.callLtp === null || row.putLtp === null) return null;
  return (Math.round(row.callLtp * 100) + Math.round(row.putLtp * 100)) / 100;
}
