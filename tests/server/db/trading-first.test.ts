// Trading has priority over analysis wherever work waits its turn (issue 61). PGlite runs one statement at a
// time, and queued the others in arrival order: a kill switch armed behind forty chart reads waited for all
// of them. Now the database's queue (server/db/priority-gate.ts) serves a waiting trading statement before any
// waiting analysis one, and the analysis routes answer in the analysis lane (server/http/analysis-lane.ts).
import { performance } from 'node:perf_hooks';
import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { Queryable } from '../../../server/db/database.ts';
import { currentLane, inLane, type Lane } from '../../../server/db/lanes.ts';
import { createPriorityGate, pgliteTradingGraceMs, sliceMs, type PriorityGateOptions } from '../../../server/db/priority-gate.ts';
import { openQuotedDesk, startScriptedServer } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';

type Schemas = components['schemas'];

/** The kill switch's budget (its goal, README). */
const budgetMs = 1000;
/** Analysis statements queued ahead of the arm: seconds of work on any machine. */
const queuedReads = 40;
/**
 * One analysis read: a count over a generated series, tens of milliseconds of the database's CPU on PGlite and
 * hundreds on PostgreSQL, where the pool's connections run reads side by side (all but the one kept for trading).
 */
const slowRead = (backend: string) => `SELECT count(*) AS n FROM generate_series(1, ${backend === 'postgres' ? 500_000 : 60_000}) AS s(i) WHERE i % 7 = 3`;

/** A piece of work the test ends when it chooses. */
function held() {
  let release: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { done, release };
}

/** A gate whose trading statement has just ended with an analysis one waiting behind it. */
async function analysisWaitingOnTrading(options: PriorityGateOptions) {
  const gate = createPriorityGate(options);
  const served: string[] = [];
  const first = held();
  const trading = gate.run(() => first.done, 'trading');
  const analysis = gate.run(async () => void served.push('analysis'), 'analysis');
  first.release();
  await trading;
  return { gate, served, analysis };
}

describe('the database queue', () => {
  it('serves waiting trading work before waiting analysis work, each lane in arrival order', async () => {
    const gate = createPriorityGate({ capacity: 1 });
    const served: string[] = [];
    const first = held();
    const running = gate.run(() => first.done, 'analysis');
    const waiting = [
      gate.run(async () => void served.push('analysis 1'), 'analysis'),
      gate.run(async () => void served.push('trading 1'), 'trading'),
      gate.run(async () => void served.push('analysis 2'), 'analysis'),
      inLane('analysis', () => gate.run(async () => void served.push('analysis 3'))),
      gate.run(async () => void served.push('trading 2')),
    ];
    expect(gate.queued()).toEqual({ trading: 2, analysis: 3 });
    first.release();
    await Promise.all([running, ...waiting]);
    expect(served).toEqual(['trading 1', 'trading 2', 'analysis 1', 'analysis 2', 'analysis 3']);
  });

  it('keeps its reserved places for trading however much analysis waits', async () => {
    const gate = createPriorityGate({ capacity: 3, reserved: 1 });
    const analysis = Array.from({ length: 4 }, () => held());
    const runs = analysis.map((work) => gate.run(() => work.done, 'analysis'));
    // Two run (three places, one kept), two wait; a trading statement takes the kept place at once.
    expect(gate.queued()).toEqual({ trading: 0, analysis: 2 });
    await gate.run(async () => undefined, 'trading');
    for (const work of analysis) work.release();
    await Promise.all(runs);
    expect(gate.queued()).toEqual({ trading: 0, analysis: 0 });
  });

  it('hands over at once within a slice, and at the event loop\'s next turn past it', async () => {
    let clock = 0;
    const gate = createPriorityGate({ capacity: 1, now: () => clock });
    const started: number[] = [];
    const [first, second] = [held(), held()];
    const runs = [
      gate.run(() => first.done),
      gate.run(() => {
        started.push(2);
        return second.done;
      }),
      gate.run(async () => void started.push(3)),
    ];
    first.release();
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    // Within the slice: the second started as the first ended, no turn of the loop between.
    expect(started).toEqual([2]);
    clock += sliceMs;
    second.release();
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    // Past it: requests read meanwhile may put trading work ahead of the third, which waits for the turn.
    expect(started).toEqual([2]);
    await new Promise<void>((resolve) => setImmediate(resolve));
    await Promise.all(runs);
    expect(started).toEqual([2, 3]);
  });

  it("lets the event loop turn in one caller's statements awaited one after another, once a slice is spent", async () => {
    let clock = 0;
    const gate = createPriorityGate({ capacity: 1, now: () => clock });
    await gate.run(async () => undefined);
    // Within the slice, the caller's next statement starts at once (nothing else waited: no hand-over involved).
    let started = false;
    await Promise.race([gate.run(async () => void (started = true)), Promise.resolve()]);
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(started).toBe(true);
    // Past it, the next one waits for the loop's turn (a start's seeds held health for hundreds of statements).
    clock += sliceMs;
    started = false;
    const third = gate.run(async () => void (started = true));
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(started).toBe(false);
    await new Promise<void>((resolve) => setImmediate(resolve));
    await third;
    expect(started).toBe(true);
  });

  it("keeps a trading caller's statements together: waiting analysis starts once the event loop has turned", async () => {
    const gate = createPriorityGate({ capacity: 1 });
    const served: string[] = [];
    const first = held();
    // A request's statements follow one another in microtasks (an arm is a dozen): the analysis statement waiting
    // when the first ends used to slip in before the second, behind every one of them.
    const trading = (async () => {
      await gate.run(() => first.done, 'trading');
      await gate.run(async () => void served.push('trading 2'), 'trading');
    })();
    const analysis = gate.run(async () => void served.push('analysis'), 'analysis');
    first.release();
    await Promise.all([trading, analysis]);
    expect(served).toEqual(['trading 2', 'analysis']);
  });

  it("holds waiting analysis for PGlite's grace after a trading statement, for the caller's next one a message later", async () => {
    let clock = 0;
    const { gate, served, analysis } = await analysisWaitingOnTrading({ capacity: 1, now: () => clock, tradingGraceMs: pgliteTradingGraceMs });
    // The event loop turns (the next statement is still on its way from the request thread): analysis waits.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => setTimeout(resolve, 5));
    expect(served).toEqual([]);
    clock += 1;
    await gate.run(async () => void served.push('trading 2'), 'trading');
    // The grace runs from the last trading statement's end; once it is over, analysis has its turn.
    clock += pgliteTradingGraceMs;
    await analysis;
    expect(served).toEqual(['trading 2', 'analysis']);
  });

  it('lets analysis start once the loop turns when there is no grace (PostgreSQL: analysis has its own connections)', async () => {
    const { gate, served, analysis } = await analysisWaitingOnTrading({ capacity: 1 });
    await analysis;
    await gate.run(async () => void served.push('trading 2'), 'trading');
    expect(served).toEqual(['analysis', 'trading 2']);
  });

  it('starts a slice while timers are faked and still hands over once they are real again', async () => {
    let clock = 0;
    const gate = createPriorityGate({ capacity: 1, now: () => clock });
    // A test file faking timers (Vitest replaces setImmediate) while a statement starts a slice: the slice's end,
    // queued on a faked timer, was dropped with them, so every later statement past the slice's length waited for
    // a turn of the loop that could not end it, for good. A test worker's PGlite serves every later file: CI's
    // server tests timed out in nine files at once.
    vi.useFakeTimers();
    expect(await gate.run(async () => 'in the faked slice')).toBe('in the faked slice');
    vi.useRealTimers();
    clock += sliceMs;
    const after = await Promise.race([gate.run(async () => 'after'), new Promise((resolve) => setTimeout(resolve, 500, 'stalled'))]);
    expect(after).toBe('after');
    expect(await gate.run(async () => 'analysis after', 'analysis')).toBe('analysis after');
  });

  it('frees a place when the work fails', async () => {
    const gate = createPriorityGate({ capacity: 1 });
    await expect(gate.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await gate.run(async () => 'next', 'analysis')).toBe('next');
  });
});

describe.each(testBackends)('trading ahead of analysis on %s', (backend) => {
  it('arms the kill switch within its budget with forty slow analysis reads queued ahead of it', async () => {
    const started = await startScriptedServer(backend);
    const { server, call } = started;
    try {
      const { desk, atmCall } = await openQuotedDesk(started);
      await desk.place(atmCall, 'BUY', desk.lotSize);
      // What a first call costs once per server is paid before the clock starts: an arm on another desk.
      const { desk: warm } = await openQuotedDesk(started);
      expect((await call('armKillSwitch', { token: warm.token, body: { account_number: warm.accountNumber, source: 'header' }, headers: { 'idempotency-key': 'warm-arm' } })).status).toBe(200);

      let finished = 0;
      const reads = inLane('analysis', () =>
        Promise.all(
          Array.from({ length: queuedReads }, () =>
            server.db.query(slowRead(backend)).then(() => {
              finished += 1;
            }),
          ),
        ),
      );
      const startedAt = performance.now();
      const arm = await call<Schemas['KillSwitchResult']>('armKillSwitch', {
        token: desk.token,
        body: { account_number: desk.accountNumber, source: 'header' },
        headers: { 'idempotency-key': 'behind-analysis-arm' },
      });
      const armMs = performance.now() - startedAt;
      const finishedAtArm = finished;
      await reads;

      expect(arm.status, JSON.stringify(arm.body)).toBe(200);
      expect(arm.body.accounts[0]).toMatchObject({ blocked: true, flat: true });
      // In arrival order every read went first (all 40: PGlite's one connection, or PostgreSQL's pool all taken by
      // analysis); trading first, few slip in between the arm's statements (7–8 of 40 on a quiet machine, 10 in a CI
      // run under its own load: one a gap between two of the arm's statements, so the bound is half, not a quarter).
      expect(finishedAtArm, 'analysis reads done when the arm answered').toBeLessThan(queuedReads / 2);
      expect(armMs, 'the kill switch armed in (ms)').toBeLessThanOrEqual(budgetMs);
    } finally {
      await server.close();
    }
  }, 300_000);

  it('runs the analysis routes in the analysis lane and the trading routes in the trading lane', async () => {
    const started = await startScriptedServer(backend);
    const { server, call } = started;
    try {
      const { desk } = await openQuotedDesk(started);
      const lanes: Lane[] = [];
      const db = server.db;
      const { query, transaction } = db;
      db.query = ((...args: Parameters<Queryable['query']>) => {
        lanes.push(currentLane());
        return query(...args);
      }) as Queryable['query'];
      db.transaction = (fn) => {
        lanes.push(currentLane());
        return transaction(fn);
      };
      try {
        const laneOf = async (answer: () => Promise<{ status: number }>) => {
          lanes.length = 0;
          expect((await answer()).status).toBe(200);
          return [...new Set(lanes)];
        };
        expect(await laneOf(() => call('getMarketHistoryCoverage', { token: desk.token }))).toEqual(['analysis']);
        expect(await laneOf(() => call('getReplays', { token: desk.token }))).toEqual(['analysis']);
        expect(await laneOf(() => call('armKillSwitch', { token: desk.token, body: { account_number: desk.accountNumber, source: 'header' }, headers: { 'idempotency-key': 'lane-arm' } }))).toEqual(['trading']);
      } finally {
        db.query = query;
        db.transaction = transaction;
      }
    } finally {
      await server.close();
    }
  }, 300_000);
});
