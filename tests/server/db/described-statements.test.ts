// Named statements executed without a Describe once their connection has read their rows' shape
// (server/db/described-statements.ts; issue 37: pg asks PostgreSQL to describe the rows at every execution, and
// parses the answer each time). What must hold: the rows read with the kept shape are the rows pg reads
// itself (every type parsed the same, nulls, none, many), statements sent without waiting for one another
// (pg's pipeline mode, as the server sends them) each get their own, and a failing execution drops the kept
// shape: the next one describes again and reads right.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describedQuery } from '../../../server/db/described-statements.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url !== undefined && url !== '')('named statements whose rows are described once a connection, on PostgreSQL', () => {
  let client: pg.Client;
  let describes = 0;
  const connection = (pg as unknown as { Connection: { prototype: { describe: (...args: unknown[]) => unknown } } }).Connection.prototype;
  const describe_ = connection.describe;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: url, pipeline: true });
    await client.connect();
    connection.describe = function (this: unknown, ...args: unknown[]) {
      describes += 1;
      return describe_.apply(this, args);
    };
  });

  afterAll(async () => {
    connection.describe = describe_;
    await client.end();
  });

  const counted = async <T>(run: () => Promise<T>): Promise<{ result: T; describes: number }> => {
    const before = describes;
    const result = await run();
    return { result, describes: describes - before };
  };

  it("reads the rows as pg's own path does, every type, and describes them only at the first execution", async () => {
    const text = 'SELECT $1::int AS i, $2::numeric AS n, $3::timestamptz AS t, $4::jsonb AS j, NULL::text AS nothing, $5::boolean AS b, $6::int[] AS a, $7::text AS s';
    const values: unknown[][] = [
      [1, '12.50', new Date('2026-11-28T01:00:00Z'), JSON.stringify({ a: [1, 2] }), true, [1, 2, 3], 'x'],
      [2, '-0.05', new Date('2026-01-01T00:00:00Z'), JSON.stringify(null), false, [], null],
      [null, null, null, null, null, null, 'ü'],
    ];
    for (const [index, row] of values.entries()) {
      const { result, describes: asked } = await counted(() => describedQuery(client, 'types', text, row));
      expect(asked).toBe(index === 0 ? 1 : 0);
      expect(result.rows).toEqual((await client.query({ text, values: row })).rows);
    }
  });

  it('reads no rows and many rows with the kept shape', async () => {
    const text = 'SELECT g, g::text AS label FROM generate_series(1, $1::int) g';
    expect((await describedQuery(client, 'series', text, [3])).rows).toEqual([
      { g: 1, label: '1' },
      { g: 2, label: '2' },
      { g: 3, label: '3' },
    ]);
    const none = await counted(() => describedQuery(client, 'series', text, [0]));
    expect([none.result.rows, none.describes]).toEqual([[], 0]);
    expect((await describedQuery(client, 'series', text, [200])).rows).toHaveLength(200);
  });

  it('answers each of several statements sent without waiting its own rows', async () => {
    const text = 'SELECT $1::int * 10 AS tenfold, $2::text AS name';
    await describedQuery(client, 'tenfold', text, [0, 'warm']);
    const sent = Array.from({ length: 8 }, (_, i) =>
      i % 3 === 0 ? client.query({ text: 'SELECT $1::int AS plain', values: [i] }).then((result) => result.rows) : describedQuery(client, 'tenfold', text, [i, `n${i}`]).then((result) => result.rows),
    );
    expect(await Promise.all(sent)).toEqual(Array.from({ length: 8 }, (_, i) => (i % 3 === 0 ? [{ plain: i }] : [{ tenfold: i * 10, name: `n${i}` }])));
  });

  it('describes again after a failing execution, and reads right', async () => {
    const text = 'SELECT 10 / $1::int AS quotient';
    expect((await describedQuery(client, 'quotient', text, [5])).rows).toEqual([{ quotient: 2 }]);
    await expect(describedQuery(client, 'quotient', text, [0])).rejects.toThrow(/division by zero/);
    const after = await counted(() => describedQuery(client, 'quotient', text, [3]));
    expect([after.result.rows, after.describes]).toEqual([[{ quotient: 3 }], 1]);
    expect((await counted(() => describedQuery(client, 'quotient', text, [10]))).describes).toBe(0);
  });
});
