// The isolated book a backtest trades on: a database of its own (in-memory PGlite, started from a dump of a
// migrated one: book-template.ts), holding a paper account with the backtest's capital, the trader's risk
// limits, one portfolio and the bot. The same services as the server's (services.ts) run over it, with the
// history's prices: the bot engine, the order rules, fills, margins and effective-dated charges of paper,
// never the trader's real paper account.
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.ts';
import { webPush } from '../alerts/vapid-keys.ts';
import type { Clock } from '../clock.ts';
import type { PriceSource } from '../brokers/paper/price-source.ts';
import { createServices, type Services } from '../services.ts';
import type { BacktestJob } from './backtest-jobs.ts';
import { bookTemplate } from './book-template.ts';
import { openPreparedPglite } from './prepared-pglite.ts';

export type Book = { db: Database; services: Services; account: { id: number; accountNumber: string; capitalPaise: number }; portfolioId: number; botId: number };

/** Opens a book for the job: its account, the trader's risk limits (read from `server`), its portfolio and bot. */
export async function openBook(job: BacktestJob, server: Queryable, clock: Clock, prices: PriceSource): Promise<Book> {
  const db = await openPreparedPglite(await bookTemplate());
  try {
    const vapid = webPush.generateVAPIDKeys();
    const services = createServices({
      db,
      clock,
      secretKey: randomBytes(32),
      market: { demo: false, seed: 'backtest', tickMs: 0 },
      prices,
      push: { vapid: { ...vapid, subject: 'mailto:backtest@strikedesk.example.com' } },
      kite: {},
    });
    const now = clock();
    const capital = (job.capitalPaise / 100).toFixed(2);
    const { rows: users } = await db.query<{ id: number }>(
      `INSERT INTO users (email, name, mobile, password_hash, trade_defaults, created_at, updated_at)
       VALUES ('backtest@strikedesk.invalid', 'Backtest', '+919000000000', '!', '{}'::jsonb, $1, $1) RETURNING id`,
      [now],
    );
    const accountNumber = 'BT1';
    const { rows: accounts } = await db.query<{ id: number }>(
      `INSERT INTO broker_accounts (user_id, broker_id, name, account_number, api_key, api_secret_encrypted, capital, session_expires_at, created_at, updated_at)
       VALUES ($1, 1, 'Backtest book', $2, 'backtest', '!', $3, '9999-12-31', $4, $4) RETURNING id`,
      [users[0]!.id, accountNumber, capital, now],
    );
    const accountId = accounts[0]!.id;
    const { rows: portfolios } = await db.query<{ id: number }>(
      `INSERT INTO portfolios (broker_account_id, name, capital, created_at, updated_at) VALUES ($1, 'Backtest', $2, $3, $3) RETURNING id`,
      [accountId, capital, now],
    );
    const portfolioId = portfolios[0]!.id;
    // The trader's risk limits on the bot's account apply, as they would on paper.
    const { rows: limits } = await server.query<Record<string, unknown>>(
      `SELECT r.max_loss_today_paise, r.profit_lock_from_paise, r.profit_lock_keep_pct, r.max_trades_today, r.max_lots_per_order, r.max_open_positions
       FROM risk_limits r JOIN portfolios p ON p.broker_account_id = r.broker_account_id WHERE p.id = $1`,
      [job.portfolioId],
    );
    if (limits[0] !== undefined) {
      const l = limits[0];
      await db.query(
        `INSERT INTO risk_limits (broker_account_id, max_loss_today_paise, profit_lock_from_paise, profit_lock_keep_pct, max_trades_today, max_lots_per_order, max_open_positions, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [accountId, l.max_loss_today_paise, l.profit_lock_from_paise, l.profit_lock_keep_pct, l.max_trades_today, l.max_lots_per_order, l.max_open_positions, now],
      );
    }
    const { bot } = job;
    const { rows: strategies } = await db.query<{ id: number }>('SELECT id FROM base_strategies WHERE slug = $1', [bot.strategy]);
    if (strategies[0] === undefined) throw new Error(`The strategy ${bot.strategy} is not in the catalogue`);
    const common = [portfolioId, bot.name, strategies[0].id, bot.underlying, bot.lots, bot.stop_loss_pct, bot.target_pct, JSON.stringify(bot.params), now];
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
            [...common, bot.entry_time, job.entryUntil, bot.exit_time],
          );
    return { db, services, account: { id: accountId, accountNumber, capitalPaise: job.capitalPaise }, portfolioId, botId: bots[0]!.id };
  } catch (error) {
    await db.close();
    throw error;
  }
}
