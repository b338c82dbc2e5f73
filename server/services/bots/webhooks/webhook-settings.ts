// A trading bot's webhook address, as its owner sets it (issue 41). The token is 32 random bytes (256 bits,
// base64url) shown once, in the answer that made it; only its SHA-256 is stored, so a copy of the database
// holds no working address. Rotating replaces the hash: the old address answers 404 from that moment. The
// optional signing secret (also 32 random bytes, shown once) is sealed with the server's key: verifying an
// HMAC needs the secret itself, so it cannot be hashed.
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { notFound } from '../../domain-error.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { recentAlerts, type LoggedAlert } from './webhook-log.ts';

export type WebhookSettings = {
  token_hint: string;
  signed: boolean;
  signals_only: boolean;
  max_entries_per_day: number;
  duplicate_window_minutes: number | null;
  created_at: string;
  token_rotated_at: string;
};

/** `duplicate_window_minutes`: null sets the IST day back (an absent field keeps what is set). */
export type WebhookChange = {
  signals_only?: boolean | undefined;
  max_entries_per_day?: number | undefined;
  duplicate_window_minutes?: number | null | undefined;
  rotate_token?: boolean | undefined;
  signing?: 'keep' | 'new' | 'off' | undefined;
};

/** What a save answers: the settings, and what it made, once (null when nothing new was made). */
export type WebhookSaved = { webhook: WebhookSettings; token: string | null; path: string | null; signing_secret: string | null };

export const webhookPath = (token: string) => `/api/webhooks/${token}/`;
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

type SettingsRow = {
  token_hint: string;
  signing_secret: string | null;
  signals_only: boolean;
  max_entries_per_day: number;
  duplicate_window_minutes: number | null;
  created_at: Date;
  token_rotated_at: Date;
};

const toSettings = (row: SettingsRow): WebhookSettings => ({
  token_hint: row.token_hint,
  signed: row.signing_secret !== null,
  signals_only: row.signals_only,
  max_entries_per_day: Number(row.max_entries_per_day),
  duplicate_window_minutes: row.duplicate_window_minutes === null ? null : Number(row.duplicate_window_minutes),
  created_at: new Date(row.created_at).toISOString(),
  token_rotated_at: new Date(row.token_rotated_at).toISOString(),
});

const columns = 'token_hint, signing_secret, signals_only, max_entries_per_day, duplicate_window_minutes, created_at, token_rotated_at';

/** `ownsBot`: whether the trading bot is the user's (bots-service find): another trader's bot answers 404. */
export function createWebhookSettings({ db, clock, secrets, ownsBot }: { db: Database; clock: Clock; secrets: SecretBox; ownsBot: (userId: number, botId: number) => Promise<boolean> }) {
  async function requireBot(userId: number, botId: number): Promise<void> {
    if (!(await ownsBot(userId, botId))) throw notFound('trading_bot');
  }

  async function get(userId: number, botId: number): Promise<{ webhook: WebhookSettings | null; alerts: LoggedAlert[] }> {
    await requireBot(userId, botId);
    const { rows } = await db.query<SettingsRow>(`SELECT ${columns} FROM bot_webhooks WHERE bot_id = $1`, [botId]);
    return { webhook: rows[0] === undefined ? null : toSettings(rows[0]), alerts: await recentAlerts(db, botId) };
  }

  /** Turns the webhook on (a new address) or changes it: a new address when asked, a new secret or none. */
  async function save(userId: number, botId: number, change: WebhookChange): Promise<WebhookSaved> {
    await requireBot(userId, botId);
    const now = clock();
    const token = randomBytes(32).toString('base64url');
    const secret = change.signing === 'new' ? newSecret() : null;
    const sealed = secret === null ? null : secrets.seal(secret);
    const { rows: existing } = await db.query<SettingsRow>(`SELECT ${columns} FROM bot_webhooks WHERE bot_id = $1`, [botId]);
    const fresh = existing[0] === undefined || change.rotate_token === true;
    const window = change.duplicate_window_minutes;
    const values = [botId, tokenHash(token), token.slice(-4), sealed, change.signals_only ?? null, change.max_entries_per_day ?? null, now, change.signing ?? 'keep', fresh, window !== undefined, window ?? null];
    // One statement: two saves at once leave one address, never two live ones.
    const { rows } = await db.query<SettingsRow>(
      `INSERT INTO bot_webhooks (bot_id, token_hash, token_hint, signing_secret, signals_only, max_entries_per_day, duplicate_window_minutes, created_at, token_rotated_at)
       VALUES ($1, $2, $3, $4, coalesce($5, true), coalesce($6, 5), $11::integer, $7, $7)
       ON CONFLICT (bot_id) DO UPDATE SET
         token_hash = CASE WHEN $9 THEN EXCLUDED.token_hash ELSE bot_webhooks.token_hash END,
         token_hint = CASE WHEN $9 THEN EXCLUDED.token_hint ELSE bot_webhooks.token_hint END,
         token_rotated_at = CASE WHEN $9 THEN $7 ELSE bot_webhooks.token_rotated_at END,
         signing_secret = CASE $8 WHEN 'new' THEN $4 WHEN 'off' THEN NULL ELSE bot_webhooks.signing_secret END,
         signals_only = coalesce($5, bot_webhooks.signals_only),
         max_entries_per_day = coalesce($6, bot_webhooks.max_entries_per_day),
         duplicate_window_minutes = CASE WHEN $10 THEN $11::integer ELSE bot_webhooks.duplicate_window_minutes END
       RETURNING ${columns}`,
      values,
    );
    return { webhook: toSettings(rows[0]!), token: fresh ? token : null, path: fresh ? webhookPath(token) : null, signing_secret: secret };
  }

  /** Turns the webhook off: the address is dead at once; the alert log stays. */
  async function remove(userId: number, botId: number): Promise<void> {
    await requireBot(userId, botId);
    await db.query('DELETE FROM bot_webhooks WHERE bot_id = $1', [botId]);
  }

  return { get, save, remove };
}

export type WebhookSettingsService = ReturnType<typeof createWebhookSettings>;
