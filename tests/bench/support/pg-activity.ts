/**
 * What PostgreSQL's sessions of one application (its connections' application_name) do while a benchmark
 * runs: pg_stat_activity sampled every 100 ms (how many sit "idle in transaction", how many wait on a lock,
 * and on which), and the CPU their backend processes used (from /proc: the bench runs beside the server).
 */
import pg from 'pg';
import { cpuSeconds } from './server-instances.ts';

export type Activity = { samples: number; idleInTransaction: { mean: number; max: number }; lockWaits: { mean: number; max: number }; waitedOn: Map<string, number> };

export function pgActivity(databaseUrl: string, applicationName: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  let samples = 0;
  let idleSum = 0;
  let idleMax = 0;
  let lockSum = 0;
  let lockMax = 0;
  const waitedOn = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let sampling: Promise<void> = Promise.resolve();

  async function backends(): Promise<number[]> {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [applicationName]);
    return rows.map((row) => row.pid);
  }

  async function sample(): Promise<void> {
    // A waiting session's statement, and the statement of the session it waits for (its first blocker).
    const { rows } = await client.query<{ state: string | null; wait_event_type: string | null; wait_event: string | null; waiting: string; blocker: string | null }>(
      `SELECT a.state, a.wait_event_type, a.wait_event, left(regexp_replace(a.query, '\\s+', ' ', 'g'), 60) AS waiting,
         (SELECT coalesce(b.state, '') || ': ' || left(regexp_replace(b.query, '\\s+', ' ', 'g'), 60) FROM pg_stat_activity b WHERE b.pid = (pg_blocking_pids(a.pid))[1]) AS blocker
       FROM pg_stat_activity a WHERE a.application_name = $1`,
      [applicationName],
    );
    samples += 1;
    const idle = rows.filter((row) => row.state === 'idle in transaction').length;
    const waiting = rows.filter((row) => row.wait_event_type === 'Lock');
    idleSum += idle;
    idleMax = Math.max(idleMax, idle);
    lockSum += waiting.length;
    lockMax = Math.max(lockMax, waiting.length);
    for (const row of waiting) {
      const what = `${row.wait_event ?? '?'}: "${row.waiting}" behind "${row.blocker ?? '?'}"`;
      waitedOn.set(what, (waitedOn.get(what) ?? 0) + 1);
    }
  }

  return {
    connect: () => client.connect(),
    /** The CPU seconds the application's backends used so far (those that ended are not counted). */
    async cpu(): Promise<Map<number, number>> {
      return new Map((await backends()).map((pid) => [pid, cpuSeconds(pid)]));
    },
    start(): void {
      timer = setInterval(() => {
        sampling = sampling.then(sample, () => undefined);
      }, 100);
    },
    async stop(): Promise<Activity> {
      clearInterval(timer);
      await sampling.catch(() => undefined);
      const mean = (sum: number) => (samples === 0 ? 0 : sum / samples);
      return { samples, idleInTransaction: { mean: mean(idleSum), max: idleMax }, lockWaits: { mean: mean(lockSum), max: lockMax }, waitedOn };
    },
    end: () => client.end(),
  };
}
