// Writing a bot's run of the day: read under a row lock, changed, written back (one row per bot and day).
import type { Database, Queryable } from '../../../db/database.ts';
import type { Said } from '../../texts/said.ts';
import type { BotKind } from './action-keys.ts';
import { runColumns, toRun } from './engine-store.ts';
import type { BotRunRow } from './engine-types.ts';

export type RunChange = Partial<BotRunRow> & { pnlPaise?: number | null };

const emptyRun: BotRunRow & { pnlPaise: number | null } = {
  state: 'waiting',
  reason: null,
  reasonI18n: null,
  entries: 0,
  reEntriesUsed: 0,
  entryPremiumPaise: null,
  peakProfitPaise: null,
  legs: [],
  lastSignalAt: null,
  pauseAction: null,
  pnlPaise: null,
};

export async function changeRun(
  q: Queryable,
  bot: { kind: BotKind; id: number; portfolioId: number },
  day: string,
  change: (run: BotRunRow & { pnlPaise: number | null }) => RunChange,
  now: Date,
): Promise<BotRunRow> {
  const { rows } = await q.query<Parameters<typeof toRun>[0]>(
    `SELECT ${runColumns} FROM bot_runs WHERE bot_kind = $1 AND bot_id = $2 AND trading_day = $3::date FOR UPDATE`,
    [bot.kind, bot.id, day],
  );
  const current = rows[0] === undefined ? emptyRun : toRun(rows[0]);
  const changed = change(current);
  // A new reason without its code is English only: the old reason's code must not stay beside it.
  const next = { ...current, ...changed, reasonI18n: 'reason' in changed ? (changed.reasonI18n ?? null) : (current.reasonI18n ?? null) };
  await q.query(
    `INSERT INTO bot_runs (bot_kind, bot_id, trading_day, portfolio_id, state, reason, entries, re_entries_used, entry_premium_paise, peak_profit_paise,
       legs, last_signal_at, pnl_paise, pause_action, updated_at, reason_i18n)
     VALUES ($1, $2, $3::date, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15, $16)
     ON CONFLICT (bot_kind, bot_id, trading_day) DO UPDATE SET state = EXCLUDED.state, reason = EXCLUDED.reason, reason_i18n = EXCLUDED.reason_i18n, entries = EXCLUDED.entries,
       re_entries_used = EXCLUDED.re_entries_used, entry_premium_paise = EXCLUDED.entry_premium_paise, peak_profit_paise = EXCLUDED.peak_profit_paise,
       legs = EXCLUDED.legs, last_signal_at = EXCLUDED.last_signal_at, pnl_paise = EXCLUDED.pnl_paise, pause_action = EXCLUDED.pause_action,
       updated_at = EXCLUDED.updated_at`,
    [
      bot.kind,
      bot.id,
      day,
      bot.portfolioId,
      next.state,
      next.reason === null ? null : next.reason.slice(0, 500),
      next.entries,
      next.reEntriesUsed,
      next.entryPremiumPaise,
      next.peakProfitPaise,
      JSON.stringify(next.legs),
      next.lastSignalAt,
      next.pnlPaise,
      next.pauseAction,
      now,
      next.reasonI18n,
    ],
  );
  return next;
}

/** Net P&L of one bot's trades on a day, when it is flat (cash flow minus charges). */
export async function flatDayPnl(q: Queryable, bot: { kind: BotKind; id: number }, day: string): Promise<number | null> {
  const { rows } = await q.query<{ flow: string | null; charges: string | null; open: string | null }>(
    `SELECT sum(CASE WHEN t.transaction_type = 'SELL' THEN t.quantity * t.price_paise ELSE -t.quantity * t.price_paise END) AS flow,
       sum(t.charges_paise) AS charges,
       sum(CASE WHEN t.transaction_type = 'BUY' THEN t.quantity ELSE -t.quantity END) AS open
     FROM bot_trades t
     WHERE t.bot_kind = $1 AND t.bot_id = $2 AND t.trading_day = $3::date`,
    [bot.kind, bot.id, day],
  );
  // An aggregate answers one row; called after an exit filled, so the day has trades (a sum of none is null, Number(null) 0).
  const row = rows[0]!;
  return Number(row.open) !== 0 ? null : Number(row.flow) - Number(row.charges);
}

/** The bot's run says why its entry waits (a tick that finds the same reason writes nothing); answers that the bot did not act. */
export async function entryWaits(db: Database, bot: { kind: BotKind; id: number; portfolioId: number }, day: string, reason: Said, now: Date): Promise<false> {
  await db.transaction((tx) => changeRun(tx, bot, day, (run) => (run.reason === reason.text ? {} : { reason: reason.text, reasonI18n: reason.i18n }), now));
  return false;
}
