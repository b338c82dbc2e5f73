// The backtest book's database, made faster without changing what it answers: its prepared statements
// (prepared-pglite.ts) answer as PGlite.query does, errors and transactions included; its template kept on
// disk (book-template.ts) is never loaded once the migrations changed; and a value read through a statement
// prepared and planned once still follows the data: a charge rate that changes inside a backtest's range
// applies from its date.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, TransactionAbortedError } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPgError, pgErrorCodes, type Database } from '../../../server/db/database.ts';
import { createHistoryRunner } from '../../../server/services/analysis/backtests/backtest-runner.ts';
import { bookServices } from '../../../server/services/services.ts';
import { loadOrMakeTemplate, templateKey } from '../../../server/services/analysis/backtests/book-template.ts';
import { preparedPglite } from '../../../server/services/analysis/backtests/prepared-pglite.ts';
import { chargeRatesOn, fillCharges } from '../../../server/services/brokers/paper/charges.ts';
import { createMigratedTestDatabase, emptyClusterTemplate } from '../support/test-database.ts';
import { importHistory, syntheticRows } from './history-fixture.ts';

describe('the book’s prepared statements', () => {
  let pg: PGlite;
  let db: Database;

  beforeAll(async () => {
    // From the cached dump of an empty cluster: PGlite.create() alone runs initdb.
    pg = await PGlite.create({ loadDataDir: await emptyClusterTemplate() });
    await pg.exec(`CREATE TABLE t (id integer PRIMARY KEY, note text, tags text[], doc jsonb, day date, at timestamptz, amount numeric);
      SET plan_cache_mode = force_generic_plan`);
    db = preparedPglite(pg);
  });

  afterAll(async () => {
    await db.close();
  });

  it('answers what PGlite.query answers, for values of every kind the services pass, each time it runs', async () => {
    const insert = 'INSERT INTO t (id, note, tags, doc, day, at, amount) VALUES ($1, $2, $3::text[], $4::jsonb, $5::date, $6, $7) RETURNING *';
    const at = new Date('2026-03-02T04:00:00Z');
    const first = await db.query(insert, [1, 'one', ['a', 'b'], JSON.stringify({ k: 1 }), '2026-03-02', at, '12.50']);
    const second = await db.query(insert, [2, null, null, null, null, null, null]);
    expect(first.rows).toEqual((await pg.query('SELECT * FROM t WHERE id = 1')).rows);
    expect(second.rows).toEqual((await pg.query('SELECT * FROM t WHERE id = 2')).rows);
    const select = 'SELECT id, note FROM t WHERE id = ANY($1::int[]) ORDER BY id';
    expect((await db.query(select, [[1, 2]])).rows).toEqual([{ id: 1, note: 'one' }, { id: 2, note: null }]);
    expect((await db.query(select, [[2]])).rows).toEqual([{ id: 2, note: null }]);
  });

  it('throws Postgres errors with their code, and goes on answering after them', async () => {
    const insert = 'INSERT INTO t (id) VALUES ($1)';
    await db.query(insert, [10]);
    const duplicate = await db.query(insert, [10]).catch((error: unknown) => error);
    expect(isPgError(duplicate, pgErrorCodes.uniqueViolation)).toBe(true);
    await expect(db.query('SELEC nothing')).rejects.toThrow(/syntax/);
    await expect(db.query('SELEC nothing')).rejects.toThrow(/syntax/);
    expect((await db.query('SELECT count(*)::int AS n FROM t WHERE id = $1', [10])).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction, rolls back one that throws, and refuses to commit one whose statement failed', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES ($1)', [20]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES ($1)', [21]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES ($1)', [22]);
        await tx.query('INSERT INTO t (id) VALUES ($1)', [20]).catch(() => {});
      }),
    ).rejects.toBeInstanceOf(TransactionAbortedError);
    expect((await db.query<{ id: number }>('SELECT id FROM t WHERE id BETWEEN 20 AND 29 ORDER BY id')).rows).toEqual([{ id: 20 }]);
  });

  it('runs one statement at a time: a query asked during a transaction waits for its end', async () => {
    const order: string[] = [];
    const transaction = db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES ($1)', [30]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('transaction');
    });
    const read = db.query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id = $1', [30]).then((result) => {
      order.push('read');
      return result.rows[0]!.n;
    });
    await transaction;
    expect(await read).toBe(1);
    expect(order).toEqual(['transaction', 'read']);
  });

  it('runs the statements a transaction sends before the last is answered in the order sent, each with its own parameters', async () => {
    // The order step sends the book's read behind the rate counts (funds.ts bookAhead), as PostgreSQL pipelines.
    const answers = await db.transaction((tx) =>
      Promise.all([
        tx.query<{ n: number }>('INSERT INTO t (id, note) VALUES ($1, $2) RETURNING id AS n', [40, 'forty']),
        tx.query<{ flag: boolean }>('SELECT $1::boolean AS flag', [true]),
        tx.query<{ note: string }>('SELECT note FROM t WHERE id = $1', [40]),
      ]),
    );
    expect(answers.map((answer) => answer.rows[0])).toEqual([{ n: 40 }, { flag: true }, { note: 'forty' }]);
  });
});

describe('the book’s template on disk', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'strikedesk-book-template-'));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('is named by the migrations: changing one migration’s text names another template', () => {
    const migrations = join(dir, 'migrations');
    cpSync(fileURLToPath(new URL('../../../server/db/migrations/', import.meta.url)), migrations, { recursive: true });
    const before = templateKey(migrations);
    expect(templateKey(migrations)).toBe(before);
    const file = join(migrations, '029-engine-backtests.sql');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n-- changed\n`);
    expect(templateKey(migrations)).not.toBe(before);
  });

  it('is made and written once, then read back; a file of another key is never read', async () => {
    // A file left by other migrations (another key): not this template, whatever it holds.
    writeFileSync(join(dir, 'strikedesk-backtest-book-stale.tar.gz'), 'not a dump');
    const key = templateKey();
    const made = await loadOrMakeTemplate(dir, key);
    const path = join(dir, `strikedesk-backtest-book-${key}.tar.gz`);
    expect(existsSync(path)).toBe(true);
    const read = await loadOrMakeTemplate(dir, key);
    expect(Buffer.from(await read.arrayBuffer()).equals(Buffer.from(await made.arrayBuffer()))).toBe(true);
    const pg = await PGlite.create({ loadDataDir: read });
    const { rows } = await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    await pg.close();
    expect(rows[0]!.n).toBeGreaterThan(20);
  }, 120_000);
});

describe('a backtest across a change of charge rates', () => {
  it('charges each trade at the rates of its own date (NSE’s transaction charge changed on 1 March 2026)', async () => {
    // A migrated schema on the worker's PGlite (test-database.ts), not a new cluster migrated again.
    const history = await createMigratedTestDatabase('pglite');
    try {
      // Holi (3 March 2026) moved that week's Tuesday expiry to Monday 2 March.
      const underlying = { '2026-02-25': 25_000, '2026-02-26': 25_120, '2026-02-27': 24_980, '2026-03-02': 25_060, '2026-03-04': 25_150, '2026-03-05': 25_090 };
      await importHistory(history, 'NIFTY', underlying, syntheticRows(underlying, ['2026-03-02', '2026-03-10', '2026-03-17', '2026-03-24']), 75);
      const report = await createHistoryRunner(history, bookServices)(
        {
          id: 1,
          userId: 1,
          portfolioId: 0,
          entryUntil: '15:10',
          from: '2026-02-25',
          to: '2026-03-05',
          capitalPaise: 50_000_000,
          bot: { kind: 'daily', id: null, name: 'Rates', underlying: 'NIFTY', strategy: 'iron_condor', lots: 1, stop_loss_pct: 100, target_pct: 1000, params: {}, entry_time: '09:20', exit_time: '15:10', weekdays: [1, 2, 3, 4, 5] },
        },
        async () => {},
      );
      const days = report.trades.map((trade) => trade.entered_at.slice(0, 10));
      expect(days.some((day) => day < '2026-03-01') && days.some((day) => day >= '2026-03-01')).toBe(true);
      const before = await chargeRatesOn(history, 'NFO', '2026-02-27');
      const after = await chargeRatesOn(history, 'NFO', '2026-03-02');
      expect(before.exchange).not.toBe(after.exchange);
      for (const trade of report.trades) {
        const rates = trade.entered_at.slice(0, 10) < '2026-03-01' ? before : after;
        const exchangePaise = trade.legs.reduce((sum, leg) => {
          const exit = leg.side === 'SELL' ? 'BUY' : 'SELL';
          return sum + fillCharges(rates, leg.side, leg.quantity, Math.round(leg.entry_price * 100), true).exchange + fillCharges(rates, exit, leg.quantity, Math.round(leg.exit_price * 100), true).exchange;
        }, 0);
        expect(trade.charges.by_kind.exchange, trade.entered_at).toBe(exchangePaise / 100);
      }
    } finally {
      await history.close();
    }
  }, 180_000);
});
