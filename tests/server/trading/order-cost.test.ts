// What one paper order costs the database, counted (the benchmark in `npm run bench -- order-placement` times
// thousands of them): the transactions and statements one place_trades of a MARKET order opens on the
// simulated market, as the server runs it. On PostgreSQL each statement was a round trip and each transaction
// two more (BEGIN, COMMIT), and every one of them is CPU on both sides of the socket: 5 round trips where
// there were 31 (issue 37; the BEGIN, a read and the COMMIT now go out with other statements, and the key's
// claim is the placement's first statement), with the pipeline's safety kept (claim, broker call, record;
// a live broker never called inside a transaction, its claim committed before its call).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../server/db/database.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { openDesk, type Desk } from '../support/paper-desk.ts';
import { postgresWrites } from '../support/postgres-writes.ts';
import { testBackends } from '../support/test-database.ts';
import { guardedClient } from '../support/trading.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Counts the statements and transactions `run` makes on `db` (inside transactions and outside); `texts`, each
 * statement's SQL; `outside`, those made outside any transaction.
 */
async function countOf(db: Database, run: () => Promise<unknown>, texts: string[] = [], outside: string[] = []): Promise<{ statements: number; transactions: number }> {
  const counts = { statements: 0, transactions: 0 };
  const counted =
    (q: Queryable, alone: boolean): Queryable['query'] =>
    (sql, params, options) => {
      counts.statements += 1;
      texts.push(sql);
      if (alone) outside.push(sql);
      return q.query(sql, params, options);
    };
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  db.query = counted({ ...db, query }, true);
  db.transaction = (fn) => {
    counts.transactions += 1;
    return transaction((tx) => fn({ ...tx, query: counted(tx, false) }));
  };
  try {
    await run();
  } finally {
    db.query = query;
    db.transaction = transaction;
  }
  return counts;
}

describe.each(testBackends)('the cost of a paper order on %s', (backend) => {
  let server: TestServer;
  let desk: Desk;
  let symbol: string;

  beforeAll(async () => {
    // The simulated market's own prices (no scripted quotes): its state is read as the server reads it.
    server = await startTestServer({ backend });
    await server.app.getDecorator<Services>(servicesDecorator).market.tick();
    desk = await openDesk(server, guardedClient(server.app));
    symbol = desk.contract(desk.atm, 'CE').tradingsymbol;
    // The first orders warm what the server reads once (the contracts, the charge rates, margin parameters, and
    // once the account holds a position, which underlyings settle by delivery: paper/delivery-rules.ts).
    await desk.place(symbol, 'BUY', desk.lotSize);
    await desk.place(symbol, 'BUY', desk.lotSize);
  });

  afterAll(async () => {
    await server.close();
  });

  it('opens one transaction and makes 6 statements for a MARKET order that fills', async () => {
    let status = '';
    const texts: string[] = [];
    const sends = async () => Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM order_sends')).rows[0]!.n);
    const sentBefore = await sends();
    const cost = await countOf(
      server.db,
      async () => {
        status = (await desk.place(symbol, 'BUY', desk.lotSize)).status;
      },
      texts,
    );
    expect(status).toBe('COMPLETE');
    // Counted against the broker's rate limits, as every order sent.
    expect((await sends()) - sentBefore).toBe(1);
    // The account's positions and cash are running books (migration 044): no statement sums its trades, whose
    // number grows with its history.
    expect(texts.filter((sql) => /FROM paper_trades/.test(sql))).toEqual([]);
    // One transaction (paced-intent.ts runInOneTransaction: the account's broker places in this database, as
    // this instance saw on the order before): first the account locked and read with its kill switch and
    // risk limits, which the plan checks, and the key claimed for it when it can trade, in one statement
    // (trading-accounts.ts claimingAccount with its transaction). The session was read by the order before
    // and is kept a few seconds (accounts/session-cache.ts), every revocation told to every instance.
    // Then the pacing step, under that lock, with the paper broker's placement in it (its exchange is this
    // database: BrokerTrading.placerInTransaction): the rate counts with the second's sends, the
    // account's book, the order, its fill with its trade saying whether a stop-loss or target is working on
    // the position (none here), and the answer stored on the key in place of the step's progress, the send
    // recorded in the same statement (old ones aged out) (5). The market's state is read once a tick, not once
    // an order (market/tick-states.ts); the intent's orders already placed are not looked for when its key was
    // claimed new (none can be).
    // Before issue 37: four transactions (the claim, the plan and the step each its own) and 23 statements;
    // 17 once the plan's guards joined the account's read, the kill switch the answer's statement and the
    // protection check the fill's; 14 in two transactions before the placement joined the pacing step; 12
    // before the session was kept, 11 before the market's state was read once a tick, 10 before a new key's
    // orders were no longer looked for, 9 before the key was claimed in the account's read, 8 before the send was
    // recorded by the statement that ends the step, 7 (the first outside any transaction) before the claim
    // joined the step's transaction and took the account's lock in its statement.
    expect(cost).toEqual({ transactions: 1, statements: 6 });
  });

  it("claims the key of an account's first order on this instance on its own, committed before the step, as a live broker's always is", async () => {
    // Before the account is read, nothing tells the instance its broker places in this database.
    const fresh = await openDesk(server, guardedClient(server.app));
    let status = '';
    const outside: string[] = [];
    const cost = await countOf(
      server.db,
      async () => {
        status = (await fresh.place(symbol, 'BUY', fresh.lotSize)).status;
      },
      [],
      outside,
    );
    expect(status).toBe('COMPLETE');
    expect(outside).toHaveLength(1);
    expect(outside[0]).toContain('INSERT INTO idempotency_keys');
    expect(outside[0]).not.toContain('FOR NO KEY UPDATE');
    expect(cost).toEqual({ transactions: 1, statements: 7 });
    // Its next order is the one above: one transaction, the claim in it.
    const next = await countOf(server.db, async () => (status = (await fresh.place(symbol, 'BUY', fresh.lotSize)).status), [], outside);
    expect(status).toBe('COMPLETE');
    expect(outside).toHaveLength(1);
    expect(next).toEqual({ transactions: 1, statements: 6 });
  });

  it.runIf(backend === 'postgres')('sends those statements to PostgreSQL in 5 writes: BEGIN with the claim and the lock, the book read with the rate counts, COMMIT with the answer', async () => {
    let status = '';
    const writes = await postgresWrites(async () => {
      status = (await desk.place(symbol, 'BUY', desk.lotSize)).status;
    });
    expect(status).toBe('COMPLETE');
    // Each write a round trip, pipelined (server/db/postgres-database.ts): BEGIN with the account's lock,
    // read and the key's claim; the rate counts with the paper broker's read of the book
    // (TransactionPlacer.readAhead); the order, its fill; the answer with the COMMIT (the answer's statement
    // raises itself when the key was taken over: migration 068). Nine before BEGIN and the book read were
    // pipelined, seven before the COMMIT went with the answer, six before the claim joined the transaction.
    expect(writes).toBe(5);
  });

  it('rolls the placement back and answers 409 when the key was taken over before its answer was stored, its COMMIT sent with that answer', async () => {
    const key = randomUUID();
    const count = async (table: string) => Number((await server.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
    const [orders, sends] = [await count('paper_orders'), await count('order_sends')];
    // A retry takes the key over (moves its claimed_at) just before the answer's statement, in the step's own
    // transaction: on PGlite nothing else can run meanwhile, and on PostgreSQL the effect is the same.
    const transaction = server.db.transaction.bind(server.db);
    server.db.transaction = (fn) =>
      transaction((tx) =>
        fn({
          ...tx,
          query: async (sql, params, options) => {
            if (sql.includes('idempotency_key_held')) await tx.query(`UPDATE idempotency_keys SET claimed_at = claimed_at - interval '1 second' WHERE key = $1`, [key]);
            return tx.query(sql, params, options);
          },
        }),
      );
    let answer: Awaited<ReturnType<typeof desk.trade>>;
    try {
      answer = await desk.trade('placeTrades', { orders: [desk.order(symbol, 'BUY', desk.lotSize)] }, key);
    } finally {
      server.db.transaction = transaction;
    }
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    // Nothing of the placement was kept: no order, no send counted.
    expect([await count('paper_orders'), await count('order_sends')]).toEqual([orders, sends]);
    // The connection it ran on serves the next order as ever.
    expect((await desk.place(symbol, 'BUY', desk.lotSize)).status).toBe('COMPLETE');
  });

  it("writes the fill alerts of the orders filled since the watcher's last look in one statement, with one notice for the trader's streams", async () => {
    const services = server.app.getDecorator<Services>(servicesDecorator);
    // The orders filled so far are told first: the look below finds only the three placed after.
    await services.alerts.watchers.run();
    for (let i = 0; i < 3; i += 1) expect((await desk.place(symbol, 'BUY', desk.lotSize)).status).toBe('COMPLETE');
    const notices = async () => Number((await server.db.query<{ n: string }>(`SELECT count(*) AS n FROM stream_notices WHERE topic = 'alerts'`)).rows[0]!.n);
    const noticesBefore = await notices();
    const texts: string[] = [];
    let report: Awaited<ReturnType<typeof services.alerts.watchers.run>> | undefined;
    await countOf(server.db, async () => (report = await services.alerts.watchers.run()), texts);
    expect(report?.written.orders).toBe(3);
    // One INSERT for the three alerts (it was one each), and one notice: the trader's feed is read once.
    expect(texts.filter((sql) => sql.includes('INSERT INTO alerts'))).toHaveLength(1);
    expect((await notices()) - noticesBefore).toBe(1);
  });

  it('arms the kill switch of a flat account in 3 transactions and 9 statements', async () => {
    const flat = await openDesk(server, guardedClient(server.app));
    const outside: string[] = [];
    let status = 0;
    const cost = await countOf(server.db, async () => (status = (await flat.trade('armKillSwitch', { source: 'settings' })).status), [], outside);
    expect(status).toBe(200);
    // The arming (kill-switch-service.ts): the account locked and read, the key claimed, then one statement
    // writes the block, the audit event and the streams' notice, and one stops both kinds of bots. The
    // flatten (paper/exits.ts beginFlatten): the account's lock, its working orders, its open legs. The
    // outcome: the event settled with its notice, and the answer on the key. The account's market comes with
    // its read, and nothing to close reads no execution policy, so nothing is read outside a transaction.
    // 14 statements (2 of them outside any transaction) before session 74 (issue 61).
    expect(outside).toEqual([]);
    expect(cost).toEqual({ transactions: 3, statements: 9 });
  });
});
