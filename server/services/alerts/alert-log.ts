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
  const { rows } = await q.query<{ id: string }>(
    `WITH written AS (
       INSERT INTO alerts (user_id, broker_account_id, category, event, severity, title, body, link, bot_kind, bot_id, bot_name, at, dedupe_key, title_i18n, body_i18n)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15::jsonb)
       ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
       RETURNING id, user_id, broker_account_id
     ), noticed AS (
       INSERT INTO stream_notices (user_id, broker_account_id, topic, at) SELECT user_id, broker_account_id, 'alerts', now() FROM written
     )
     SELECT id FROM written`,
    [
      alert.userId,
      alert.accountId,
      alert.category,
      alert.event,
      alert.severity,
      clip(saidOf(alert.title).text, 120),
      clip(saidOf(alert.body).text, 500),
      alert.link,
      alert.bot?.kind ?? null,
      alert.bot?.id ?? null,
      alert.bot === null || alert.bot === undefined ? null : clip(alert.bot.name, 100),
      alert.at,
      alert.dedupeKey ?? null,
      jsonOrNull(codeOf(alert.title)),
      jsonOrNull(codeOf(alert.body)),
    ],
  );
  return rows[0] === undefined ? null : Number(rows[0].id);
}
