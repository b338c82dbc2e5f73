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
// - a write's tables are known: the targets of its plan's ModifyTable nodes; a write to a table with a
//   trigger other than the foreign keys' checks on that kind of write (a trigger or a cascade can write
//   elsewhere) drops every read. A trigger fires only on the events it was created for (pg_trigger.tgtype): a
//   cascade of a reference's ON DELETE fires on a DELETE, never on an INSERT or an UPDATE, so an UPDATE of a
//   table whose only such triggers are its references' cascades drops only the reads of that table (an INSERT
//   … ON CONFLICT DO UPDATE counts as both);
// - anything else (a statement that is neither, a COPY, a SET other than SET TRANSACTION, a rolled-back
//   transaction) drops every read.
// Locking reads (FOR UPDATE…) are never cached: they run for their locks. Each answer is parsed again from
// the protocol's messages, so no two callers share a row object.
import type { PGlite } from '@electric-sql/pglite';

/** A statement's answer as the protocol's messages. */
export type Messages = Awaited<ReturnType<PGlite['execProtocol']>>['messages'];

/** What a statement does to the cache: `tables` null means every table. */
export type StatementEffect =
  | { kind: 'read'; tables: string[] }
  | { kind: 'write'; tables: string[] | null }
  /** Runs as it is, neither kept nor dropping anything (a locking read, a read that must be asked each time). */
  | { kind: 'pass' };

/** What the catalogue says, read once per book. */
export type CatalogueFacts = {
  /** Plain tables (relkind 'r'). */
  tables: ReadonlySet<string>;
  /**
   * By table, the events (tgtype's bits: insert 4, delete 8, update 16, truncate 32) on which a trigger other
   * than the foreign keys' checks fires; a table not here has none (a write to it writes nowhere else).
   */
  noisyEvents: ReadonlyMap<string, number>;
  /** Functions whose answer is not fixed by their arguments and the rows: volatile ones and the schema's own. */
  unsafeFunctions: ReadonlySet<string>;
};

/** The catalogue query behind CatalogueFacts (one row per fact: kind, name, and a trigger's events). */
export const catalogueSql = `
  SELECT 'table' AS kind, c.relname AS name, NULL::integer AS events FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'r' AND n.nspname = current_schema()
  UNION ALL
  SELECT 'noisy', c.relname, g.tgtype & 60 FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid JOIN pg_proc p ON p.oid = g.tgfoid
    WHERE p.proname NOT IN ('RI_FKey_check_ins', 'RI_FKey_check_upd', 'RI_FKey_noaction_del', 'RI_FKey_noaction_upd', 'RI_FKey_restrict_del', 'RI_FKey_restrict_upd')
  UNION ALL
  SELECT DISTINCT 'function', p.proname, NULL::integer FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE p.provolatile = 'v' OR n.nspname NOT IN ('pg_catalog', 'information_schema')`;

export function catalogueFacts(rows: ReadonlyArray<{ kind: string; name: string; events?: number | null }>): CatalogueFacts {
  const tables = new Set(rows.filter((row) => row.kind === 'table').map((row) => row.name));
  const noisyEvents = new Map<string, number>();
  for (const row of rows) if (row.kind === 'noisy') noisyEvents.set(row.name, (noisyEvents.get(row.name) ?? 0) | Number(row.events ?? 60));
  return {
    tables,
    noisyEvents,
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
  let locks = false;
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'ModifyTable' && node['Relation Name'] !== undefined) {
      written.add(node['Relation Name']);
      if (((facts.noisyEvents.get(node['Relation Name']) ?? 0) & eventsOf(node)) !== 0) fires = true;
    } else if (node['Relation Name'] !== undefined) scanned.add(node['Relation Name']);
    if (node['Node Type'] === 'LockRows') locks = true;
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  if (written.size > 0) return { kind: 'write', tables: fires ? null : [...written] };
  if (locks || timeWords.test(planText)) return { kind: 'pass' };
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
