// Every arm and disarm of a kill switch (kill_switch_events, written by the kill switch service), told to the
// account's owner: whoever did it (the trader on another device, a risk limit), the phone hears of it. An arm is
// told with its outcome, once its flatten has reported (settled_at); one that never reports (its server stopped)
// is told `flattenGraceMs` after it was armed, with its stored "did not finish".
import { flattenGraceMs } from '../../trading/kill-switch-summaries.ts';
import type { Queryable } from '../../../db/database.ts';
import { localTextOf, said, type Said } from '../../texts/said.ts';
import { recordAlert } from '../alert-log.ts';
import { advance, readFrom } from './cursors.ts';

const cursorName = 'kill_switch_events';

type EventRow = {
  id: string;
  action: 'arm' | 'disarm';
  source: string;
  at: Date;
  reason: string | null;
  summary: string;
  reason_i18n: unknown;
  summary_i18n: unknown;
  broker_account_id: number;
  user_id: number;
  account_number: string;
};

/**
 * How an arm is told (issue 62): the trader's own arm that closed everything did what was asked (success, not a red
 * "Error"); a risk limit's that did is a warning; one that left something open or unreached is danger.
 */
function armSeverity(row: EventRow): 'success' | 'warning' | 'danger' {
  if (localTextOf(row.summary_i18n)?.code !== 'kill_switch.armed') return 'danger';
  return row.source === 'risk_limit' ? 'warning' : 'success';
}

/** The event's reason (when its summary does not already say it) and summary, coded when both were written coded. */
function bodyOf(row: EventRow): Said | string {
  const withReason = row.reason !== null && !row.summary.includes(row.reason);
  const text = withReason ? `${row.reason} ${row.summary}` : row.summary;
  const summary = localTextOf(row.summary_i18n);
  const reason = localTextOf(row.reason_i18n);
  if (summary === null || (withReason && reason === null)) return text;
  return withReason && reason !== null ? said('alert.kill_switch_body', { reason, summary }, text) : { text, i18n: summary };
}

export async function watchKillSwitches(tx: Queryable, now: Date): Promise<number> {
  const from = await readFrom(tx, cursorName, now);
  const { rows } = await tx.query<EventRow>(
    `SELECT e.id, e.action, e.source, e.at, e.reason, e.summary, e.reason_i18n, e.summary_i18n, e.broker_account_id, a.user_id, a.account_number
     FROM kill_switch_events e JOIN broker_accounts a ON a.id = e.broker_account_id
     WHERE (e.settled_at > $1 AND e.settled_at <= $2)
        OR (e.settled_at IS NULL AND e.at > $1::timestamptz - $3 * interval '1 millisecond' AND e.at <= $2::timestamptz - $3 * interval '1 millisecond')
     ORDER BY e.at, e.id`,
    [from, now, flattenGraceMs],
  );
  let written = 0;
  for (const row of rows) {
    const armed = row.action === 'arm';
    const byRiskLimit = row.source === 'risk_limit';
    const id = await recordAlert(tx, {
      userId: row.user_id,
      accountId: row.broker_account_id,
      category: 'kill_switch',
      event: armed ? 'kill_switch_armed' : 'kill_switch_disarmed',
      severity: armed ? armSeverity(row) : 'info',
      title: armed
        ? said('alert.kill_switch_on_title', { account: row.account_number, by: byRiskLimit ? 'risk_limit' : 'trader' }, `Kill switch on for ${row.account_number}${byRiskLimit ? ' (risk limit)' : ''}`)
        : said('alert.kill_switch_off_title', { account: row.account_number }, `Kill switch off for ${row.account_number}`),
      body: bodyOf(row),
      link: '/app/kill-switch',
      at: new Date(row.at),
      dedupeKey: `kill-switch:${row.id}`,
    });
    if (id !== null) written += 1;
  }
  await advance(tx, cursorName, now);
  return written;
}
