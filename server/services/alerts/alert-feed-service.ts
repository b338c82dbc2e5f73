// The trader's alerts feed (/app/strategy_alerts and the in-app notifications): newest first, paged by id,
// filtered by category, each marked read or not from how far the trader has read (alert_reads).
import type { components } from '../../../openapi/main.d.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../clock.ts';

type Schemas = components['schemas'];
type Alert = Schemas['Alert'];

export type FeedQuery = { before?: number | undefined; after?: number | undefined; category?: Schemas['AlertCategory'] | undefined; limit?: number | undefined };

type AlertRow = {
  id: string;
  category: Alert['category'];
  event: Alert['event'];
  severity: Alert['severity'];
  title: string;
  body: string;
  title_i18n: Alert['title_i18n'];
  body_i18n: Alert['body_i18n'];
  link: string;
  at: Date;
  account_number: string | null;
  bot_kind: Schemas['BotKind'] | null;
  bot_id: number | null;
  bot_name: string | null;
  read: boolean;
};

export const defaultFeedLimit = 50;

function alertOf(row: AlertRow): Alert {
  return {
    id: Number(row.id),
    category: row.category,
    event: row.event,
    severity: row.severity,
    title: row.title,
    body: row.body,
    title_i18n: row.title_i18n,
    body_i18n: row.body_i18n,
    at: new Date(row.at).toISOString(),
    link: row.link,
    account_number: row.account_number,
    bot: row.bot_kind === null || row.bot_id === null || row.bot_name === null ? null : { kind: row.bot_kind, id: row.bot_id, name: row.bot_name },
    read: row.read,
  };
}

async function unreadOf(q: Queryable, userId: number): Promise<number> {
  const { rows } = await q.query<{ count: string }>(
    `SELECT count(*) AS count FROM alerts a WHERE a.user_id = $1
       AND a.id > COALESCE((SELECT read_up_to FROM alert_reads WHERE user_id = $1), 0)`,
    [userId],
  );
  return Number(rows[0]?.count ?? 0);
}

export function createAlertFeedService({ db, clock }: { db: Database; clock: Clock }) {
  async function list(userId: number, query: FeedQuery): Promise<Schemas['AlertsResponse']> {
    const asOf = clock();
    const { rows } = await db.query<AlertRow>(
      `SELECT a.id, a.category, a.event, a.severity, a.title, a.body, a.title_i18n, a.body_i18n, a.link, a.at, b.account_number, a.bot_kind, a.bot_id, a.bot_name,
         a.id <= COALESCE(r.read_up_to, 0) AS read
       FROM alerts a
       LEFT JOIN broker_accounts b ON b.id = a.broker_account_id
       LEFT JOIN alert_reads r ON r.user_id = a.user_id
       WHERE a.user_id = $1 AND ($2::bigint IS NULL OR a.id < $2) AND ($3::bigint IS NULL OR a.id > $3) AND ($4::text IS NULL OR a.category = $4)
       ORDER BY a.id DESC LIMIT $5`,
      [userId, query.before ?? null, query.after ?? null, query.category ?? null, query.limit ?? defaultFeedLimit],
    );
    return { alerts: rows.map(alertOf), unread: await unreadOf(db, userId), as_of: asOf.toISOString() };
  }

  /**
   * Marks every alert of this trader up to `upTo` as read. Never moves backwards, and never past the trader's
   * newest alert: ids are shared by all traders, so a larger one would mark alerts not yet written as read.
   */
  async function markRead(userId: number, upTo: number): Promise<Schemas['UnreadAlertsResponse']> {
    await db.query(
      `INSERT INTO alert_reads (user_id, read_up_to)
       SELECT $1, LEAST($2::bigint, max(id)) FROM alerts WHERE user_id = $1 HAVING max(id) IS NOT NULL
       ON CONFLICT (user_id) DO UPDATE SET read_up_to = GREATEST(alert_reads.read_up_to, EXCLUDED.read_up_to)`,
      [userId, upTo],
    );
    return { unread: await unreadOf(db, userId) };
  }

  return { list, markRead };
}

export type AlertFeedService = ReturnType<typeof createAlertFeedService>;
