// Shared by the server (portfolios/protection-watcher.ts fires on it) and the app (the panel follows the stop
// in force on its live prices between two reads), so both say the same level.
//
// The arithmetic of a portfolio's protection on its mark-to-market (MTM), in integer paise, as Sensibull,
// AlgoTest and Quantiply define it:
//   stop-loss     exit when MTM ≤ −loss (the loss the trader accepts)
//   target        exit when MTM ≥ target
//   trailing      for every `every` of new high MTM (above 0), the stop moves up by `by`: stop = −loss +
//                 floor(peak / every) × by. It never moves down: the peak only rises.
//   profit lock   once MTM has reached `at`, the stop is at least `keep` (a profit of `keep` is locked)
// The stop in force is the highest of these; whichever set it is the kind that fires. Pure: no I/O, no clock.

export type ProtectionKind = 'stop_loss' | 'trailing_stop_loss' | 'profit_lock' | 'target';

/** The levels resolved to paise (null: not set); `stopLoss` is the loss accepted, a positive amount. */
export type ResolvedLevels = {
  stopLoss: number | null;
  target: number | null;
  trailEvery: number | null;
  trailBy: number | null;
  lockAt: number | null;
  lockKeep: number | null;
};

export type StopInForce = { level: number; kind: Exclude<ProtectionKind, 'target'> };

/** The stop in force after the MTM has peaked at `peak`, or null when neither a stop-loss nor an engaged lock sets one. */
export function stopInForce(levels: ResolvedLevels, peak: number): StopInForce | null {
  let stop: StopInForce | null = null;
  if (levels.stopLoss !== null) {
    const steps = levels.trailEvery !== null && levels.trailBy !== null && peak > 0 ? Math.floor(peak / levels.trailEvery) : 0;
    stop = steps > 0 ? { level: -levels.stopLoss + steps * levels.trailBy!, kind: 'trailing_stop_loss' } : { level: -levels.stopLoss, kind: 'stop_loss' };
  }
  if (levels.lockAt !== null && levels.lockKeep !== null && peak >= levels.lockAt && (stop === null || levels.lockKeep > stop.level)) {
    stop = { level: levels.lockKeep, kind: 'profit_lock' };
  }
  return stop;
}

export type Hit = { kind: ProtectionKind; level: number };

/** What `mtm` hits, the peak already including it; the target first (an MTM at the target is a profit taken). */
export function hitBy(levels: ResolvedLevels, peak: number, mtm: number): Hit | null {
  if (levels.target !== null && mtm >= levels.target) return { kind: 'target', level: levels.target };
  const stop = stopInForce(levels, peak);
  return stop !== null && mtm <= stop.level ? stop : null;
}
