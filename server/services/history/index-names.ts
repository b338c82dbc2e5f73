// The names NSE's files print for the indices StrikeDesk trades options on, each valid over dated days with its
// source (index_names, migration 081): `CNX Nifty` until 8 Nov 2015, `Nifty 50` from 9 Nov 2015 (the IISL
// rebrand). Read once per import and handed to the parsers, which stay pure. A name is taken only on the days
// it is valid; on another day it is a problem of its line (the file is refused, nothing kept), never a guess:
// a file whose date and names disagree is a wrong or altered file.
import type { Queryable } from '../../db/database.ts';
import { isHistoryIndex, type HistoryIndex } from './history-files.ts';

export type IndexName = { index: HistoryIndex; name: string; validFrom: string | null; validUntil: string | null; source: string };

/** The dated names, looked up by name whatever its case or spacing (NSE's files have both changed). */
export type IndexNames = ReadonlyMap<string, readonly IndexName[]>;

export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export async function loadIndexNames(q: Queryable): Promise<IndexNames> {
  const { rows } = await q.query<{ index_name: string; name: string; valid_from: string | null; valid_until: string | null; source: string }>(
    `SELECT index_name, name, to_char(valid_from, 'YYYY-MM-DD') AS valid_from, to_char(valid_until, 'YYYY-MM-DD') AS valid_until, source
       FROM index_names ORDER BY valid_from NULLS FIRST`,
  );
  const names = new Map<string, IndexName[]>();
  for (const row of rows) {
    if (!isHistoryIndex(row.index_name)) continue;
    const named: IndexName = { index: row.index_name, name: row.name, validFrom: row.valid_from, validUntil: row.valid_until, source: row.source };
    names.set(nameKey(row.name), [...(names.get(nameKey(row.name)) ?? []), named]);
  }
  return names;
}

/** Whether `name` is one of the traded indices' names at all (on some day). */
export function isIndexName(names: IndexNames, name: string): boolean {
  return names.has(nameKey(name));
}

export type NameSpan = { index: HistoryIndex; from: string | null; until: string | null };

/**
 * The index a known `name` (isIndexName) stands for on `day` (YYYY-MM-DD), or, when it was not used that day,
 * the span of days it was (`outside`: its earliest first day and latest last day, null when open).
 */
export function indexNamedOn(names: IndexNames, name: string, day: string): { index: HistoryIndex } | { outside: NameSpan } {
  const dated = names.get(nameKey(name)) ?? [];
  const valid = dated.find((row) => (row.validFrom === null || row.validFrom <= day) && (row.validUntil === null || day <= row.validUntil));
  if (valid !== undefined) return { index: valid.index };
  if (dated[0] === undefined) throw new Error(`${name} is not an index name: ask isIndexName first`);
  const earliest = (a: string | null, b: string | null) => (a === null || b === null ? null : a < b ? a : b);
  const latest = (a: string | null, b: string | null) => (a === null || b === null ? null : a > b ? a : b);
  return {
    outside: {
      index: dated[0].index,
      from: dated.map((row) => row.validFrom).reduce(earliest),
      until: dated.map((row) => row.validUntil).reduce(latest),
    },
  };
}
