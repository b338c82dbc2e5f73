// The kill switch stops an account's bots in the transaction that arms it: every bot of the account's
// portfolios goes to status 'stopped', its run of the day says why, and the trader gets a bot_stopped alert.
// Bots stay stopped after the switch is turned off, until the trader resumes each one.
import type { Queryable } from '../../../db/database.ts';
import { recordAlert } from '../../alerts/alert-log.ts';
import { said, type Said } from '../../texts/said.ts';
import { istDate } from '../../market/ist.ts';
import type { BotKind } from './action-keys.ts';
import { changeRun } from './bot-runs.ts';
import { recordBotsNotice } from '../../notices/stream-notices.ts';

export async function stopBotsOfAccount(q: Queryable, accountId: number, reason: Said, now: Date): Promise<number> {
  // Both kinds in one statement: the kill switch's arming is on the safety path, each statement a turn on the
  // database's thread (issue 61).
  const stopping = (table: string) => `UPDATE ${table} b SET status = 'stopped', updated_at = $2 FROM portfolios p JOIN broker_accounts a ON a.id = p.broker_account_id
       WHERE p.id = b.portfolio_id AND p.broker_account_id = $1 AND b.status <> 'stopped'
       RETURNING b.id, b.name, b.portfolio_id, a.user_id`;
  const { rows: stopped } = await q.query<{ kind: BotKind; id: number; name: string; portfolio_id: number; user_id: number }>(
    `WITH daily AS (${stopping('daily_bots')}), trading AS (${stopping('trading_bots')})
     SELECT 'daily' AS kind, * FROM daily UNION ALL SELECT 'trading' AS kind, * FROM trading`,
    [accountId, now],
  );
  const day = istDate(now);
  for (const bot of stopped) {
    const ref = { kind: bot.kind, id: Number(bot.id), portfolioId: Number(bot.portfolio_id) };
    await changeRun(q, ref, day, () => ({ state: 'stopped', reason: reason.text, reasonI18n: reason.i18n, pauseAction: null }), now);
    await recordAlert(q, {
      userId: Number(bot.user_id),
      accountId,
      category: 'bot',
      event: 'bot_stopped',
      severity: 'danger',
      title: said('alert.bot_stopped_title', { bot: bot.name }, `${bot.name} stopped`),
      body: said('alert.bot_stopped_body', { reason: reason.i18n }, `${reason.text} The bot stays stopped until you resume it.`),
      link: `/app/portfolio?portfolio=${ref.portfolioId}`,
      bot: { kind: bot.kind, id: ref.id, name: bot.name },
      at: now,
      dedupeKey: `bot:stop:${bot.kind}${ref.id}:${now.getTime()}`,
    });
  }
  // Their cards say "Stopped" on the trader's screens at once (issue 37).
  if (stopped.length > 0) await recordBotsNotice(q, [accountId]);
  return stopped.length;
}
