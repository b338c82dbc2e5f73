// The broker said the access token is dead (Kite's TokenException, Upstox's 401: the daily expiry, a logout
// on another device, a revoked app). The account is logged out at once, in one transaction: the stored token
// dropped and the session's end set to now (so its books read UNKNOWN until the trader logs in again, never
// empty and never "fresh"), its active bots paused with the reason (a bot holding a position keeps managing
// it, so its stop-loss, target and exit time act as soon as the session is back), and an alert (pushed like
// every alert) telling the trader to log in to the broker again, and a notice on the trader's open streams
// (stream-notices.ts) that the account's books are to be read again. Repeating it changes nothing more.
import type { Database, Queryable } from '../../../db/database.ts';
import { recordAlert } from '../../alerts/alert-log.ts';
import { said } from '../../texts/said.ts';
import { changeRun } from '../../bots/engine/bot-runs.ts';
import { loadHeld } from '../../bots/engine/engine-store.ts';
import type { Clock } from '../../clock.ts';
import { istDate } from '../../market/ist.ts';
import { recordAccountNotice } from '../../notices/stream-notices.ts';

type Account = { id: number; user_id: number; name: string; account_number: string };

async function pauseBots(q: Queryable, accountId: number, reason: string, now: Date): Promise<void> {
  for (const [kind, table] of [['daily', 'daily_bots'], ['trading', 'trading_bots']] as const) {
    const { rows } = await q.query<{ id: number; portfolio_id: number }>(
      `UPDATE ${table} b SET status = 'paused', updated_at = $2 FROM portfolios p
       WHERE p.id = b.portfolio_id AND p.broker_account_id = $1 AND b.status = 'active' RETURNING b.id, b.portfolio_id`,
      [accountId, now],
    );
    for (const row of rows) {
      const bot = { kind, id: Number(row.id), portfolioId: Number(row.portfolio_id) };
      const holding = ((await loadHeld(q, { kind, id: bot.id })).size ?? 0) > 0;
      await changeRun(
        q,
        bot,
        istDate(now),
        (run) => ({ state: run.state === 'waiting' ? 'paused' : run.state, reason, pauseAction: holding ? 'keep_managing' : run.pauseAction }),
        now,
      );
    }
  }
}

/**
 * Logs the account out after its broker (`broker`: "Kite", "Upstox") said its token is dead, in its own words
 * (`brokerMessage`); answers false when it was already logged out.
 */
export async function endSessionAfterTokenError(db: Database, clock: Clock, accountId: number, broker: string, brokerMessage: string): Promise<boolean> {
  const now = clock();
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<Account>(
      `UPDATE broker_accounts SET session_access_token_encrypted = NULL, session_expires_at = $2, updated_at = $2
       WHERE id = $1 AND session_access_token_encrypted IS NOT NULL RETURNING id, user_id, name, account_number`,
      [accountId, now],
    );
    const account = rows[0];
    if (account === undefined) return false;
    const reason = `${broker} ended the broker session of ${account.account_number} (${brokerMessage}): log in to the broker again, then resume the bot.`;
    await pauseBots(tx, accountId, reason, now);
    // Its desk reads its positions again (now UNKNOWN) when its stream says so: no order changed to tell it.
    await recordAccountNotice(tx, 'account', accountId);
    // The session watcher tells expiries by the same key, so this session's end is told once.
    await recordAlert(tx, {
      userId: Number(account.user_id),
      accountId,
      category: 'broker_session',
      event: 'broker_session_expired',
      severity: 'danger',
      title: said('alert.broker_session_ended_title', { broker, account: account.account_number }, `Log in to ${broker} again: ${account.account_number}`),
      // The broker's own words stay as they are, inside the translated sentence.
      body: said(
        'alert.broker_session_ended_body',
        { broker, name: account.name, account: account.account_number, detail: brokerMessage },
        `${broker} ended the broker session of ${account.name} (${account.account_number}): ${brokerMessage}. Positions and orders are unknown and its bots are paused until you log in to the broker again.`,
      ),
      link: '/app/broker',
      at: now,
      dedupeKey: `session-expired:${accountId}:${now.getTime()}`,
    });
    return true;
  });
}
