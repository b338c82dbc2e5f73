// The books of one worker thread (book-database-worker.ts): one in-memory PGlite started from the books' template,
// which holds the migrated schema several times (book-template.ts: public, book_2, …), and each open book one of
// those schemas. A book used to be a PGlite of its own in a thread of its own (about 104-117 MB: the thread, the
// WebAssembly Postgres and its caches, the data directory); here those are paid once a thread and a book costs
// its schema's rows and its statements' plans (issue 61: at most 64 MB a book), and opening a book in a warm
// thread is taking a free schema, not starting a Postgres (seconds of CPU).
//
// Every statement of a book runs on its own schema: the books share the connection's turn (prepared-pglite.ts
// sharedSession), which points the search_path at the book's schema before its statement or transaction, and a
// transaction keeps the turn until it ends. Closing a book puts its schema back as the migrations left it
// (schema-reset.ts: its rows go, the seed rows and sequences come back) for the next book.
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../../db/database.ts';
import type { PgliteModules } from '../../../db/pglite-modules.ts';
import type { DatabaseHost } from '../../../db/worker-host.ts';
import { catalogueFacts } from './book-read-cache.ts';
import { bookSchemaNames } from './book-template.ts';
import { preparedPglite, sharedSession } from './prepared-pglite.ts';
import { readPristine, restorePristine } from './schema-reset.ts';
import { TemplateFS } from './template-files.ts';

/** Closed books after which the catalogue's dead rows (each TRUNCATE writes new pg_class rows) are vacuumed. */
const vacuumEvery = 16;

export type BookSchemas = DatabaseHost & {
  /** Schemas free for a book now. */
  free(): number;
};

/**
 * Opens the thread's PGlite from `tar`, a template of `schemas` books unzipped (template-files.ts), from the
 * process's compiled PGlite (`modules`, db/pglite-modules.ts; without them PGlite reads and compiles its own).
 */
export async function openBookSchemas(tar: Uint8Array, schemas: number, modules?: PgliteModules): Promise<BookSchemas> {
  const fs = new TemplateFS(tar);
  const pg = await PGlite.create({ ...modules, fs });
  const session = sharedSession(pg);
  // Planned once per statement (prepared-pglite.ts); the session's, so every book's.
  await session.turn(null, () => pg.exec('SET plan_cache_mode = force_generic_plan'));
  // Every schema was migrated alike: what one holds untouched is what each is put back to (read as the template
  // was made, else here).
  const pristine = fs.pristine ?? (await session.turn('public', () => readPristine(pg)));
  // Read as the template was made (the same for every schema): else the first book's first statement reads it.
  if (fs.catalogue !== null) session.catalogue = Promise.resolve(catalogueFacts(fs.catalogue));
  const free = bookSchemaNames(schemas);
  let closed = 0;

  async function release(schema: string): Promise<void> {
    await session.turn(schema, () => restorePristine(pg, pristine));
    // PGlite is Postgres in single-user mode: no checkpointer, so the WAL its books write is never recycled and
    // its in-memory files only grow (47 MB in a thread after the server tests' books). A checkpoint as each book
    // closes lets Postgres remove what max_wal_size does not keep.
    await session.turn(null, () => pg.exec('CHECKPOINT'));
    closed += 1;
    if (closed % vacuumEvery === 0) await session.turn(null, () => pg.exec('VACUUM pg_catalog.pg_class'));
    // Taken first by the next book: its catalogue entries are the ones in the caches.
    free.unshift(schema);
  }

  return {
    free: () => free.length,
    async open(): Promise<Database> {
      const schema = free.shift();
      if (schema === undefined) throw new Error('No book schema is free in this thread');
      const book = preparedPglite(pg, { session, schema });
      let closing: Promise<void> | null = null;
      return {
        ...book,
        close() {
          // A schema that could not be put back is not handed out again (its slot is lost, not its isolation).
          closing ??= book.close().then(() => release(schema));
          return closing;
        },
      };
    },
  };
}
