/**
 * A calendar day typed as text, the way India and France write it: DD/MM/YYYY (the spec's French date format;
 * Indian English writes days the same way round). "5/1/2026", "05-01-2026" and "05.01.2026" read as
 * 5 January 2026; an ISO day (2026-01-05, what a pasted value or the calendar gives) reads as itself.
 */
const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const iso = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** The ISO day (YYYY-MM-DD) the text names, or null when it names none (31/02/2026, 12/2026, letters). */
export function parseTypedDay(text: string): string | null {
  const trimmed = text.trim();
  const typed = dayFirst.exec(trimmed);
  const written = typed === null ? iso.exec(trimmed) : null;
  if (typed === null && written === null) return null;
  const [year, month, day] = typed !== null ? [Number(typed[3]), Number(typed[2]), Number(typed[1])] : [Number(written![1]), Number(written![2]), Number(written![3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/** An ISO day as the field shows it: 2026-01-05 → 05/01/2026; anything else unchanged. */
export function typedDayOf(isoDay: string): string {
  const match = iso.exec(isoDay);
  return match === null ? isoDay : `${match[3]}/${match[2]}/${match[1]}`;
}
