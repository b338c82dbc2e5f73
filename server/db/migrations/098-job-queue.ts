// The job queue (issue 61, "shared across instances"): pg-boss's tables, in the server's own schema, and its
// queues (server/services/jobs/job-queue.ts). pg-boss installs itself at start when it finds nothing; installing
// here instead puts its DDL in the migrations (every instance starts on a complete schema, the tests' recycled
// schemas stay untouched by a server's start). Its plan is pg-boss's own, for the pinned version (schema 24); a
// later pg-boss migrates its tables itself at start (migrate: true).
import PgBoss from 'pg-boss';
import type { Queryable } from '../database.ts';

/**
 * The queues, as pg-boss's createQueue makes them (a partition of its job table each). A running job not
 * finished within expireInSeconds (its instance died) is failed and retried, up to retryLimit times, by whichever
 * instance polls next; finished jobs are kept a day. Jobs sent later take these as defaults.
 */
const queues = {
  'history-import': { policy: 'standard', retryLimit: 3, retryDelay: 0, retryBackoff: false, expireInSeconds: 30 * 60, retentionMinutes: 24 * 60 },
  backtest: { policy: 'standard', retryLimit: 3, retryDelay: 0, retryBackoff: false, expireInSeconds: 60 * 60, retentionMinutes: 24 * 60 },
  'replay-book': { policy: 'standard', retryLimit: 3, retryDelay: 0, retryBackoff: false, expireInSeconds: 10 * 60, retentionMinutes: 24 * 60 },
};

export async function up(tx: Queryable): Promise<void> {
  const { rows } = await tx.query<{ schema: string }>('SELECT current_schema() AS schema');
  const schema = rows[0]!.schema;
  // pg-boss wraps its plan in its own transaction and advisory lock; the migrations already run in one, under theirs.
  const plan = PgBoss.getConstructionPlans(schema)
    .replace(/^\s*BEGIN;[\s\S]*?pg_advisory_xact_lock\([\s\S]*?\);/, '')
    .replace(/COMMIT;\s*$/, '');
  if (/\b(BEGIN|COMMIT);/.test(plan.replace(/\$\$[\s\S]*?\$\$/g, ''))) throw new Error("pg-boss's install plan changed shape: read it before installing");
  await tx.exec(plan);
  for (const [name, options] of Object.entries(queues)) await tx.query(`SELECT ${schema}.create_queue($1, $2)`, [name, JSON.stringify(options)]);
}
