// NSE's daily participant-wise open interest (`fao_participant_oi_DDMMYYYY.csv`, nsccl archives): who holds
// the F&O segment's open contracts at the day's end. Published layout, as NSE's files have it:
//   "Participant wise Open Interest (no. of contracts) in Equity Derivatives as on Aug 28, 2026",,,,…
//   Client Type,Future Index Long,Future Index Short,Future Stock Long,Future Stock Short\t,Option Index Call
//   Long,…,Total Long Contracts\t,Total Short Contracts
//   Client,…  DII,…  FII,…  Pro,…  TOTAL,…
// The title is quoted (doubled quotes in recent years) and padded with commas; column names carry tabs or
// trailing spaces (`Future Stock Short\t`, `Total Long Contracts      `), so names are matched trimmed and
// case-insensitively (`CLIENT_TYPE` and `Total` in the 2012 files). The day is read from the title and from
// the file name; when both give one they must agree. The TOTAL line, when present, must be the participants'
// sum in every column stored: a line cut or altered in transit is refused rather than charted.
import { FieldError, fileLines, splitFields, wholeNumber } from './csv-values.ts';
import { historyTexts } from '../texts/history-texts.ts';
import { participantTexts } from '../texts/participant-texts.ts';
import { FileRefusal, ProblemList, lineProblem } from './history-files.ts';

export const participants = ['Client', 'DII', 'FII', 'Pro'] as const;
export type Participant = (typeof participants)[number];

/** The file's twelve position columns, in the order rows keep them, with the database column of each. */
export const positionColumns = [
  { header: 'Future Index Long', column: 'future_index_long' },
  { header: 'Future Index Short', column: 'future_index_short' },
  { header: 'Future Stock Long', column: 'future_stock_long' },
  { header: 'Future Stock Short', column: 'future_stock_short' },
  { header: 'Option Index Call Long', column: 'option_index_call_long' },
  { header: 'Option Index Put Long', column: 'option_index_put_long' },
  { header: 'Option Index Call Short', column: 'option_index_call_short' },
  { header: 'Option Index Put Short', column: 'option_index_put_short' },
  { header: 'Option Stock Call Long', column: 'option_stock_call_long' },
  { header: 'Option Stock Put Long', column: 'option_stock_put_long' },
  { header: 'Option Stock Call Short', column: 'option_stock_call_short' },
  { header: 'Option Stock Put Short', column: 'option_stock_put_short' },
] as const;

/** One participant's open contracts on one day; `contracts[i]` is positionColumns[i]. */
export type ParticipantDay = { tradeDate: string; participant: Participant; contracts: number[] };

export type ParsedParticipantDay = { tradeDate: string; rows: ParticipantDay[] };

const titlePattern = /participant\s*wise\s*open\s*interest/i;
const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A column or participant name as compared: trimmed (tabs too), case and underscores ignored. */
const key = (name: string) => name.replace(/^["'\s]+|["'\s]+$/g, '').replace(/[_\s]+/g, ' ').toLowerCase();

function isHeader(line: string): boolean {
  return key(splitFields(line)[0] ?? '') === 'client type';
}

/** Whether a file is NSE's participant-wise open interest: by its title, or by its name and header. */
export function isParticipantOiFile(firstLine: string, fileName: string): boolean {
  return titlePattern.test(firstLine) || (/participant_oi/i.test(fileName) && isHeader(firstLine));
}

function calendarDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** "… as on Aug 28, 2026" (also "Oct 20,2023", "August 28, 2026"), or null. */
function titleDate(title: string): string | null {
  const match = /as\s+on\s+([A-Za-z]{3,9})\.?\s*(\d{1,2})\s*,\s*(\d{4})/i.exec(title);
  const month = match === null ? -1 : months.indexOf((match[1] as string).slice(0, 3).toLowerCase());
  return match === null || month < 0 ? null : calendarDay(Number(match[3]), month + 1, Number(match[2]));
}

/** fao_participant_oi_28082026.csv (DDMMYYYY), inside a ZIP too, or null. */
function nameDate(fileName: string): string | null {
  const match = /participant_oi_(\d{2})(\d{2})(\d{4})/i.exec(fileName);
  return match === null ? null : calendarDay(Number(match[3]), Number(match[2]), Number(match[1]));
}

/** The day's four participants, or a FileRefusal listing every bad line (its line and column). */
export function parseParticipantOi(text: string, fileName: string): ParsedParticipantDay {
  const lines = fileLines(text);
  const headerAt = isHeader(lines[0] ?? '') ? 0 : isHeader(lines[1] ?? '') ? 1 : -1;
  if (headerAt < 0) throw new FileRefusal([lineProblem(1, participantTexts.header)]);
  const fromTitle = headerAt === 1 ? titleDate(lines[0] as string) : null;
  const fromName = nameDate(fileName);
  if (fromTitle !== null && fromName !== null && fromTitle !== fromName) throw new FileRefusal([lineProblem(1, participantTexts.datesDiffer(fromTitle, fromName))]);
  const tradeDate = fromTitle ?? fromName;
  if (tradeDate === null) throw new FileRefusal([lineProblem(1, participantTexts.noDate)]);

  const columns = new Map<string, number>();
  splitFields(lines[headerAt] as string).forEach((name, index) => {
    if (!columns.has(key(name))) columns.set(key(name), index);
  });
  const missing = positionColumns.filter(({ header }) => !columns.has(key(header))).map(({ header }) => header);
  if (missing.length > 0) throw new FileRefusal([lineProblem(headerAt + 1, historyTexts.headerLacks(missing))]);
  const at = positionColumns.map(({ header }) => columns.get(key(header)) as number);

  const problems = new ProblemList();
  const rows = new Map<Participant, ParticipantDay>();
  let total: { line: number; contracts: number[] } | null = null;
  for (let index = headerAt + 1; index < lines.length; index += 1) {
    const fields = splitFields(lines[index] as string);
    // Blank lines and the commas some files end with.
    if (fields.every((field) => field.trim() === '')) continue;
    const line = index + 1;
    const name = key(fields[0] ?? '');
    const participant = participants.find((candidate) => candidate.toLowerCase() === name);
    try {
      if (participant === undefined && name !== 'total') throw new FieldError(participantTexts.unknown((fields[0] ?? '').trim()));
      const contracts = positionColumns.map(({ header }, column) => wholeNumber(fields[at[column] as number], header));
      if (participant === undefined) {
        if (total !== null) throw new FieldError(participantTexts.twice('TOTAL'));
        total = { line, contracts };
      } else {
        if (rows.has(participant)) throw new FieldError(participantTexts.twice(participant));
        rows.set(participant, { tradeDate, participant, contracts });
      }
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      problems.add(line, error.reason);
    }
  }
  problems.throwIfAny();
  const absent = participants.filter((participant) => !rows.has(participant));
  if (absent.length > 0) throw new FileRefusal([lineProblem(0, participantTexts.missing(absent))]);
  const found = participants.map((participant) => rows.get(participant) as ParticipantDay);
  if (total !== null) {
    const { line, contracts } = total;
    positionColumns.forEach(({ header }, column) => {
      const sum = found.reduce((all, row) => all + (row.contracts[column] as number), 0);
      if (sum !== contracts[column]) problems.add(line, participantTexts.totalDiffers(header, contracts[column] as number, sum));
    });
    problems.throwIfAny();
  }
  return { tradeDate, rows: found };
}
