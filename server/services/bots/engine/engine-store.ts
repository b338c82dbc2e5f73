// The engine's reads, set-based: one query each for the bots that may act, their runs today, their actions
// today (and any claim left open), and what they hold; never a query per bot. 1,000 bots cost the same five
// round trips as one, and a bot with nothing to do this tick (flat, outside its entry-to-exit window) costs
// no row at all (loadDueBots).
import type { Queryable } from '../../../db/database.ts';
import { toPaise } from '../../brokers/paper/paise.ts';
import type { IndexName } from '../../market/index-config.ts';
import type { BotActionName, BotKind } from './action-keys.ts';
import { botKey, type ActionRow, type BotRunRow, type EngineBot, type HeldLeg, type RunLeg } from './engine-types.ts';
import { localTextOf } from '../../texts/said.ts';

const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

type BotSqlRow = {
  kind: BotKind;
  id: number;
  name: string;
  portfolio_id: number;
  user_id: number;
  account_id: number;
  account_number: string;
  market_account_id: number | string | null;
  paper_rules_of: string | null;
  capital: string;
  broker: string;
  session_expires_at: Date | null;
  status: EngineBot['status'];
  slug: string;
  underlying: IndexName;
  lots: number;
  stop_loss_pct: string;
  target_pct: string;
  params: unknown;
  entry_from: string;
  entry_until: string;
  exit_time: string;
  weekdays: unknown;
  changed_at: Date | string;
  alerts_only: boolean;
  stock_from_alert: boolean;
  max_stock_positions: number | null;
};

const botSelect = (kind: BotKind) => {
  const table = kind === 'daily' ? 'daily_bots' : 'trading_bots';
  const window = kind === 'daily' ? "b.entry_time AS entry_from, b.entry_time AS entry_until, b.exit_time, array_to_json(b.weekdays) AS weekdays" : 'b.entry_from, b.entry_until, b.exit_time, NULL::json AS weekdays';
  // A trading bot whose webhook is its only source of entries (issue 41) takes none from its own rules.
  // A bot trading the stock its alert names (issue 63) has no stock of its own to enter by its rules: alerts only too.
  const alertsOnly =
    kind === 'daily'
      ? 'false AS alerts_only, false AS stock_from_alert, NULL::smallint AS max_stock_positions'
      : 'b.stock_from_alert OR EXISTS (SELECT 1 FROM bot_webhooks w WHERE w.bot_id = b.id AND w.signals_only) AS alerts_only, b.stock_from_alert, b.max_stock_positions';
  return `SELECT '${kind}'::text AS kind, b.id, b.name, b.portfolio_id, a.user_id, a.id AS account_id, a.account_number, a.capital, a.market_account_id, a.paper_rules_of, k.slug AS broker,
      a.session_expires_at, b.status, b.updated_at AS changed_at, s.slug, b.underlying, b.lots, b.stop_loss_pct, b.target_pct, b.params, ${window}, ${alertsOnly}
    FROM ${table} b JOIN base_strategies s ON s.id = b.base_strategy_id JOIN portfolios p ON p.id = b.portfolio_id
      JOIN broker_accounts a ON a.id = p.broker_account_id JOIN brokers k ON k.id = a.broker_id`;
};

function toBot(row: BotSqlRow, nowMs: number): EngineBot {
  const weekdays = row.weekdays === null ? null : jsonOf<unknown[]>(row.weekdays).map(Number);
  return {
    kind: row.kind,
    id: Number(row.id),
    name: row.name,
    portfolioId: Number(row.portfolio_id),
    userId: Number(row.user_id),
    // Its market read with it: the paper broker would otherwise read it again for each call of an entry.
    account: {
      id: Number(row.account_id),
      accountNumber: row.account_number,
      capitalPaise: toPaise(Number(row.capital)),
      marketAccountId: row.market_account_id === null ? null : Number(row.market_account_id),
      paperRulesOf: row.paper_rules_of,
    },
    broker: row.broker,
    sessionOpen: row.session_expires_at !== null && new Date(row.session_expires_at).getTime() > nowMs,
    status: row.status,
    strategy: row.slug,
    underlying: row.underlying,
    lots: Number(row.lots),
    stopLossPct: Number(row.stop_loss_pct),
    targetPct: Number(row.target_pct),
    params: jsonOf<Record<string, unknown>>(row.params),
    entryFrom: row.entry_from,
    entryUntil: row.entry_until,
    exitTime: row.exit_time,
    weekdays,
    changedAt: new Date(row.changed_at),
    alertsOnly: row.alerts_only === true,
    stockFromAlert: row.stock_from_alert === true,
    maxStockPositions: row.max_stock_positions === null ? null : Number(row.max_stock_positions),
  };
}

// A bot on a live account trades only when it was set live, with the trader's confirmation (live-bot-rules.ts).
const mayTrade = "b.status <> 'stopped' AND (k.slug = 'paper' OR b.mode = 'live')";

/** One bot (any status), for reconciling its action. */
export async function loadBot(q: Queryable, nowMs: number, kind: BotKind, id: number): Promise<EngineBot | undefined> {
  const { rows } = await q.query<BotSqlRow>(`${botSelect(kind)} WHERE b.id = $1`, [id]);
  return rows[0] === undefined ? undefined : toBot(rows[0], nowMs);
}

/**
 * The bots that may act at `istClock` (IST, HH:MM): those not stopped that hold legs (paused bots still manage,
 * or exit, what they hold), and the active ones inside their window, from the entry time to the exit time.
 * Any other bot is flat and out of its hours, where the rules (rules.ts decide) do nothing: a daily bot
 * waiting for 09:20, one done for the day. So a tick reads the bots with something to do, however many wait.
 */
export async function loadDueBots(q: Queryable, nowMs: number, istClock: string): Promise<EngineBot[]> {
  const due = (kind: BotKind) => {
    const from = kind === 'daily' ? 'b.entry_time' : 'b.entry_from';
    const holds = `EXISTS (SELECT 1 FROM bot_holdings h WHERE h.bot_kind = '${kind}' AND h.bot_id = b.id AND h.quantity <> 0)`;
    return `${botSelect(kind)} WHERE ${mayTrade} AND ((b.status = 'active' AND ${from} <= $1 AND $1 < b.exit_time) OR ${holds})`;
  };
  const { rows } = await q.query<BotSqlRow>(`${due('daily')} UNION ALL ${due('trading')} ORDER BY kind, id`, [istClock]);
  return rows.map((row) => toBot(row, nowMs));
}

export const botsOfPortfolio = async (q: Queryable, portfolioId: number, nowMs: number): Promise<EngineBot[]> => {
  const { rows } = await q.query<BotSqlRow>(`${botSelect('daily')} WHERE b.portfolio_id = $1 UNION ALL ${botSelect('trading')} WHERE b.portfolio_id = $1 ORDER BY kind, id`, [portfolioId]);
  return rows.map((row) => toBot(row, nowMs));
};

type RunSqlRow = {
  bot_kind: BotKind;
  bot_id: number;
  trading_day: string;
  state: BotRunRow['state'];
  reason: string | null;
  reason_i18n: unknown;
  entries: number;
  re_entries_used: number;
  entry_premium_paise: string | null;
  peak_profit_paise: string | null;
  legs: unknown;
  last_signal_at: Date | null;
  pause_action: BotRunRow['pauseAction'];
  pnl_paise: string | null;
};

export const runColumns = `bot_kind, bot_id, to_char(trading_day, 'YYYY-MM-DD') AS trading_day, state, reason, reason_i18n, entries, re_entries_used, entry_premium_paise,
  peak_profit_paise, legs, last_signal_at, pause_action, pnl_paise`;

export function toRun(row: RunSqlRow): BotRunRow & { day: string; pnlPaise: number | null } {
  return {
    day: row.trading_day,
    state: row.state,
    reason: row.reason,
    reasonI18n: localTextOf(row.reason_i18n),
    entries: Number(row.entries),
    reEntriesUsed: Number(row.re_entries_used),
    entryPremiumPaise: row.entry_premium_paise === null ? null : Number(row.entry_premium_paise),
    peakProfitPaise: row.peak_profit_paise === null ? null : Number(row.peak_profit_paise),
    legs: jsonOf<RunLeg[]>(row.legs),
    lastSignalAt: row.last_signal_at === null ? null : new Date(row.last_signal_at),
    pauseAction: row.pause_action,
    pnlPaise: row.pnl_paise === null ? null : Number(row.pnl_paise),
  };
}

/** Whose rows a read takes: a portfolio's bots, or the bots named (the tick's). */
export type BotScope = { portfolioId: number } | { bots: ReadonlyArray<{ kind: BotKind; id: number }> };

/** The scope's condition on a table with bot_kind, bot_id (and portfolio_id), its parameters from `$first`. */
function scoped(scope: BotScope, first: number): { sql: string; values: unknown[] } {
  if ('portfolioId' in scope) return { sql: `portfolio_id = $${first}`, values: [scope.portfolioId] };
  return {
    sql: `(bot_kind, bot_id) IN (SELECT * FROM unnest($${first}::text[], $${first + 1}::int[]))`,
    values: [scope.bots.map((bot) => bot.kind), scope.bots.map((bot) => bot.id)],
  };
}

export async function loadRuns(q: Queryable, day: string, scope: BotScope): Promise<Map<string, BotRunRow & { day: string; pnlPaise: number | null }>> {
  const where = scoped(scope, 2);
  const { rows } = await q.query<RunSqlRow>(`SELECT ${runColumns} FROM bot_runs WHERE trading_day = $1::date AND ${where.sql}`, [day, ...where.values]);
  return new Map(rows.map((row) => [botKey(row.bot_kind, Number(row.bot_id)), toRun(row)]));
}

type ActionSqlRow = {
  id: string;
  bot_kind: BotKind;
  bot_id: number;
  trading_day: string;
  action: BotActionName;
  sequence: number;
  phase: ActionRow['phase'];
  leg: string | null;
  status: ActionRow['status'];
  attempts: number;
  claimed_at: Date;
  completed_at: Date | null;
  message: string | null;
  message_i18n: unknown;
  idempotency_key: string;
  order_ids: unknown;
};

export const actionColumns = `id, bot_kind, bot_id, to_char(trading_day, 'YYYY-MM-DD') AS trading_day, action, sequence, phase, leg, status, attempts,
  claimed_at, completed_at, message, message_i18n, idempotency_key, array_to_json(order_ids) AS order_ids`;

export function toAction(row: ActionSqlRow): ActionRow {
  return {
    id: Number(row.id),
    kind: row.bot_kind,
    botId: Number(row.bot_id),
    day: row.trading_day,
    action: row.action,
    sequence: Number(row.sequence),
    phase: row.phase,
    leg: row.leg,
    status: row.status,
    attempts: Number(row.attempts),
    claimedAt: new Date(row.claimed_at),
    completedAt: row.completed_at === null ? null : new Date(row.completed_at),
    message: row.message,
    messageI18n: localTextOf(row.message_i18n),
    key: row.idempotency_key,
    orderIds: jsonOf<string[] | null>(row.order_ids) ?? [],
  };
}

/** The bots' actions today, and any action of any bot still claimed, of any day (a crash to reconcile). Newest last. */
export async function loadActions(q: Queryable, day: string, bots: ReadonlyArray<{ kind: BotKind; id: number }>): Promise<ActionRow[]> {
  const where = scoped({ bots }, 2);
  const { rows } = await q.query<ActionSqlRow>(
    `SELECT ${actionColumns} FROM bot_actions WHERE (trading_day = $1::date AND ${where.sql}) OR status = 'claimed' ORDER BY id`,
    [day, ...where.values],
  );
  return rows.map(toAction);
}

/**
 * What bots hold now: their open legs (bot_holdings, migration 040: every fill of a bot's order added as it is
 * written), so the read is the legs held, never the trades that led to them. All bots', one bot's, or those
 * of a portfolio's bots.
 */
export async function loadHeld(q: Queryable, only?: { kind: BotKind; id: number } | BotScope): Promise<Map<string, HeldLeg[]>> {
  const { sql: filter, values } =
    only === undefined
      ? { sql: '', values: [] }
      : 'portfolioId' in only
        ? { sql: `AND (h.bot_kind, h.bot_id) IN (SELECT 'daily', id FROM daily_bots WHERE portfolio_id = $1 UNION ALL SELECT 'trading', id FROM trading_bots WHERE portfolio_id = $1)`, values: [only.portfolioId] }
        : 'bots' in only
          ? { sql: `AND ${scoped(only, 1).sql}`, values: scoped(only, 1).values }
          : { sql: 'AND h.bot_kind = $1 AND h.bot_id = $2', values: [only.kind, only.id] };
  const { rows } = await q.query<{ bot_kind: BotKind; bot_id: number; exchange: string; tradingsymbol: string; product: HeldLeg['product']; quantity: string }>(
    `SELECT h.bot_kind, h.bot_id, h.exchange, h.tradingsymbol, h.product, h.quantity FROM bot_holdings h WHERE h.quantity <> 0 ${filter}
     ORDER BY h.id`,
    values,
  );
  const held = new Map<string, HeldLeg[]>();
  for (const row of rows) {
    const key = botKey(row.bot_kind, Number(row.bot_id));
    held.set(key, [...(held.get(key) ?? []), { exchange: row.exchange, tradingsymbol: row.tradingsymbol, product: row.product, quantity: Number(row.quantity) }]);
  }
  return held;
}

/** Net P&L of each bot's trades on `day` (cash flow − charges; open legs are added at their last price by the caller). */
export async function loadDayFlows(q: Queryable, day: string, portfolioId?: number): Promise<Map<string, { flowPaise: number; chargesPaise: number; traded: boolean }>> {
  const { rows } = await q.query<{ bot_kind: BotKind; bot_id: number; flow: string; charges: string }>(
    `SELECT t.bot_kind, t.bot_id,
       sum(CASE WHEN t.transaction_type = 'SELL' THEN t.quantity * t.price_paise ELSE -t.quantity * t.price_paise END) AS flow,
       sum(t.charges_paise) AS charges
     FROM bot_trades t
     WHERE t.trading_day = $1::date ${portfolioId === undefined ? '' : 'AND t.portfolio_id = $2'}
     GROUP BY t.bot_kind, t.bot_id`,
    portfolioId === undefined ? [day] : [day, portfolioId],
  );
  return new Map(rows.map((row) => [botKey(row.bot_kind, Number(row.bot_id)), { flowPaise: Number(row.flow), chargesPaise: Number(row.charges), traded: true }]));
}

/** Minute candles since `since` for the indices asked, oldest first. */
export async function loadCandles(q: Queryable, indices: readonly IndexName[], since: Date) {
  if (indices.length === 0) return new Map<IndexName, Array<{ minute: Date; open: number; high: number; low: number; close: number }>>();
  const { rows } = await q.query<{ index_name: IndexName; minute: Date; open: string; high: string; low: string; close: string }>(
    'SELECT index_name, minute, open, high, low, close FROM market_candles WHERE index_name = ANY($1::text[]) AND minute >= $2 ORDER BY index_name, minute',
    [indices, since],
  );
  const byIndex = new Map<IndexName, Array<{ minute: Date; open: number; high: number; low: number; close: number }>>();
  for (const row of rows) {
    const list = byIndex.get(row.index_name) ?? [];
    list.push({ minute: new Date(row.minute), open: Number(row.open), high: Number(row.high), low: Number(row.low), close: Number(row.close) });
    byIndex.set(row.index_name, list);
  }
  return byIndex;
}
