// Imports uploaded history files: a ZIP is opened and each CSV inside imported on its own; a CSV is
// recognised by its header (UDiFF bhavcopy, older bhavcopy, NSE's index close file, NSE's participant-wise open
// interest, or minute candles), parsed whole, and
// stored in one transaction, or refused with every bad line and nothing stored. History is shared
// market data (everyone backtests on the same exchange files), so any signed-in trader may import; each
// import records its uploader, and a trader deletes only the days they imported.
import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { kiteHistoryTexts } from '../texts/kite-history-texts.ts';
import { parseBhavcopy, bhavcopyLayoutOf } from './bhavcopy-parser.ts';
import { fileText, firstLine } from './csv-values.ts';
import { readCoverage, type HistoryCoverage } from './history-coverage.ts';
import { historyTexts } from '../texts/history-texts.ts';
import { words } from '../texts/said.ts';
import { FileRefusal, historyIndices, lineProblem, type HistoryIndex, type LineProblem } from './history-files.ts';
import { deleteHistoryRange, storeIndexDays, storeMinuteCandles, storeOptionDays, type DeletedHistory, type ImportKind } from './history-store.ts';
import { isIndexCloseHeader, parseIndexCloses } from './index-close-parser.ts';
import { loadIndexNames } from './index-names.ts';
import { checkFileDays, loadSegmentStart } from './history-span.ts';
import { keptPart, type KeptDay } from './history-claims.ts';
import { istDate } from '../market/ist.ts';
import { isMinuteCandleHeader, parseMinuteCandles } from './minute-candles-parser.ts';
import { isParticipantOiFile, parseParticipantOi } from './participant-oi-parser.ts';
import { participantOpenInterest, type ParticipantOpenInterest } from './participant-oi-series.ts';
import { deleteParticipantDays, readParticipantCoverage, storeParticipantDay, type ParticipantCoverage } from './participant-oi-store.ts';
import { ZipError, looksLikeZip, readZip } from './zip-reader.ts';

export type UploadedFile = { name: string; bytes: Buffer };

export type ImportedFile = {
  file_name: string;
  status: 'imported';
  kind: ImportKind;
  days: string[];
  rows: number;
  skipped_rows: number;
  /** Days another trader's import holds, left as they were (history-claims.ts); only when there are some. */
  kept_days?: KeptDay[];
};

export type RefusedFile = { file_name: string; status: 'refused'; problems: LineProblem[] };

export type FileOutcome = ImportedFile | RefusedFile;

/** A real UDiFF bhavcopy is ~8 MB of CSV; four times that leaves room and still bounds a ZIP's inflation. */
export const maxCsvBytes = 32 * 1024 * 1024;

/** The index a minute file's name names (BANKNIFTY before NIFTY, which it contains), or null. */
export function indexInFileName(name: string): HistoryIndex | null {
  const upper = name.toUpperCase();
  const longestFirst = [...historyIndices].sort((a, b) => b.length - a.length);
  return longestFirst.find((index) => upper.includes(index)) ?? null;
}

export type HistoryImportService = {
  /** Each file's outcome, in order; an accepted file is committed before the next is read. */
  importFiles(userId: number, files: readonly UploadedFile[], index: HistoryIndex | null): Promise<FileOutcome[]>;
  coverage(from: string | null, to: string | null): Promise<HistoryCoverage & { participants: ParticipantCoverage }>;
  deleteRange(userId: number, from: string, to: string, index: HistoryIndex | null): Promise<DeletedHistory & { participantDays: number }>;
  /** NSE's participant-wise open interest over a range (the Participants chart). */
  participants(from: string | null, to: string | null): Promise<ParticipantOpenInterest>;
};

export function createHistoryImportService(db: Database, clock: Clock): HistoryImportService {
  /** Issue 61: no day after today (IST) or before NSE's F&O segment, and a dated name's day only; refused whole otherwise. */
  const checkDays = async (name: string, days: readonly string[]) => checkFileDays(name, days, istDate(clock()), await loadSegmentStart(db));

  async function importCsv(userId: number, name: string, bytes: Buffer, index: HistoryIndex | null): Promise<FileOutcome> {
    try {
      if (bytes.length > maxCsvBytes) throw new FileRefusal([lineProblem(0, historyTexts.fileTooLarge(maxCsvBytes / 1024 / 1024))]);
      if (bytes.includes(0)) throw new FileRefusal([lineProblem(0, historyTexts.notText)]);
      const text = fileText(bytes);
      const header = firstLine(text);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const base = { fileName: name.slice(0, 255), sha256, uploadedBy: userId, importedAt: clock() };
      const layout = bhavcopyLayoutOf(header);
      if (layout !== null) {
        const parsed = parseBhavcopy(text);
        await checkDays(name, parsed.days);
        const kind: ImportKind = layout === 'udiff' ? 'bhavcopy_udiff' : 'bhavcopy_legacy';
        const kept: KeptDay[] = [];
        await db.transaction((tx) => storeOptionDays(tx, { ...base, kind, days: parsed.days, rowCount: parsed.rows.length }, parsed.rows, kept));
        return { file_name: name, status: 'imported', kind, days: parsed.days, skipped_rows: parsed.skipped, ...keptPart(parsed.rows, kept) };
      }
      if (isIndexCloseHeader(header)) {
        const parsed = parseIndexCloses(text, await loadIndexNames(db));
        await checkDays(name, parsed.tradeDates);
        const record = { ...base, kind: 'index_closes' as const, days: parsed.tradeDates, rowCount: parsed.days.length };
        const kept: KeptDay[] = [];
        await db.transaction((tx) => storeIndexDays(tx, record, parsed.days, kept));
        return { file_name: name, status: 'imported', kind: 'index_closes', days: parsed.tradeDates, skipped_rows: parsed.skipped, ...keptPart(parsed.days, kept) };
      }
      if (isParticipantOiFile(header, name)) {
        const parsed = parseParticipantOi(text, name);
        await checkDays(name, [parsed.tradeDate]);
        const record = { ...base, kind: 'participant_oi' as const, days: [parsed.tradeDate], rowCount: parsed.rows.length };
        await db.transaction((tx) => storeParticipantDay(tx, record, parsed));
        return { file_name: name, status: 'imported', kind: 'participant_oi', days: [parsed.tradeDate], rows: parsed.rows.length, skipped_rows: 0 };
      }
      if (isMinuteCandleHeader(header)) {
        const parsed = parseMinuteCandles(text, index ?? indexInFileName(name), await loadIndexNames(db));
        await checkDays(name, parsed.days);
        const record = { ...base, kind: 'index_minutes' as const, days: parsed.days, rowCount: parsed.candles.length };
        const kept: KeptDay[] = [];
        await db.transaction((tx) => storeMinuteCandles(tx, record, parsed.candles, kept));
        return { file_name: name, status: 'imported', kind: 'index_minutes', days: parsed.days, skipped_rows: 0, ...keptPart(parsed.candles, kept) };
      }
      throw new FileRefusal([lineProblem(1, historyTexts.unknownFile)]);
    } catch (error) {
      if (error instanceof FileRefusal) return { file_name: name, status: 'refused', problems: error.problems };
      throw error;
    }
  }

  return {
    async importFiles(userId, files, index) {
      const outcomes: FileOutcome[] = [];
      for (const file of files) {
        if (!looksLikeZip(file.bytes)) {
          outcomes.push(await importCsv(userId, file.name, file.bytes, index));
          continue;
        }
        let entries;
        try {
          entries = readZip(file.bytes, maxCsvBytes);
        } catch (error) {
          if (!(error instanceof ZipError)) throw error;
          // A damaged archive's reason names the entry and what failed; said as words, as it is.
          outcomes.push({ file_name: file.name, status: 'refused', problems: [lineProblem(0, words(error.message))] });
          continue;
        }
        const csvs = entries.filter((entry) => entry.name.toLowerCase().endsWith('.csv') && !entry.name.startsWith('__MACOSX/'));
        if (csvs.length === 0) outcomes.push({ file_name: file.name, status: 'refused', problems: [lineProblem(0, historyTexts.zipWithoutCsv)] });
        for (const entry of csvs) outcomes.push(await importCsv(userId, `${file.name}/${entry.name}`, entry.data, index ?? indexInFileName(entry.name)));
      }
      return outcomes;
    },

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
