// What a book holds in memory while open (issue 61: at most 64 MB a book; figures in docs/benchmarks.md, "Book
// memory, session 68"). Books share a thread's PGlite, a schema each (book-schemas.ts): the thread, its
// WebAssembly Postgres and data directory are paid once for `schemasPerThread` books. PGlite zeroes Postgres's
// shared memory as it starts and keeps the data directory in memory, so a thread's memory follows its settings
// and its data directory: these fail if the template goes back to Postgres's defaults (128 MB of shared buffers,
// 16 MB WAL segments made ahead, template0 and template1 copied), or if books stop sharing threads (a thread a
// book cost 104-117 MB).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { bookThreadCount, openBookDatabase, schemasPerThread } from '../../../server/services/analysis/backtests/paper-book.ts';

const mb = () => process.memoryUsage().rss / 1e6;
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

describe('an open book’s memory', () => {
  const books: Database[] = [];
  let book: Database;

  beforeAll(async () => {
    book = await openBookDatabase();
    books.push(book);
  });

  afterAll(async () => {
    await Promise.all(books.map((db) => db.close()));
  });

  it('sets aside shared memory for one session, not Postgres’s defaults', async () => {
    const { rows } = await book.query<{ shared_buffers: string; max_connections: string; wal_segment_size: string; max_wal_size: string }>(
      `SELECT pg_size_bytes(current_setting('shared_buffers'))::text AS shared_buffers, current_setting('max_connections') AS max_connections,
              pg_size_bytes(current_setting('wal_segment_size'))::text AS wal_segment_size, pg_size_bytes(current_setting('max_wal_size'))::text AS max_wal_size`,
    );
    const setting = Object.fromEntries(Object.entries(rows[0]!).map(([name, value]) => [name, Number(value)]));
    expect(setting.shared_buffers).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(setting.max_connections).toBeLessThanOrEqual(4);
    expect(setting.wal_segment_size).toBe(1024 * 1024);
    expect(setting.max_wal_size).toBeLessThanOrEqual(16 * 1024 * 1024);
  });

  it('holds one database, and a few WAL segments and a few MB of data directory a book', async () => {
    const { rows: databases } = await book.query<{ datname: string }>('SELECT datname FROM pg_database ORDER BY datname');
    expect(databases.map((row) => row.datname)).toEqual(['postgres']);
    const { rows: wal } = await book.query<{ segments: number }>('SELECT count(*)::int AS segments FROM pg_ls_waldir()');
    // A thread's WAL is its books' together, kept under max_wal_size (16 MB, above) by checkpoints, and the thread may
    // have served other files' books before this one (the server tests share a module graph): a few MB a book.
    expect(wal[0]!.segments / schemasPerThread).toBeLessThanOrEqual(4);
    // A book's schema is every migrated table and its reference rows: it grows with the migrations (just over 8 MB
    // after issues 63 and 64 added the simulator's stocks, the ban list, futures charges and delivery margins, 30
    // November 2026). The two template databases Postgres copies by default would add about 2.7 MB a book.
    const { rows: size } = await book.query<{ bytes: string }>(`SELECT pg_database_size('postgres')::text AS bytes`);
    expect(Number(size[0]!.bytes) / schemasPerThread).toBeLessThan(10 * 1024 * 1024);
  });

  it('costs at most 64 MB a book, its share of its thread counted', async () => {
    // The first thread filled (bundled, started, its books open), then the books of a second thread opened.
    while (books.length < schemasPerThread) books.push(await openBookDatabase());
    const threads = bookThreadCount();
    await settle();
    const before = mb();
    for (let n = 0; n < schemasPerThread; n += 1) {
      const db = await openBookDatabase();
      await db.query('SELECT count(*) FROM paper_orders');
      books.push(db);
    }
    await settle();
    expect(bookThreadCount()).toBe(threads + 1);
    expect((mb() - before) / schemasPerThread).toBeLessThanOrEqual(64);
  }, 120_000);
});
