// Index minute candles from CSV, as traders get them from their broker's historical API (Kite's
// `2024-07-08T09:15:00+0530`) or from vendors (`2024-07-08 09:15:00`, IST implied): a header with
// timestamp (or date/datetime), open, high, low, close, optionally volume (ignored: an index has none)
// and a symbol column (NIFTY, or the index's name as NSE printed it that day: "NIFTY 50", index-names.ts).
// The index comes from the symbol column, else from the importer (the request or the file's name). Same rules as the bhavcopies: every bad line reported, nothing half-imported.
import { toPaise } from '../brokers/paper/paise.ts';
import { istDate, istOffsetMs } from '../market/ist.ts';
import { FieldError, fileLines, headerColumns, paise, splitFields } from './csv-values.ts';
import { historyTexts } from '../texts/history-texts.ts';
import { FileRefusal, ProblemList, isHistoryIndex, lineProblem, type HistoryIndex, type MinuteCandle } from './history-files.ts';
import { indexNamedOn, isIndexName, type IndexNames } from './index-names.ts';

const timestampNames = ['timestamp', 'datetime', 'date', 'time'];
const symbolNames = ['symbol', 'index', 'tradingsymbol', 'tckrsymb'];

/** Whether a header line is a minute-candle CSV's. */
export function isMinuteCandleHeader(header: string): boolean {
  const columns = headerColumns(header);
  return timestampNames.some((name) => columns.has(name)) && ['open', 'high', 'low', 'close'].every((name) => columns.has(name));
}

const timestampPattern = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.0+)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/** The candle's start as an instant; a timestamp without an offset is IST. Candles start on a whole minute. */
export function candleInstant(text: string | undefined): Date {
  const value = (text ?? '').trim();
  const match = timestampPattern.exec(value);
  if (match === null) throw new FieldError(historyTexts.timestampShape(value));
  const [, year, month, day, hour, minute, second = '00', zone] = match;
  if (second !== '00') throw new FieldError(historyTexts.timestampNotWholeMinute(value));
  let offsetMs = istOffsetMs;
  if (zone === 'Z') offsetMs = 0;
  else if (zone !== undefined) {
    const digits = zone.replace(':', '');
    offsetMs = (zone.startsWith('-') ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5))) * 60_000;
  }
  const local = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
  const check = new Date(local);
  if (check.getUTCDate() !== Number(day) || check.getUTCMonth() !== Number(month) - 1 || Number(hour) > 23 || Number(minute) > 59) {
    throw new FieldError(historyTexts.timestampNotReal(value));
  }
  return new Date(local - offsetMs);
}

function istDateOf(instant: Date): string {
  return new Date(instant.getTime() + istOffsetMs).toISOString().slice(0, 10);
}

export type ParsedMinuteCandles = { index: HistoryIndex; candles: MinuteCandle[]; days: string[] };

/**
 * The index a symbol column names: its F&O symbol (NIFTY), or its name as a broker's export prints it ("NIFTY 50",
 * "Nifty Bank"), taken by the dated names (index-names.ts) of the candle's day only.
 */
function symbolIndex(given: string, day: () => string, names: IndexNames): HistoryIndex {
  const symbol = given.toUpperCase();
  if (isHistoryIndex(symbol)) return symbol;
  if (!isIndexName(names, given)) throw new FieldError(historyTexts.unknownSymbol(symbol));
  const tradeDate = day();
  const named = indexNamedOn(names, given, tradeDate);
  if ('outside' in named) throw new FieldError(historyTexts.indexNameOutsideDates(given, named.outside.index, named.outside.from, named.outside.until, tradeDate));
  return named.index;
}

/**
 * The candles of a minute CSV, or a FileRefusal listing every bad line. `index` is used when no symbol column
 * says it; `names`, the indices' dated names, when the column gives a name rather than a symbol.
 */
export function parseMinuteCandles(text: string, index: HistoryIndex | null, names: IndexNames = new Map()): ParsedMinuteCandles {
  const lines = fileLines(text);
  const columns = headerColumns(lines[0] ?? '');
  const timestampColumn = timestampNames.map((name) => columns.get(name)).find((at) => at !== undefined);
  const symbolColumn = symbolNames.map((name) => columns.get(name)).find((at) => at !== undefined);
  const [open, high, low, close] = ['open', 'high', 'low', 'close'].map((name) => columns.get(name));
  if (timestampColumn === undefined || open === undefined || high === undefined || low === undefined || close === undefined) {
    throw new FileRefusal([lineProblem(1, historyTexts.minuteHeader)]);
  }
  if (symbolColumn === undefined && index === null) {
    throw new FileRefusal([lineProblem(0, historyTexts.minuteIndexUnknown)]);
  }
  const problems = new ProblemList();
  const candles: MinuteCandle[] = [];
  const seen = new Set<number>();
  let fileIndex: HistoryIndex | null = index;
  for (let at = 1; at < lines.length; at += 1) {
    const line = lines[at] as string;
    if (line.trim() === '') continue;
    const fields = splitFields(line);
    try {
      if (symbolColumn !== undefined) {
        const symbol = symbolIndex((fields[symbolColumn] ?? '').trim(), () => istDateOf(candleInstant(fields[timestampColumn])), names);
        if (fileIndex !== null && symbol !== fileIndex) throw new FieldError(historyTexts.symbolDiffers(symbol, fileIndex));
        fileIndex = symbol;
      }
      const minute = candleInstant(fields[timestampColumn]);
      const candle: MinuteCandle = {
        index: fileIndex as HistoryIndex,
        minute,
        tradeDate: istDateOf(minute),
        openPaise: paise(fields[open], 'open'),
        highPaise: paise(fields[high], 'high'),
        lowPaise: paise(fields[low], 'low'),
        closePaise: paise(fields[close], 'close'),
      };
      if (Math.min(candle.openPaise, candle.highPaise, candle.lowPaise, candle.closePaise) <= 0) throw new FieldError(historyTexts.pricesNotPositive);
      if (candle.highPaise < Math.max(candle.openPaise, candle.closePaise, candle.lowPaise)) throw new FieldError(historyTexts.candleHighBelow);
      if (candle.lowPaise > Math.min(candle.openPaise, candle.closePaise)) throw new FieldError(historyTexts.candleLowAbove);
      if (seen.has(minute.getTime())) throw new FieldError(historyTexts.candleTwice(fields[timestampColumn]?.trim() ?? ''));
      seen.add(minute.getTime());
      candles.push(candle);
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      problems.add(at + 1, error.reason);
    }
  }
  problems.throwIfAny();
  if (candles.length === 0 || fileIndex === null) throw new FileRefusal([lineProblem(0, historyTexts.noCandles)]);
  return { index: fileIndex, candles, days: [...new Set(candles.map((candle) => candle.tradeDate))].sort() };
}

/** A broker's minute candle (Kite's, Upstox's: rupees, an IST timestamp) in paise with its instant and IST date. */
export type PricedCandle = { minute: Date; tradeDate: string; openPaise: number; highPaise: number; lowPaise: number; closePaise: number };

/** A broker's candle as history stores it; null for one that cannot be a minute candle (kept out, counted). */
export function pricedCandle(candle: { timestamp: string; open: number; high: number; low: number; close: number }): PricedCandle | null {
  let minute: Date;
  try {
    minute = candleInstant(candle.timestamp);
  } catch (error) {
    if (error instanceof FieldError) return null;
    throw error;
  }
  const [openPaise, highPaise, lowPaise, closePaise] = [candle.open, candle.high, candle.low, candle.close].map(toPaise) as [number, number, number, number];
  if (Math.min(openPaise, highPaise, lowPaise, closePaise) <= 0) return null;
  if (highPaise < Math.max(openPaise, closePaise, lowPaise) || lowPaise > Math.min(openPaise, closePaise)) return null;
  return { minute, tradeDate: istDate(minute), openPaise, highPaise, lowPaise, closePaise };
}
