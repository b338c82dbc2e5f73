// The safety net: a database error caused by request values (SQLSTATE 22xxx, 23xxx) answers a 4xx with
// the usual { message, code } shape, on PGlite and PostgreSQL alike, and is logged each time; any other
// database error stays a 500. Test routes hand request values to the real database, past any contract.
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/test-database.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

type Statement = { sql: string; params: unknown[] };

/** Each statement breaks one rule with the value the request sent. */
const statements: Record<string, (value: string) => Statement> = {
  text: (value) => ({ sql: 'SELECT $1::text AS value', params: [value] }),
  integer: (value) => ({ sql: 'SELECT $1::integer AS value', params: [value] }),
  percentage: (value) => ({ sql: 'SELECT $1::numeric(7, 2) AS value', params: [value] }),
  jsonb: (value) => ({ sql: 'SELECT $1::jsonb AS value', params: [value] }),
  date: (value) => ({ sql: 'SELECT $1::date AS value', params: [value] }),
  brokerId: (value) => ({ sql: `INSERT INTO brokers (id, slug, display_name) VALUES ($1, 'paper_two', 'x')`, params: [value] }),
  brokerSlug: (value) => ({ sql: `INSERT INTO brokers (id, slug, display_name) VALUES (90, $1, 'x')`, params: [value] }),
  brokerName: (value) => ({ sql: 'INSERT INTO brokers (id, slug, display_name) VALUES (91, $1, NULL)', params: [value] }),
  portfolioAccount: (value) => ({
    sql: `INSERT INTO portfolios (broker_account_id, name, capital, created_at, updated_at) VALUES ($1, 'x', 1, now(), now())`,
    params: [value],
  }),
  missingTable: (value) => ({ sql: 'SELECT $1::text FROM no_such_table', params: [value] }),
};

describe.each(testBackends)('database refusals on %s', (backend) => {
  let server: TestServer;
  const warnings: unknown[][] = [];

  beforeAll(async () => {
    server = await startTestServer({ backend });
    await server.app.register(async (test) => {
      test.addHook('onRequest', async (request) => {
        // Record what the error handler logs for these requests (the test server logs nothing).
        const recorder = Object.create(request.log) as FastifyBaseLogger;
        recorder.warn = (...args: unknown[]) => void warnings.push(args);
        request.log = recorder;
      });
      test.post<{ Params: { kind: string }; Body: { value: string } }>('/test/store/:kind', async (request) => {
        const statement = statements[request.params.kind];
        if (statement === undefined) throw new Error(`no statement ${request.params.kind}`);
        const { sql, params } = statement(request.body.value);
        await server.db.query(sql, params);
        return { stored: true };
      });
    });
  });

  afterAll(async () => {
    await server.close();
  });

  const store = (kind: string, value: string) => server.app.inject({ method: 'POST', url: `/test/store/${kind}`, payload: { value } });

  it.each([
    ['text', 'a\u0000b', 400, 'invalid_value', '22021'],
    ['integer', '2147483648', 400, 'invalid_value', '22003'],
    ['integer', 'Infinity', 400, 'invalid_value', '22P02'],
    ['percentage', '100000', 400, 'invalid_value', '22003'],
    ['jsonb', '"\\u0000"', 400, 'invalid_value', '22P05'],
    ['date', '2025-02-30', 400, 'invalid_value', '22008'],
    ['brokerId', '1', 409, 'conflict', '23505'],
    ['brokerSlug', 'NOT A SLUG', 422, 'constraint_violated', '23514'],
    ['brokerName', 'ok', 422, 'constraint_violated', '23502'],
    ['portfolioAccount', '2147483647', 422, 'constraint_violated', '23503'],
  ])('answers %s = %j with %d %s (SQLSTATE %s), and logs it', async (kind, value, status, code, sqlState) => {
    warnings.length = 0;
    const res = await store(kind, value);
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(body).toEqual({ code, message: expect.any(String) , details: { text: expect.objectContaining({ code: expect.stringMatching(/^(request|validation)\./) }) } });
    // Nothing of the database's own text (values, constraint or table names) reaches the answer.
    expect(body.message).not.toMatch(/brokers|portfolios|constraint|_check|_fkey|pkey|2147483648|NOT A SLUG/);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.[0]).toMatchObject({ sqlState });
  });

  it('keeps other database errors a 500 with no details', async () => {
    const res = await store('missingTable', 'x');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'internal_error', message: 'Internal Server Error' , details: { text: expect.objectContaining({ code: expect.stringMatching(/^(request|validation)\./) }) } });
  });
});
