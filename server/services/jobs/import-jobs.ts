// History imports as jobs any instance runs (issue 61, "shared across instances"): the instance a trader's upload
// reaches keeps its files in the database (migration 099) and queues one job for them; whichever instance has a
// free import worker runs it (reading in its import pool's threads, storing in chunks, history-import-service.ts),
// and writes each file's outcome, which the request answers as before. An instance that dies mid-import leaves
// its job to expire and be retried elsewhere: a file replaces what is stored for its days, so a retried import
// stores what one run stores. The trader's place in the line is read from the job queue, every instance's imports
// counted.
import type { Database } from '../../db/database.ts';
import type { Clock, Wait } from '../clock.ts';
import type { FileOutcome, HistoryImportService, UploadedFile } from '../history/history-import-service.ts';
import type { HistoryIndex } from '../history/history-files.ts';
import type { ImportQueueState } from '../history/import-queue.ts';
import type { JobQueue } from './job-queue.ts';

type ImportJob = { upload_id: number; user_id: number };

/** Tests only: called as a job starts on this instance, before anything is read (a held promise holds it there). */
export type JobStartHook = (queue: string, key: number) => Promise<void> | void;

export type ImportJobsOptions = {
  db: Database;
  clock: Clock;
  history: HistoryImportService;
  jobs: JobQueue;
  /** Import workers on this instance (each runs one upload at a time). */
  slots: number;
  /** How a request waits between two looks at its job run by another instance. */
  wait: Wait;
  pollMs?: number;
  onStart?: JobStartHook | undefined;
};

export async function startImportJobs({ db, clock, history, jobs, slots, wait, pollMs = 250, onStart }: ImportJobsOptions) {
  /** Requests on this instance waiting for their upload's job, woken at once when this instance ran it. */
  const waiting = new Map<number, () => void>();

  async function run({ upload_id: uploadId, user_id: userId }: ImportJob): Promise<void> {
    await onStart?.('history-import', uploadId);
    const { rows: uploads } = await db.query<{ index_name: HistoryIndex | null }>('SELECT index_name FROM history_import_uploads WHERE id = $1 AND outcomes IS NULL', [uploadId]);
    // Answered already (a retry after its run finished), or its trader gone: nothing to do.
    if (uploads[0] === undefined) return;
    const { rows } = await db.query<{ file_name: string; bytes: Uint8Array }>('SELECT file_name, bytes FROM history_import_upload_files WHERE upload_id = $1 ORDER BY position', [uploadId]);
    const files: UploadedFile[] = rows.map((row) => ({ name: row.file_name, bytes: Buffer.from(row.bytes) }));
    const outcomes = await history.importFiles(userId, files, uploads[0].index_name);
    await db.query('UPDATE history_import_uploads SET outcomes = $2::jsonb, finished_at = $3 WHERE id = $1 AND outcomes IS NULL', [uploadId, JSON.stringify(outcomes), clock()]);
    await db.query('DELETE FROM history_import_upload_files WHERE upload_id = $1', [uploadId]);
    waiting.get(uploadId)?.();
  }

  await jobs.work<ImportJob>('history-import', slots, run);

  /** The upload's outcomes once its job ran (here or elsewhere); throws when the job failed for good. */
  async function outcomesOf(uploadId: number): Promise<FileOutcome[]> {
    for (;;) {
      const { rows } = await db.query<{ outcomes: FileOutcome[] | string | null }>('SELECT outcomes FROM history_import_uploads WHERE id = $1', [uploadId]);
      const outcomes = rows[0]?.outcomes ?? null;
      if (outcomes !== null) return typeof outcomes === 'string' ? (JSON.parse(outcomes) as FileOutcome[]) : outcomes;
      const job = await jobs.state('history-import', uploadId);
      if (job === null || job.state === 'failed' || job.state === 'cancelled') throw new Error(`History import ${uploadId} ${job?.state ?? 'lost'}: ${JSON.stringify(job?.output ?? null)}`);
      await new Promise<void>((woken) => {
        waiting.set(uploadId, woken);
        void wait(pollMs).then(woken);
      });
      waiting.delete(uploadId);
    }
  }

  return {
    /** Queues the upload as a job and answers each file's outcome once it ran (see the header). */
    async importFiles(userId: number, files: readonly UploadedFile[], index: HistoryIndex | null): Promise<FileOutcome[]> {
      const { rows } = await db.query<{ id: string }>('INSERT INTO history_import_uploads (user_id, index_name, created_at) VALUES ($1, $2, $3) RETURNING id', [userId, index, clock()]);
      const uploadId = Number(rows[0]!.id);
      try {
        for (const [position, file] of files.entries()) {
          await db.query('INSERT INTO history_import_upload_files (upload_id, position, file_name, bytes) VALUES ($1, $2, $3, $4)', [uploadId, position, file.name, file.bytes]);
        }
        await jobs.send('history-import', uploadId, { upload_id: uploadId, user_id: userId } satisfies ImportJob);
        return await outcomesOf(uploadId);
      } finally {
        await db.query('DELETE FROM history_import_uploads WHERE id = $1', [uploadId]);
      }
    },

    /** Every instance's imports running and waiting (the shared line), and the trader's own places in it. */
    async queue(userId: number): Promise<ImportQueueState> {
      const line = await jobs.line('history-import');
      const waitingJobs = line.filter((job) => !job.active);
      const places = [
        ...line.filter((job) => job.active && job.data.user_id === userId).map(() => 0),
        ...waitingJobs.flatMap((job, at) => (job.data.user_id === userId ? [at + 1] : [])),
      ];
      return { running: line.length - waitingJobs.length, waiting: waitingJobs.length, limit: slots, places };
    },
  };
}

export type ImportJobs = Awaited<ReturnType<typeof startImportJobs>>;
