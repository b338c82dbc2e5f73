// Updates racing the deletion of what they update (issue 36): every PUT answers 200 with the object as it
// was stored, or 404 as any update of a missing object does; never 200 with a null object, a 500, or the
// database's safety net (its 422). Each object takes a burst of updates with its deletion in the middle of
// them, all sent at once, so some updates run before the deletion, some after, and some while it commits.
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient, tradingBotBody } from '../support/trading.ts';

type Answer = { status: number; body: Record<string, unknown> };

/** Objects raced at once, and updates sent to each around its deletion: 240 updates a kind. */
const objects = 12;
const updatesEach = 20;

describe.each(testBackends)('updates racing deletions on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;
  let strategyId: number;
  /** Every time the database safety net or the error handler answered a request. */
  const caught: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ backend });
    server.app.addHook('onRequest', async (request) => {
      const recorder = Object.create(request.log) as FastifyBaseLogger;
      const record = (details: unknown) => void caught.push(`${request.method} ${request.url} ${JSON.stringify(details).slice(0, 300)}`);
      recorder.warn = record;
      recorder.error = record;
      request.log = recorder;
    });
    call = guardedClient(server.app);
    token = (await signedInAccount(call)).token;
    strategyId = (await baseStrategies(call, token)).get('short_straddle')!.id;
  });

  beforeEach(() => {
    caught.length = 0;
  });

  afterAll(async () => {
    await server.close();
  });

  /**
   * Sends an object's updates around its deletion: half of them, then (once the first has answered, so the
   * others are on their way) the deletion and the other half; every object at once.
   */
  async function burst<T>(update: (n: number) => Promise<T>, remove: () => Promise<T>): Promise<{ deletion: T; updates: Array<[number, T]> }> {
    const numbered = (n: number) => update(n).then((answer): [number, T] => [n, answer]);
    const early = Array.from({ length: updatesEach / 2 }, (_, n) => numbered(n));
    await Promise.race(early);
    const deletion = remove();
    const late = Array.from({ length: updatesEach / 2 }, (_, n) => numbered(updatesEach / 2 + n));
    return { deletion: await deletion, updates: await Promise.all([...early, ...late]) };
  }

  /** Checks every update's answer: the object (`field`, with its id) or 404 not_found, with updates on both sides of the deletions. */
  async function race(ids: readonly number[], field: string, update: (id: number, n: number) => Promise<Answer>, remove: (id: number) => Promise<Answer>) {
    const bursts = await Promise.all(ids.map((id) => burst((n) => update(id, n), () => remove(id))));
    const outcomes = { updated: 0, missing: 0 };
    for (const [index, { deletion, updates }] of bursts.entries()) {
      expect(deletion.status, JSON.stringify(deletion.body)).toBe(200);
      for (const [, answer] of updates) {
        if (answer.status === 404) {
          expect(answer.body).toMatchObject({ code: 'not_found' });
          outcomes.missing += 1;
          continue;
        }
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body[field], JSON.stringify(answer.body)).toMatchObject({ id: ids[index] });
        outcomes.updated += 1;
      }
    }
    expect(caught).toEqual([]);
    expect(outcomes.updated).toBeGreaterThan(0);
    expect(outcomes.missing).toBeGreaterThan(0);
  }

  const newAccount = async () => (await createBrokerAccount(call, token, { capital: 10_000_000 })).account.id;

  it.each(['trading', 'daily'] as const)('answers a %s bot updated while it is deleted with the bot or 404', async (kind) => {
    const portfolioId = (await createPortfolio(call, token, await newAccount(), 1000, `Bots ${kind}`)).id;
    const body = kind === 'trading' ? tradingBotBody(portfolioId, strategyId) : dailyBotBody(portfolioId, strategyId);
    const [create, update, remove, field] =
      kind === 'trading'
        ? (['createTradingBot', 'updateTradingBot', 'deleteTradingBot', 'trading_bot'] as const)
        : (['createDailyBot', 'updateDailyBot', 'deleteDailyBot', 'daily_bot'] as const);
    const ids: number[] = [];
    for (let n = 0; n < objects; n += 1) {
      const created = await call<Record<string, { id: number }>>(create, { token, params: { portfolioId }, body });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.push(created.body[field]!.id);
    }
    // A rename (a status-only change), a change of what it trades (checked again), a pause and a resume.
    const changes = [{ name: 'Renamed' }, { lots: 3 }, { status: 'paused' }, { status: 'active' }];
    await race(
      ids,
      field,
      (id, n) => call(update, { token, params: { id }, body: changes[n % changes.length] }),
      (id) => call(remove, { token, params: { id } }),
    );
  });

  it('answers a portfolio updated while it is deleted with the portfolio or 404', async () => {
    const accountId = await newAccount();
    const ids: number[] = [];
    for (let n = 0; n < objects; n += 1) ids.push((await createPortfolio(call, token, accountId, 1000, `Raced ${n}`)).id);
    await race(
      ids,
      'portfolios',
      (id, n) => call('updatePortfolio', { token, params: { id }, body: n % 2 === 0 ? { name: `Renamed ${n}` } : { capital: 2000 + n } }),
      (id) => call('deletePortfolio', { token, params: { id } }),
    );
  });

  it('answers a broker account updated while it is deleted with the account or 404', async () => {
    const ids: number[] = [];
    for (let n = 0; n < objects; n += 1) ids.push(await newAccount());
    await race(
      ids,
      'broker_accounts',
      (id, n) => call('updateBrokerAccount', { token, params: { id }, body: n % 2 === 0 ? { name: `Renamed ${n}` } : { capital: 20_000_000 + n } }),
      (id) => call('deleteBrokerAccount', { token, params: { id } }),
    );
  });

  it("answers an account's risk limits set while the account is deleted with the limits or 404", async () => {
    const accounts: Array<{ id: number; number: string }> = [];
    for (let n = 0; n < objects; n += 1) {
      const { account } = await createBrokerAccount(call, token, { capital: 10_000_000 });
      accounts.push({ id: account.id, number: account.account_number });
    }
    const limits = (n: number) => ({ max_loss_today: 1000 + n, profit_lock_from: null, profit_lock_keep_pct: null, max_trades_today: null, max_lots_per_order: null, max_open_positions: null });
    const bursts = await Promise.all(
      accounts.map((account) =>
        burst(
          (n) => call<Record<string, unknown>>('updateRiskLimits', { token, params: { accountNumber: account.number }, body: limits(n) }),
          () => call<Record<string, unknown>>('deleteBrokerAccount', { token, params: { id: account.id } }),
        ),
      ),
    );
    const statuses = new Set<number>();
    for (const [index, { deletion, updates }] of bursts.entries()) {
      expect(deletion.status, JSON.stringify(deletion.body)).toBe(200);
      for (const [n, answer] of updates) {
        statuses.add(answer.status);
        // The limits this update stored, as it answered them.
        if (answer.status === 200) expect(answer.body).toMatchObject({ account_number: accounts[index]!.number, limits: { max_loss_today: 1000 + n } });
        else expect([answer.status, answer.body]).toEqual([404, expect.objectContaining({ code: 'not_found' })]);
      }
    }
    expect(caught).toEqual([]);
    expect([...statuses].sort()).toEqual([200, 404]);
  });
});
