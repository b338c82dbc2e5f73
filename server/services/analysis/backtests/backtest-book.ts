// The isolated book a backtest trades on: a database of its own (in-memory PGlite, started from a dump of a
// migrated one: book-template.ts), holding a paper account with the backtest's capital, the trader's risk
// limits, one portfolio and the bot. The same services as the server's (book-services.ts) run over it, with the
// history's prices: the bot engine, the order rules, fills, margins and effective-dated charges of paper,
// never the trader's real paper account. A replay's bot (replay/replay-bot.ts) is added to its book the same.
import type { Database, Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { PriceSource } from '../../brokers/paper/price-source.ts';
import type { BookServices, BookServicesFactory } from '../book-services.ts';
import type { BacktestBot, BacktestJob } from './backtest-jobs.ts';
import { openPaperBook } from './paper-book.ts';

export type Book = { db: Database; services: BookServices; account: { id: number; accountNumber: string; capitalPaise: number }; portfolioId: number; botId: number };

/** A trader's risk limits as a book copies them (null: none set). */
export type BookRiskLimits = Record<string, unknown> | null;

/** The trader's risk limits on the account of a portfolio, which apply to a bot of it as they would on paper. */
export async function riskLimitsOf(server: Queryable, portfolioId: number): Promise<BookRiskLimits> {
  const { rows } = await server.query<Record<string, unknown>>(
    `SELECT r.max_loss_today_paise, r.profit_lock_from_paise, r.profit_lock_keep_pct, r.max_trades_today, r.max_lots_per_order, r.max_open_positions
     FROM risk_limits r JOIN portfolios p ON p.broker_account_id = r.broker_account_id WHERE p.id = $1`,
    [portfolioId],
  );
  return rows[0] ?? null;
}

/**
 * The execution policy of a portfolio's account as a book copies it (issue 60): the limit-only broker a paper
 * account behaves as (paper_rules_of) and the trader's policy (null: none set, the rules and defaults choose).
 * A replay logs it with its bot (replay-bot.ts), so a rebuilt book places as the attached one did.
 */
export type BookExecution = { paper_rules_of: string | null; policy: Record<string, unknown> | null };

/** The execution policy of the portfolio's account (null: no such portfolio). */
export async function executionOf(server: Queryable, portfolioId: number): Promise<BookExecution | null> {
  const { rows } = await server.query<Record<string, unknown> & { paper_rules_of: string | null; mode: string | null }>(
    `SELECT a.paper_rules_of, e.mode, e.buffer_unit, e.buffer_value, e.interval_seconds, e.max_tries, e.max_seconds, e.entry_fallback, e.updated_at
     FROM portfolios p JOIN broker_accounts a ON a.id = p.broker_account_id LEFT JOIN execution_policies e ON e.broker_account_id = a.id WHERE p.id = $1`,
    [portfolioId],
  );
  const row = rows[0];
  if (row === undefined) return null;
  const { paper_rules_of: paperRulesOf, ...policy } = row;
  return { paper_rules_of: paperRulesOf, policy: row.mode === null ? null : policy };
}

/**
 * Puts `execution` on the book's account: its orders are then placed and re-priced as that account's would be
 * (LIMIT at the touch plus the buffer, a paper account's limit-only broker), and its report says what that cost.
 */
export async function applyExecution(db: Queryable, accountId: number, execution: BookExecution | null): Promise<void> {
  if (execution === null) return;
  await db.query('UPDATE broker_accounts SET paper_rules_of = $2 WHERE id = $1', [accountId, execution.paper_rules_of]);
  const policy = execution.policy;
  if (policy === null) return;
  await db.query(
    `INSERT INTO execution_policies (broker_account_id, mode, buffer_unit, buffer_value, interval_seconds, max_tries, max_seconds, entry_fallback, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [accountId, policy.mode, policy.buffer_unit, policy.buffer_value, policy.interval_seconds, policy.max_tries, policy.max_seconds, policy.entry_fallback, policy.updated_at],
  );
}

/** The execution policy of the portfolio's account, copied onto the book's account: a backtest trades as that account would. */
export async function copyExecutionPolicy(server: Queryable, db: Queryable, portfolioId: number, accountId: number): Promise<void> {
  await applyExecution(db, accountId, await executionOf(server, portfolioId));
}

/** Adds the bot to a book's portfolio, active, with the risk limits on its account; answers the bot's id. */
export async function addBookBot(
  db: Queryable,
  target: { accountId: number; portfolioId: number },
  bot: BacktestBot,
  entryUntil: string,
  limits: BookRiskLimits,
  now: Date,
): Promise<number> {
  if (limits !== null) {
    const l = limits;
    await db.query(
      `INSERT INTO risk_limits (broker_account_id, max_loss_today_paise, profit_lock_from_paise, profit_lock_keep_pct, max_trades_today, max_lots_per_order, max_open_positions, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [target.accountId, l.max_loss_today_paise, l.profit_lock_from_paise, l.profit_lock_keep_pct, l.max_trades_today, l.max_lots_per_order, l.max_open_positions, now],
    );
  }
  const { rows: strategies } = await db.query<{ id: number }>('SELECT id FROM base_strategies WHERE slug = $1', [bot.strategy]);
  if (strategies[0] === undefined) throw new Error(`The strategy ${bot.strategy} is not in the catalogue`);
  const common = [target.portfolioId, bot.name, strategies[0].id, bot.underlying, bot.lots, bot.stop_loss_pct, bot.target_pct, JSON.stringify(bot.params), now];
  const { rows: bots } =
    bot.kind === 'daily'
      ? await db.query<{ id: number }>(
          `INSERT INTO daily_bots (portfolio_id, name, base_strategy_id, underlying, lots, stop_loss_pct, target_pct, status, params, mode, entry_time, exit_time, weekdays, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'active', $8::jsonb, 'paper', $10, $11, $12, $9, $9) RETURNING id`,
          [...common, bot.entry_time, bot.exit_time, `{${(bot.weekdays ?? [1, 2, 3, 4, 5]).join(',')}}`],
        )
      : await db.query<{ id: number }>(
          `INSERT INTO trading_bots (portfolio_id, name, base_strategy_id, underlying, lots, stop_loss_pct, target_pct, status, params, mode, entry_from, entry_until, exit_time, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'active', $8::jsonb, 'paper', $10, $11, $12, $9, $9) RETURNING id`,
          [...common, bot.entry_time, entryUntil, bot.exit_time],
        );
  return bots[0]!.id;
}

/** Opens a book for the job: its account, the trader's risk limits (read from `server`), its portfolio and bot. */
export async function openBook(job: BacktestJob, server: Queryable, clock: Clock, prices: PriceSource, services: BookServicesFactory): Promise<Book> {
  return openPaperBook({ slug: 'backtest', title: 'Backtest', accountNumber: 'BT1' }, { clock, prices, capitalPaise: job.capitalPaise, services }, async ({ db, services, accountId, portfolioId }) => {
    const limits = await riskLimitsOf(server, job.portfolioId);
    await copyExecutionPolicy(server, db, job.portfolioId, accountId);
    const botId = await addBookBot(db, { accountId, portfolioId }, job.bot, job.entryUntil, limits, clock());
    return { db, services, account: { id: accountId, accountNumber: 'BT1', capitalPaise: job.capitalPaise }, portfolioId, botId };
  });
}
