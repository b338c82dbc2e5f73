// The order pipeline's parts called directly on a server's database (issue 26, from the mutation run of
// pacing-step.ts, intent-gate.ts, order-pipeline.ts and late-kill.ts), with small rate limits and a broker
// stand-in that records what it is asked: a paced intent's step (what goes out this second, a Kite autoslice
// leg's slices together or not at all, what never goes out and why, what refuses the whole intent before
// anything went out), the gate (a stored answer replayed whatever the switch, a refused entry using none of
// the rate) and a single call (a refusal frees its key, an unknown outcome keeps it, a retry finds by the tag
// what its first attempt placed, an entry the switch armed against on its way closed at once).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../server/db/database.ts';
import type { BrokerOrder, BrokerTrading, IntentPlan, PlannedOrder, TradingAccount } from '../../../server/services/brokers/broker-trading.ts';
import { DomainError } from '../../../server/services/domain-error.ts';
import { claimLeaseMs, createIdempotency, type Claim } from '../../../server/services/trading/idempotency.ts';
import { armedAt, claimIntent, type IntentCall, type PipelineHooks } from '../../../server/services/trading/intent-gate.ts';
import { closeIfKilled, lateKillNote } from '../../../server/services/trading/late-kill.ts';
import { createOrderPipeline, type OrderCall } from '../../../server/services/trading/order-pipeline.ts';
import { recordSends, sendTimes, type RateLimits } from '../../../server/services/trading/order-rate.ts';
import { takeStep, type Step } from '../../../server/services/trading/pacing-step.ts';
import { killSwitchText, lateKillText, orderTexts } from '../../../server/services/texts/order-texts.ts';
import type { Said } from '../../../server/services/texts/said.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, startScriptedServer } from '../support/paper-desk.ts';
import type { TestServer } from '../support/test-server.ts';
import { createPortfolio } from '../support/trading.ts';

const limits: RateLimits = { perSecond: 3, perMinute: 100, perDay: 1000 };

/** One order of a plan; `sliceGroup`: the Kite autoslice call (one leg) it goes out in. */
const planned = (sliceGroup?: number, portfolioId: number | null = null): PlannedOrder => ({
  exchange: 'NFO',
  tradingsymbol: 'NIFTY26N2326000CE',
  side: 'BUY',
  orderType: 'LIMIT',
  product: 'NRML',
  quantity: 65,
  pricePaise: 10_000,
  triggerPaise: 0,
  portfolioId,
  purpose: 'entry',
  bot: null,
  ...(sliceGroup === undefined ? {} : { sliceGroup }),
});

/** An order as a broker answers it. */
const brokerOrder = (status: BrokerOrder['status'], tag: string | null = null): BrokerOrder =>
  ({ order_id: randomUUID(), status, tag, intent_slice: null, intent_ref: null }) as BrokerOrder;

/** A broker that holds `book` (its ordersByTag) and closes with `flat` (its beginFlatten, then the exits it places), counting the flattens. */
function standIn(book: () => BrokerOrder[] = () => [], flat = { cancelled: [] as BrokerOrder[], exits: [] as BrokerOrder[] }) {
  const asked = { flattens: 0 };
  const broker = {
    rateMarginMs: 0,
    ordersByTag: async () => book(),
    beginFlatten: async () => {
      asked.flattens += 1;
      return { cancelled: flat.cancelled, orders: flat.exits.map(() => planned()) };
    },
    placeOrders: async (_account: unknown, _intent: unknown, orders: Array<{ slice: number }>) => orders.map((order) => flat.exits[order.slice]!),
  } as unknown as BrokerTrading;
  return { broker, asked };
}

const refusalOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return null;
};

describe("the order pipeline's parts", () => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;
  let account: TradingAccount;
  let userId: number;
  const clock = () => server.clock.now();
  const idempotency = () => createIdempotency({ db: server.db, clock });
  /** What a late kill's paced exits need: its waits move the clock. */
  const pacing = {
    get db() {
      return server.db;
    },
    clock,
    limits,
    wait: async (ms: number) => server.clock.advance(ms),
  };
  /** The account's orders sent in the last second (and reserved ahead). */
  const sentThisSecond = async () => (await sendTimes(server.db, account.id, clock(), { ms: 1000, limit: limits.perSecond })).length;

  beforeAll(async () => {
    ({ server, call } = await startScriptedServer('pglite'));
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(async () => {
    server.clock.advance(60_000);
    const desk = await openDesk(server, call);
    token = desk.token;
    const { rows } = await server.db.query<{ id: number; user_id: number }>('SELECT id, user_id FROM broker_accounts WHERE account_number = $1', [desk.accountNumber]);
    account = { id: Number(rows[0]!.id), accountNumber: desk.accountNumber, capitalPaise: 50_000_000 };
    userId = Number(rows[0]!.user_id);
  });

  const arm = async () => {
    const at = clock();
    await server.db.query('UPDATE broker_accounts SET kill_switch_armed_at = $2 WHERE id = $1', [account.id, at]);
    return at;
  };

  const intent = (overrides: Partial<IntentCall> = {}): IntentCall => ({
    userId,
    key: randomUUID(),
    hash: 'the body',
    account,
    broker: standIn().broker,
    entry: true,
    portfolioId: null,
    tag: randomUUID().slice(0, 20),
    answer: (orders, note) => ({ status: 200, body: { orders: orders.map((order) => order.status), note } }),
    ...overrides,
  });

  describe('a step of a paced intent', () => {
    type StepOptions = { sentThisSecond?: number; done?: number[]; progress?: number; stop?: Said | null; call?: Partial<IntentCall>; on?: (tx: Queryable) => Queryable };

    /** A fresh second (after `sentThisSecond` other orders), a fresh claim, and one step of `orders`. */
    async function step(orders: PlannedOrder[], { sentThisSecond = 0, done = [], progress = done.length, stop = null, call: overrides, on = (tx) => tx }: StepOptions = {}) {
      server.clock.advance(2000);
      await recordSends(server.db, account.id, sentThisSecond, clock());
      const keys = idempotency();
      const call = intent(overrides);
      const claimed = await server.db.transaction((tx) => keys.claim(tx, userId, call.key, call.hash, { accountId: account.id, tag: call.tag }));
      const claim = (claimed as { claim: Claim }).claim;
      const plan: IntentPlan = { orders, cancel: [] };
      const state = { claim, plan, progress, done: new Map(done.map((slice) => [slice, brokerOrder('OPEN')])), stop };
      return server.db.transaction((tx) => takeStep(on(tx), { call, idempotency: keys, limits, clock }, state));
    }

    const sent = (taken: Step) => ('send' in taken ? taken.send.map((order) => order.slice) : taken.refusal.code);
    const notSent = (taken: Step) => ('unsent' in taken ? taken.unsent.map((order) => [order.slice, order.reason.i18n.code]) : taken.refusal.code);

    it("sends as many as the second has room for, in order, counts them, and waits for the second's oldest to age out", async () => {
      const taken = await step([planned(), planned(), planned()], { sentThisSecond: 1 });
      expect(taken).toMatchObject({ progress: 2, unsent: [], remaining: 1, waitMs: 1000 });
      expect(sent(taken)).toEqual([0, 1]);
      expect(await sentThisSecond()).toBe(3);
    });

    it("sends a Kite autoslice leg's slices in the same step or not at all, and a leg above the second's limit a second's worth at a time", async () => {
      // Room for two: a plain order then a leg of two: the leg waits for a second with room for both.
      expect(sent(await step([planned(), planned(7), planned(7)], { sentThisSecond: 1 }))).toEqual([0]);
      // Room for three: a plain order and a leg of two all go.
      expect(sent(await step([planned(), planned(7), planned(7)]))).toEqual([0, 1, 2]);
      // The leg first: it goes, the plain order after it waits.
      expect(sent(await step([planned(7), planned(7), planned()], { sentThisSecond: 1 }))).toEqual([0, 1]);
      // Room for one: nothing of a leg of two goes.
      const waiting = await step([planned(7), planned(7)], { sentThisSecond: 2 });
      expect(waiting).toMatchObject({ send: [], unsent: [], remaining: 2, progress: 0 });
      // Two legs, room for two: the first leg goes whole, the second waits.
      expect(sent(await step([planned(1), planned(1), planned(2), planned(2)], { sentThisSecond: 1 }))).toEqual([0, 1]);
      // A leg of four at three a second: three now, the fourth next.
      expect(sent(await step([planned(7), planned(7), planned(7), planned(7)]))).toEqual([0, 1, 2]);
      expect(sent(await step([planned(7), planned(7), planned(7), planned(7)], { done: [0, 1, 2] }))).toEqual([3]);
    });

    it('refuses the whole intent before anything of it went out, as a single order would be, and rethrows a failure that is no refusal', async () => {
      const three = [planned(), planned(), planned()];
      expect(sent(await step(three, { sentThisSecond: 3 }))).toBe('order_rate_limited');
      // A square-off is not refused for a full second: nothing goes yet, and it waits for the next one.
      expect(await step(three, { sentThisSecond: 3, call: { entry: false } })).toMatchObject({ send: [], unsent: [], remaining: 3, progress: 0, waitMs: 1000 });
      expect(sent(await step(three, { call: { portfolioId: 999_999 } }))).toBe('portfolio_mismatch');
      await arm();
      expect(sent(await step(three))).toBe('kill_switch_armed');
      // A square-off still goes out.
      expect(sent(await step(three, { call: { entry: false } }))).toEqual([0, 1, 2]);
      const lost = new Error('the connection was lost');
      const failing = (tx: Queryable): Queryable => ({
        ...tx,
        query: (sql, params) => (sql.includes('FROM portfolios WHERE id') ? Promise.reject(lost) : tx.query(sql, params)),
      });
      await expect(step(three, { call: { entry: false, portfolioId: 1 }, on: failing })).rejects.toBe(lost);
    });

    it('refuses with 422 an intent of more orders than a minute takes', async () => {
      const many = Array.from({ length: limits.perMinute + 1 }, () => planned());
      expect(sent(await step(many))).toBe('too_many_orders');
    });

    it('records what is left as not sent, each saying why, once the kill switch armed, the broker stopped it, or the minute is used up', async () => {
      const three = [planned(), planned(), planned()];
      const armed = await arm();
      const killed = await step(three, { done: [0] });
      expect(killed).toMatchObject({ send: [], remaining: 0, progress: 3 });
      expect('unsent' in killed && killed.unsent.map((order) => order.reason)).toEqual([1, 2].map(() => killSwitchText(account.accountNumber, armed)));
      expect(sent(await step(three, { done: [0], call: { entry: false } }))).toEqual([1, 2]);

      const stop = orderTexts.portfolioDeleted;
      expect(notSent(await step(three, { done: [0], stop, call: { entry: false } }))).toEqual([
        [1, stop.i18n.code],
        [2, stop.i18n.code],
      ]);
      await recordSends(server.db, account.id, limits.perMinute - 1, clock());
      const full = await step(three, { done: [0], progress: 4, call: { entry: false } });
      expect(notSent(full)).toEqual([
        [1, 'order.limit_per_minute'],
        [2, 'order.limit_per_minute'],
      ]);
      expect(full).toMatchObject({ send: [], remaining: 0, progress: 6 });
    });

    it("sends the orders of the account's portfolios and of none, not those of a portfolio deleted since the plan", async () => {
      const kept = await createPortfolio(call, token, account.id, 100_000, 'Kept');
      const gone = await createPortfolio(call, token, account.id, 100_000, 'Deleted');
      await server.db.query('DELETE FROM portfolios WHERE id = $1', [gone.id]);
      const taken = await step([planned(undefined, kept.id), planned(undefined, gone.id), planned()]);
      expect(sent(taken)).toEqual([0, 2]);
      expect(notSent(taken)).toEqual([[1, 'order.portfolio_deleted']]);
      expect(taken).toMatchObject({ progress: 3, remaining: 0 });
    });

    it('sends nothing and waits not when every order is out, leaving the claim as it was', async () => {
      const taken = await step([planned(), planned()], { done: [0, 1] });
      expect(taken).toMatchObject({ send: [], unsent: [], remaining: 0, progress: 2, waitMs: 0 });
    });
  });

  describe('the gate', () => {
    it('replays an answer stored before the kill switch armed, and lets a retry that takes a claim over look for its orders first', async () => {
      const keys = idempotency();
      const entry = intent();
      const gated = await claimIntent(server.db, keys, entry);
      await keys.complete(server.db, (gated as { claim: Claim }).claim, { status: 200, body: { placed: 1 } });
      const running = intent();
      await claimIntent(server.db, keys, running);
      await arm();
      expect(await claimIntent(server.db, keys, entry)).toMatchObject({ stored: { status: 200, body: { placed: 1 }, replayed: true } });
      expect(await refusalOf(claimIntent(server.db, keys, intent()))).toBe('kill_switch_armed');
      server.clock.advance(claimLeaseMs);
      expect(await claimIntent(server.db, keys, running)).toMatchObject({ reconcile: true });
    });

    it('answers no switch for an account deleted meanwhile', async () => {
      expect(await armedAt(server.db, account.id + 100_000, false)).toBeNull();
    });
  });

  describe('a single call', () => {
    const single = (hooks?: PipelineHooks) => createOrderPipeline({ db: server.db, clock, limits, wait: pacing.wait, hooks });
    const calls = (place: OrderCall['place'], overrides: Partial<OrderCall> = {}): OrderCall => ({ ...intent({ entry: false }), sends: 1, place, ...overrides });

    it('places once per key on a server started without test hooks', async () => {
      let placed = 0;
      const stopLoss = calls(async (tag) => {
        placed += 1;
        return { orders: [brokerOrder('TRIGGER PENDING', tag)] };
      });
      const pipeline = single();
      expect(await pipeline.run(stopLoss)).toEqual({ status: 200, body: { orders: ['TRIGGER PENDING'], note: null }, replayed: false });
      expect(await pipeline.run(stopLoss)).toMatchObject({ replayed: true });
      expect(placed).toBe(1);
    });

    it("frees the key of a call the broker refused, and keeps it when the broker's outcome is unknown or the call failed", async () => {
      const pipeline = single();
      const failing = (error: Error) => {
        server.clock.advance(2000);
        let attempts = 0;
        const target = calls(async () => {
          attempts += 1;
          throw error;
        });
        return { target, attempts: () => attempts };
      };
      const refused = failing(new DomainError('order_refused', 'refused'));
      expect(await refusalOf(pipeline.run(refused.target))).toBe('order_refused');
      expect(await refusalOf(pipeline.run(refused.target))).toBe('order_refused');
      expect(refused.attempts()).toBe(2);
      for (const error of [new DomainError('broker_outcome_unknown', 'no answer'), new Error('the connection was lost')]) {
        const unknown = failing(error);
        await expect(pipeline.run(unknown.target)).rejects.toBe(error);
        expect(await refusalOf(pipeline.run(unknown.target))).toBe('idempotency_in_progress');
        expect(unknown.attempts()).toBe(1);
      }
    });

    it("answers a retry after the lease with the orders its first attempt placed, found by the tag, and calls the broker no more", async () => {
      const book: BrokerOrder[] = [];
      let placed = 0;
      const target = calls(
        async (tag) => {
          placed += 1;
          book.push(brokerOrder('OPEN', tag));
          return { orders: book };
        },
        { broker: standIn(() => book).broker },
      );
      let crash = true;
      const pipeline = single({
        afterBrokerCall: () => {
          if (crash) throw new Error('power cut after the broker call');
        },
      });
      await expect(pipeline.run(target)).rejects.toThrow('power cut');
      crash = false;
      server.clock.advance(claimLeaseMs);
      expect(await pipeline.run(target)).toMatchObject({ body: { orders: ['OPEN'] }, replayed: false });
      expect(placed).toBe(1);
    });

    it('refuses an entry whose retry found nothing of its first attempt once the switch armed, and uses none of the rate for an entry refused at the gate', async () => {
      let placed = 0;
      const entry = calls(
        async () => {
          placed += 1;
          return { orders: [brokerOrder('COMPLETE')] };
        },
        { entry: true },
      );
      let crash = true;
      const pipeline = single({
        beforeBrokerCall: () => {
          if (crash) throw new Error('power cut before the broker call');
        },
      });
      await expect(pipeline.run(entry)).rejects.toThrow('power cut');
      crash = false;
      await arm();
      server.clock.advance(claimLeaseMs);
      expect(await refusalOf(pipeline.run(entry))).toBe('kill_switch_armed');
      expect(placed).toBe(0);

      server.clock.advance(2000);
      expect(await refusalOf(pipeline.run({ ...entry, key: randomUUID() }))).toBe('kill_switch_armed');
      expect(await sentThisSecond()).toBe(0);
      // An exit goes out.
      expect(await pipeline.run({ ...entry, key: randomUUID(), entry: false })).toMatchObject({ status: 200 });
      expect(placed).toBe(1);
    });

    it('closes an entry the switch armed against on its way, answering its orders as read again and saying what was closed', async () => {
      const exits = [brokerOrder('COMPLETE', 'KILL-SWITCH')];
      const { broker, asked } = standIn(() => [brokerOrder('COMPLETE')], { cancelled: [], exits });
      const entry = calls(
        async () => {
          await arm();
          return { orders: [brokerOrder('OPEN')], note: 'placed' };
        },
        { entry: true, broker },
      );
      const answer = await single().run(entry);
      expect(answer.body).toEqual({ orders: ['COMPLETE'], note: lateKillNote(lateKillText({ cancelled: 0, filled: 1, unfilled: 0 })) });
      expect(asked.flattens).toBe(1);
    });
  });

  describe('the late kill', () => {
    it('closes nothing when every order of the entry was rejected or cancelled', async () => {
      await arm();
      const { broker, asked } = standIn();
      expect(await closeIfKilled(pacing, broker, account, [brokerOrder('REJECTED'), brokerOrder('CANCELLED')])).toBeNull();
      expect(asked.flattens).toBe(0);
      expect(await closeIfKilled(pacing, broker, account, [brokerOrder('REJECTED'), brokerOrder('OPEN')])).not.toBeNull();
      expect(asked.flattens).toBe(1);
    });
  });
});
