// What an uploaded history file holds, read without the database: a ZIP opened and each CSV inside it read on its
// own; a CSV recognised by its header (UDiFF bhavcopy, older bhavcopy, NSE's index close file, NSE's
// participant-wise open interest, its combined open interest (MWPL), or minute candles) and parsed whole, or refused with every bad line. Pure and
// CPU-bound (inflating and parsing a year's ZIP is seconds of a core), so it runs in the import pool's worker
// threads (import-pool.ts), never on the request loop; what it answers is plain data a thread can hand back.
import { createHash } from 'node:crypto';
import { parseBhavcopy, bhavcopyLayoutOf } from './bhavcopy-parser.ts';
import { fileText, firstLine } from './csv-values.ts';
import { historyTexts } from '../texts/history-texts.ts';
import { words } from '../texts/said.ts';
import { FileRefusal, historyIndices, lineProblem, type FutureDay, type HistoryIndex, type LineProblem, type MinuteCandle, type OptionDay } from './history-files.ts';
import { isIndexCloseHeader, parseIndexCloses, type IndexDay } from './index-close-parser.ts';
import type { IndexNames } from './index-names.ts';
import { isMinuteCandleHeader, parseMinuteCandles } from './minute-candles-parser.ts';
import { isParticipantOiFile, parseParticipantOi, type ParsedParticipantDay } from './participant-oi-parser.ts';
import { isCombinedOiHeader, parseCombinedOi, type ParsedCombinedOi } from './combined-oi-parser.ts';
import { ZipError, looksLikeZip, readZip } from './zip-reader.ts';

/** A real UDiFF bhavcopy is ~8 MB of CSV; four times that leaves room and still bounds a ZIP's inflation. */
export const maxCsvBytes = 32 * 1024 * 1024;

/** The index a minute file's name names (BANKNIFTY before NIFTY, which it contains), or null. */
export function indexInFileName(name: string): HistoryIndex | null {
  const upper = name.toUpperCase();
  const longestFirst = [...historyIndices].sort((a, b) => b.length - a.length);
  return longestFirst.find((index) => upper.includes(index)) ?? null;
}

/** One CSV read: what it holds, ready to store, or why it is refused. `fileName` is the upload's name (a ZIP's entry as zip/entry). */
export type ReadCsv = { fileName: string } & (
  | { status: 'refused'; problems: LineProblem[] }
  | ({ status: 'read'; sha256: string; skipped: number } & (
      | { kind: 'bhavcopy_udiff' | 'bhavcopy_legacy'; days: string[]; rows: OptionDay[]; futures: FutureDay[] }
      | { kind: 'index_closes'; days: string[]; rows: IndexDay[] }
      | { kind: 'participant_oi'; days: string[]; participants: ParsedParticipantDay }
      | { kind: 'combined_oi'; days: string[]; combined: ParsedCombinedOi }
      | { kind: 'index_minutes'; days: string[]; candles: MinuteCandle[] }
    ))
);

/**
 * What the pool's threads are asked. The upload's bytes travel as a view of shared memory (a SharedArrayBuffer,
 * shared rather than copied when the task is sent), so a large ZIP is neither copied to a thread for each of its
 * CSVs nor inflated whole at once.
 */
export type UploadTask =
  | { op: 'list'; name: string; bytes: Uint8Array }
  | { op: 'read'; name: string; entry: string | null; bytes: Uint8Array; index: HistoryIndex | null; indexNames: IndexNames; stocks: readonly string[] };

/** A Buffer over the task's bytes, no copy. */
const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** An upload's CSVs: a plain CSV is itself (entry null); an archive its CSV entries, each checked; or why it is refused whole. */
export type UploadListing = { status: 'listed'; entries: Array<string | null> } | { status: 'refused'; problems: LineProblem[] };

/** `stocks`: the stocks the underlyings table lists, whose options and futures a bhavcopy's import keeps. */
function readCsv(fileName: string, bytes: Buffer, index: HistoryIndex | null, indexNames: IndexNames, stocks: readonly string[]): ReadCsv {
  try {
    if (bytes.length > maxCsvBytes) throw new FileRefusal([lineProblem(0, historyTexts.fileTooLarge(maxCsvBytes / 1024 / 1024))]);
    if (bytes.includes(0)) throw new FileRefusal([lineProblem(0, historyTexts.notText)]);
    const text = fileText(bytes);
    const header = firstLine(text);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const layout = bhavcopyLayoutOf(header);
    if (layout !== null) {
      const parsed = parseBhavcopy(text, stocks);
      const kind = layout === 'udiff' ? 'bhavcopy_udiff' : 'bhavcopy_legacy';
      return { fileName, status: 'read', sha256, kind, days: parsed.days, rows: parsed.rows, futures: parsed.futures, skipped: parsed.skipped };
    }
    if (isIndexCloseHeader(header)) {
      const parsed = parseIndexCloses(text, indexNames);
      return { fileName, status: 'read', sha256, kind: 'index_closes', days: parsed.tradeDates, rows: parsed.days, skipped: parsed.skipped };
    }
    if (isParticipantOiFile(header, fileName)) {
      const parsed = parseParticipantOi(text, fileName);
      return { fileName, status: 'read', sha256, kind: 'participant_oi', days: [parsed.tradeDate], participants: parsed, skipped: 0 };
    }
    if (isCombinedOiHeader(header)) {
      const parsed = parseCombinedOi(text, stocks);
      return { fileName, status: 'read', sha256, kind: 'combined_oi', days: [parsed.tradeDate], combined: parsed, skipped: parsed.skipped };
    }
    if (isMinuteCandleHeader(header)) {
      const parsed = parseMinuteCandles(text, index ?? indexInFileName(fileName), indexNames);
      return { fileName, status: 'read', sha256, kind: 'index_minutes', days: parsed.days, candles: parsed.candles, skipped: 0 };
    }
    throw new FileRefusal([lineProblem(1, historyTexts.unknownFile)]);
  } catch (error) {
    if (error instanceof FileRefusal) return { fileName, status: 'refused', problems: error.problems };
    throw error;
  }
}

const csvEntry = (name: string) => name.toLowerCase().endsWith('.csv') && !name.startsWith('__MACOSX/');

/** The upload's CSVs (a ZIP is inflated and checked entry by entry, keeping none): the import then reads each on its own. */
export function listUpload(bytes: Uint8Array): UploadListing {
  const buffer = bufferOf(bytes);
  if (!looksLikeZip(buffer)) return { status: 'listed', entries: [null] };
  let names;
  try {
    names = readZip(buffer, maxCsvBytes, { keep: () => false }).map((entry) => entry.name);
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    // A damaged archive's reason names the entry and what failed; said as words, as it is.
    return { status: 'refused', problems: [lineProblem(0, words(error.message))] };
  }
  const csvs = names.filter(csvEntry);
  if (csvs.length === 0) return { status: 'refused', problems: [lineProblem(0, historyTexts.zipWithoutCsv)] };
  return { status: 'listed', entries: csvs };
}

/** One CSV of the upload (the upload itself when `entry` is null), read and parsed. */
export function readUploadEntry({ name, entry, bytes, index, indexNames, stocks }: Extract<UploadTask, { op: 'read' }>): ReadCsv {
  const buffer = bufferOf(bytes);
  if (entry === null) return readCsv(name, buffer, index, indexNames, stocks);
  const data = readZip(buffer, maxCsvBytes, { keep: (candidate) => candidate === entry, checkOthers: false }).find((candidate) => candidate.name === entry)?.data;
  if (data === undefined) throw new Error(`${entry} is not in ${name}`);
  return readCsv(`${name}/${entry}`, data, index ?? indexInFileName(entry), indexNames, stocks);
}

/** The pool's task (import-worker.mjs runs it in a thread). */
export function runUploadTask(task: UploadTask): UploadListing | ReadCsv {
  return task.op === 'list' ? listUpload(task.bytes) : readUploadEntry(task);
}
