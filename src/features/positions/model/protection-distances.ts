import { stopInForce } from '@quant/protection-levels.ts';
import type { ProtectionAnswer, ProtectionKind } from '@/features/positions/api/protection-calls';

/** One level on screen: its MTM level, how far the MTM now is from it (₹, and as a fraction of the margin when set), and which kind. */
export type LevelDistance = { kind: ProtectionKind; level: number; away: number | null; awayOfMargin: number | null };

/**
 * The armed protection's levels in force with their distance from the MTM now: the stop in force (the
 * stop-loss, moved by the trailing, or the profit lock) and the target. A distance is never made from a
 * missing MTM (the broker session over, a position without a price): null then.
 */
export function levelDistances(answer: ProtectionAnswer): LevelDistance[] {
  const protection = answer.protection;
  if (protection === null || !protection.armed) return [];
  const mtm = answer.priced ? answer.mtm : null;
  const basis = protection.margin_basis;
  const of = (away: number | null) => (away === null || basis <= 0 ? null : away / basis);
  const levels: LevelDistance[] = [];
  if (protection.stop !== null) {
    const away = mtm === null ? null : Math.round((mtm - protection.stop.level) * 100) / 100;
    levels.push({ kind: protection.stop.kind, level: protection.stop.level, away, awayOfMargin: of(away) });
  }
  if (protection.target !== null) {
    const away = mtm === null ? null : Math.round((protection.target - mtm) * 100) / 100;
    levels.push({ kind: 'target', level: protection.target, away, awayOfMargin: of(away) });
  }
  return levels;
}

/** Live prices by instrument (EXCHANGE:TRADINGSYMBOL), as the quote stream gives them. */
export type LiveMarks = ReadonlyMap<string, { last_price: number }>;

const paise = (rupees: number) => Math.round(rupees * 100);

/**
 * The answer moved to the live prices, between two reads: the MTM by quantity × (live − the price the server
 * marked it at) for each open position (the M2M is linear in the price; the charges do not move), the peak
 * raised to it (and to `peakSeen`, the highest this screen showed since the read), and the stop in force worked out again from that peak with the server's own arithmetic
 * (quant/protection-levels.ts), so a trailing stop moves on the screen as the watcher moves it. A position
 * without a live price keeps the server's; an MTM the server could not price is not moved (never a figure made
 * from missing data). The server alone fires: the next read (told by the stream) replaces all of this.
 */
export function followLive(answer: ProtectionAnswer, live: LiveMarks, peakSeen: number | null = null): ProtectionAnswer {
  // A snapshot kept by an older app has no marks: nothing to move.
  const marks = answer.marks ?? [];
  if (!answer.priced || answer.mtm === null || marks.length === 0) return answer;
  let mtmPaise = paise(answer.mtm);
  for (const mark of marks) {
    const tick = live.get(`${mark.exchange}:${mark.tradingsymbol}`);
    if (tick !== undefined) mtmPaise += mark.quantity * (paise(tick.last_price) - paise(mark.last_price));
  }
  const mtm = mtmPaise / 100;
  const protection = answer.protection;
  if (protection === null || !protection.armed) return { ...answer, mtm };
  const peakPaise = Math.max(paise(protection.peak_mtm), mtmPaise, peakSeen === null ? -Infinity : paise(peakSeen));
  const orNull = (rupees: number | null) => (rupees === null ? null : paise(rupees));
  const stop = stopInForce(
    {
      stopLoss: protection.stop_loss === null ? null : -paise(protection.stop_loss),
      target: orNull(protection.target),
      trailEvery: orNull(protection.trail_every),
      trailBy: orNull(protection.trail_by),
      lockAt: orNull(protection.lock_at),
      lockKeep: orNull(protection.lock_keep),
    },
    peakPaise,
  );
  return {
    ...answer,
    mtm,
    protection: { ...protection, peak_mtm: peakPaise / 100, stop: stop === null ? null : { level: stop.level / 100, kind: stop.kind } },
  };
}
