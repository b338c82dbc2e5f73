// Creating a bot while its portfolio is being deleted: the service answers, never the database's safety net.
// Either the portfolio is gone first (404 "Portfolio not found"), or the bot is created first (201) and the
// deletion takes it with the portfolio; a broken foreign key (the net's 422) is neither.
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient, tradingBotBody } from '../support/trading.ts';
import { waitUntilBlocked } from '../support/wait-until-blocked.ts';

describe.each(testBackends)('bot creation racing portfolio deletion on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;
  let accountId: number;
  let strategyId: number;
  /** Every time the database safety net answered a request (it logs a warning; the test server logs nothing). */
  const netCatches: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ backend });
    server.app.addHook('onRequest', async (request) => {
      const recorder = Object.create(request.log) as FastifyBaseLogger;
      recorder.warn = (details: unknown) => void netCatches.push(`${request.method} ${request.url} ${JSON.stringify(details).slice(0, 200)}`);
      request.log = recorder;
    });
    call = guardedClient(server.app);
    token = (await signedInAccount(call)).token;
    accountId = (await createBrokerAccount(call, token, { capital: 10_000_000 })).account.id;
    strategyId = (await baseStrategies(call, token)).get('short_straddle')!.id;
  });

  beforeEach(() => {
    netCatches.length = 0;
  });

  afterAll(async () => {
    await server.close();
  });

  const create = (kind: 'trading' | 'daily', portfolioId: number) =>
    kind === 'trading'
      ? call<{ code?: string; message?: string }>('createTradingBot', { token, params: { portfolioId }, body: tradingBotBody(portfolioId, strategyId) })
      : call<{ code?: string; message?: string }>('createDailyBot', { token, params: { portfolioId }, body: dailyBotBody(portfolioId, strategyId) });

  it.each(['trading', 'daily'] as const)('answers 201 or 404 for a %s bot in a burst of creations and deletions, never the safety net', async (kind) => {
    const portfolios = await Promise.all(Array.from({ length: 12 }, (_, n) => createPortfolio(call, token, accountId, 1000, `Race ${kind} ${n}`)));
    const answers = await Promise.all(
      portfolios.flatMap((portfolio) => [create(kind, portfolio.id), call('deletePortfolio', { token, params: { id: portfolio.id } })]),
    );
    const creations = answers.filter((_, index) => index % 2 === 0);
    for (const answer of creations) {
      expect([201, 404], JSON.stringify(answer.body)).toContain(answer.status);
      if (answer.status === 404) expect(answer.body.message).toBe('Portfolio not found');
    }
    expect(netCatches).toEqual([]);
  });

  it.runIf(backend === 'postgres')('answers 404 Portfolio not found when the deletion commits while the creation waits on it', async () => {
    for (const kind of ['trading', 'daily'] as const) {
      const portfolio = await createPortfolio(call, token, accountId, 1000, `Held ${kind}`);
      let creation: ReturnType<typeof create> | undefined;
      // The deletion holds the portfolio's row, uncommitted, until the creation is seen waiting on it.
      await server.db.transaction(async (tx) => {
        await tx.query('DELETE FROM portfolios WHERE id = $1', [portfolio.id]);
        const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        creation = create(kind, portfolio.id);
        await waitUntilBlocked(server.db, rows[0]!.pid);
      });
      const answer = await creation!;
      expect(answer.status, JSON.stringify(answer.body)).toBe(404);
      expect(answer.body).toMatchObject({ code: 'not_found', message: 'Portfolio not found' });
    }
    expect(netCatches).toEqual([]);
  });
});

