// What a backtest request must be before it is queued: one bot (saved and the trader's, or configured on
// the spot and valid as a new bot would be), a range of at most 5 years, and imported option history of the
// bot's index in that range, on whose days the book's rules (charges, margins, lot size) are known. Each
// refusal is a coded text (en and fr) beside its English message.
import type { components } from '../../../../openapi/main.d.ts';
import type { Database } from '../../../db/database.ts';
import type { DailyBot, TradingBot } from '../../bots/bot-rules.ts';
import type { BotsService } from '../../bots/bots-service.ts';
import { defaultTradingWindow } from '../../bots/bot-kinds.ts';
import { notFound } from '../../domain-error.ts';
import { sampleImportIds } from '../../history/history-store.ts';
import { unknownRule } from '../replay/replay-rules.ts';
import { strategiesWithFuture } from '../../strategies/catalogue.ts';
import { ruleWords } from '../../texts/replay-texts.ts';
import { said, type Said } from '../../texts/said.ts';
import type { BacktestBot } from './backtest-jobs.ts';

type Schemas = components['schemas'];

export const maxBacktestYears = 5;

/** A refusal of a backtest request: its status, stable code, the field at fault and its coded text. */
export class BacktestRefusal extends Error {
  override name = 'BacktestRefusal';
  constructor(
    readonly status: 400 | 422,
    readonly code: string,
    readonly text: Said,
    readonly field?: string,
  ) {
    super(text.text);
  }
}

/** The day `years` years after `day` (29 February falls back to the 28th). */
export function yearsAfter(day: string, years: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year + years, month - 1, date));
  if (target.getUTCMonth() !== month - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

type Bots = { daily: BotsService<DailyBot>; trading: BotsService<TradingBot> };
/** Which bot: exactly one of a saved daily bot, a saved trading bot, or one configured on the spot. */
export type BotChoice = Pick<Schemas['BacktestCreate'], 'daily_bot_id' | 'trading_bot_id' | 'bot'>;
type Checked = { bot: BacktestBot; portfolioId: number; entryUntil: string; from: string; to: string; capitalPaise: number; futuresRollDays: number };

export function createBacktestRequests({ db, bots }: { db: Database; bots: Bots }) {
  async function slugOf(strategyId: number): Promise<string> {
    const { rows } = await db.query<{ slug: string }>('SELECT slug FROM base_strategies WHERE id = $1', [strategyId]);
    return rows[0]?.slug ?? 'unknown';
  }

  async function copyOf(kind: 'daily' | 'trading', bot: DailyBot | TradingBot, saved: boolean): Promise<BacktestBot> {
    const daily = kind === 'daily' ? (bot as DailyBot) : null;
    const trading = kind === 'trading' ? (bot as TradingBot) : null;
    return {
      kind,
      id: saved ? bot.id : null,
      name: bot.name,
      underlying: bot.underlying,
      strategy: await slugOf(bot.base_strategy),
      lots: bot.lots,
      stop_loss_pct: bot.stop_loss_pct,
      target_pct: bot.target_pct,
      params: bot.params,
      entry_time: daily?.entry_time ?? trading?.entry_from ?? defaultTradingWindow.entry_from,
      exit_time: daily?.exit_time ?? trading?.exit_time ?? defaultTradingWindow.exit_time,
      weekdays: daily?.weekdays ?? null,
    };
  }

  async function botOf(userId: number, body: BotChoice): Promise<{ bot: BacktestBot; portfolioId: number; entryUntil?: string }> {
    const chosen = [body.daily_bot_id, body.trading_bot_id, body.bot].filter((value) => value !== undefined).length;
    if (chosen !== 1) {
      const text = said('backtest.bot_required', {}, 'Choose one bot to backtest: a saved daily bot, a saved trading bot, or a bot configured here.');
      throw new BacktestRefusal(400, 'backtest_bot_required', text, 'bot');
    }
    if (body.daily_bot_id !== undefined) {
      const bot = await bots.daily.find(userId, body.daily_bot_id);
      if (bot === null) throw notFound('daily_bot');
      return { bot: await copyOf('daily', bot, true), portfolioId: bot.portfolio_id };
    }
    if (body.trading_bot_id !== undefined) {
      const bot = await bots.trading.find(userId, body.trading_bot_id);
      if (bot === null) throw notFound('trading_bot');
      return { bot: await copyOf('trading', bot, true), portfolioId: bot.portfolio_id, entryUntil: bot.entry_until };
    }
    const spot = body.bot!;
    if ('weekdays' in spot) {
      const { live_confirmation: _confirmation, ...input } = spot;
      return { bot: await copyOf('daily', await bots.daily.draft(userId, input), false), portfolioId: spot.portfolio_id };
    }
    const { live_confirmation: _confirmation, ...input } = spot;
    const trading = await bots.trading.draft(userId, input);
    return { bot: await copyOf('trading', trading, false), portfolioId: spot.portfolio_id, entryUntil: trading.entry_until };
  }

  function checkRange(from: string, to: string): void {
    if (from > to) {
      throw new BacktestRefusal(400, 'backtest_range_invalid', said('backtest.range_invalid', { from, to }, `from: ${from} is after to (${to})`), 'from');
    }
    if (to > yearsAfter(from, maxBacktestYears)) {
      const text = said('backtest.range_too_long', { years: maxBacktestYears, from, to }, `A backtest covers at most ${maxBacktestYears} years; ${from} to ${to} is longer`);
      throw new BacktestRefusal(422, 'backtest_range_too_long', text, 'to');
    }
  }

  async function checkHistory(index: string, from: string, to: string): Promise<void> {
    // Any underlying's options or futures (issue 63: a bhavcopy's stock options and index and stock futures). The day
    // StrikeDesk ships for replay (kind 'sample') is made up: a backtest never reads it (history-prices.ts).
    const { rows } = await db.query(
      `SELECT 1 FROM history_option_days WHERE index_name = $1 AND trade_date BETWEEN $2::date AND $3::date AND import_id NOT IN ${sampleImportIds}
       UNION ALL
       SELECT 1 FROM history_future_days WHERE index_name = $1 AND trade_date BETWEEN $2::date AND $3::date AND import_id NOT IN ${sampleImportIds}
       LIMIT 1`,
      [index, from, to],
    );
    if (rows.length === 0) {
      const text = said('backtest.no_history', { index, from, to }, `No ${index} option history is imported between ${from} and ${to}`);
      throw new BacktestRefusal(422, 'backtest_no_history', text, 'from');
    }
  }

  /**
   * A day of history in the range on which the book's charge rates, margin rules or lot size are not known
   * (replay/replay-rules.ts: before July 2020, say) would run with nothing to charge or size its orders by: the
   * request is refused, naming the rule, the day and the first day it is known from, as a replay of that day is.
   */
  async function checkRules(index: string, from: string, to: string, strategy: string): Promise<void> {
    const unknown = await unknownRule(db, index, from, to, strategiesWithFuture.includes(strategy));
    if (unknown === null) return;
    const known = unknown.from ?? '';
    const text = said(
      'backtest.rules_unknown',
      { index, day: unknown.day, rule: unknown.rule, from: known },
      `${index} on ${unknown.day} cannot be backtested: the server knows ${ruleWords[unknown.rule]} only from ${known}`,
    );
    throw new BacktestRefusal(422, 'backtest_rules_unknown', text, 'from');
  }

  /** The request as a job to queue, or a refusal (BacktestRefusal, or not_found for another trader's bot). */
  async function check(userId: number, body: Schemas['BacktestCreate']): Promise<Checked> {
    checkRange(body.from, body.to);
    const { bot, portfolioId, entryUntil } = await botOf(userId, body);
    await checkHistory(bot.underlying, body.from, body.to);
    await checkRules(bot.underlying, body.from, body.to, bot.strategy);
    // A futures leg is rolled a trading day before its expiry unless the trader says otherwise (0: it expires).
    const futuresRollDays = body.futures_roll_days ?? 1;
    return { bot, portfolioId, entryUntil: entryUntil ?? bot.exit_time, from: body.from, to: body.to, capitalPaise: Math.round(body.capital * 100), futuresRollDays };
  }

  return {
    check,
    /** The bot chosen, as a backtest copies it (a replay's bot is chosen the same: replay/replay-bot-service.ts). */
    bot: async (userId: number, body: BotChoice) => {
      const { bot, portfolioId, entryUntil } = await botOf(userId, body);
      return { bot, portfolioId, entryUntil: entryUntil ?? bot.exit_time };
    },
  };
}
