// Writing to the trader's alerts feed. Every part of the server that sees an event worth telling (the bot
// engine, the leader's watchers) calls recordAlert inside its own transaction, so the alert exists exactly
// when the event does; the push dispatcher and the feed read the table afterwards.
import type { components } from '../../../openapi/main.d.ts';
import type { Queryable } from '../../db/database.ts';
import { words, type LocalText, type Said } from '../texts/said.ts';

type Schemas = components['schemas'];

export type NewAlert = {
  userId: number;
  accountId: number | null;
  category: Schemas['AlertCategory'];
  event: Schemas['AlertEvent'];
  severity: Schemas['AlertSeverity'];
  /** Plain English (not yet coded: the app shows it as it is) or said in English and as a code. */
  title: Said | string;
  body: Said | string;
  /** The app path that shows what it is about, e.g. /app/order_book. */
  link: string;
  bot?: { kind: Schemas['BotKind']; id: number; name: string } | null | undefined;
  at: Date;
  /** Same key, same user: written once, whoever writes it again (another instance, a retried tick). */
  dedupeKey?: string | null | undefined;
};

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
const saidOf = (value: Said | string): Said => (typeof value === 'string' ? words(value) : value);
const jsonOrNull = (value: LocalText | null) => (value === null ? null : JSON.stringify(value));
/** Plain English has no code: null, so the app shows the English text. */
const codeOf = (value: Said | string): LocalText | null => (typeof value === 'string' ? null : value.i18n);

/**
 * Adds an alert; answers its id, or null when an alert with the same dedupe key was already written. A new
 * one is also a notice on the trader's open streams (stream-notices.ts): the app reads its feed then.
 */
export async function recordAlert(q: Queryable, alert: NewAlert): Promise<number | null> {
  return (await recordAlerts(q, [alert]))[0] ?? null;
}

/**
 * Adds alerts in one statement (a watcher's look finds one per order filled since the last: one round trip,
 * not one each), in their order; answers the ids of those written (a dedupe key already there writes
 * nothing). Each trader with a new alert gets one notice on their streams per account: it says to read the
 * feed, which shows them all.
 */
export async function recordAlerts(q: Queryable, alerts: readonly NewAlert[]): Promise<number[]> {
  if (alerts.length === 0) return [];
  const column = <T>(value: (alert: NewAlert) => T) => alerts.map(value);
  const { rows } = await q.query<{ id: string }>(
    `WITH written AS (
       INSERT INTO alerts (user_id, broker_account_id, category, event, severity, title, body, link, bot_kind, bot_id, bot_name, at, dedupe_key, title_i18n, body_i18n)
       SELECT user_id, broker_account_id, category, event, severity, title, body, link, bot_kind, bot_id, bot_name, at, dedupe_key, title_i18n::jsonb, body_i18n::jsonb
       FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int[], $11::text[],
         $12::timestamptz[], $13::text[], $14::text[], $15::text[])
         WITH ORDINALITY AS a (user_id, broker_account_id, category, event, severity, title, body, link, bot_kind, bot_id, bot_name, at, dedupe_key, title_i18n, body_i18n, n)
       ORDER BY n
       ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
       RETURNING id, user_id, broker_account_id
     ), noticed AS (
       INSERT INTO stream_notices (user_id, broker_account_id, topic, at) SELECT DISTINCT user_id, broker_account_id, 'alerts', now() FROM written
     )
     SELECT id FROM written ORDER BY id`,
    [
      column((alert) => alert.userId),
      column((alert) => alert.accountId),
      column((alert) => alert.category),
      column((alert) => alert.event),
      column((alert) => alert.severity),
      column((alert) => clip(saidOf(alert.title).text, 120)),
      column((alert) => clip(saidOf(alert.body).text, 500)),
      column((alert) => alert.link),
      column((alert) => alert.bot?.kind ?? null),
      column((alert) => alert.bot?.id ?? null),
      column((alert) => (alert.bot === null || alert.bot === undefined ? null : clip(alert.bot.name, 100))),
      column((alert) => alert.at),
      column((alert) => alert.dedupeKey ?? null),
      column((alert) => jsonOrNull(codeOf(alert.title))),
      column((alert) => jsonOrNull(codeOf(alert.body))),
    ],
  );
  return rows.map((row) => Number(row.id));
}
