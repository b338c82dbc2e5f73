// A book's schema put back as its migrations left it when the book closes (book-schemas.ts), so the next book
// opened in the thread takes it as it would a new one: the rows the book wrote go (their memory with them:
// TRUNCATE gives each table new, empty files), the rows the migrations wrote come back, every sequence restarts
// where the migrations left it. A book never changes its schema's definition (no DDL: tables, indexes, functions
// and triggers stay as made), so only rows and sequences are put back. The same idea as the server tests'
// recycled schemas (tests/server/support/pristine-schema.ts), which call these on PostgreSQL and PGlite alike.

/** What a schema held right after its migrations: the rows they wrote, and every sequence. */
export type Pristine = {
  tables: readonly string[];
  /** Tables the migrations wrote rows to: their rows (JSON) and a digest of them. */
  seeded: ReadonlyArray<{ table: string; columns: readonly string[]; rows: string; digest: string }>;
  sequences: ReadonlyArray<{ name: string; last: string; called: boolean }>;
};

/** What reading and resetting a schema asks of a connection: PGlite's own, or the server's Database. */
type Reads = { query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }> };
type Writes = Reads & { exec(sql: string): Promise<unknown> };
type Resettable = Reads & { transaction<R>(fn: (tx: Writes) => Promise<R>): Promise<R> };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A digest of each table's rows, null when it has none (one statement for all of them). */
async function digests(db: Reads, tables: readonly string[]): Promise<Map<string, string | null>> {
  if (tables.length === 0) return new Map();
  const selects = tables.map((table, index) => `SELECT $${index + 1}::text AS name, (SELECT md5(string_agg(t::text, E'\\n' ORDER BY t::text)) FROM ${quote(table)} t) AS digest`);
  const { rows } = await db.query<{ name: string; digest: string | null }>(selects.join(' UNION ALL '), [...tables]);
  return new Map(rows.map((row) => [row.name, row.digest]));
}

/** Read from a schema nobody has written to yet, the search_path naming it. */
export async function readPristine(db: Reads): Promise<Pristine> {
  const { rows: tableRows } = await db.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' ORDER BY relname`,
  );
  const tables = tableRows.map((row) => row.name);
  const seeded: Array<Pristine['seeded'][number]> = [];
  for (const [table, digest] of await digests(db, tables)) {
    if (digest === null) continue;
    const { rows: columns } = await db.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [quote(table)],
    );
    const { rows } = await db.query<{ rows: string }>(`SELECT json_agg(t)::text AS rows FROM ${quote(table)} t`);
    seeded.push({ table, columns: columns.map((column) => column.name), rows: rows[0]?.rows ?? '[]', digest });
  }
  const { rows: sequenceNames } = await db.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'S' ORDER BY relname`,
  );
  const sequences: Array<Pristine['sequences'][number]> = [];
  if (sequenceNames.length > 0) {
    const { rows } = await db.query<{ name: string; last: string; called: boolean }>(
      sequenceNames.map((row) => `SELECT '${row.name.replaceAll("'", "''")}'::text AS name, last_value::text AS last, is_called AS called FROM ${quote(row.name)}`).join(' UNION ALL '),
    );
    sequences.push(...rows);
  }
  return { tables, seeded, sequences };
}

/** Puts the rows and sequences of the schema the search_path names back as `pristine` has them. */
export async function restorePristine(pg: Resettable, pristine: Pristine): Promise<void> {
  const now = await digests(pg, pristine.tables);
  const seededDigest = new Map(pristine.seeded.map((seed) => [seed.table, seed.digest]));
  const changed = pristine.tables.filter((table) => now.get(table) !== (seededDigest.get(table) ?? null));
  await pg.transaction(async (tx) => {
    // Rows go back in any order: foreign keys (and every trigger) are not checked while they do.
    await tx.exec('SET LOCAL session_replication_role = replica');
    // CASCADE empties the tables referring to these too, all of them empty already or changed.
    if (changed.length > 0) await tx.exec(`TRUNCATE ${changed.map(quote).join(', ')} CASCADE`);
    // Seeded tables the cascade reached are empty now too: each table's digest is read again.
    const emptied = await digests(tx, pristine.seeded.map((seed) => seed.table));
    for (const seed of pristine.seeded) {
      if (emptied.get(seed.table) === seed.digest) continue;
      const columns = seed.columns.map(quote).join(', ');
      await tx.query(
        `INSERT INTO ${quote(seed.table)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::${quote(seed.table)}, $1::json)`,
        [seed.rows],
      );
    }
    if (pristine.sequences.length > 0) {
      await tx.query(
        `SELECT setval(format('%I', name)::regclass, last::bigint, called) FROM unnest($1::text[], $2::text[], $3::boolean[]) AS s(name, last, called)`,
        [pristine.sequences.map((s) => s.name), pristine.sequences.map((s) => s.last), pristine.sequences.map((s) => s.called)],
      );
    }
  });
}
