// NSE's F&O ban-list file, fo_secban.csv, as the exchange publishes it the evening before the trade date:
//   Securities in Ban For Trade Date 25-SEP-2026:
//   1,KAYNES
//   2,LICHSGFIN
// and on a day without a ban "Securities in Ban For Trade Date 28-JUL-2026: NIL". Spellings seen in NSE's archive
// are read too: no space or a trailing comma after the colon ("…2016:NIL,"), a full month name. A file that says
// neither NIL nor lists a security, or whose serials skip, could be a truncated list: refused, never read as
// "nothing banned".
import { banListTexts } from '../../texts/ban-list-texts.ts';
import type { Said } from '../../texts/said.ts';

export type BanFile = { tradeDate: string; symbols: string[] };
export type BanFileProblem = { line: number; reason: Said };

const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const header = /^Securities in Ban For Trade Date (\d{2})-([A-Za-z]{3,9})-(\d{4})\s*:\s*,?\s*(NIL)?\s*,?\s*$/i;
const row = /^(\d+)\s*,\s*([A-Za-z0-9&_-]{1,20})\s*,?$/;

function calendarDate(day: string, monthName: string, year: string): string | null {
  const month = months.indexOf(monthName.slice(0, 3).toUpperCase()) + 1;
  if (month === 0) return null;
  const iso = `${year}-${String(month).padStart(2, '0')}-${day}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** The file's trade date and securities, or every problem found (nothing of a file with one is taken). */
export function parseBanFile(text: string): BanFile | { problems: BanFileProblem[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).map((line) => line.trim());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const first = lines[0] ?? '';
  const head = header.exec(first);
  const tradeDate = head === null ? null : calendarDate(head[1]!, head[2]!, head[3]!);
  if (head === null || tradeDate === null) return { problems: [{ line: 1, reason: banListTexts.badHeader(first) }] };
  const problems: BanFileProblem[] = [];
  const symbols: string[] = [];
  lines.slice(1).forEach((line, index) => {
    const match = row.exec(line);
    if (match === null || Number(match[1]) !== symbols.length + 1) {
      problems.push({ line: index + 2, reason: banListTexts.badLine(index + 2, line) });
      return;
    }
    const symbol = match[2]!.toUpperCase();
    if (symbols.includes(symbol)) problems.push({ line: index + 2, reason: banListTexts.repeated(symbol) });
    symbols.push(symbol);
  });
  const nil = head[4] !== undefined;
  // NIL with securities, or neither: which one the exchange meant cannot be told.
  if (nil === symbols.length > 0) problems.push({ line: 1, reason: banListTexts.nilUnclear });
  return problems.length > 0 ? { problems } : { tradeDate, symbols };
}
