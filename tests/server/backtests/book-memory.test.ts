// What a book holds in memory while open (issue 61: at most 64 MB a book; figures in docs/benchmarks.md, "Book
// memory"). PGlite zeroes Postgres's shared memory as it starts and keeps the data directory in memory, so a
// book's memory follows its settings and its data directory: these fail if the template goes back to
// Postgres's defaults (128 MB of shared buffers in every book, 16 MB WAL segments made ahead, template0 and
// template1 copied into each book).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { openBookDatabase } from '../../../server/services/analysis/backtests/paper-book.ts';

describe('an open book’s memory', () => {
  let book: Database;

  beforeAll(async () => {
    book = await openBookDatabase();
  });

  afterAll(async () => {
    await book.close();
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

  it('holds one database and one WAL segment to start from', async () => {
    const { rows: databases } = await book.query<{ datname: string }>('SELECT datname FROM pg_database ORDER BY datname');
    expect(databases.map((row) => row.datname)).toEqual(['postgres']);
    const { rows: wal } = await book.query<{ segments: number; bytes: string }>('SELECT count(*)::int AS segments, sum(size)::text AS bytes FROM pg_ls_waldir()');
    expect(wal[0]!.segments).toBeLessThanOrEqual(2);
    const { rows: size } = await book.query<{ bytes: string }>(`SELECT pg_database_size('postgres')::text AS bytes`);
    expect(Number(size[0]!.bytes)).toBeLessThan(16 * 1024 * 1024);
  });
});
