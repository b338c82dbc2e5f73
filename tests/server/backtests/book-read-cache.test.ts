// The backtest book's cache of repeated reads (book-read-cache.ts, through prepared-pglite.ts): a read asked
// again is answered without Postgres while nothing it reads changed, and asked again as soon as anything it
// reads may have: a write to one of its tables (through a view too), a trigger's or a cascade's write there, a
// rolled-back transaction, a COPY or a SET. Reads that depend on more than their rows are always asked.
// To see whether a read reached Postgres, a row is changed behind the book's back (on the PGlite itself).
import { PGlite, TransactionAbortedError } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { preparedPglite, sharedSession } from '../../../server/services/analysis/backtests/prepared-pglite.ts';
import { emptyClusterTemplate } from '../support/test-database.ts';

describe('the book’s cache of repeated reads', () => {
  let pg: PGlite;
  let db: Database;
  const notes = async (sql = 'SELECT id, note FROM t WHERE id >= $1 ORDER BY id', params: unknown[] = [0]) => (await db.query<{ id: number; note: string }>(sql, params)).rows;
  /** Changes a row without the book knowing: a read that still answers the old note was answered from the cache. */
  const behindItsBack = (note: string) => pg.query('UPDATE t SET note = $1 WHERE id = 1', [note]);

  // One PGlite for the file (from the cached dump of an empty cluster: starting one was most of this file's CPU, about
  // a second a test). Each test gets the tables again in a fresh public schema and a book of its own, which sees the
  // PGlite through a stand-in whose close() keeps it open: the book's close (its deferred COMMIT sent) runs as
  // before, in the mode a backtest's book runs in (a PGlite of its own, no schema).
  beforeAll(async () => {
    pg = await PGlite.create({ loadDataDir: await emptyClusterTemplate() });
  });

  afterAll(async () => {
    await pg.close();
  });

  beforeEach(async () => {
    await pg.exec(`DEALLOCATE ALL;
      DROP SCHEMA public CASCADE;
      CREATE SCHEMA public;
      CREATE TABLE t (id integer PRIMARY KEY, note text);
      CREATE TABLE other (id integer PRIMARY KEY);
      CREATE TABLE child (id integer PRIMARY KEY, t_id integer REFERENCES t (id) ON DELETE CASCADE);
      CREATE TABLE logged (id integer PRIMARY KEY);
      CREATE FUNCTION logged_note() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE t SET note = 'logged' WHERE id = 1; RETURN NEW; END $$;
      CREATE TRIGGER logged_note AFTER INSERT ON logged FOR EACH ROW EXECUTE FUNCTION logged_note();
      CREATE VIEW t_view AS SELECT id, note FROM t;
      INSERT INTO t VALUES (1, 'first');
      SET plan_cache_mode = force_generic_plan`);
    const keptOpen = new Proxy(pg, {
      get: (target, key) => {
        if (key === 'close') return async () => undefined;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    db = preparedPglite(keptOpen);
  });

  afterEach(async () => {
    await db.close();
    // The COMMIT test below listens on the PGlite's calls: the next test starts without it.
    delete (pg as Partial<PGlite>).execProtocolRawStream;
  });

  it('answers a read asked again from what it kept, while nothing it reads was written', async () => {
    expect(await notes()).toEqual([{ id: 1, note: 'first' }]);
    await behindItsBack('changed');
    expect(await notes()).toEqual([{ id: 1, note: 'first' }]);
    // Other parameters are another read.
    expect(await notes(undefined, [1])).toEqual([{ id: 1, note: 'changed' }]);
    // A write elsewhere keeps it.
    await db.query('INSERT INTO other VALUES ($1)', [1]);
    expect(await notes()).toEqual([{ id: 1, note: 'first' }]);
  });

  it('gives each caller rows of its own', async () => {
    (await notes())[0]!.note = 'mutated by the first caller';
    (await notes())[0]!.note = 'mutated by the second caller';
    expect(await notes()).toEqual([{ id: 1, note: 'first' }]);
  });

  it('asks again after a write to a table it reads, directly or through a view', async () => {
    expect(await notes('SELECT id, note FROM t_view WHERE id >= $1 ORDER BY id')).toEqual([{ id: 1, note: 'first' }]);
    await db.query('INSERT INTO t VALUES ($1, $2)', [2, 'second']);
    expect(await notes('SELECT id, note FROM t_view WHERE id >= $1 ORDER BY id')).toEqual([
      { id: 1, note: 'first' },
      { id: 2, note: 'second' },
    ]);
    await notes();
    await db.query('WITH changed AS (UPDATE t SET note = $1 WHERE id = 2 RETURNING id) SELECT count(*) FROM changed', ['two']);
    expect(await notes()).toEqual([
      { id: 1, note: 'first' },
      { id: 2, note: 'two' },
    ]);
  });

  it('asks again a read of a table a trigger or a cascade writes, after the write that fires it', async () => {
    await notes();
    await db.query('INSERT INTO logged VALUES ($1)', [1]);
    expect(await notes()).toEqual([{ id: 1, note: 'logged' }]);
    await db.query('INSERT INTO child VALUES ($1, $2)', [1, 1]);
    const children = 'SELECT count(*)::int AS n FROM child WHERE id >= $1';
    expect((await db.query(children, [0])).rows).toEqual([{ n: 1 }]);
    await db.query('DELETE FROM t WHERE id = $1', [1]);
    expect((await db.query(children, [0])).rows).toEqual([{ n: 0 }]);
  });

  it('keeps what other tables answer after an INSERT or UPDATE of a table whose only other triggers are its references’ ON DELETE cascades', async () => {
    // t is referenced ON DELETE CASCADE (child): that trigger fires on a DELETE of t, never on its INSERT or UPDATE.
    const others = 'SELECT count(*)::int AS n FROM other WHERE id >= $1';
    expect((await db.query(others, [0])).rows).toEqual([{ n: 0 }]);
    await pg.query('INSERT INTO other VALUES (9)');
    await db.query('UPDATE t SET note = $1 WHERE id = 1', ['updated']);
    await db.query('INSERT INTO t VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET note = EXCLUDED.note', [1, 'upserted']);
    expect((await db.query(others, [0])).rows).toEqual([{ n: 0 }]);
    // A read of t itself is asked again.
    expect(await notes()).toEqual([{ id: 1, note: 'upserted' }]);
    // Its DELETE fires the cascade, which writes child (asked again), not other (kept).
    const children = 'SELECT count(*)::int AS n FROM child WHERE id >= $1';
    await db.query('INSERT INTO t VALUES ($1, $2)', [3, 'third']);
    await db.query('INSERT INTO child VALUES ($1, $2)', [3, 3]);
    expect((await db.query(children, [0])).rows).toEqual([{ n: 1 }]);
    await db.query('DELETE FROM t WHERE id = $1', [3]);
    expect((await db.query(children, [0])).rows).toEqual([{ n: 0 }]);
    expect((await db.query(others, [0])).rows).toEqual([{ n: 0 }]);
  });

  it('after a write whose trigger writes elsewhere, asks again what the trigger’s source (and the functions it calls) can write, and keeps the rest', async () => {
    await pg.exec(`CREATE TABLE audited (id integer PRIMARY KEY);
      CREATE FUNCTION note_it(note_text text) RETURNS void LANGUAGE plpgsql AS $$ BEGIN UPDATE t SET note = note_text WHERE id = 1; END $$;
      CREATE FUNCTION audited_note() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM note_it('audited'); RETURN NEW; END $$;
      CREATE TRIGGER audited_note AFTER INSERT ON audited FOR EACH ROW EXECUTE FUNCTION audited_note();
      CREATE TABLE dynamic (id integer PRIMARY KEY);
      CREATE FUNCTION dynamic_note() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN EXECUTE 'UPDATE ' || 'other SET id = id'; RETURN NEW; END $$;
      CREATE TRIGGER dynamic_note AFTER INSERT ON dynamic FOR EACH ROW EXECUTE FUNCTION dynamic_note()`);
    const others = 'SELECT count(*)::int AS n FROM other WHERE id >= $1';
    expect((await db.query(others, [0])).rows).toEqual([{ n: 0 }]);
    expect(await notes()).toEqual([{ id: 1, note: 'first' }]);
    await pg.query('INSERT INTO other VALUES (9)');
    // The trigger writes t through note_it: t's read is asked again, other's kept.
    await db.query('INSERT INTO audited VALUES ($1)', [1]);
    expect(await notes()).toEqual([{ id: 1, note: 'audited' }]);
    expect((await db.query(others, [0])).rows).toEqual([{ n: 0 }]);
    // SQL built as text could write anything: every read is asked again.
    await db.query('INSERT INTO dynamic VALUES ($1)', [1]);
    expect((await db.query(others, [0])).rows).toEqual([{ n: 1 }]);
  });

  it('asks again what an UPDATE trigger writes after an INSERT … ON CONFLICT DO UPDATE that fires it', async () => {
    await pg.exec(`CREATE TABLE upserted (id integer PRIMARY KEY, n integer);
      CREATE FUNCTION upserted_note() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE t SET note = 'upserted' WHERE id = 1; RETURN NEW; END $$;
      CREATE TRIGGER upserted_note AFTER UPDATE ON upserted FOR EACH ROW EXECUTE FUNCTION upserted_note();
      INSERT INTO upserted VALUES (1, 0)`);
    expect(await notes()).toEqual([{ id: 1, note: 'first' }]);
    await db.query('INSERT INTO upserted VALUES ($1, 1) ON CONFLICT (id) DO UPDATE SET n = upserted.n + 1', [1]);
    expect(await notes()).toEqual([{ id: 1, note: 'upserted' }]);
  });

  it('asks again after a transaction that rolled back, a COPY or any statement run as text', async () => {
    await notes();
    await expect(
      db.transaction(async (tx) => {
        await tx.query('SELECT id, note FROM t WHERE id >= $1 ORDER BY id', [0]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await behindItsBack('after the rollback');
    expect(await notes()).toEqual([{ id: 1, note: 'after the rollback' }]);
    await behindItsBack('after the copy');
    await db.copyFrom('COPY other (id) FROM STDIN', '7\n');
    expect(await notes()).toEqual([{ id: 1, note: 'after the copy' }]);
    await behindItsBack('after exec');
    await db.exec('SET application_name = book');
    expect(await notes()).toEqual([{ id: 1, note: 'after exec' }]);
  });

  it('inside a transaction, sees its own writes and, once a statement failed, answers nothing from the cache', async () => {
    await notes();
    await db.transaction(async (tx) => {
      await tx.query('UPDATE t SET note = $1 WHERE id = 1', ['inside']);
      expect((await tx.query('SELECT id, note FROM t WHERE id >= $1 ORDER BY id', [0])).rows).toEqual([{ id: 1, note: 'inside' }]);
    });
    expect(await notes()).toEqual([{ id: 1, note: 'inside' }]);
    await db.query('INSERT INTO other VALUES ($1)', [1]);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO other VALUES ($1)', [1]).catch(() => {});
        await expect(tx.query('SELECT id, note FROM t WHERE id >= $1 ORDER BY id', [0])).rejects.toThrow(/current transaction is aborted/);
      }),
    ).rejects.toBeInstanceOf(TransactionAbortedError);
  });

  it('sends a transaction’s BEGIN and SET TRANSACTION with its first statement, in that order', async () => {
    // Read only from the SET on: the write is refused, and with it the whole transaction.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        await tx.query('INSERT INTO other VALUES ($1)', [5]);
      }),
    ).rejects.toThrow(/read-only transaction/);
    // A transaction whose reads were all answered from the cache, and one that wrote, both commit as before.
    await notes();
    expect(await db.transaction(async (tx) => (await tx.query('SELECT id, note FROM t WHERE id >= $1 ORDER BY id', [0])).rows)).toEqual([{ id: 1, note: 'first' }]);
    await db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      await tx.query('INSERT INTO other VALUES ($1)', [6]);
    });
    expect((await pg.query('SELECT id FROM other')).rows).toEqual([{ id: 6 }]);
  });

  it('sends a committed transaction’s COMMIT ahead of the next call, and a transaction whose statement failed commits at once and throws', async () => {
    const calls: string[] = [];
    // The book's calls into its PGlite (its answers' bytes read by book-protocol.ts).
    const execProtocolRawStream = pg.execProtocolRawStream.bind(pg);
    pg.execProtocolRawStream = (message, options) => {
      calls.push(String.fromCharCode(message[0]!) === 'Q' ? new TextDecoder().decode(message.subarray(5, message.indexOf(0, 5))) : 'statement');
      return execProtocolRawStream(message, options);
    };
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO other VALUES ($1)', [7]);
    });
    // Two calls: the parse, then BEGIN with the INSERT; no COMMIT of its own.
    expect(calls.filter((call) => call === 'COMMIT')).toEqual([]);
    calls.length = 0;
    expect((await db.query('SELECT id FROM other WHERE id >= $1', [0])).rows).toEqual([{ id: 7 }]);
    // The COMMIT went first, in the read's first call (with its parse), once.
    expect(calls[0]).toBe('COMMIT');
    expect(calls.filter((call) => call === 'COMMIT')).toHaveLength(1);
    expect((await pg.query<{ status: string }>("SELECT CASE WHEN pg_current_xact_id_if_assigned() IS NULL THEN 'idle' ELSE 'open' END AS status")).rows).toEqual([{ status: 'idle' }]);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO other VALUES ($1)', [8]);
        await tx.query('INSERT INTO other VALUES ($1)', [7]).catch(() => {});
      }),
    ).rejects.toBeInstanceOf(TransactionAbortedError);
    expect((await db.query('SELECT id FROM other WHERE id >= $1 ORDER BY id', [1])).rows).toEqual([{ id: 7 }]);
  });

  it('reads the catalogue and a statement’s effect once for every book sharing the connection', async () => {
    // The simple queries reaching Postgres: the catalogue's read and each statement's EXPLAIN go as such.
    const asked: string[] = [];
    const execProtocolRawStream = pg.execProtocolRawStream.bind(pg);
    pg.execProtocolRawStream = (message, options) => {
      if (String.fromCharCode(message[0]!) === 'Q') asked.push(new TextDecoder().decode(message.subarray(5, message.indexOf(0, 5))));
      return execProtocolRawStream(message, options);
    };
    const explained = () => asked.filter((sql) => sql.startsWith('EXPLAIN')).length;
    const cataloguesRead = () => asked.filter((sql) => sql.includes('pg_trigger')).length;
    // Two books on one connection, as a book thread's schemas are (book-schemas.ts): each schema is migrated alike,
    // so what one book learnt of the catalogue and of a statement holds for the other.
    await pg.exec(`DROP SCHEMA IF EXISTS second CASCADE; CREATE SCHEMA second; CREATE TABLE second.t (id integer PRIMARY KEY, note text);
      INSERT INTO second.t VALUES (1, 'second')`);
    const session = sharedSession(pg);
    const first = preparedPglite(pg, { session, schema: 'public' });
    const second = preparedPglite(pg, { session, schema: 'second' });
    const read = 'SELECT id, note FROM t WHERE id >= $1 ORDER BY id';
    expect((await first.query(read, [0])).rows).toEqual([{ id: 1, note: 'first' }]);
    expect([cataloguesRead(), explained()]).toEqual([1, 1]);
    // Its own schema's rows, its effect known from the first book's EXPLAIN.
    expect((await second.query(read, [0])).rows).toEqual([{ id: 1, note: 'second' }]);
    expect([cataloguesRead(), explained()]).toEqual([1, 1]);
    await Promise.all([first.close(), second.close()]);
    await pg.exec('SET search_path TO public; DROP SCHEMA second CASCADE');
  });

  it('always asks a read that depends on more than its rows: the time, a volatile function', async () => {
    for (const sql of [
      'SELECT id, note FROM t WHERE id >= $1 AND now() IS NOT NULL ORDER BY id',
      'SELECT id, note FROM t WHERE id >= $1 AND CURRENT_DATE IS NOT NULL ORDER BY id',
      'SELECT id, note FROM t WHERE id >= $1 AND random() >= 0 ORDER BY id',
    ]) {
      await behindItsBack('before');
      expect(await notes(sql)).toEqual([{ id: 1, note: 'before' }]);
      await behindItsBack(`after ${sql}`);
      expect(await notes(sql)).toEqual([{ id: 1, note: `after ${sql}` }]);
    }
  });

  it('answers a locking read as a read, in a transaction too, and drops it on a write to its table', async () => {
    // The book has no other session for the lock to hold off (the paper broker's account and portfolio locks).
    const locked = 'SELECT id, note FROM t WHERE id >= $1 ORDER BY id FOR NO KEY UPDATE';
    expect(await notes(locked)).toEqual([{ id: 1, note: 'first' }]);
    await behindItsBack('changed');
    expect(await db.transaction(async (tx) => (await tx.query(locked, [0])).rows)).toEqual([{ id: 1, note: 'first' }]);
    // Taking the lock wrote nothing: a plain read of the table is kept beside it.
    expect(await notes()).toEqual([{ id: 1, note: 'changed' }]);
    await db.query(locked, [0]);
    await behindItsBack('changed again');
    expect(await notes()).toEqual([{ id: 1, note: 'changed' }]);
    await db.query('UPDATE t SET note = $1 WHERE id = $2', ['written', 1]);
    expect(await notes(locked)).toEqual([{ id: 1, note: 'written' }]);
  });

  it('asks reads ahead in one call, answers each from it until its table is written, and keeps nothing of a read that fails', async () => {
    const byId = 'SELECT id, note FROM t WHERE id = $1';
    const others = 'SELECT id FROM other WHERE id >= $1 ORDER BY id';
    // Parsed and explained first (their own calls, once a book), so that the prefetch below is one call.
    await db.query(byId, [0]);
    await db.query(others, [0]);
    await db.query('SELECT 1 / $1::integer AS n', [1]);
    let calls = 0;
    const execProtocolRawStream = pg.execProtocolRawStream.bind(pg);
    pg.execProtocolRawStream = (message, options) => {
      calls += 1;
      return execProtocolRawStream(message, options);
    };
    await db.prefetch!([
      [byId, [1]],
      [others, [1]],
      ['SELECT 1 / $1::integer AS n', [0]],
    ]);
    expect(calls).toBe(1);
    await behindItsBack('changed');
    await pg.query('INSERT INTO other VALUES (9)');
    // Both answered as they stood at the prefetch, without a call.
    expect((await db.query(byId, [1])).rows).toEqual([{ id: 1, note: 'first' }]);
    expect((await db.query(others, [1])).rows).toEqual([]);
    expect(calls).toBe(1);
    // The division by zero failed in the prefetch: asked, it fails for its caller.
    await expect(db.query('SELECT 1 / $1::integer AS n', [0])).rejects.toThrow(/division by zero/);
    // A write to t drops its prefetched answer; other's stays.
    await db.query('UPDATE t SET note = $1 WHERE id = $2', ['written', 1]);
    expect((await db.query(byId, [1])).rows).toEqual([{ id: 1, note: 'written' }]);
    expect((await db.query(others, [1])).rows).toEqual([]);
  });

  it('says which tables were written since it was last asked (a trigger’s and a cascade’s writes too), and any when it cannot know', async () => {
    expect(db.tablesWritten!()).toEqual([]);
    await notes();
    await db.query('INSERT INTO other VALUES ($1)', [1]);
    expect(db.tablesWritten!()).toEqual(['other']);
    // Asked again: nothing since.
    expect(db.tablesWritten!()).toEqual([]);
    // The trigger on logged writes t; deleting from t cascades to child.
    await db.query('INSERT INTO logged VALUES ($1)', [1]);
    await db.query('DELETE FROM t WHERE id = $1', [2]);
    expect(db.tablesWritten!()).toEqual(['child', 'logged', 't']);
    // A write rolled back is counted (the tables may have changed in between: a superset is what an ANALYZE needs).
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO other VALUES ($1)', [2]);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(db.tablesWritten!()).toEqual(['other']);
    // An ANALYZE writes no rows; a statement sent as text (its tables unknown) may write any.
    await db.exec('ANALYZE t, other');
    expect(db.tablesWritten!()).toEqual([]);
    await db.exec('UPDATE other SET id = id');
    expect(db.tablesWritten!()).toBeNull();
    expect(db.tablesWritten!()).toEqual([]);
  });
});
