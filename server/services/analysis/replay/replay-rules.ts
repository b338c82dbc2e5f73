// The rules a book needs on each day it trades (issue 39): the charge rates of the index's exchange, the margin
// parameters of the index, and the lot size of the day's contracts (the bhavcopy's, else the dated lot revisions
// in force: contract-lots.ts). Each is effective-dated data with its source (migrations 006, 020, 053, 055,
// 088); a day before the first row of one of them would be charged, margined or sized with nothing (a refusal
// at the first order, or a 500) or with a later day's figure. A replay (its day) and a backtest (the days of history in its range) are
// refused before they start instead, saying which rule, on which day, and from when it is known.
import type { Queryable } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { replayTexts, type ReplayRule } from '../../texts/replay-texts.ts';

/** A rule not known on a day of history: the rule, that day, and the first day it is known from (null: none). */
export type UnknownRule = { rule: ReplayRule; day: string; from: string | null };

/**
 * The first rule not known on a day of the index's option history between `from` and `to` (both included: its
 * bhavcopy rows, or the contracts a live feed recorded, which carry no lot size), or null when every rule is
 * known on each of them (or there is no history there: that refusal is the caller's).
 */
export async function unknownRule(db: Queryable, index: string, from: string, to: string, tradesFutures = false): Promise<UnknownRule | null> {
  // Any underlying (issue 63): its segment from underlyings; a stock's margin is its stock_simulation row's (undated,
  // the model's placeholder: known on any day); a run that trades futures (`tradesFutures`: a bot with a future leg)
  // needs the futures' charges (NFO-FUT, from 1 Apr 2023) too.
  const { rows } = await db.query<{ charges: string | null; margins: string | null; lots: string | null; first_day: string | null; first_without_lot: string | null }>(
    `WITH facts AS (SELECT CASE WHEN exchange = 'BSE' THEN 'BFO' ELSE 'NFO' END AS exchange, kind FROM underlyings WHERE symbol = $1),
          days AS (SELECT trade_date, bool_or(lots_in_file) AS lots_in_file
                   FROM (SELECT trade_date, lot_size IS NOT NULL AS lots_in_file FROM history_option_days
                         WHERE index_name = $1 AND trade_date BETWEEN $2::date AND $3::date
                         UNION ALL
                         SELECT trade_date, lot_size IS NOT NULL FROM history_future_days
                         WHERE index_name = $1 AND trade_date BETWEEN $2::date AND $3::date
                         UNION ALL
                         SELECT DISTINCT trade_date, false FROM history_recorded_option_days
                         WHERE index_name = $1 AND trade_date BETWEEN $2::date AND $3::date) held
                   GROUP BY trade_date)
     SELECT to_char(CASE WHEN $4::boolean
                         THEN greatest((SELECT min(effective_from) FROM charge_rates WHERE segment = (SELECT exchange FROM facts) || '-OPT'),
                                       (SELECT min(effective_from) FROM charge_rates WHERE segment = (SELECT exchange FROM facts) || '-FUT'))
                         ELSE (SELECT min(effective_from) FROM charge_rates WHERE segment = (SELECT exchange FROM facts) || '-OPT') END, 'YYYY-MM-DD') AS charges,
            CASE WHEN (SELECT kind FROM facts) = 'stock' THEN '0001-01-01'
                 ELSE (SELECT to_char(min(effective_from), 'YYYY-MM-DD') FROM margin_params WHERE index_name = $1) END AS margins,
            (SELECT to_char(min(effective_from), 'YYYY-MM-DD') FROM lot_revisions WHERE index_name = $1) AS lots,
            (SELECT to_char(min(trade_date), 'YYYY-MM-DD') FROM days) AS first_day,
            (SELECT to_char(min(trade_date), 'YYYY-MM-DD') FROM days WHERE NOT lots_in_file) AS first_without_lot`,
    [index, from, to, tradesFutures],
  );
  const starts = rows[0]!;
  const checks: Array<[ReplayRule, string | null, string | null]> = [
    ['charges', starts.first_day, starts.charges],
    ['margins', starts.first_day, starts.margins],
    ['lot_size', starts.first_without_lot, starts.lots],
  ];
  for (const [rule, day, known] of checks) {
    if (day !== null && (known === null || known > day)) return { rule, day, from: known };
  }
  return null;
}

/** Refuses (422 replay_rules_unknown) a day one of the book's rules is not known on. */
export async function checkReplayRules(db: Queryable, index: string, day: string): Promise<void> {
  const unknown = await unknownRule(db, index, day, day);
  if (unknown !== null) throw DomainError.said('replay_rules_unknown', replayTexts.rulesUnknown(index, day, unknown.rule, unknown.from ?? ''), { field: 'day' });
}
