// A migrated test schema put back as the migrations left it, so the next test file can have it instead of
// migrating a new one (test-database.ts, createMigratedTestDatabase). Migrating is DDL for 65 tables and 150
// indexes, 0.4 s to 2 s a server on PGlite; emptying the few tables a file wrote is a tenth of that.
// Only rows and sequences are put back: a file that changed the schema itself (a table, column, index,
// constraint, trigger, function, view or type) leaves a catalog version that differs, and its schema is dropped.
import type { Database, Queryable } from '../../../server/db/database.ts';
import { readPristine as readRows, restorePristine as restoreRows, type Pristine as Rows } from '../../../server/services/analysis/backtests/schema-reset.ts';

/** What a schema held right after its migrations (its rows and sequences, schema-reset.ts), and its catalog's version. */
export type Pristine = Rows & { catalogVersion: string };

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

/** Read right after the migrations ran. */
export async function readPristine(db: Database): Promise<Pristine> {
  return { ...(await readRows(db)), catalogVersion: await catalogVersion(db) };
}

/**
 * Puts the rows and sequences back as `pristine` has them; false (and nothing changed) when the schema's
 * definition is no longer the migrations' and the schema must be dropped instead.
 */
export async function restorePristine(db: Database, pristine: Pristine): Promise<boolean> {
  if ((await catalogVersion(db)) !== pristine.catalogVersion) return false;
  await restoreRows(db, pristine);
  return true;
}
