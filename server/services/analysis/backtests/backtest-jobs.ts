// Backtests as jobs in the database (migration 028): a trader queues one, any server instance's worker
// claims it (FOR UPDATE SKIP LOCKED: one job, one worker), writes its progress as it goes and stops when the
// trader cancels (the progress write finds the job no longer running). The report stays until deleted.
// Another trader's backtest is as missing as one that never was (404).
import type { components } from '../../../../openapi/main.d.ts';
import type { Database, Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { notFound } from '../../domain-error.ts';
import type { LocalText } from '../../texts/said.ts';

type Schemas = components['schemas'];
export type Backtest = Schemas['Backtest'];
export type BacktestBot = Schemas['BacktestBot'];
export type BacktestReport = Pick<Backtest, 'trades' | 'equity' | 'daily' | 'risk_stops' | 'no_trade_days'> & { summary: Schemas['BacktestSummary'] };

/** A claimed job, as the runner needs it. */
/** `futuresRollDays`: trading days before its expiry a futures leg is rolled (0 or absent: it expires; future-rolls.ts). */
export type BacktestJob = { id: number; userId: number; bot: BacktestBot; portfolioId: number; entryUntil: string; from: string; to: string; capitalPaise: number; futuresRollDays?: number };

/** A running job without a progress write for this long lost its worker, and another claims it. */
export const leaseMs = 10 * 60_000;

/** Thrown out of a progress report when the trader cancelled (or deleted) the job: the runner stops there. */
export class BacktestCancelled extends Error {
  override name = 'BacktestCancelled';
}

type Row = {
  id: number;
  user_id: number;
  status: Backtest['status'];
  progress: string;
  bot: unknown;
  first_day: string;
  last_day: string;
  capital_paise: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  error: unknown;
  result: unknown;
};

const columns = `id, user_id, status, progress, bot, to_char(first_day, 'YYYY-MM-DD') AS first_day, to_char(last_day, 'YYYY-MM-DD') AS last_day,
  capital_paise, created_at, started_at, finished_at, error`;
const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The stored bot copy carries, beside the contract's fields, its portfolio (whose account's risk limits apply)
 * and a trading bot's entry_until (the end of its entry window).
 */
// The roll's days are kept beside the bot (a job made before rolls has none: it rolled nothing).
type StoredBot = BacktestBot & { portfolio_id: number; entry_until?: string; futures_roll_days?: number };

function toBacktest(row: Row, withReport: boolean): Backtest {
  // A trading bot's entry_until is answered (saving a bot configured on the spot needs it); a daily bot's
  // stored one is only its exit time, the runner's stand-in, so it stays inside.
  const { portfolio_id: _portfolio, entry_until: entryUntil, futures_roll_days: rollDays, ...bot } = jsonOf<StoredBot>(row.bot);
  const report = withReport && row.result !== undefined && row.result !== null ? jsonOf<BacktestReport>(row.result) : null;
  return {
    id: Number(row.id),
    status: row.status,
    progress: Number(row.progress),
    bot: bot.kind === 'trading' && entryUntil !== undefined ? { ...bot, entry_until: entryUntil } : bot,
    from: row.first_day,
    to: row.last_day,
    capital: Number(row.capital_paise) / 100,
    ...(rollDays === undefined ? {} : { futures_roll_days: rollDays }),
    created_at: new Date(row.created_at).toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
    error: row.error === null || row.error === undefined ? null : jsonOf<LocalText>(row.error),
    summary: report?.summary ?? null,
    trades: report?.trades ?? [],
    equity: report?.equity ?? [],
    daily: report?.daily ?? [],
    ...(report?.risk_stops === undefined ? {} : { risk_stops: report.risk_stops }),
    ...(report?.no_trade_days === undefined ? {} : { no_trade_days: report.no_trade_days }),
  };
}

function toJob(row: Row): BacktestJob {
  const { portfolio_id: portfolioId, entry_until: entryUntil, futures_roll_days: rollDays, ...rest } = jsonOf<StoredBot>(row.bot);
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    bot: rest,
    portfolioId,
    entryUntil: entryUntil ?? rest.exit_time,
    from: row.first_day,
    to: row.last_day,
    capitalPaise: Number(row.capital_paise),
    futuresRollDays: rollDays ?? 0,
  };
}

export function createBacktestJobs({ db, clock }: { db: Database; clock: Clock }) {
  async function queue(userId: number, bot: BacktestBot, portfolioId: number, from: string, to: string, capitalPaise: number, entryUntil = bot.exit_time, futuresRollDays = 0): Promise<Backtest> {
    const stored: StoredBot = { ...bot, portfolio_id: portfolioId, entry_until: entryUntil, futures_roll_days: futuresRollDays };
    const { rows } = await db.query<Row>(
      `INSERT INTO backtests (user_id, bot, bot_kind, bot_id, first_day, last_day, capital_paise, created_at)
       VALUES ($1, $2::jsonb, $3, $4, $5::date, $6::date, $7, $8) RETURNING ${columns}, NULL::jsonb AS result`,
      [userId, JSON.stringify(stored), bot.kind, bot.id, from, to, capitalPaise, clock()],
    );
    return toBacktest(rows[0]!, false);
  }

  async function get(userId: number, id: number): Promise<Backtest> {
    const { rows } = await db.query<Row>(`SELECT ${columns}, result FROM backtests WHERE id = $1 AND user_id = $2`, [id, userId]);
    if (rows[0] === undefined) throw notFound('backtest');
    return toBacktest(rows[0], true);
  }

  /** Newest first, without the reports' long parts (each is read whole with get). */
  async function list(userId: number): Promise<Backtest[]> {
    const { rows } = await db.query<Row>(
      `SELECT ${columns}, CASE WHEN result IS NULL THEN NULL ELSE jsonb_build_object('summary', result->'summary') END AS result
       FROM backtests WHERE user_id = $1 ORDER BY id DESC LIMIT 200`,
      [userId],
    );
    return rows.map((row) => toBacktest(row, true));
  }

  /** Cancels a queued or running job (answered as it is now); removes a finished one (null). */
  async function remove(userId: number, id: number): Promise<Backtest | null> {
    const { rows } = await db.query<Row>(
      `UPDATE backtests SET status = 'cancelled', finished_at = $3 WHERE id = $1 AND user_id = $2 AND status IN ('queued', 'running')
       RETURNING ${columns}, NULL::jsonb AS result`,
      [id, userId, clock()],
    );
    if (rows[0] !== undefined) return toBacktest(rows[0], false);
    const deleted = await db.query(`DELETE FROM backtests WHERE id = $1 AND user_id = $2 RETURNING id`, [id, userId]);
    if (deleted.rows.length === 0) throw notFound('backtest');
    return null;
  }

  /**
   * Claims for `worker` the oldest queued job, or a running one whose worker fell silent (`leaseMs` without a
   * progress write: it crashed); null when there is none (or every candidate is being claimed by another).
   */
  async function claim(worker: string): Promise<BacktestJob | null> {
    const now = clock();
    const { rows } = await db.query<Row>(
      `UPDATE backtests SET status = 'running', started_at = $1, heartbeat_at = $1, worker = $2, progress = 0
       WHERE id = (SELECT id FROM backtests WHERE status = 'queued' OR (status = 'running' AND heartbeat_at < $3)
                   ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING ${columns}, NULL::jsonb AS result`,
      [now, worker, new Date(now.getTime() - leaseMs)],
    );
    return rows[0] === undefined ? null : toJob(rows[0]);
  }

  /**
   * Claims for `worker` the job `id` when it is queued, or running (its instance died: the shared job queue retries
   * it, services/jobs/backtest-queue.ts); null when it finished or was cancelled.
   */
  async function claimById(id: number, worker: string): Promise<BacktestJob | null> {
    const { rows } = await db.query<Row>(
      `UPDATE backtests SET status = 'running', started_at = $2, heartbeat_at = $2, worker = $3, progress = 0
       WHERE id = $1 AND status IN ('queued', 'running') RETURNING ${columns}, NULL::jsonb AS result`,
      [id, clock(), worker],
    );
    return rows[0] === undefined ? null : toJob(rows[0]);
  }

  /**
   * Records progress (0–1) and the worker's heartbeat; throws BacktestCancelled when the job is no longer this
   * worker's to run (cancelled, deleted, or taken over after its worker fell silent).
   */
  async function progress(id: number, worker: string, share: number, q: Queryable = db): Promise<void> {
    const { rows } = await q.query(`UPDATE backtests SET progress = $3, heartbeat_at = $4 WHERE id = $1 AND worker = $2 AND status = 'running' RETURNING id`, [
      id,
      worker,
      Math.min(1, Math.max(0, share)),
      clock(),
    ]);
    if (rows.length === 0) throw new BacktestCancelled(`Backtest ${id} was cancelled`);
  }

  async function finish(id: number, worker: string, report: BacktestReport): Promise<boolean> {
    const { rows } = await db.query(
      `UPDATE backtests SET status = 'done', progress = 1, result = $3::jsonb, finished_at = $4 WHERE id = $1 AND worker = $2 AND status = 'running' RETURNING id`,
      [id, worker, JSON.stringify(report), clock()],
    );
    return rows.length > 0;
  }

  async function fail(id: number, worker: string, error: LocalText): Promise<void> {
    await db.query(`UPDATE backtests SET status = 'failed', error = $3::jsonb, finished_at = $4 WHERE id = $1 AND worker = $2 AND status = 'running'`, [
      id,
      worker,
      JSON.stringify(error),
      clock(),
    ]);
  }

  return { queue, get, list, remove, claim, claimById, progress, finish, fail };
}

export type BacktestJobs = ReturnType<typeof createBacktestJobs>;
