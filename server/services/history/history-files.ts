// What a parsed history file is, shared by the parsers, the store and the import service.
import { historyTexts } from '../texts/history-texts.ts';
import type { LocalText, Said } from '../texts/said.ts';

export const historyIndices = ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY'] as const;

export type HistoryIndex = (typeof historyIndices)[number];

export function isHistoryIndex(value: string): value is HistoryIndex {
  return (historyIndices as readonly string[]).includes(value);
}

/**
 * One option contract on one day, prices in paise. `index` names its underlying (underlyings.symbol, migration 110):
 * one of the four indices or, from migration 124, a stock the underlyings table lists.
 */
export type OptionDay = FutureDay & {
  strikePaise: number;
  optionType: 'CE' | 'PE';
};

/** One future contract on one day (an index's or a stock's, near, next or far month), prices in paise. */
export type FutureDay = {
  /** The underlying: an index or a stock. */
  index: string;
  tradeDate: string;
  expiry: string;
  openPaise: number;
  highPaise: number;
  lowPaise: number;
  closePaise: number;
  settlePaise: number;
  openInterest: number;
  changeInOi: number;
  volumeContracts: number;
  /** Null from the older layout, which does not publish the underlying's value. */
  underlyingPaise: number | null;
  /** Null from the older layout. */
  lotSize: number | null;
};

/** One index minute candle; `minute` is its start as an instant. */
export type MinuteCandle = {
  index: HistoryIndex;
  minute: Date;
  /** Its IST date. */
  tradeDate: string;
  openPaise: number;
  highPaise: number;
  lowPaise: number;
  closePaise: number;
};

/** A refused line: `reason` in English (the contract's historic field), `reason_i18n` the same as a coded text. */
export type LineProblem = { line: number; reason: string; reason_i18n: LocalText };

/** What is wrong on a line (0: the file itself), said in English and in code. */
export function lineProblem(line: number, reason: Said): LineProblem {
  return { line, reason: reason.text, reason_i18n: reason.i18n };
}

/** A file refused as a whole: every problem found (up to a bound), each with its line (0: the file itself). */
export class FileRefusal extends Error {
  override name = 'FileRefusal';
  readonly problems: LineProblem[];

  constructor(problems: LineProblem[]) {
    super(problems.map((problem) => (problem.line > 0 ? `line ${problem.line}: ${problem.reason}` : problem.reason)).join('; '));
    this.problems = problems;
  }
}

/** The most problems one refusal lists: a file wrong throughout says so without a megabyte of lines. */
export const maxProblemsListed = 20;

/** Gathers line problems while a parser keeps reading, so one refusal can list them all. */
export class ProblemList {
  readonly problems: LineProblem[] = [];
  count = 0;

  add(line: number, reason: Said): void {
    this.count += 1;
    if (this.problems.length < maxProblemsListed) this.problems.push(lineProblem(line, reason));
  }

  throwIfAny(): void {
    if (this.count === 0) return;
    const listed = [...this.problems];
    if (this.count > listed.length) listed.push(lineProblem(0, historyTexts.moreLines(this.count - listed.length)));
    throw new FileRefusal(listed);
  }
}
