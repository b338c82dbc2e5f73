// NSE's daily F&O bhavcopy, in both layouts the exchange has published:
// - UDiFF ("BhavCopy_NSE_FO_0_0_0_YYYYMMDD_F_0000.csv", from July 2024): TradDt, BizDt, Sgmt, Src,
//   FinInstrmTp, FinInstrmId, ISIN, TckrSymb, SctySrs, XpryDt, FininstrmActlXpryDt, StrkPric, OptnTp,
//   FinInstrmNm, OpnPric, HghPric, LwPric, ClsPric, LastPric, PrvsClsgPric, UndrlygPric, SttlmPric,
//   OpnIntrst, ChngInOpnIntrst, TtlTradgVol, TtlTrfVal, TtlNbOfTxsExctd, SsnId, NewBrdLotQty, Rmks, Rsvd1-4.
//   Index options are FinInstrmTp IDO.
// - The older "foDDMONYYYYbhav.csv": INSTRUMENT, SYMBOL, EXPIRY_DT, STRIKE_PR, OPTION_TYP, OPEN, HIGH,
//   LOW, CLOSE, SETTLE_PR, CONTRACTS, VAL_INLAKH, OPEN_INT, CHG_IN_OI, TIMESTAMP. Index options are
//   INSTRUMENT OPTIDX. It has no underlying value: those rows keep it null rather than borrow a futures
//   price, which is a forward and not the index.
// Columns are found by their header names, not positions. Kept: the options and futures of the four NSE indices
// and of the stocks the underlyings table lists (migration 110; the import passes them in), each row with its own
// lot where the file gives one (UDiFF's NewBrdLotQty: the lot belongs to the contract). The rest (other indices,
// stocks StrikeDesk does not list) is skipped after a look at two fields, never split into a row.
import {
  FieldError, dayMonthYearDate as readDayMonthYearDate, firstLine, headerColumns, isoDate as readIsoDate, paise, requireColumns, splitFields, wholeNumber,
} from './csv-values.ts';
import { historyTexts } from '../texts/history-texts.ts';
import { FileRefusal, ProblemList, historyIndices, lineProblem, type FutureDay, type OptionDay } from './history-files.ts';

export type BhavcopyLayout = 'udiff' | 'legacy';

type DateReader = (text: string | undefined, column: string) => string;

export type ParsedBhavcopy = {
  layout: BhavcopyLayout;
  rows: OptionDay[];
  /** The index and stock futures of the underlyings kept, every month the file lists. */
  futures: FutureDay[];
  /** Distinct trade dates in the file, sorted (one for a real bhavcopy). */
  days: string[];
  /** Rows of other instruments, left out. */
  skipped: number;
};

const udiffColumns = [
  'TradDt', 'FinInstrmTp', 'TckrSymb', 'XpryDt', 'StrkPric', 'OptnTp', 'OpnPric', 'HghPric', 'LwPric', 'ClsPric',
  'UndrlygPric', 'SttlmPric', 'OpnIntrst', 'ChngInOpnIntrst', 'TtlTradgVol', 'NewBrdLotQty',
] as const;

const legacyColumns = [
  'INSTRUMENT', 'SYMBOL', 'EXPIRY_DT', 'STRIKE_PR', 'OPTION_TYP', 'OPEN', 'HIGH', 'LOW', 'CLOSE', 'SETTLE_PR',
  'CONTRACTS', 'OPEN_INT', 'CHG_IN_OI', 'TIMESTAMP',
] as const;

/** Which bhavcopy layout a header line is, or null when it is neither. */
export function bhavcopyLayoutOf(header: string): BhavcopyLayout | null {
  const columns = headerColumns(header);
  if (columns.has('tckrsymb') && columns.has('fininstrmtp')) return 'udiff';
  if (columns.has('instrument') && columns.has('expiry_dt')) return 'legacy';
  return null;
}

function optionType(text: string | undefined, column: string): 'CE' | 'PE' {
  const value = (text ?? '').trim().toUpperCase();
  if (value !== 'CE' && value !== 'PE') throw new FieldError(historyTexts.notCallOrPut(column, text ?? ''));
  return value;
}

/** A contract day's prices: an untraded contract has zeros for open, high, low and close; a traded one a coherent range. */
function checkPrices(row: FutureDay): void {
  if (row.highPaise < row.lowPaise) throw new FieldError(historyTexts.highBelowLow);
  if (row.highPaise > 0 && (row.openPaise > row.highPaise || row.closePaise > row.highPaise)) throw new FieldError(historyTexts.openOrCloseAboveHigh);
  if (row.expiry < row.tradeDate) throw new FieldError(historyTexts.expiryBeforeTradeDate(row.expiry, row.tradeDate));
}

/**
 * A day's file repeats a handful of dates (the trade date, a dozen expiries) tens of thousands of times:
 * each distinct text is checked once per file.
 */
function memoised(read: (text: string | undefined, column: string) => string): (text: string | undefined, column: string) => string {
  const known = new Map<string, string>();
  return (text, column) => {
    const key = `${column}|${text ?? ''}`;
    let value = known.get(key);
    if (value === undefined) known.set(key, (value = read(text, column)));
    return value;
  };
}

/** What every contract's day holds in the UDiFF layout (a future's whole row; an option adds its strike and type). */
function udiffDay(fields: string[], at: Record<(typeof udiffColumns)[number], number>, isoDate: DateReader): FutureDay {
  const underlying = (fields[at.UndrlygPric] ?? '').trim();
  const lot = (fields[at.NewBrdLotQty] ?? '').trim();
  const row: FutureDay = {
    index: (fields[at.TckrSymb] ?? '').trim(),
    tradeDate: isoDate(fields[at.TradDt], 'TradDt'),
    expiry: isoDate(fields[at.XpryDt], 'XpryDt'),
    openPaise: paise(fields[at.OpnPric], 'OpnPric'),
    highPaise: paise(fields[at.HghPric], 'HghPric'),
    lowPaise: paise(fields[at.LwPric], 'LwPric'),
    closePaise: paise(fields[at.ClsPric], 'ClsPric'),
    settlePaise: paise(fields[at.SttlmPric], 'SttlmPric'),
    openInterest: wholeNumber(fields[at.OpnIntrst], 'OpnIntrst'),
    changeInOi: wholeNumber(fields[at.ChngInOpnIntrst], 'ChngInOpnIntrst', true),
    volumeContracts: wholeNumber(fields[at.TtlTradgVol], 'TtlTradgVol'),
    underlyingPaise: underlying === '' ? null : paise(underlying, 'UndrlygPric'),
    lotSize: lot === '' ? null : wholeNumber(lot, 'NewBrdLotQty'),
  };
  if (row.underlyingPaise === 0) throw new FieldError(historyTexts.zero('UndrlygPric'));
  if (row.lotSize === 0) throw new FieldError(historyTexts.zero('NewBrdLotQty'));
  return row;
}

/** What every contract's day holds in the older layout, which publishes neither the underlying's value nor the lot. */
function legacyDay(fields: string[], at: Record<(typeof legacyColumns)[number], number>, dayMonthYearDate: DateReader): FutureDay {
  return {
    index: (fields[at.SYMBOL] ?? '').trim(),
    tradeDate: dayMonthYearDate(fields[at.TIMESTAMP], 'TIMESTAMP'),
    expiry: dayMonthYearDate(fields[at.EXPIRY_DT], 'EXPIRY_DT'),
    openPaise: paise(fields[at.OPEN], 'OPEN'),
    highPaise: paise(fields[at.HIGH], 'HIGH'),
    lowPaise: paise(fields[at.LOW], 'LOW'),
    closePaise: paise(fields[at.CLOSE], 'CLOSE'),
    settlePaise: paise(fields[at.SETTLE_PR], 'SETTLE_PR'),
    openInterest: wholeNumber(fields[at.OPEN_INT], 'OPEN_INT'),
    changeInOi: wholeNumber(fields[at.CHG_IN_OI], 'CHG_IN_OI', true),
    volumeContracts: wholeNumber(fields[at.CONTRACTS], 'CONTRACTS'),
    underlyingPaise: null,
    lotSize: null,
  };
}

/** A future's day as read, its prices checked. */
function checkedFuture(row: FutureDay): FutureDay {
  checkPrices(row);
  return row;
}

/** An option's day: its contract's day with its strike and type, its prices and strike checked. */
function checkedOption(day: FutureDay, strikePaise: number, type: 'CE' | 'PE'): OptionDay {
  const row: OptionDay = { ...day, strikePaise, optionType: type };
  checkPrices(row);
  if (row.strikePaise <= 0) throw new FieldError(historyTexts.strikeNotPositive);
  return row;
}

const parseUdiffRow = (fields: string[], at: Record<(typeof udiffColumns)[number], number>, isoDate: DateReader): OptionDay =>
  checkedOption(udiffDay(fields, at, isoDate), paise(fields[at.StrkPric], 'StrkPric'), optionType(fields[at.OptnTp], 'OptnTp'));

const parseLegacyRow = (fields: string[], at: Record<(typeof legacyColumns)[number], number>, dayMonthYearDate: DateReader): OptionDay =>
  checkedOption(legacyDay(fields, at, dayMonthYearDate), paise(fields[at.STRIKE_PR], 'STRIKE_PR'), optionType(fields[at.OPTION_TYP], 'OPTION_TYP'));

const parseUdiffFuture = (fields: string[], at: Record<(typeof udiffColumns)[number], number>, isoDate: DateReader): FutureDay =>
  checkedFuture(udiffDay(fields, at, isoDate));

const parseLegacyFuture = (fields: string[], at: Record<(typeof legacyColumns)[number], number>, dayMonthYearDate: DateReader): FutureDay =>
  checkedFuture(legacyDay(fields, at, dayMonthYearDate));

/** The instrument types of each layout: an index's or a stock's option or future. */
const instrumentTypes = {
  udiff: { options: ['IDO', 'STO'], futures: ['IDF', 'STF'] },
  legacy: { options: ['OPTIDX', 'OPTSTK'], futures: ['FUTIDX', 'FUTSTK'] },
} as const;

/**
 * The `column`th comma-separated field of `line`, untrimmed, without splitting the line (a quoted line is split:
 * its commas may be inside a field). A bhavcopy's lines are mostly instruments left out: two fields tell so.
 */
function fieldOf(line: string, column: number): string {
  if (line.includes('"')) return splitFields(line)[column] ?? '';
  let start = 0;
  for (let at = 0; at < column; at += 1) {
    const comma = line.indexOf(',', start);
    if (comma === -1) return '';
    start = comma + 1;
  }
  const end = line.indexOf(',', start);
  return line.slice(start, end === -1 ? line.length : end);
}

/** Calls `read(line, lineNumber)` for each non-blank line after the header (1-based numbers, as fileLines cuts them). */
function eachLine(text: string, read: (line: string, lineNumber: number) => void): void {
  let start = text.indexOf('\n') + 1;
  if (start === 0) return;
  let lineNumber = 1;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    lineNumber += 1;
    const line = text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    if (line.trim() !== '') read(line, lineNumber);
    start = end + 1;
  }
}

/**
 * The option and future rows of a bhavcopy of the four indices and of `stocks` (the stocks StrikeDesk lists), or a
 * FileRefusal listing every line that does not parse (with its 1-based line number): a file is imported whole or
 * not at all.
 */
export function parseBhavcopy(text: string, stocks: Iterable<string> = []): ParsedBhavcopy {
  const header = firstLine(text);
  const layout = bhavcopyLayoutOf(header);
  if (layout === null) throw new FileRefusal([lineProblem(1, historyTexts.bhavcopyHeader)]);
  const columns = headerColumns(header);
  const kept = new Set<string>([...historyIndices, ...stocks]);
  let readOption: (fields: string[]) => OptionDay;
  let readFuture: (fields: string[]) => FutureDay;
  let typeColumn: number;
  let symbolColumn: number;
  try {
    if (layout === 'udiff') {
      const at = requireColumns(columns, udiffColumns);
      const dates = memoised(readIsoDate);
      readOption = (fields) => parseUdiffRow(fields, at, dates);
      readFuture = (fields) => parseUdiffFuture(fields, at, dates);
      typeColumn = at.FinInstrmTp;
      symbolColumn = at.TckrSymb;
    } else {
      const at = requireColumns(columns, legacyColumns);
      const dates = memoised(readDayMonthYearDate);
      readOption = (fields) => parseLegacyRow(fields, at, dates);
      readFuture = (fields) => parseLegacyFuture(fields, at, dates);
      typeColumn = at.INSTRUMENT;
      symbolColumn = at.SYMBOL;
    }
  } catch (error) {
    if (!(error instanceof FieldError)) throw error;
    throw new FileRefusal([lineProblem(1, error.reason)]);
  }
  const types = instrumentTypes[layout];
  const optionTypes = new Set<string>(types.options);
  const futureTypes = new Set<string>(types.futures);
  const problems = new ProblemList();
  const rows: OptionDay[] = [];
  const futures: FutureDay[] = [];
  const days = new Set<string>();
  const seen = new Set<string>();
  let skipped = 0;
  eachLine(text, (line, lineNumber) => {
    const type = fieldOf(line, typeColumn).trim();
    const option = optionTypes.has(type);
    if ((!option && !futureTypes.has(type)) || !kept.has(fieldOf(line, symbolColumn).trim())) {
      skipped += 1;
      return;
    }
    try {
      const fields = splitFields(line);
      if (option) {
        const row = readOption(fields);
        const key = `${row.index}|${row.tradeDate}|${row.expiry}|${row.strikePaise}|${row.optionType}`;
        if (seen.has(key)) throw new FieldError(historyTexts.contractTwice(row.index, row.expiry, row.strikePaise / 100, row.optionType, row.tradeDate));
        seen.add(key);
        rows.push(row);
        days.add(row.tradeDate);
      } else {
        const row = readFuture(fields);
        const key = `${row.index}|${row.tradeDate}|${row.expiry}|FUT`;
        if (seen.has(key)) throw new FieldError(historyTexts.contractTwice(row.index, row.expiry, 0, 'FUT', row.tradeDate));
        seen.add(key);
        futures.push(row);
        days.add(row.tradeDate);
      }
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      problems.add(lineNumber, error.reason);
    }
  });
  problems.throwIfAny();
  if (rows.length === 0 && futures.length === 0) throw new FileRefusal([lineProblem(0, historyTexts.noIndexOptionRows)]);
  return { layout, rows, futures, days: [...days].sort(), skipped };
}
