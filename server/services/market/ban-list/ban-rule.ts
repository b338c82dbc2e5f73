// Why a stock is on the F&O ban list (issue 63): the exchange's rule, dated (fo_ban_rules, migration 128). A stock
// enters the ban when its open interest passes `enterPct` of its market-wide position limit and leaves it only once
// the open interest falls below `leavePct`: between the two, it stays as it was. Since 1 Oct 2025 the open interest
// is measured future-equivalent (delta-adjusted) against an MWPL of min(15 % of free float, 65 × average daily
// delivery value), at no fewer than four random checks a day; before, it was the contracts' notional open interest.
// The list a day holds is still NSE's own file (ban-list.ts): no open interest or MWPL of real stocks is held here to
// derive it from, so the rule says what the list means, and inBanAfter is how a market that has both would apply it.
import type { Queryable } from '../../../db/database.ts';

export type BanRule = {
  /** null: in force before any of the sources. */
  effectiveFrom: string | null;
  oiMeasure: 'notional' | 'futures_equivalent';
  enterPct: number;
  leavePct: number;
  /** How many times a day at least the exchange checks; null: once, at the day's end. */
  checksADayAtLeast: number | null;
  mwpl: string;
  source: string;
};

type Row = {
  effective_from: string | null;
  oi_measure: BanRule['oiMeasure'];
  enter_pct: string | number;
  leave_pct: string | number;
  checks_a_day_at_least: number | null;
  mwpl: string;
  source: string;
};

/** The rule in force on an IST day (the latest row from on or before it; the undated row before them all). */
export async function banRuleOn(q: Queryable, day: string): Promise<BanRule> {
  const { rows } = await q.query<Row>(
    `SELECT to_char(effective_from, 'YYYY-MM-DD') AS effective_from, oi_measure, enter_pct, leave_pct, checks_a_day_at_least, mwpl, source
     FROM fo_ban_rules WHERE exchange = 'NSE' AND (effective_from IS NULL OR effective_from <= $1::date)
     ORDER BY effective_from DESC NULLS LAST LIMIT 1`,
    [day],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('fo_ban_rules has no NSE row');
  return {
    effectiveFrom: row.effective_from,
    oiMeasure: row.oi_measure,
    enterPct: Number(row.enter_pct),
    leavePct: Number(row.leave_pct),
    checksADayAtLeast: row.checks_a_day_at_least === null ? null : Number(row.checks_a_day_at_least),
    mwpl: row.mwpl,
    source: row.source,
  };
}

/**
 * Whether a stock is in the ban after a check that found its open interest at `oiPctOfMwpl` % of its limit (in the
 * rule's measure): over `enterPct` it is in; in already, it stays until the open interest is below `leavePct`.
 */
export function inBanAfter(rule: Pick<BanRule, 'enterPct' | 'leavePct'>, oiPctOfMwpl: number, wasInBan: boolean): boolean {
  return wasInBan ? oiPctOfMwpl >= rule.leavePct : oiPctOfMwpl > rule.enterPct;
}
