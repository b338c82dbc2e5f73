// A transaction's statements pipelined on PostgreSQL (server/db/postgres-database.ts pipelined): its BEGIN
// goes out with its first statement, one write and one round trip for both where they were two, and
// statements sent without waiting for one another leave in one write (issue 37: an order's round trips are
// most of its CPU). What must hold whatever the driver does: the first statement runs inside the
// transaction (rolled back with it), a failing first statement rolls back and frees its connection, a
// statement sent behind a failing one fails with the transaction, and a transaction that made no statement
// sends nothing. The writes are counted on PostgreSQL's sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { postgresWrites } from '../support/postgres-writes.ts';
import { createTestDatabase, testBackends } from '../support/test-database.ts';

describe.each(testBackends)('pipelined statements of a transaction on %s', (backend) => {
  let db: Database;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await db.exec('CREATE TABLE notes (body text NOT NULL)');
  });

  afterAll(async () => {
    await db.close();
  });

  const bodies = async () => (await db.query<{ body: string }>('SELECT body FROM notes ORDER BY body')).rows.map((row) => row.body);

  it('runs the first statement inside the transaction: rolled back with it', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO notes VALUES ('first')");
        await tx.query("INSERT INTO notes VALUES ('second')");
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await bodies()).toEqual([]);
    // The same statement committed is there.
    await db.transaction((tx) => tx.query("INSERT INTO notes VALUES ('kept')"));
    expect(await bodies()).toEqual(['kept']);
    await db.query('DELETE FROM notes');
  });

  it('rolls back a failing first statement and frees its connection, many times over', async () => {
    for (let i = 0; i < 12; i += 1) {
      await expect(db.transaction((tx) => tx.query('INSERT INTO notes VALUES (NULL)'))).rejects.toThrow(/null value/);
    }
    // Twelve failures and the pool (4 connections in tests) still serves a transaction, in a transaction.
    const inTransaction = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO notes VALUES ('after')");
      return (await tx.query<{ open: boolean }>("SELECT pg_current_xact_id_if_assigned() IS NOT NULL AS open")).rows[0]!.open;
    });
    expect(inTransaction).toBe(true);
    expect(await bodies()).toEqual(['after']);
    await db.query('DELETE FROM notes');
  });

  it.runIf(backend === 'postgres')('sends the BEGIN in the write of the first statement, and nothing for a transaction without one', async () => {
    await db.query('SELECT 1'); // a pooled connection exists: no connection's start-up is counted below
    // BEGIN with the first INSERT, the second INSERT, COMMIT: three writes (four with BEGIN on its own).
    const two = await postgresWrites(() =>
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO notes VALUES ('a')");
        await tx.query("INSERT INTO notes VALUES ('b')");
      }),
    );
    expect(two).toBe(3);
    expect(await postgresWrites(() => db.transaction(async () => 'nothing to do'))).toBe(0);
    // Two statements sent without waiting for each other, behind BEGIN: one write, then COMMIT.
    const together = await postgresWrites(() =>
      db.transaction(async (tx) => {
        const first = tx.query("INSERT INTO notes VALUES ('c')");
        const second = tx.query<{ n: string }>('SELECT count(*) AS n FROM notes');
        await first;
        // Run after the first, in its own snapshot: it sees the row the first inserted.
        expect((await second).rows[0]!.n).toBe('3');
      }),
    );
    expect(together).toBe(2);
    expect(await bodies()).toEqual(['a', 'b', 'c']);
    await db.query('DELETE FROM notes');
  });

  it('fails a statement sent behind a failing one, and rolls both back', async () => {
    await expect(
      db.transaction(async (tx) => {
        const failing = tx.query('INSERT INTO notes VALUES (NULL)');
        const behind = tx.query("INSERT INTO notes VALUES ('behind')");
        const [first, second] = await Promise.allSettled([failing, behind]);
        expect(first.status).toBe('rejected');
        expect(second.status).toBe('rejected');
        throw (first as PromiseRejectedResult).reason;
      }),
    ).rejects.toThrow(/null value/);
    expect(await bodies()).toEqual([]);
  });

  it('commits with the statement marked last, and keeps nothing of the transaction when that statement fails, many times over', async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO notes VALUES ('before')");
      await tx.query("INSERT INTO notes VALUES ('last')", [], { last: true });
    });
    expect(await bodies()).toEqual(['before', 'last']);
    for (let i = 0; i < 12; i += 1) {
      await expect(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO notes VALUES ('rolled back')");
          await tx.query('INSERT INTO notes VALUES (NULL)', [], { last: true });
        }),
      ).rejects.toThrow(/null value/);
    }
    // The COMMIT sent behind the failing statement committed nothing, and every connection serves a transaction again.
    expect(await bodies()).toEqual(['before', 'last']);
    const inTransaction = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO notes VALUES ('after')");
      return (await tx.query<{ open: boolean }>('SELECT pg_current_xact_id_if_assigned() IS NOT NULL AS open')).rows[0]!.open;
    });
    expect(inTransaction).toBe(true);
    expect(await bodies()).toEqual(['after', 'before', 'last']);
    await db.query('DELETE FROM notes');
  });

  it.runIf(backend === 'postgres')('sends the COMMIT in the write of the last statement, and refuses a statement after it', async () => {
    await db.query('SELECT 1');
    // BEGIN with the first INSERT, the second INSERT with COMMIT: two writes (three with COMMIT on its own).
    const writes = await postgresWrites(() =>
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO notes VALUES ('a')");
        await tx.query("INSERT INTO notes VALUES ('b')", [], { last: true });
      }),
    );
    expect(writes).toBe(2);
    // A statement after the COMMIT would run outside the transaction: refused, and the transaction stays committed.
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO notes VALUES ('c')", [], { last: true });
        await tx.query("INSERT INTO notes VALUES ('d')");
      }),
    ).rejects.toThrow(/after the last/);
    expect(await bodies()).toEqual(['a', 'b', 'c']);
    await db.query('DELETE FROM notes');
  });
});
