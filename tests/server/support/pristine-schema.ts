// A migrated test schema put back as the migrations left it, so the next test file can have it instead of
// migrating a new one (test-database.ts, createMigratedTestDatabase). Migrating is DDL for 65 tables and 150
// indexes, 0.4 s to 2 s a server on PGlite; emptying the few tables a file wrote is a tenth of that.
// Only rows and sequences are put back: a file that changed the schema itself (a table, column, index,
// constraint, trigger, function, view or type) leaves a catalog version that differs, and its schema is dropped.
import type { Database, Queryable } from '../../../server/db/database.ts';

/** What a schema held right after its migrations: the rows they wrote, every sequence, its catalog's version. */
export type Pristine = {
  catalogVersion: string;
  tables: readonly string[];
  /** Tables the migrations wrote rows to: their rows (JSON) and a digest of them. */
  seeded: ReadonlyArray<{ table: string; columns: readonly string[]; rows: string; digest: string }>;
  sequences: ReadonlyArray<{ name: string; last: string; called: boolean }>;
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

// Everything in the schema a test could change with DDL, as text that names nothing by oid, nor the schema
// (a function's definition names it), so two schemas migrated alike have the same definition.
const definitionSql = `
  SELECT md5(string_agg(replace(item, current_schema() || '.', ''), E'\\n' ORDER BY item)) AS fingerprint FROM (
    SELECT format('rel %s %s %s', relname, relkind, relrowsecurity) AS item FROM pg_class WHERE relnamespace = current_schema()::regnamespace
    UNION ALL SELECT format('col %s %s %s %s %s %s %s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attidentity, a.attgenerated, pg_get_expr(d.adbin, d.adrelid))
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE c.relnamespace = current_schema()::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL SELECT format('con %s %s', conname, pg_get_constraintdef(oid)) FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
    UNION ALL SELECT format('idx %s', pg_get_indexdef(i.indexrelid)) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relnamespace = current_schema()::regnamespace
    UNION ALL SELECT format('trg %s %s', pg_get_triggerdef(t.oid), t.tgenabled) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal
    UNION ALL SELECT format('fn %s', pg_get_functiondef(oid)) FROM pg_proc WHERE pronamespace = current_schema()::regnamespace AND prokind IN ('f', 'p')
    UNION ALL SELECT format('view %s %s', viewname, definition) FROM pg_views WHERE schemaname = current_schema()
    UNION ALL SELECT format('seq %s %s %s %s %s %s', c.relname, s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcycle)
      FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid WHERE c.relnamespace = current_schema()::regnamespace
    UNION ALL SELECT format('type %s %s', t.typname, (SELECT string_agg(enumlabel, ',' ORDER BY enumsortorder) FROM pg_enum WHERE enumtypid = t.oid))
      FROM pg_type t WHERE t.typnamespace = current_schema()::regnamespace
  ) items`;

/** The schema's definition as text digested: equal for two schemas migrated alike. */
export async function definitionOf(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ fingerprint: string }>(definitionSql);
  return rows[0]?.fingerprint ?? '';
}

const schemaRelations = '(SELECT oid FROM pg_class WHERE relnamespace = current_schema()::regnamespace)';
// The version of every catalog row describing the schema: DDL writes a new version of each row it changes
// (its xmin), or adds or removes rows. pg_class is read by name instead, as TRUNCATE, VACUUM and ANALYZE
// rewrite its rows without changing a definition. A fifth of the cost of the definition above, read at every
// test database's close; it tells whether one schema changed, not whether two are alike.
const catalogVersionSql = `
  SELECT md5(string_agg(item, E'\\n' ORDER BY item)) AS version FROM (
    SELECT format('rel %s %s %s', relname, relkind, relrowsecurity) AS item FROM pg_class WHERE relnamespace = current_schema()::regnamespace
    UNION ALL SELECT format('col %s %s %s', attrelid, attnum, xmin) FROM pg_attribute WHERE attrelid IN ${schemaRelations} AND attnum > 0
    UNION ALL SELECT format('def %s %s', oid, xmin) FROM pg_attrdef WHERE adrelid IN ${schemaRelations}
    UNION ALL SELECT format('con %s %s', oid, xmin) FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
    UNION ALL SELECT format('idx %s %s', indexrelid, xmin) FROM pg_index WHERE indrelid IN ${schemaRelations}
    UNION ALL SELECT format('trg %s %s', oid, xmin) FROM pg_trigger WHERE tgrelid IN ${schemaRelations}
    UNION ALL SELECT format('fn %s %s', oid, xmin) FROM pg_proc WHERE pronamespace = current_schema()::regnamespace
    UNION ALL SELECT format('rule %s %s', oid, xmin) FROM pg_rewrite WHERE ev_class IN ${schemaRelations}
    UNION ALL SELECT format('seq %s %s', seqrelid, xmin) FROM pg_sequence WHERE seqrelid IN ${schemaRelations}
    UNION ALL SELECT format('type %s %s', oid, xmin) FROM pg_type WHERE typnamespace = current_schema()::regnamespace
    UNION ALL SELECT format('enum %s %s', e.oid, e.xmin) FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid WHERE t.typnamespace = current_schema()::regnamespace
  ) items`;

async function catalogVersion(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ version: string }>(catalogVersionSql);
  return rows[0]?.version ?? '';
}

/** A digest of each table's rows, null when it has none (one statement for all of them). */
async function digests(db: Queryable, tables: readonly string[]): Promise<Map<string, string | null>> {
  if (tables.length === 0) return new Map();
  const selects = tables.map((table, index) => `SELECT $${index + 1}::text AS name, (SELECT md5(string_agg(t::text, E'\\n' ORDER BY t::text)) FROM ${quote(table)} t) AS digest`);
  const { rows } = await db.query<{ name: string; digest: string | null }>(selects.join(' UNION ALL '), tables);
  return new Map(rows.map((row) => [row.name, row.digest]));
}

/** Read right after the migrations ran. */
export async function readPristine(db: Database): Promise<Pristine> {
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
  return { catalogVersion: await catalogVersion(db), tables, seeded, sequences };
}

/**
 * Puts the rows and sequences back as `pristine` has them; false (and nothing changed) when the schema's
 * definition is no longer the migrations' and the schema must be dropped instead.
 */
export async function restorePristine(db: Database, pristine: Pristine): Promise<boolean> {
  if ((await catalogVersion(db)) !== pristine.catalogVersion) return false;
  const now = await digests(db, pristine.tables);
  const seededDigest = new Map(pristine.seeded.map((seed) => [seed.table, seed.digest]));
  const changed = pristine.tables.filter((table) => now.get(table) !== (seededDigest.get(table) ?? null));
  await db.transaction(async (tx) => {
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
  return true;
}
