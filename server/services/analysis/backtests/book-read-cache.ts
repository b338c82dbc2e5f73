// The backtest book's cache of repeated reads. The engine reads the same rows on each look (the bots, their
// runs, actions and held legs, the index's rules, the account's trades) and the book changes only when the bot
// acts: on a one-bot book most of those reads find what the previous look found. A read's answer is kept, by
// statement and parameters, with the tables its plan scans (views unfolded by Postgres itself: EXPLAIN of the
// generic plan); any write to one of those tables drops it before the write runs. So a read served from here
// is the answer Postgres would give, provided:
// - every change goes through the book's Database (it is the book's own in-memory database, with one connection);
// - the read depends on nothing but its tables' rows and its parameters: no volatile function (nextval,
//   random, clock_timestamp…), no time of day (now(), CURRENT_DATE…), no function of the schema (which could
//   read tables the plan does not show) and no relation other than plain tables;
// - a write's tables are known: the targets of its plan's ModifyTable nodes, and what the triggers it fires can
//   write. A trigger fires only on the events it was created for (pg_trigger.tgtype): a cascade of a
//   reference's ON DELETE fires on a DELETE, never on an INSERT or an UPDATE (an INSERT … ON CONFLICT DO UPDATE
//   counts as both). A fired trigger of the schema's own (PL/pgSQL or SQL) counts as writing every table its
//   source names, and what the schema's functions it names, and those tables' own triggers, can write: a
//   superset of what it writes (the paper broker's fill trigger names paper_positions, paper_cash and
//   bot_holdings: a fill keeps the rules' and settings' answers). A reference's cascade writes its referencing
//   table (and what that one's triggers can). A trigger whose source runs SQL built as text (EXECUTE), or that
//   is not the schema's (a C function other than a cascade), drops every read;
// - anything else (a statement that is neither, a COPY, a SET other than SET TRANSACTION, a rolled-back
//   transaction) drops every read.
// A locking read (FOR UPDATE, FOR KEY SHARE…) is a read here: its lock guards against other sessions, and a book
// has none (one connection, one statement or transaction at a time, and a book sharing its PGlite with others
// holds the connection for the whole of a transaction: prepared-pglite.ts), so the lock can never make anyone
// wait or fail, and it changes no row a later read answers. (The paper broker's trading locks, the account's row
// and the portfolio's, are taken on each basket: about six calls a trading day of the backtest bench.) Each
// answer is parsed again from the protocol's messages, so no two callers share a row object.
import type { PGlite } from '@electric-sql/pglite';

/** A statement's answer as the protocol's messages. */
export type Messages = Awaited<ReturnType<PGlite['execProtocol']>>['messages'];

/** What a statement does to the cache: `tables` null means every table. */
export type StatementEffect =
  | { kind: 'read'; tables: string[] }
  | { kind: 'write'; tables: string[] | null }
  /** Runs as it is, neither kept nor dropping anything (a read that must be asked each time). */
  | { kind: 'pass' };

/** What the catalogue says, read once a connection (prepared-pglite.ts PgliteSession: every book of a thread). */
export type CatalogueFacts = {
  /** Plain tables (relkind 'r'). */
  tables: ReadonlySet<string>;
  /**
   * By table, its triggers other than the foreign keys' checks: the events (tgtype's bits: insert 4, delete 8,
   * update 16, truncate 32) each fires on, and the tables it can write (null: any); a table not here has none (a
   * write to it writes nowhere else).
   */
  triggers: ReadonlyMap<string, ReadonlyArray<{ events: number; writes: ReadonlySet<string> | null }>>;
  /** Functions whose answer is not fixed by their arguments and the rows: volatile ones and the schema's own. */
  unsafeFunctions: ReadonlySet<string>;
};

/**
 * The catalogue query behind CatalogueFacts (one row per fact: kind, name, and for a trigger its events, its
 * function, the function's source when it is the schema's own PL/pgSQL or SQL, and a cascade's referencing table;
 * for a function of the schema, its source).
 */
export const catalogueSql = `
  SELECT 'table' AS kind, c.relname AS name, NULL::integer AS events, NULL::text AS fn, NULL::text AS body, NULL::text AS refers
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'r' AND n.nspname = current_schema()
  UNION ALL
  SELECT 'view', c.relname, NULL::integer, NULL::text, NULL::text, NULL::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('v', 'm', 'f', 'p') AND n.nspname = current_schema()
  UNION ALL
  SELECT 'noisy', c.relname, g.tgtype & 60, p.proname, CASE WHEN l.lanname IN ('plpgsql', 'sql') AND pn.nspname NOT IN ('pg_catalog', 'information_schema') THEN p.prosrc END,
      CASE WHEN p.proname LIKE 'RI_FKey%' THEN r.relname END
    FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid JOIN pg_proc p ON p.oid = g.tgfoid JOIN pg_namespace pn ON pn.oid = p.pronamespace
      JOIN pg_language l ON l.oid = p.prolang LEFT JOIN pg_constraint k ON k.oid = g.tgconstraint LEFT JOIN pg_class r ON r.oid = k.conrelid
    WHERE p.proname NOT IN ('RI_FKey_check_ins', 'RI_FKey_check_upd', 'RI_FKey_noaction_del', 'RI_FKey_noaction_upd', 'RI_FKey_restrict_del', 'RI_FKey_restrict_upd')
  UNION ALL
  SELECT DISTINCT 'function', p.proname, NULL::integer, NULL::text, NULL::text, NULL::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE p.provolatile = 'v' OR n.nspname NOT IN ('pg_catalog', 'information_schema')
  UNION ALL
  SELECT 'source', p.proname, NULL::integer, NULL::text, CASE WHEN l.lanname IN ('plpgsql', 'sql') THEN p.prosrc END, NULL::text
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_language l ON l.oid = p.prolang
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')`;

export type CatalogueRow = { kind: string; name: string; events?: number | null; fn?: string | null; body?: string | null; refers?: string | null };

const words = (body: string) => new Set([...body.toLowerCase().matchAll(/[a-z_][a-z0-9_$]*/g)].map((match) => match[0]));

export function catalogueFacts(rows: ReadonlyArray<CatalogueRow>): CatalogueFacts {
  const tables = new Set(rows.filter((row) => row.kind === 'table').map((row) => row.name));
  // A function of the schema named twice (overloads): the union of their sources; one not in SQL or PL/pgSQL: null.
  const sources = new Map<string, string | null>();
  for (const row of rows) {
    if (row.kind !== 'source') continue;
    const name = row.name.toLowerCase();
    const known = sources.get(name);
    sources.set(name, known === null || row.body == null ? null : `${known ?? ''}\n${row.body}`);
  }
  // A book thread's PGlite holds every schema's triggers alike (book-schemas.ts): each is read once, not once a schema.
  const noisy = [...new Map(rows.filter((row) => row.kind === 'noisy').map((row) => [JSON.stringify([row.name, row.events, row.fn, row.body, row.refers]), row])).values()];
  const noisyOf = new Map<string, CatalogueRow[]>();
  for (const row of noisy) noisyOf.set(row.name, [...(noisyOf.get(row.name) ?? []), row]);
  const views = new Set(rows.filter((row) => row.kind === 'view').map((row) => row.name));
  const wordsOf = new Map<string, Set<string>>();

  /** The tables a trigger's function can write, directly or through the schema's functions it names (null: any). */
  const fromSource = (body: string | null | undefined, seen: Set<string>): Set<string> | null => {
    if (body == null || /\bexecute\b/i.test(body)) return null;
    let named = wordsOf.get(body);
    if (named === undefined) {
      named = words(body);
      wordsOf.set(body, named);
    }
    // A write through a view (its rules or INSTEAD OF triggers) is not followed: any table.
    if ([...named].some((word) => views.has(word))) return null;
    const found = new Set([...named].filter((word) => tables.has(word)));
    for (const word of named) {
      if (!sources.has(word) || seen.has(word)) continue;
      seen.add(word);
      const more = fromSource(sources.get(word), seen);
      if (more === null) return null;
      for (const table of more) found.add(table);
    }
    return found;
  };
  const directs = new Map<CatalogueRow, Set<string> | null>();
  const direct = (row: CatalogueRow): Set<string> | null => {
    if (!directs.has(row)) directs.set(row, row.refers != null ? new Set([row.refers]) : row.body != null ? fromSource(row.body, new Set()) : null);
    return directs.get(row)!;
  };

  /** A trigger's writes and, in turn, whatever any trigger of those tables can write (null: any). */
  const closure = (first: Set<string> | null): Set<string> | null => {
    if (first === null) return null;
    const found = new Set(first);
    const todo = [...first];
    while (todo.length > 0) {
      const table = todo.pop()!;
      for (const row of noisyOf.get(table) ?? []) {
        const writes = direct(row);
        if (writes === null) return null;
        for (const next of writes) {
          if (found.has(next)) continue;
          found.add(next);
          todo.push(next);
        }
      }
    }
    return found;
  };

  const triggers = new Map<string, Array<{ events: number; writes: Set<string> | null }>>();
  for (const row of noisy) {
    const list = triggers.get(row.name) ?? [];
    list.push({ events: Number(row.events ?? 60), writes: closure(direct(row)) });
    triggers.set(row.name, list);
  }
  return {
    tables,
    triggers,
    unsafeFunctions: new Set(rows.filter((row) => row.kind === 'function').map((row) => row.name.toLowerCase())),
  };
}

// The time of day as SQL spells it without parentheses (stable within a statement, not between two).
const timeWords = /\b(now|current_date|current_time|current_timestamp|localtime|localtimestamp|transaction_timestamp|statement_timestamp|current_setting|current_user|session_user|current_role|user)\b|'(now|today|tomorrow|yesterday)'/i;
const explainable = /^\s*(select|with|insert|update|delete|values)\b/i;

type PlanNode = { 'Node Type'?: string; 'Relation Name'?: string; Operation?: string; 'Conflict Resolution'?: string; Plans?: PlanNode[] };

/** The trigger events (tgtype's bits) a ModifyTable node's write fires; all of them when it is not known (a MERGE). */
function eventsOf(node: PlanNode): number {
  if (node.Operation === 'Insert') return node['Conflict Resolution'] === 'UPDATE' ? 4 | 16 : 4;
  if (node.Operation === 'Update') return 16;
  if (node.Operation === 'Delete') return 8;
  return 60;
}

/** Whether `sql` can be explained at all (EXPLAIN takes only plannable statements). */
export const isExplainable = (sql: string) => explainable.test(sql);

/**
 * A statement's effect from its generic plan (EXPLAIN (GENERIC_PLAN, VERBOSE, FORMAT JSON): the plan's
 * text, every expression included, is `planText`).
 */
export function effectOf(plan: PlanNode, planText: string, facts: CatalogueFacts): StatementEffect {
  const scanned = new Set<string>();
  const written = new Set<string>();
  let fires = false;
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'ModifyTable' && node['Relation Name'] !== undefined) {
      written.add(node['Relation Name']);
      for (const trigger of facts.triggers.get(node['Relation Name']) ?? []) {
        if ((trigger.events & eventsOf(node)) === 0) continue;
        if (trigger.writes === null) fires = true;
        else for (const table of trigger.writes) written.add(table);
      }
    } else if (node['Relation Name'] !== undefined) scanned.add(node['Relation Name']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  if (written.size > 0) return { kind: 'write', tables: fires ? null : [...written] };
  if (timeWords.test(planText)) return { kind: 'pass' };
  for (const name of planText.toLowerCase().matchAll(/([a-z_][a-z0-9_$]*)\s*\(/g)) if (facts.unsafeFunctions.has(name[1]!)) return { kind: 'pass' };
  if (![...scanned].every((table) => facts.tables.has(table))) return { kind: 'pass' };
  return { kind: 'read', tables: [...scanned] };
}

/**
 * At most this many answers are kept (beyond, all are dropped). A look's repeated reads are a few dozen; the
 * rest are keyed by the look's instant and never asked again, so keeping thousands only held memory for the
 * garbage collector to walk: 5,000 cost a 40-day run more CPU than the answers saved, 256 keeps every hit.
 */
const capacity = 256;

export function createReadCache() {
  const answers = new Map<string, Messages>();
  const byTable = new Map<string, Set<string>>();

  const keyOf = (statement: string, values: ReadonlyArray<string | null>) => `${statement}\u0000${JSON.stringify(values)}`;

  function dropAll() {
    answers.clear();
    byTable.clear();
  }

  return {
    keyOf,
    get: (key: string) => answers.get(key),
    keep(key: string, tables: readonly string[], messages: Messages) {
      if (answers.size >= capacity) dropAll();
      answers.set(key, messages);
      for (const table of tables) {
        const keys = byTable.get(table) ?? new Set<string>();
        keys.add(key);
        byTable.set(table, keys);
      }
    },
    /** Drops the answers that read any of `tables` (null: every answer). */
    drop(tables: readonly string[] | null) {
      if (tables === null) return dropAll();
      for (const table of tables) {
        for (const key of byTable.get(table) ?? []) answers.delete(key);
        byTable.delete(table);
      }
    },
    size: () => answers.size,
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
