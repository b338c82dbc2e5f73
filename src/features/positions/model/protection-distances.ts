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
