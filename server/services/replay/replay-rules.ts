// The rules a replay's book needs on its day (issue 39): the charge rates of the index's exchange, the margin
// parameters of the index, and the lot size of the day's contracts (the bhavcopy's, else the index facts in
// force). Each is effective-dated data with its source (migrations 006, 020, 053, 055); a day before the first
// row of one of them would be charged, margined or sized with nothing (a 500 at the first order) or with a
// later day's figure. The replay is refused before it starts instead, saying which rule and from when it is
// known.
import type { Queryable } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import type { HistoryIndex } from '../history/history-files.ts';
import { replayTexts, type ReplayRule } from '../texts/replay-texts.ts';

/** The first day of each rule of the index, and whether the day's bhavcopy rows carry their lot size. */
async function ruleStarts(db: Queryable, index: HistoryIndex, day: string) {
  const { rows } = await db.query<{ exchange: string | null; charges: string | null; margins: string | null; lots: string | null; lots_in_file: boolean }>(
    `WITH facts AS (SELECT exchange FROM index_config WHERE index_name = $1 ORDER BY effective_from DESC LIMIT 1)
     SELECT (SELECT exchange FROM facts) AS exchange,
            (SELECT to_char(min(effective_from), 'YYYY-MM-DD') FROM charge_rates WHERE segment = (SELECT exchange FROM facts) || '-OPT') AS charges,
            (SELECT to_char(min(effective_from), 'YYYY-MM-DD') FROM margin_params WHERE index_name = $1) AS margins,
            (SELECT to_char(min(effective_from), 'YYYY-MM-DD') FROM index_config WHERE index_name = $1) AS lots,
            EXISTS (SELECT 1 FROM history_option_days WHERE index_name = $1 AND trade_date = $2::date AND lot_size IS NOT NULL) AS lots_in_file`,
    [index, day],
  );
  return rows[0]!;
}

/** Refuses (422 replay_rules_unknown) a day one of the book's rules is not known on. */
export async function checkReplayRules(db: Queryable, index: HistoryIndex, day: string): Promise<void> {
  const starts = await ruleStarts(db, index, day);
  const unknown: Array<[ReplayRule, string | null]> = [
    ['charges', starts.charges],
    ['margins', starts.margins],
    ...(starts.lots_in_file ? [] : ([['lot_size', starts.lots]] as Array<[ReplayRule, string | null]>)),
  ];
  for (const [rule, from] of unknown) {
    if (from === null || from > day) throw DomainError.said('replay_rules_unknown', replayTexts.rulesUnknown(index, day, rule, from ?? ''), { field: 'day' });
  }
}
