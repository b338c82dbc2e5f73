// The book's own reading and writing of Postgres's protocol (book-protocol.ts) gives what PGlite's gives: the
// same bytes for a statement's run, the same messages for an answer, the same rows, and PGlite's own reading for
// an answer holding an error.
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRun, readAnswer, rowsOfAnswer } from '../../../server/services/analysis/backtests/book-protocol.ts';
import { preparedPglite } from '../../../server/services/analysis/backtests/prepared-pglite.ts';
import { emptyClusterTemplate } from '../support/test-database.ts';

const { serialize } = protocol;
const joined = (parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));
const pglitesMessages = (answer: Uint8Array) => {
  const messages: unknown[] = [];
  new protocol.Parser().parse(answer, (message) => void messages.push(message));
  return messages;
};

describe('the book’s protocol reading and writing', () => {
  let pg: PGlite;

  beforeAll(async () => {
    pg = await PGlite.create({ loadDataDir: await emptyClusterTemplate() });
    await pg.exec(`CREATE TABLE t (id integer PRIMARY KEY, note text, tags text[], doc jsonb, day date, at timestamptz, amount numeric, big bigint, yes boolean)`);
  });

  afterAll(async () => {
    await pg.close();
  });

  it('writes a run as PGlite’s bind, execute and sync, byte for byte', () => {
    for (const values of [[], ['1'], [null, 'é ₹ 😀', '', null, '{"k":1}'], Array.from({ length: 40 }, (_, n) => (n % 3 === 0 ? null : `v${n}`))]) {
      const pglites = joined([serialize.bind({ statement: 'book_12', values }), serialize.execute({}), serialize.sync()]);
      expect(encodeRun('book_12', values)).toEqual(pglites);
    }
  });

  it('reads an answer’s messages and rows as PGlite does, for values of every kind', async () => {
    await pg.query(`INSERT INTO t VALUES (1, 'ùn ₹', '{a,"b c"}', '{"k": [1, 2]}', '2026-03-02', '2026-03-02T04:00:00Z', '12.50', 9007199254740993, true),
      (2, E'\\uFEFFbom', NULL, NULL, NULL, NULL, NULL, NULL, false), (3, '', '{}', '"s"', 'infinity', '-infinity', '0', -1, NULL)`);
    const asks = [
      [serialize.parse({ name: 's1', text: 'SELECT *, id AS id, note AS "__proto__" FROM t WHERE id = ANY($1::int[]) ORDER BY id' }), serialize.describe({ type: 'S', name: 's1' }), serialize.sync()],
      [serialize.bind({ statement: 's1', values: ['{1,2,3}'] }), serialize.describe({ type: 'P', name: '' }), serialize.execute({}), serialize.sync()],
      [serialize.bind({ statement: 's1', values: ['{}'] }), serialize.describe({ type: 'P', name: '' }), serialize.execute({}), serialize.sync()],
      [serialize.query("BEGIN; UPDATE t SET note = 'x' WHERE id = 3; SELECT 1 AS one; COMMIT")],
      [serialize.query('')],
    ];
    for (const ask of asks) {
      const answer = await pg.execProtocolRaw(joined(ask), { syncToFs: false });
      const messages = readAnswer(answer);
      expect(messages).toEqual(pglitesMessages(answer));
      expect(rowsOfAnswer(messages!, pg.parsers)).toEqual(parse.parseResults(messages!, pg.parsers)[0]?.rows ?? []);
    }
    const rows = rowsOfAnswer<Record<string, unknown>>(readAnswer(await pg.execProtocolRaw(joined(asks[1]!), { syncToFs: false }))!, pg.parsers);
    // As PGlite's TextDecoder: a value's leading byte order mark is dropped.
    expect(rows.map((row) => [row.note, Object.getPrototypeOf(row) === Object.prototype, row.big, row.yes])).toEqual([
      ['ùn ₹', true, 9007199254740993n, true],
      ['bom', true, null, false],
      ['x', true, -1, null],
    ]);
  });

  it('leaves an answer holding an error or a notice to PGlite’s Parser', async () => {
    const failed = await pg.execProtocolRaw(joined([serialize.query('SELEC 1')]), { syncToFs: false });
    expect(readAnswer(failed)).toBeNull();
    const noticed = await pg.execProtocolRaw(joined([serialize.query("DO $$ BEGIN RAISE NOTICE 'hello'; END $$")]), { syncToFs: false });
    expect(readAnswer(noticed)).toBeNull();
  });

  it('throws a failed statement’s error as PGlite does, and answers a failed prefetched read without throwing', async () => {
    const db = preparedPglite(pg);
    const thrown = await db.query('SELECT 1 / $1::int AS n', [0]).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(protocol.messages.DatabaseError);
    expect(thrown).toMatchObject({ name: 'error', code: '22012', severity: 'ERROR', message: 'division by zero', routine: 'int4div' });
    await db.prefetch!([['SELECT 1 / $1::int AS n', [0]], ['SELECT $1::int AS n', [7]]]);
    expect((await db.query('SELECT $1::int AS n', [7])).rows).toEqual([{ n: 7 }]);
  });
});
