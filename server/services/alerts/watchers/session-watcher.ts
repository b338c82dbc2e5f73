// Broker sessions: one that ran out (Kite's end at 06:00 IST; positions are UNKNOWN until the trader logs in
// again), told once per expiry; and, in the half hour before a trading day's session opens (08:45 on a regular
// day, by the exchange calendar), a reminder for every account whose session is not open, once a day.
import type { Queryable } from '../../../db/database.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { clockMinutes, istDate, istMinutes } from '../../market/ist.ts';
import { sessionOn, type TradingCalendar } from '../../market/trading-calendar.ts';
import { said } from '../../texts/said.ts';
import { recordAlert } from '../alert-log.ts';
import { recordAccountNotice } from '../../notices/stream-notices.ts';

/** How long before the session opens the reminder goes out. */
export const reminderLeadMinutes = 30;
/** Expiries older than this when first seen (the server was down) are not told any more. */
const expiryLookbackMs = 24 * 60 * 60 * 1000;

type AccountRow = { id: number; user_id: number; account_number: string; name: string; session_expires_at: Date | null };

async function tellExpired(tx: Queryable, now: Date): Promise<number> {
  const { rows } = await tx.query<AccountRow>(
    `SELECT id, user_id, account_number, name, session_expires_at FROM broker_accounts
     WHERE session_expires_at <= $1 AND session_expires_at > $2 ORDER BY id`,
    [now, new Date(now.getTime() - expiryLookbackMs)],
  );
  let written = 0;
  for (const row of rows) {
    const expiredAt = new Date(row.session_expires_at!);
    const id = await recordAlert(tx, {
      userId: row.user_id,
      accountId: row.id,
      category: 'broker_session',
      event: 'broker_session_expired',
      severity: 'warning',
      title: said('alert.session_ended_title', { account: row.account_number }, `Broker session ended: ${row.account_number}`),
      body: said(
        'alert.session_ended_body',
        { name: row.name, account: row.account_number },
        `The broker session of ${row.name} (${row.account_number}) has ended. Log in to the broker again to see positions and trade.`,
      ),
      link: '/app/broker',
      at: expiredAt,
      dedupeKey: `session-expired:${row.id}:${expiredAt.getTime()}`,
    });
    if (id === null) continue;
    written += 1;
    // The desk still showing its positions reads them again (UNKNOWN now): no order changed to tell it.
    await recordAccountNotice(tx, 'account', row.id);
  }
  return written;
}

async function remind(tx: Queryable, now: Date, calendar: TradingCalendar): Promise<number> {
  const today = istDate(now);
  const session = sessionOn(calendar, today);
  if (session === null) return 0;
  const minutes = istMinutes(now);
  const opens = clockMinutes(session.open);
  if (minutes < opens - reminderLeadMinutes || minutes >= opens) return 0;
  const { rows } = await tx.query<AccountRow>(
    `SELECT id, user_id, account_number, name, session_expires_at FROM broker_accounts
     WHERE session_expires_at IS NULL OR session_expires_at <= $1 ORDER BY id`,
    [now],
  );
  let written = 0;
  for (const row of rows) {
    const id = await recordAlert(tx, {
      userId: row.user_id,
      accountId: row.id,
      category: 'broker_session',
      event: 'broker_session_expiring',
      severity: 'warning',
      title: said('alert.session_reminder_title', { account: row.account_number }, `Log in to your broker: ${row.account_number}`),
      body: said(
        'alert.session_reminder_body',
        { open: session.open, name: row.name, account: row.account_number },
        `The market opens at ${session.open} IST and ${row.name} (${row.account_number}) has no broker session: bots and orders on it cannot trade until you log in.`,
      ),
      link: '/app/broker',
      at: now,
      dedupeKey: `session-reminder:${row.id}:${today}`,
    });
    if (id !== null) written += 1;
  }
  return written;
}

export function createSessionWatcher() {
  // The calendar is a year of circulars: read once a day, not every tick.
  let calendar: { day: string; value: TradingCalendar } | undefined;

  return async function watchSessions(tx: Queryable, now: Date): Promise<number> {
    const day = istDate(now);
    if (calendar?.day !== day) calendar = { day, value: await loadTradingCalendar(tx, 'NSE') };
    return (await tellExpired(tx, now)) + (await remind(tx, now, calendar.value));
  };
}
