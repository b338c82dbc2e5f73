// The job queue every instance on one database shares (issue 61, "shared across instances"): history imports
// (and the other heavy work that moves onto it) are pg-boss jobs in the server's own database, so any instance
// runs any of them, each claimed by one (pg-boss fetches with FOR UPDATE SKIP LOCKED), one an instance died
// running is failed once its expiry passes and retried by another (or by the same one restarted), and a job the
// trader cancels before it started never runs. pg-boss runs on the services' own database (job-database.ts):
// embedded PGlite under `npm start`, where the one instance runs every job, or PostgreSQL with DATABASE_URL.
// Its tables and queues are installed by migration 098. Each instance works a queue through `slots` workers,
// each polling every `pollingIntervalSeconds` while idle; the work itself runs where the queue's handler puts it
// (an import's reading in the import pool's threads), never as CPU on the request loop.
import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/database.ts';
import { inLane } from '../../db/lanes.ts';
import { jobDatabase } from './job-database.ts';

export type QueueName = 'history-import' | 'backtest' | 'replay-book';

export type JobTuning = {
  /** How often an idle worker asks for a job (pg-boss's pollingIntervalSeconds, at least 0.5; 2 by default). */
  pollingIntervalSeconds?: number;
  /** How often expired jobs are failed for a retry (pg-boss's maintenanceIntervalSeconds; 60 by default). */
  maintenanceIntervalSeconds?: number;
  /** Tests only: a shorter expiry than the queue's (migration 098), so a dead instance's job is retried soon (read at each send). */
  expireInSeconds?: number;
};

/** A job as the queue keeps it: its state ('created', 'retry', 'active', 'completed', 'cancelled', 'failed'). */
export type JobState = { id: string; state: string; output: unknown };

/** A waiting or running job of a queue, oldest first: what places in a line are counted from. */
export type LineEntry = { id: string; active: boolean; data: Record<string, unknown> };

/** A stable job id for `key` (a row's id): sending it twice queues one job, and cancelling needs no lookup. */
export function jobId(queue: QueueName, key: string | number): string {
  const hex = createHash('sha256').update(`strikedesk:${queue}:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function startJobQueue(db: Database, tuning: JobTuning = {}, onError: (error: unknown) => void = () => {}) {
  const { rows } = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  const schema = rows[0]!.schema;
  const boss = new PgBoss({
    db: jobDatabase(db) as PgBoss.Db,
    schema,
    migrate: true,
    // No cron schedules: their clock-skew checks and internal queues would cost queries for nothing.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: tuning.maintenanceIntervalSeconds ?? 60,
    ...(tuning.pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds: tuning.pollingIntervalSeconds }),
  });
  boss.on('error', onError);
  await boss.start();
  const workers: string[] = [];

  return {
    /** Queues a job under its stable id; false when that job was queued before (by any instance). */
    async send(queue: QueueName, key: string | number, data: Record<string, unknown>): Promise<boolean> {
      // Read at each send: a test shortens it for the job it then strands.
      const expiry = tuning.expireInSeconds === undefined ? {} : { expireInSeconds: tuning.expireInSeconds };
      const id = await boss.send(queue, data, { id: jobId(queue, key), ...expiry });
      for (const worker of workers) boss.notifyWorker(worker);
      return id !== null;
    },

    /** Works the queue with `slots` workers on this instance; a handler's throw fails the job (retried up to its limit). */
    async work<T extends object>(queue: QueueName, slots: number, handler: (data: T, id: string) => Promise<unknown>): Promise<void> {
      for (let slot = 0; slot < slots; slot += 1) {
        // Every queued job is analysis (imports, backtests, replay books): its statements wait behind trading's.
        workers.push(await boss.work<T>(queue, { batchSize: 1 }, async ([job]) => inLane('analysis', () => handler(job!.data, job!.id))));
      }
    },

    /** Cancels the job if it has not finished: a waiting one never runs. */
    async cancel(queue: QueueName, key: string | number): Promise<void> {
      await boss.cancel(queue, jobId(queue, key));
    },

    async state(queue: QueueName, key: string | number): Promise<JobState | null> {
      const job = await boss.getJobById(queue, jobId(queue, key));
      return job === null ? null : { id: job.id, state: job.state, output: job.output };
    },

    /**
     * The queue's waiting and running jobs, oldest first, as pg-boss's fetch takes them (priority, then age): the
     * line every instance shares. Read from pg-boss's own table, as it offers no listing.
     */
    async line(queue: QueueName): Promise<LineEntry[]> {
      const { rows: jobs } = await db.query<{ id: string; state: string; data: Record<string, unknown> }>(
        `SELECT id, state, data FROM ${schema}.job WHERE name = $1 AND state < 'completed' ORDER BY state = 'active' DESC, priority DESC, created_on, id`,
        [queue],
      );
      return jobs.map((job) => ({ id: job.id, active: job.state === 'active', data: job.data }));
    },

    /**
     * Stops polling; jobs running here are failed for a retry elsewhere (graceful), or left to their expiry (a
     * crash: `graceful` false leaves them active, as a killed process does).
     */
    async stop({ graceful = true }: { graceful?: boolean } = {}): Promise<void> {
      if (!graceful) {
        for (const worker of workers.splice(0)) await boss.offWork({ id: worker });
        return;
      }
      await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
}

export type JobQueue = Awaited<ReturnType<typeof startJobQueue>>;
