// Imports uploaded history files: a ZIP is opened and each CSV inside imported on its own; a CSV is
// recognised by its header (UDiFF bhavcopy, older bhavcopy, NSE's index close file, NSE's participant-wise open
// interest, or minute candles), parsed whole, and stored, or refused with every bad line and nothing stored.
// Reading and parsing run in the import pool's threads (import-pool.ts) and the rows go in a day of an index a
// transaction, trading's statements first between two (history-store.ts storeByDay), so an import never holds an
// order or a health check; a few imports run at once and the rest wait in line (import-queue.ts). History is shared
// market data (everyone backtests on the same exchange files), so any signed-in trader may import; each
// import records its uploader, and a trader deletes only the days they imported.
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { istDate } from '../market/ist.ts';
import { kiteHistoryTexts } from '../texts/kite-history-texts.ts';
import { keptPart, type KeptDay } from './history-claims.ts';
import { readCoverage, type HistoryCoverage } from './history-coverage.ts';
import { FileRefusal, type HistoryIndex, type LineProblem } from './history-files.ts';
import { checkFileDays, loadSegmentStart } from './history-span.ts';
import { deleteHistoryRange, listedStocks, storeBhavcopy, storeByDay, storeIndexDays, storeMinuteCandles, type DeletedHistory, type ImportKind } from './history-store.ts';
import { createImportPool, sharedBytes, type ImportPool } from './import-pool.ts';
import { createImportQueue, type ImportQueueState } from './import-queue.ts';
import { loadIndexNames, type IndexNames } from './index-names.ts';
import { participantOpenInterest, type ParticipantOpenInterest } from './participant-oi-series.ts';
import { deleteParticipantDays, readParticipantCoverage, storeParticipantDay, type ParticipantCoverage } from './participant-oi-store.ts';
import type { ReadCsv } from './upload-reader.ts';
import { storeCombinedOiDay } from './combined-oi-store.ts';

export type UploadedFile = { name: string; bytes: Buffer };

export type ImportedFile = {
  file_name: string;
  status: 'imported';
  kind: ImportKind;
  days: string[];
  rows: number;
  /** A bhavcopy's futures stored (index and stock futures). */
  future_rows?: number;
  skipped_rows: number;
  /** Days another trader's import holds, left as they were (history-claims.ts); only when there are some. */
  kept_days?: KeptDay[];
};

export type RefusedFile = { file_name: string; status: 'refused'; problems: LineProblem[] };

export type FileOutcome = ImportedFile | RefusedFile;

/** Imports under way at once; the rest wait in line with their place shown (import-queue.ts). */
export const concurrentImports = 2;

export type HistoryImportService = {
  /** Each file's outcome, in order; an accepted file is committed before the next is read. Waits its turn behind other imports. */
  importFiles(userId: number, files: readonly UploadedFile[], index: HistoryIndex | null): Promise<FileOutcome[]>;
  /** The imports running and waiting, and the trader's own places in the line. */
  queue(userId: number): ImportQueueState;
  /** Ends the reading threads. */
  close(): Promise<void>;
  coverage(from: string | null, to: string | null): Promise<HistoryCoverage & { participants: ParticipantCoverage }>;
  deleteRange(userId: number, from: string, to: string, index: HistoryIndex | null): Promise<DeletedHistory & { participantDays: number }>;
  /** NSE's participant-wise open interest over a range (the Participants chart). */
  participants(from: string | null, to: string | null): Promise<ParticipantOpenInterest>;
};

export type HistoryImportOptions = { pool?: ImportPool; concurrency?: number };

export function createHistoryImportService(db: Database, clock: Clock, { pool = createImportPool(), concurrency = concurrentImports }: HistoryImportOptions = {}): HistoryImportService {
  const line = createImportQueue(concurrency);

  /** Issue 61: no day after today (IST) or before NSE's F&O segment, and a dated name's day only; refused whole otherwise. */
  const checkDays = async (name: string, days: readonly string[]) => checkFileDays(name, days, istDate(clock()), await loadSegmentStart(db));

  /** Stores one CSV the pool read: a day of an index a transaction (history-store.ts storeByDay), the small files in one. */
  async function store(userId: number, read: ReadCsv): Promise<FileOutcome> {
    const name = read.fileName;
    if (read.status === 'refused') return { file_name: name, status: 'refused', problems: read.problems };
    try {
      await checkDays(name, read.days);
    } catch (error) {
      if (error instanceof FileRefusal) return { file_name: name, status: 'refused', problems: error.problems };
      throw error;
    }
    const base = { fileName: name.slice(0, 255), sha256: read.sha256, uploadedBy: userId, importedAt: clock(), kind: read.kind, days: read.days };
    const imported = (part: { rows: number; future_rows?: number; kept_days?: KeptDay[] }): ImportedFile => ({ file_name: name, status: 'imported', kind: read.kind, days: read.days, skipped_rows: read.skipped, ...part });
    const kept: KeptDay[] = [];
    switch (read.kind) {
      case 'bhavcopy_udiff':
      case 'bhavcopy_legacy':
        await storeBhavcopy(db, { ...base, rowCount: read.rows.length + read.futures.length }, read.rows, read.futures, kept);
        return imported({ ...keptPart(read.rows, kept), future_rows: keptPart(read.futures, kept).rows });
      case 'index_closes':
        await db.transaction((tx) => storeIndexDays(tx, { ...base, rowCount: read.rows.length }, read.rows, kept));
        return imported(keptPart(read.rows, kept));
      case 'participant_oi':
        await db.transaction((tx) => storeParticipantDay(tx, { ...base, rowCount: read.participants.rows.length }, read.participants));
        return imported({ rows: read.participants.rows.length });
      case 'combined_oi':
        await db.transaction((tx) => storeCombinedOiDay(tx, { ...base, rowCount: read.combined.rows.length }, read.combined));
        return imported({ rows: read.combined.rows.length });
      case 'index_minutes':
        await storeByDay(db, read.candles, (tx, candles, day) => storeMinuteCandles(tx, { ...base, rowCount: read.candles.length }, candles, kept, day));
        return imported(keptPart(read.candles, kept));
    }
  }

  /** One uploaded file: listed and each CSV read by the pool's threads, each stored before the next is read. */
  async function importFile(userId: number, file: UploadedFile, index: HistoryIndex | null, indexNames: IndexNames, stocks: readonly string[]): Promise<FileOutcome[]> {
    const bytes = await sharedBytes(file.bytes);
    const listing = await pool.list(file.name, bytes);
    if (listing.status === 'refused') return [{ file_name: file.name, status: 'refused', problems: listing.problems }];
    const outcomes: FileOutcome[] = [];
    for (const entry of listing.entries) outcomes.push(await store(userId, await pool.read(file.name, entry, bytes, index, indexNames, stocks)));
    return outcomes;
  }

  return {
    importFiles: (userId, files, index) =>
      line.run(userId, async () => {
        const indexNames = await loadIndexNames(db);
        const stocks = await listedStocks(db);
        const outcomes: FileOutcome[] = [];
        for (const file of files) outcomes.push(...(await importFile(userId, file, index, indexNames, stocks)));
        return outcomes;
      }),

    queue: (userId) => line.state(userId),

    close: () => pool.close(),

    // Participant days are NSE's, not an index's: beside the indices.
    coverage: async (from, to) => ({ ...(await readCoverage(db, from, to)), participants: await readParticipantCoverage(db, from, to) }),

    async deleteRange(userId, from, to, index) {
      if (from > to) throw DomainError.said('validation_failed', kiteHistoryTexts.fromAfterTo, { field: 'from' });
      return db.transaction(async (tx) => {
        // Participant days belong to no index: they go when every index's days go.
        const participantDays = index === null ? await deleteParticipantDays(tx, userId, from, to) : 0;
        return { ...(await deleteHistoryRange(tx, userId, from, to, index)), participantDays };
      });
    },

    participants: (from, to) => participantOpenInterest(db, from, to),
  };
}
