// The backtest book's Database over PGlite with named prepared statements. A backtest asks the same few
// dozen statements tens of thousands of times (the engine's reads on each look, the paper broker's writes);
// PGlite's own `query` sends every one as an unnamed statement in six calls into the WebAssembly (parse,
// describe, bind, describe, execute, sync), so Postgres parses and analyses the text again each time. Here a
// statement is parsed, described (its parameter types cached) and planned once per book, then each run is one
// call: bind, execute, sync (the statement's row description, which Postgres answers the same for every run,
// read once with the parse and put before each run's rows: describing the portal again cost about a third of
// a short read's CPU, in Postgres and in PGlite's parsing of the description). The plan is generic (`plan_cache_mode = force_generic_plan`): planning
// the engine's joins over views took as long as running them. Postgres plans a statement again when the
// statistics it was planned with change (the runner's ANALYZE). A plan decides how rows are found, never
// which rows a query answers; the order of rows a query does not sort could differ from PGlite.query's, as
// it can between PGlite and PostgreSQL (the bench's year of trades and its report are identical either way).
// Like PGlite, one statement or transaction at a time: a query outside a transaction waits for the running
// one (and, as with PGlite, a query on the outer database inside `transaction` would wait for ever).
// Reads asked again with nothing they read changed in between are answered from book-read-cache.ts.
//
// Several books can share one PGlite (book-schemas.ts: a schema each, issue 61's 64 MB a book): each book's
// Database then takes the connection's turn through one shared session (`sharedSession`), points the session's
// search_path at its own schema when another book had it last (outside any transaction, so no rollback undoes
// the switch), and names its prepared statements apart from the other books'; a transaction keeps the turn until
// it ends, so no other book's statement runs inside it.
import { PGlite, TransactionAbortedError, parse, protocol } from '@electric-sql/pglite';
import { pgliteCopyFrom } from '../../../db/copy-from.ts';
import type { PgliteModules } from '../../../db/pglite-modules.ts';
import type { Database, Queryable, Read } from '../../../db/database.ts';
import { encodeRun, readAnswer, rowsOfAnswer } from './book-protocol.ts';
import { TemplateFS } from './template-files.ts';
import { catalogueFacts, catalogueSql, type CatalogueRow, createReadCache, effectOf, isExplainable, type CatalogueFacts, type Messages, type StatementEffect } from './book-read-cache.ts';

const { serialize } = protocol;

/** `columns`: the statement's RowDescription, as a run's answer would carry it (undefined: it answers no rows). */
type Prepared = { name: string; paramTypes: number[]; columns: Messages[number] | undefined; effect: Promise<StatementEffect> | undefined };

/** Drops every cached answer: what a statement whose effect is not known gets. */
const unknownEffect: StatementEffect = { kind: 'write', tables: null };

const concat = (parts: readonly Uint8Array[]) => {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
};

/** A run of a prepared statement: bind, execute and sync (book-protocol.ts's encoding when every value is text). */
const runMessages = (statement: string, values: readonly unknown[]) =>
  values.every((value) => value === null || typeof value === 'string')
    ? encodeRun(statement, values as Array<string | null>)
    : concat([serialize.bind({ statement, values: values as never }), serialize.execute({}), serialize.sync()]);

/**
 * One call into the PGlite: its answer's bytes read by book-protocol.ts, or by PGlite's own Parser when they hold
 * a message that reader leaves to it. As `PGlite.execProtocol`: with `throwOnError`, the first error is the
 * answer's last message and is thrown; without, every message is answered.
 */
async function exchange(pg: PGlite, message: Uint8Array, throwOnError: boolean): Promise<{ messages: Messages }> {
  const chunks: Uint8Array[] = [];
  // The chunk is a view of the WebAssembly's memory, written again by the next call: copied.
  await pg.execProtocolRawStream(message, { syncToFs: false, onRawData: (chunk) => void chunks.push(chunk.slice()) });
  const answer = chunks.length === 1 ? chunks[0]! : concat(chunks);
  const read = readAnswer(answer);
  if (read !== null) return { messages: read };
  const messages: Messages = [];
  let failure: Error | undefined;
  new protocol.Parser().parse(answer, (parsed) => {
    if (failure !== undefined) return;
    if (throwOnError && parsed instanceof protocol.messages.DatabaseError) failure = parsed;
    messages.push(parsed);
  });
  if (failure !== undefined) throw failure;
  return { messages };
}

/** One PGlite's connection shared by the books on it: whose turn it is, and whose schema the search_path names. */
export type PgliteSession = {
  /** Runs `fn` when the statements and transactions before it are done, with the search_path at `schema` (null: left as it is). */
  turn<T>(schema: string | null, fn: () => Promise<T>): Promise<T>;
  /**
   * What the read cache needs of the catalogue, and each statement's effect, by its text: the same in every book
   * on this PGlite (each schema migrated alike, book-schemas.ts), so read once a thread, not once a book. Reading
   * them was most of a book's first statement (0.5-1.2 s on a loaded machine: a replay's first read after a
   * restart, issue 61).
   */
  catalogue: Promise<CatalogueFacts> | undefined;
  effects: Map<string, Promise<StatementEffect>>;
};

/** Statement texts whose effect a session keeps (the books' own are a few hundred). */
const keptEffects = 4096;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function sharedSession(pg: PGlite): PgliteSession {
  // One statement or transaction at a time (PGlite's single connection): each waits for the one before.
  let queue: Promise<unknown> = Promise.resolve();
  let current: string | null = null;
  return {
    catalogue: undefined,
    effects: new Map(),
    turn<T>(schema: string | null, fn: () => Promise<T>): Promise<T> {
      const step = async () => {
        if (schema !== null && current !== schema) {
          // Forgotten first: should the SET fail, the next turn sets it again.
          current = null;
          await pg.exec(`SET search_path TO ${quoted(schema)}`);
          current = schema;
        }
        return fn();
      };
      const run = queue.then(step, step);
      queue = run.catch(() => {});
      return run;
    },
  };
}

export type PreparedOptions = {
  /** The connection's turn, shared with the other books on this PGlite (default: this book's alone). */
  session?: PgliteSession;
  /** The book's schema (default: whatever the search_path names). A book in a schema closes its statements, not the PGlite. */
  schema?: string;
};

export function preparedPglite(pg: PGlite, { session = sharedSession(pg), schema }: PreparedOptions = {}): Database {
  const statements = new Map<string, Promise<Prepared>>();
  let named = 0;
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => session.turn(schema ?? null, fn);
  // Prepared statements are the connection's: each book's are named apart.
  const prefix = schema === undefined ? 'book' : `book_${schema}`;

  // A transaction's BEGIN (and a SET TRANSACTION that follows it) waits to go with the transaction's first
  // statement that reaches Postgres, in the same call into the WebAssembly: each call costs as much as a short
  // statement, and a book asks thousands of transactions a year. Postgres runs them in the order sent, as if
  // sent one by one (a failure of the statement is its own, after BEGIN ran, as before). A transaction whose
  // every read was answered from the cache never reaches Postgres: no BEGIN, no COMMIT.
  let opening: Uint8Array[] | null = null;
  // A transaction's COMMIT, on a book alone on its PGlite (a backtest's), waits likewise to go ahead of the next
  // call: a COMMIT fails only where a statement of the transaction failed (the book has no deferred constraint
  // and no other session to conflict with), and such a transaction commits at once, as before, to throw. The
  // connection is the book's alone, so whatever comes next runs after the COMMIT, as if sent one by one.
  const defersCommit = schema === undefined;
  let committing = false;
  // The book lives in memory (no file system to sync after a statement).
  // `throwOnError` false: an error is a message of the answer (prefetch's reads, each answered apart).
  const send = async (parts: readonly Uint8Array[], throwOnError = true) => {
    const ahead = committing ? [serialize.query('COMMIT'), ...(opening ?? [])] : opening;
    opening = null;
    committing = false;
    if (ahead === null) return exchange(pg, concat(parts), throwOnError);
    const answer = await exchange(pg, concat([...ahead, ...parts]), throwOnError);
    // Each simple query sent ahead ends with its ReadyForQuery: what follows the last of them is the statement's.
    let ready = 0;
    const start = answer.messages.findIndex((message) => message.name === 'readyForQuery' && (ready += 1) === ahead.length) + 1;
    return { messages: answer.messages.slice(start) };
  };
  const simple = async (sql: string) => parse.parseResults((await send([serialize.query(sql)])).messages, pg.parsers);

  const cache = createReadCache();
  // The tables written since the runner last asked (tablesWritten): the runner then analyses those alone. A write
  // whose tables are not known (null) makes it analyse them all, as before.
  let written: Set<string> | null = new Set();
  const wrote = (tables: readonly string[] | null) => {
    if (tables === null) written = null;
    else if (written !== null) for (const table of tables) written.add(table);
  };
  // Inside `transaction`: a failed statement aborts it, after which Postgres answers every statement with an
  // error until the rollback, so nothing is answered from the cache then.
  let inTransaction = false;
  let aborted = false;

  /** The statement's effect on the cache, from its generic plan; inside a transaction under a savepoint, so a failure changes nothing. */
  async function effectOfStatement(sql: string): Promise<StatementEffect> {
    // The engine's tick reads in one snapshot: the isolation level changes which rows a later read could see
    // beside other sessions, and the book has none.
    if (/^\s*SET\s+TRANSACTION\b/i.test(sql)) return { kind: 'pass' };
    if (!isExplainable(sql)) return unknownEffect;
    const savepoint = inTransaction;
    if (savepoint) await simple('SAVEPOINT book_read_cache');
    try {
      session.catalogue ??= simple(catalogueSql).then((results) => catalogueFacts((results[0]?.rows ?? []) as CatalogueRow[]));
      const known = await session.catalogue;
      const results = await simple(`EXPLAIN (GENERIC_PLAN, VERBOSE, FORMAT JSON) ${sql}`);
      const cell = (results[0]?.rows[0] as Record<string, unknown> | undefined)?.['QUERY PLAN'];
      const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: Parameters<typeof effectOf>[0] }>;
      return effectOf(plan[0]!.Plan, JSON.stringify(plan), known);
    } catch {
      session.catalogue = undefined;
      if (savepoint) await simple('ROLLBACK TO SAVEPOINT book_read_cache');
      throw new Error('unknown effect');
    } finally {
      if (savepoint) await simple('RELEASE SAVEPOINT book_read_cache');
    }
  }

  async function effectOfPrepared(sql: string, prepared: Prepared): Promise<StatementEffect> {
    if (prepared.effect === undefined) {
      const known = session.effects.get(sql);
      const effect = known ?? effectOfStatement(sql);
      prepared.effect = effect;
      if (known === undefined && session.effects.size < keptEffects) session.effects.set(sql, effect);
      // Not known this time (an aborted transaction): asked again next time.
      effect.catch(() => {
        if (prepared.effect === effect) prepared.effect = undefined;
        if (session.effects.get(sql) === effect) session.effects.delete(sql);
      });
    }
    return prepared.effect.catch(() => unknownEffect);
  }

  function prepare(sql: string): Promise<Prepared> {
    let prepared = statements.get(sql);
    if (prepared === undefined) {
      const name = `${prefix}_${(named += 1)}`;
      prepared = send([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]).then(
        ({ messages }) => ({
          name,
          paramTypes: parse.parseDescribeStatementResults(messages),
          columns: messages.find((message) => message.name === 'rowDescription'),
          effect: undefined,
        }),
      );
      // A statement that does not parse (or arrived in an aborted transaction) is not kept: the next try parses it again.
      prepared.catch(() => statements.delete(sql));
      statements.set(sql, prepared);
    }
    return prepared;
  }

  // The values serialised as PGlite's own query does (its serializer for the parameter's type, else text).
  const serialized = ({ paramTypes }: Prepared, params: readonly unknown[]): unknown[] =>
    params.map((value, n) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[paramTypes[n]!];
      return serializer === undefined ? String(value) : serializer(value);
    });

  const rowsOf = <T>(messages: Messages) => rowsOfAnswer<T>(messages, pg.parsers);

  async function run<T>(sql: string, params: readonly unknown[]): Promise<{ rows: T[] }> {
    try {
      return await runStatement<T>(sql, params);
    } catch (error) {
      if (inTransaction) aborted = true;
      throw error;
    }
  }

  async function runStatement<T>(sql: string, params: readonly unknown[]): Promise<{ rows: T[] }> {
    // First in its transaction (nothing sent since BEGIN): goes with BEGIN, as a SET answers no rows.
    if (opening !== null && /^\s*SET\s+TRANSACTION\b/i.test(sql) && params.length === 0) {
      opening.push(serialize.query(sql));
      return { rows: [] };
    }
    const prepared = await prepare(sql);
    const { name, columns } = prepared;
    const values = serialized(prepared, params);
    const effect = aborted ? unknownEffect : await effectOfPrepared(sql, prepared);
    const key = effect.kind === 'read' && values.every((value) => value === null || typeof value === 'string') ? cache.keyOf(name, values as Array<string | null>) : null;
    if (key !== null) {
      const kept = cache.get(key);
      if (kept !== undefined) return { rows: rowsOf<T>(kept) };
    }
    // Dropped before the write runs: a write that fails leaves at worst fewer answers kept.
    if (effect.kind === 'write') {
      cache.drop(effect.tables);
      wrote(effect.tables);
    }
    // The rows are text (bind's default), as the statement's description says (its format codes are text's).
    const answer = (await send([runMessages(name, values)])).messages;
    const messages = columns === undefined ? answer : [columns, ...answer];
    if (key !== null && effect.kind === 'read') cache.keep(key, effect.tables, messages);
    return { rows: rowsOf<T>(messages) };
  }

  /** The reads (`Database.prefetch`) that can be kept, not kept already, sent in one call; their answers kept as if each had been asked. */
  async function prefetch(reads: readonly Read[]): Promise<void> {
    if (aborted) return;
    const asked: Array<{ key: string; tables: string[]; columns: Prepared['columns']; parts: Uint8Array[] }> = [];
    for (const [sql, params] of reads) {
      const prepared = await prepare(sql);
      const effect = await effectOfPrepared(sql, prepared);
      const values = serialized(prepared, params);
      if (effect.kind !== 'read' || !values.every((value) => value === null || typeof value === 'string')) continue;
      const key = cache.keyOf(prepared.name, values as Array<string | null>);
      if (cache.get(key) !== undefined || asked.some((read) => read.key === key)) continue;
      // A sync after each: its own implicit transaction, as if asked alone (an error stays its own).
      asked.push({ key, tables: effect.tables, columns: prepared.columns, parts: [runMessages(prepared.name, values)] });
    }
    if (asked.length === 0) return;
    const { messages } = await send(asked.flatMap((read) => read.parts), false);
    let from = 0;
    for (const read of asked) {
      const end = messages.findIndex((message, at) => at >= from && message.name === 'readyForQuery') + 1;
      const answer = messages.slice(from, end);
      from = end;
      // A read that failed is not kept: asked again, it fails where its caller sees it.
      if (end === 0 || answer.some((message) => message.name === 'error')) continue;
      cache.keep(read.key, read.tables, read.columns === undefined ? answer : [read.columns, ...answer]);
    }
  }

  async function execute(sql: string): Promise<void> {
    // ANALYZE (of every table or of some) changes plans, never rows; anything else may change what a read answers.
    if (!/^\s*analyze\b[^;]*;?\s*$/i.test(sql)) {
      cache.drop(null);
      wrote(null);
    }
    await send([serialize.query(sql)]);
  }

  // COPY through PGlite's own query (its /dev/blob), in the turn of whoever holds the connection.
  const copy = async (sql: string, data: string) => {
    cache.drop(null);
    wrote(null);
    // PGlite's own COPY path: a COMMIT or a transaction's BEGIN still waiting goes first, alone.
    if (opening !== null || committing) await send([]);
    return pgliteCopyFrom(pg, sql, data);
  };
  // Inside a transaction a caller may send a statement before the last one is answered (funds.ts bookAhead, which
  // PostgreSQL pipelines): run here one after another in the order sent, never interleaving one statement's
  // parse, bind and execute with another's on the one connection.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(step: () => Promise<T>): Promise<T> => {
    const next = turn.then(step, step);
    turn = next.catch(() => undefined);
    return next;
  };
  /** A failure inside a transaction marks it aborted (its COMMIT is then sent at once, to answer the rollback). */
  const marking = async <T>(step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (error) {
      aborted = true;
      throw error;
    }
  };
  const inside: Queryable = {
    query: (sql, params = []) => inTurn(() => run(sql, params)),
    exec: (sql) => inTurn(() => marking(() => execute(sql))),
    copyFrom: (sql, data) => inTurn(() => marking(() => copy(sql, data))),
  };

  return {
    kind: 'pglite',
    query: <T>(sql: string, params: readonly unknown[] = []) => exclusive(() => run<T>(sql, params)),
    exec: (sql) => exclusive(() => execute(sql)),
    copyFrom: (sql, data) => exclusive(() => copy(sql, data)),
    // Outside a transaction only (its turn waits for one to end); a hint, so a failure here is nobody's.
    prefetch: (reads) => exclusive(() => prefetch(reads)).catch(() => undefined),
    tablesWritten: () => {
      const tables = written === null ? null : [...written].sort();
      written = new Set();
      return tables;
    },
    transaction: (fn) =>
      exclusive(async () => {
        opening = [serialize.query('BEGIN')];
        inTransaction = true;
        aborted = false;
        let result;
        try {
          try {
            result = await fn(inside);
          } catch (error) {
            // What the transaction read and wrote is undone: so is every answer kept.
            cache.drop(null);
            if (opening === null) await send([serialize.query('ROLLBACK')]);
            throw error;
          }
          // Nothing reached Postgres: there is no transaction to commit.
          if (opening !== null) return result;
          if (defersCommit && !aborted) {
            committing = true;
            return result;
          }
          // As PGlite: a transaction whose statement failed (the error caught inside) rolls back at COMMIT and throws.
          const { messages } = await send([serialize.query('COMMIT')]);
          if (parse.parseResults(messages, pg.parsers)[0]?.command === 'ROLLBACK') {
            cache.drop(null);
            throw new TransactionAbortedError();
          }
          return result;
        } finally {
          opening = null;
          inTransaction = false;
          aborted = false;
        }
      }),
    close: () =>
      exclusive(async () => {
        if (committing) await send([]);
        if (schema === undefined) return pg.close();
        // The PGlite stays for the other books: this book's statements (and their plans) go.
        const names = await Promise.all([...statements.values()].map((prepared) => prepared.then((p) => p.name).catch(() => null)));
        statements.clear();
        const kept = names.filter((name): name is string => name !== null);
        if (kept.length > 0) await simple(kept.map((name) => `DEALLOCATE ${quoted(name)};`).join(' '));
      }),
  };
}

/** Opens an in-memory PGlite from a dump with prepared statements (see the header). */
export async function openPreparedPglite(dump: Blob): Promise<Database> {
  return prepared(await PGlite.create({ loadDataDir: dump }));
}

/**
 * A book's database as a backtest's thread opens it: the template's tar, unzipped (book-template.ts
 * bookTemplateTar) and this database's own (Postgres writes its files in place), laid into PGlite's file system
 * before Postgres starts (template-files.ts, as a book thread's), on the process's compiled PGlite (`modules`,
 * db/pglite-modules.ts). `PGlite.create({ loadDataDir })` instead unzips the dump through web streams and reads
 * it with a JavaScript tar reader, and compiles its own 9 MB pglite.wasm, whose hot functions V8 then optimises
 * again in this thread while the process's own PGlite (the server's database) already has them optimised.
 */
export async function openPreparedPgliteFromTar(tar: Uint8Array, modules: PgliteModules): Promise<Database> {
  return prepared(await PGlite.create({ ...modules, fs: new TemplateFS(tar) }));
}

async function prepared(pg: PGlite): Promise<Database> {
  // Planned once per statement (see the header).
  await pg.exec('SET plan_cache_mode = force_generic_plan');
  return preparedPglite(pg);
}
