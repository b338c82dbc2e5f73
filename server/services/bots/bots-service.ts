// Trading bots and daily bots: one implementation, two kinds (bot-kinds.ts). A bot belongs to a
// portfolio, which belongs to a broker account, which belongs to a user; every query walks that chain
// from the signed-in user, so another user's bot or portfolio answers 404 whichever id names it.
import { isDeepStrictEqual } from 'node:util';
import type { Database, Queryable } from '../../db/database.ts';
import { DomainError, notFound } from '../domain-error.ts';
import type { Clock } from '../clock.ts';
import { findOwnedPortfolio } from '../portfolios/portfolios-service.ts';
import type { StrategiesService } from '../strategies/strategies-service.ts';
import { cleanText } from '../text.ts';
import { botRuleTexts } from '../texts/bot-rule-texts.ts';
import { applyPauseChoice } from './engine/pause-choice.ts';
import { recordPortfolioBotsNotice } from '../notices/stream-notices.ts';
import { checkBotMode } from './live-bot-rules.ts';
import { botSessions, checkBotFields, checkStockFromAlert, demoHours, type BotCommon, type BotFields, type PauseAction, type SessionHours, type TradingWindow } from './bot-rules.ts';

export type BotRow = Record<string, unknown>;

/** What distinguishes one kind of bot from the other. */
export type BotKind<Bot extends BotCommon> = {
  table: 'trading_bots' | 'daily_bots';
  /** What a 404 says is missing. */
  thing: 'trading_bot' | 'daily_bot';
  /** Columns beyond the common ones, in the order `extraValues` gives them. */
  extraColumns: readonly string[];
  /** SQL expressions that read the extra columns back (same order). */
  extraSelect: readonly string[];
  toBot: (row: BotRow) => Bot;
  /** Checks and normalises the kind's own fields (422 on a broken rule); its times must fall in one of `sessions`. */
  checkExtra: (bot: Bot, sessions: readonly SessionHours[]) => Bot;
  extraValues: (bot: Bot) => unknown[];
  /** Values a create may leave out (a trading bot's window). */
  defaults: Partial<Bot>;
};

type DefaultedField = keyof TradingWindow;
export type BotInput<Bot extends BotCommon> = Omit<Bot, 'id' | 'portfolio_id' | 'status' | 'mode' | DefaultedField> &
  Partial<Pick<BotFields, 'status' | 'mode'>> &
  Partial<Pick<Bot, Extract<keyof Bot, DefaultedField>>>;
/** An update: any of the bot's fields, `id` and `portfolio_id` included when they are its own. */
export type BotChanges<Bot extends BotCommon> = Partial<Omit<Bot, 'mode'>> &
  Partial<Pick<BotFields, 'mode'>> & { pause_action?: PauseAction | undefined; live_confirmation?: string | undefined };

const commonColumns = ['name', 'base_strategy_id', 'underlying', 'lots', 'stop_loss_pct', 'target_pct', 'status', 'params', 'mode'] as const;

export function commonFields(row: BotRow): BotCommon {
  return {
    id: Number(row.id),
    portfolio_id: Number(row.portfolio_id),
    name: String(row.name),
    base_strategy: Number(row.base_strategy_id),
    underlying: row.underlying as BotCommon['underlying'],
    lots: Number(row.lots),
    stop_loss_pct: Number(row.stop_loss_pct),
    target_pct: Number(row.target_pct),
    status: row.status as BotCommon['status'],
    params: row.params as BotCommon['params'],
    mode: row.mode as BotCommon['mode'],
  };
}

export type BotsService<Bot extends BotCommon> = ReturnType<typeof createBotsService<Bot>>;

/** `demo`: the simulated market never closes, so schedules may take any time of day. */
export type BotsServiceOptions = { db: Database; clock: Clock; strategies: StrategiesService; demo: boolean };

export function createBotsService<Bot extends BotCommon>(kind: BotKind<Bot>, { db, clock, strategies, demo }: BotsServiceOptions) {
  const select = `SELECT b.id, b.portfolio_id, ${commonColumns.map((column) => `b.${column}`).join(', ')}${kind.extraSelect.map((expression) => `, ${expression}`).join('')}
    FROM ${kind.table} b`;
  const botNotFound = () => notFound(kind.thing);

  async function findOwned(q: Queryable, userId: number, botId: number, lock = ''): Promise<Bot | null> {
    const { rows } = await q.query<BotRow>(
      `${select} JOIN portfolios p ON p.id = b.portfolio_id JOIN broker_accounts a ON a.id = p.broker_account_id
       WHERE b.id = $1 AND a.user_id = $2${lock}`,
      [botId, userId],
    );
    return rows[0] === undefined ? null : kind.toBot(rows[0]);
  }

  /**
   * The bot held for an update until its transaction ends, or null when it is gone. Its portfolio first, then
   * the bot, the order in which a deletion takes them (a portfolio's takes its bots along), so an update and a
   * deletion queue behind each other instead of deadlocking: a deletion that began first leaves nothing to find.
   */
  async function holdOwned(tx: Queryable, userId: number, botId: number): Promise<Bot | null> {
    const { rows } = await tx.query(
      `SELECT p.id FROM ${kind.table} b JOIN portfolios p ON p.id = b.portfolio_id JOIN broker_accounts a ON a.id = p.broker_account_id
       WHERE b.id = $1 AND a.user_id = $2 FOR KEY SHARE OF p`,
      [botId, userId],
    );
    return rows.length === 0 ? null : findOwned(tx, userId, botId, ' FOR NO KEY UPDATE OF b');
  }

  async function requirePortfolio(q: Queryable, userId: number, portfolioId: number, keep = false): Promise<void> {
    if ((await findOwnedPortfolio(q, userId, portfolioId, keep)) === null) throw notFound('portfolio');
  }

  /** The complete bot as it will be stored: every rule checked, defaults filled in. */
  async function checked(q: Queryable, draft: Bot & { mode: BotFields['mode'] }): Promise<Bot> {
    const common = await checkBotFields(q, strategies, draft, clock());
    if ('stock_from_alert' in draft && draft.stock_from_alert === true) await checkStockFromAlert(q, common.underlying, clock());
    // The simulated market never closes; a real one trades in its regular session (market_sessions) and the calendar's special sessions.
    const sessions = demo ? [demoHours] : await botSessions(q, common.underlying, clock());
    return kind.checkExtra({ ...draft, ...common }, sessions);
  }

  function values(bot: Bot): unknown[] {
    const common = [bot.name, bot.base_strategy, bot.underlying, bot.lots, bot.stop_loss_pct, bot.target_pct, bot.status, JSON.stringify(bot.params), bot.mode];
    return [...common, ...kind.extraValues(bot)];
  }

  async function list(userId: number, portfolioId: number): Promise<Bot[]> {
    await requirePortfolio(db, userId, portfolioId);
    const { rows } = await db.query<BotRow>(`${select} WHERE b.portfolio_id = $1 ORDER BY b.id`, [portfolioId]);
    return rows.map(kind.toBot);
  }

  async function create(userId: number, portfolioId: number, input: BotInput<Bot> & { portfolio_id: number; live_confirmation?: string | undefined }): Promise<Bot> {
    if (input.portfolio_id !== portfolioId) {
      throw DomainError.said('portfolio_mismatch', botRuleTexts.portfolioOfPath(portfolioId, input.portfolio_id), { field: 'portfolio_id' });
    }
    const { portfolio_id: _portfolioId, live_confirmation: confirmation, ...fields } = input;
    const draft = { ...kind.defaults, ...fields, id: 0, portfolio_id: portfolioId, status: input.status ?? 'active', mode: input.mode ?? 'paper' } as Bot & { mode: BotFields['mode'] };
    // The portfolio is held while the bot goes in: deleted meanwhile, it is "not found", never a broken key.
    return db.transaction(async (tx) => {
      await requirePortfolio(tx, userId, portfolioId, true);
      const mode = await checkBotMode(tx, portfolioId, draft.mode, { activating: draft.status === 'active', confirmation, now: clock() });
      const bot = { ...(await checked(tx, draft)), mode };
      const columns = [...commonColumns, ...kind.extraColumns];
      const now = clock();
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO ${kind.table} (portfolio_id, ${columns.join(', ')}, created_at, updated_at)
         VALUES ($1, ${columns.map((_, index) => `$${index + 2}`).join(', ')}, $${columns.length + 2}, $${columns.length + 2}) RETURNING id`,
        [portfolioId, ...values(bot), now],
      );
      // The trader's other screens and devices read the new bot's state at once (issue 37).
      await recordPortfolioBotsNotice(tx, portfolioId);
      return (await findOwned(tx, userId, Number(rows[0]?.id))) as Bot;
    });
  }

  /**
   * The fields that really change. A client may send the bot back as it was answered: its own id and
   * portfolio are accepted and dropped, another bot's id or another portfolio is refused (a bot stays in
   * its portfolio: its orders and positions belong there), and fields sent with their current value
   * are no change at all.
   */
  function realChanges(current: Bot, { id, portfolio_id: portfolioId, pause_action: _pauseAction, live_confirmation: _confirmation, ...fields }: BotChanges<Bot>): Partial<Bot> {
    if (id !== undefined && id !== current.id) {
      throw DomainError.said('validation_failed', botRuleTexts.otherBot(kind.thing, current.id, id), { field: 'id' });
    }
    if (portfolioId !== undefined && portfolioId !== current.portfolio_id) {
      throw DomainError.said('portfolio_mismatch', botRuleTexts.staysInPortfolio(current.portfolio_id, portfolioId), { field: 'portfolio_id' });
    }
    const changed = Object.entries(fields).filter(([key, value]) => !isDeepStrictEqual(value, current[key as keyof Bot]));
    return Object.fromEntries(changed) as Partial<Bot>;
  }

  /**
   * One transaction with the bot held (holdOwned): a bot deleted before it answers 404, one deleted after it
   * waits for it; the answer is the row this update wrote, never a read that may find nothing.
   */
  function update(userId: number, botId: number, input: BotChanges<Bot>): Promise<Bot> {
    return db.transaction(async (tx) => {
      const current = await holdOwned(tx, userId, botId);
      if (current === null) throw botNotFound();
      const changes = realChanges(current, input);
      const status = changes.status ?? current.status;
      if (status !== current.status || (status === 'paused' && input.pause_action !== undefined)) {
        const botKind = kind.table === 'daily_bots' ? 'daily' : 'trading';
        await applyPauseChoice(tx, { kind: botKind, id: botId, portfolioId: current.portfolio_id, from: current.status, to: status }, input.pause_action, clock());
      }
      const merged = { ...current, ...changes } as Bot & { mode: BotFields['mode'] };
      // Pausing or stopping must always work, even if the strategy's schema or the index's limits have
      // tightened since the bot was saved: only a change of what the bot trades is checked again.
      const statusOnly = Object.keys(changes).every((key) => key === 'status' || key === 'name');
      const checkedBot = statusOnly ? { ...merged, name: cleanText(merged.name, 'name') } : await checked(tx, merged);
      // A live bot is confirmed again whenever it becomes active or what an active one trades changes.
      const activating = merged.status === 'active' && (current.status !== 'active' || !statusOnly);
      const stays = statusOnly && !activating;
      const mode = stays ? current.mode : await checkBotMode(tx, current.portfolio_id, merged.mode, { activating, confirmation: input.live_confirmation, now: clock() });
      const bot = { ...checkedBot, mode };
      const columns = [...commonColumns, ...kind.extraColumns];
      const { rows } = await tx.query(
        `UPDATE ${kind.table} SET ${columns.map((column, index) => `${column} = $${index + 2}`).join(', ')}, updated_at = $${columns.length + 2}
         WHERE id = $1 RETURNING id`,
        [botId, ...values(bot), clock()],
      );
      const updated = rows.length === 0 ? null : await findOwned(tx, userId, botId);
      if (updated === null) throw botNotFound();
      await recordPortfolioBotsNotice(tx, current.portfolio_id);
      return updated;
    });
  }

  async function remove(userId: number, botId: number): Promise<void> {
    // One statement: of two deletions, or a deletion and the portfolio's, only one finds the bot; its
    // account's `bots` notice goes with it (the trader's other screens drop its card's state).
    const { rows } = await db.query(
      `WITH gone AS (
         DELETE FROM ${kind.table} b USING portfolios p, broker_accounts a
         WHERE b.id = $1 AND p.id = b.portfolio_id AND a.id = p.broker_account_id AND a.user_id = $2 RETURNING b.id, a.id AS account_id, a.user_id
       ), told AS (INSERT INTO stream_notices (user_id, broker_account_id, topic, at) SELECT user_id, account_id, 'bots', now() FROM gone)
       SELECT id FROM gone`,
      [botId, userId],
    );
    if (rows.length === 0) throw botNotFound();
  }

  /** The trader's bot, or null (another trader's bot is as missing as one that never was). */
  const find = (userId: number, botId: number): Promise<Bot | null> => findOwned(db, userId, botId);

  /**
   * A bot checked as creating it would check it, but not stored (a backtest of a bot configured on the spot).
   * Always paper: a backtest trades no real money, so no live confirmation applies.
   */
  async function draft(userId: number, input: BotInput<Bot> & { portfolio_id: number }): Promise<Bot> {
    const { portfolio_id: portfolioId, ...fields } = input;
    const candidate = { ...kind.defaults, ...fields, id: 0, portfolio_id: portfolioId, status: 'active', mode: 'paper' } as Bot & { mode: BotFields['mode'] };
    await requirePortfolio(db, userId, portfolioId);
    return checked(db, candidate);
  }

  return { list, create, update, remove, find, draft };
}
