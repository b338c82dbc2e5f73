// Replays' books share a warm thread's PGlite, a schema each (issue 61: at most 64 MB a book, warm book starts):
// each book sees only its own rows, another book's statement never runs inside a book's transaction, and a
// closed book's schema comes back to the next book as the migrations left it (its rows gone, sequences restarted).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { openBookDatabase } from '../../../server/services/analysis/backtests/paper-book.ts';

const threadOf = (db: Database) => (db as Database & { threadId: number }).threadId;

const addUser = async (db: Database, email: string) =>
  (
    await db.query<{ id: number }>(
      `INSERT INTO users (email, name, mobile, password_hash, trade_defaults, created_at, updated_at) VALUES ($1, 'Book', '+919000000000', '!', '{}'::jsonb, now(), now()) RETURNING id`,
      [email],
    )
  ).rows[0]!.id;

const emails = async (db: Database) => (await db.query<{ email: string }>('SELECT email FROM users ORDER BY id')).rows.map((row) => row.email);

describe('books sharing a thread', () => {
  const open: Database[] = [];
  const book = async () => {
    const db = await openBookDatabase();
    open.push(db);
    return db;
  };

  /**
   * Two books on one thread. The server tests share a module graph, so another file's books may have filled a
   * thread already: books are opened until two share one (at most one more than there are threads).
   */
  const pair = async (): Promise<[Database, Database]> => {
    const seen = new Map<number, Database>();
    for (;;) {
      const db = await book();
      const twin = seen.get(threadOf(db));
      if (twin !== undefined) return [twin, db];
      seen.set(threadOf(db), db);
    }
  };

  // The thread started once (seconds of CPU): the books below open in it warm.
  beforeAll(async () => {
    await book();
  });

  afterAll(async () => {
    await Promise.all(open.map((db) => db.close()));
  });

  it('keep their own rows, in one warm thread', async () => {
    const [a, b] = await pair();
    const seeded = await emails(a);
    expect(await emails(b)).toEqual(seeded);
    await addUser(a, 'a@book.invalid');
    await addUser(b, 'b@book.invalid');
    expect(await emails(a)).toEqual([...seeded, 'a@book.invalid']);
    expect(await emails(b)).toEqual([...seeded, 'b@book.invalid']);
  });

  it('never run another book’s statement inside a book’s transaction', async () => {
    const [a, b] = await pair();
    let insideA: Promise<string[]> | undefined;
    await expect(
      a.transaction(async (tx) => {
        await tx.query(`INSERT INTO users (email, name, mobile, password_hash, trade_defaults, created_at, updated_at) VALUES ('t@book.invalid', 'T', '+919000000000', '!', '{}'::jsonb, now(), now())`);
        // B asks while A's transaction is open: it waits for A's end, and then reads its own schema.
        insideA = emails(b);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await insideA!).not.toContain('t@book.invalid');
    expect(await emails(a)).not.toContain('t@book.invalid');
    await addUser(b, 'kept@book.invalid');
    expect(await emails(b)).toContain('kept@book.invalid');
  });

  it('give a closed book’s schema to the next as the migrations left it', async () => {
    const schemaOf = async (db: Database) => (await db.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]!.schema;
    const first = await book();
    const seeded = await emails(first);
    const firstId = await addUser(first, 'gone@book.invalid');
    const schema = await schemaOf(first);
    await first.close();
    const next = await book();
    expect(await schemaOf(next)).toBe(schema);
    expect(await emails(next)).toEqual(seeded);
    expect(await addUser(next, 'new@book.invalid')).toBe(firstId);
  });
});
