// Trading for a signed-in user: finds their broker account by its number (trading-accounts.ts), checks the
// broker session, hands the intent to the account's broker (the adapter's `trading`, a BrokerTrading) through
// the order pipeline (claim, broker call, record: one answer per Idempotency-Key; orders placed from a plan
// go out paced at the rate limits, paced-intent.ts), and answers the contract's Orders (order-answers.ts,
// rupees at the edge). What the trader reads is trading-books.ts.
// Transport-free: refusals are DomainErrors that server/http maps to statuses.
import type { components } from '../../../openapi/main.d.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { BrokerRegistry } from '../brokers/broker-adapter.ts';
import type { Clock, Wait } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { toPaise } from '../brokers/paper/paise.ts';
import { checkAfterMarketTime, type BrokerOrder, type BrokerTrading, type IntentPlan, type OrderIntent } from '../brokers/broker-trading.ts';
import type { Execution } from '../execution/execution.ts';
import type { Policy } from '../execution/execution-policy.ts';
import type { ProtectShare } from '../brokers/protective-shares.ts';
import { requestHash, tagOfKey } from './idempotency.ts';
import type { IntentCall, PipelineHooks } from './intent-gate.ts';
import { intentOf, ordersMessage, toOrder } from './order-answers.ts';
import { createOrderPipeline } from './order-pipeline.ts';
import type { RateLimits } from './order-rate.ts';
import { createPacedIntents } from './paced-intent.ts';
import { createTradingAccounts } from './trading-accounts.ts';
import { createTradingBooks } from './trading-books.ts';
import { createTradingHoldings } from './trading-holdings.ts';
import { holdingSalePlan } from './live-holdings.ts';

type Schemas = components['schemas'];
type OrdersResponse = Schemas['OrdersResponse'];

export type IdempotentAnswer = { status: number; body: unknown; replayed: boolean };

/** `wait`: how a paced intent waits for the next second (tests pass one that moves their clock). */
/** `execution`: the accounts' execution policies: a square-off's exits go out as the policy says (LIMIT and re-price on a limit-only broker). */
type TradingServiceOptions = { db: Database; clock: Clock; brokers: BrokerRegistry; limits: RateLimits; wait?: Wait | undefined; hooks?: PipelineHooks | undefined; execution?: Execution | undefined };

export function createTradingService({ db, clock, brokers, limits, wait, hooks, execution }: TradingServiceOptions) {
  const pipeline = createOrderPipeline({ db, clock, limits, wait, hooks, execution });
  const paced = createPacedIntents({ db, clock, limits, wait, hooks, execution });
  const accounts = createTradingAccounts({ db, clock, brokers });
  const { tradingAccount, claimingAccount } = accounts;

  type TradingCall = { userId: number; key: string; operation: string; body: { account_number: string } };
  type Found = Awaited<ReturnType<typeof tradingAccount>>;
  /** What an operation does with the broker: whether it opens risk, its portfolio, and its orders' own tag. */
  type Intent = { entry: boolean; portfolioId: number | null; tag?: string | undefined };

  /** The call's Idempotency-Key, the hash of what it asks and the tag its orders carry. */
  const keyOf = (call: TradingCall, intent: Intent) => ({ key: call.key, hash: requestHash(call.operation, call.body), tag: intent.tag ?? tagOfKey(call.key) });

  /** What every trading POST's intent names (the account's broker session open), with its answer: the orders and what the kill switch did. */
  function intentCall(call: TradingCall, verb: string, intent: Intent, found: Found, { hash, tag } = keyOf(call, intent)): IntentCall {
    return {
      userId: call.userId,
      key: call.key,
      hash,
      account: found.account,
      broker: found.broker,
      entry: intent.entry,
      portfolioId: intent.portfolioId,
      tag,
      answer: (rows, note) => {
        const orders = rows.map((row) => toOrder(row, found.account.accountNumber));
        const message = ordersMessage(orders, verb);
        const body: OrdersResponse = { message: note === null ? message : `${message}; ${note}`, orders };
        return { status: 200, body };
      },
    };
  }

  /**
   * The accounts (by user and number) whose last entry this instance saw its broker plan and place in this
   * database (paced.placesInOne): the next entry on one of them claims its key in its first step's
   * transaction. Only a guess made before the account is read, so a wrong one costs a round trip and nothing
   * else (runInOneTransaction reads the account again and goes the usual way if it must); an account never
   * seen here (a live one, always) goes the usual way, unchanged: its key's claim committed before any call.
   */
  const inOneTransaction = new Set<string>();
  const maxRemembered = 10_000;
  const accountKey = (call: TradingCall) => `${call.userId}:${call.body.account_number.toUpperCase()}`;
  function remember(call: TradingCall, found: Found): void {
    if (!paced.placesInOne(found.broker, found.account)) inOneTransaction.delete(accountKey(call));
    else {
      if (inOneTransaction.size >= maxRemembered) inOneTransaction.clear();
      inOneTransaction.add(accountKey(call));
    }
  }

  /**
   * A POST that places orders from a plan: paced over as many seconds as the rate limits need (paced-intent.ts).
   * A new key is claimed in the statement that reads the account: one round trip for both; for an entry on
   * an account whose broker places in this database, in the transaction that places its orders.
   */
  async function plannedOrders(call: TradingCall, intent: Intent, plan: (found: Found, tx?: Queryable) => Promise<IntentPlan>): Promise<IdempotentAnswer> {
    const key = keyOf(call, intent);
    const pacedCall = (found: Found) => ({ ...intentCall(call, 'placed', intent, found, key), plan: (tx?: Queryable) => plan(found, tx) });
    if (intent.entry && inOneTransaction.has(accountKey(call))) {
      return paced.runInOneTransaction(async (tx) => {
        const { found, claimed } = await claimingAccount(call.userId, call.body.account_number, key, tx);
        remember(call, found);
        return { call: pacedCall(found), claimed, armed: found.guards.killedAt };
      });
    }
    const { found, claimed } = await claimingAccount(call.userId, call.body.account_number, key);
    remember(call, found);
    return paced.run(pacedCall(found), claimed);
  }

  /** A POST that makes one broker call; `sends`: the orders it sends (or how to work them out), counted against the rate limits (order-pipeline.ts). */
  async function singleCall(
    call: TradingCall,
    verb: string,
    intent: Intent,
    sends: number | null | ((found: Found) => Promise<number>),
    act: (found: Found, tag: string, retry: boolean, sentAt: Date | undefined) => Promise<{ orders: BrokerOrder[]; note?: string | null }>,
  ): Promise<IdempotentAnswer> {
    const found = await tradingAccount(call.userId, call.body.account_number);
    const base = intentCall(call, verb, intent, found);
    return pipeline.run({ ...base, sends: typeof sends === 'function' ? () => sends(found) : sends, place: (tag, retry, sentAt) => act(found, tag, retry, sentAt) });
  }

  const portfolioOf = (body: { portfolio_id?: number | undefined }) => body.portfolio_id ?? null;
  const entry = (body: { portfolio_id?: number | undefined }, tag?: string): Intent => ({ entry: true, portfolioId: portfolioOf(body), tag });
  const exit = (body: { portfolio_id?: number | undefined }, tag?: string): Intent => ({ entry: false, portfolioId: portfolioOf(body), tag });
  const change: Intent = { entry: false, portfolioId: null };

  function placeTrades(userId: number, key: string, body: Schemas['PlaceTradesRequest']) {
    return plannedOrders({ userId, key, operation: 'placeTrades', body }, entry(body, body.orders[0]?.tag), (found, tx) => {
      const intents = body.orders.map(intentOf);
      checkAfterMarketTime(found.broker, intents);
      return found.broker.planOrders(found.account, intents, { portfolioId: portfolioOf(body), purpose: 'entry', guards: found.guards, tx });
    });
  }

  function executeOrder(userId: number, key: string, body: Schemas['ExecuteOrderRequest']) {
    const call = { userId, key, operation: 'executeOrder', body };
    if (body.action === 'open') {
      return plannedOrders(call, entry(body, body.tag), (found, tx) => {
        const intents = [intentOf(body)];
        checkAfterMarketTime(found.broker, intents);
        return found.broker.planOrders(found.account, intents, { portfolioId: portfolioOf(body), purpose: 'entry', guards: found.guards, tx });
      });
    }
    const position = { exchange: body.exchange, tradingsymbol: body.tradingsymbol, product: body.product, quantity: body.quantity };
    return squareOff(call, exit(body), [position]);
  }

  function squareoffTrades(userId: number, key: string, body: Schemas['SquareoffTradesRequest']) {
    return squareOff({ userId, key, operation: 'squareoffTrades', body }, exit(body), body.positions);
  }

  /**
   * A square-off (the trader's, a portfolio protection's): its MARKET exits priced by the account's execution
   * policy before the plan is stored on the key; under limit_reprice, its LIMIT orders are followed by the
   * re-pricer once placed (read back by the tag), so an exit is never left unfilled.
   */
  async function squareOff(call: TradingCall, intent: Intent, positions: Parameters<BrokerTrading['planSquareOff']>[2]): Promise<IdempotentAnswer> {
    let priced: { found: Found; policy: Policy; at: Date } | null = null;
    const answer = await plannedOrders(call, intent, async (found) => {
      const plan = await found.broker.planSquareOff(found.account, intent.portfolioId, positions);
      if (execution === undefined) return plan;
      const at = clock();
      const { orders, policy } = await execution.price(found.broker, found.account, plan.orders, at);
      priced = { found, policy, at };
      return { ...plan, orders };
    });
    const done = priced as { found: Found; policy: Policy; at: Date } | null;
    if (execution !== undefined && done !== null) await execution.followTagged(done.found.broker, done.found.account, keyOf(call, intent).tag, done.policy, done.at, clock());
    return answer;
  }

  /**
   * A stop-loss or target: without a portfolio it is on the account's position as the position book nets it,
   * one order per share it is split over (broker-trading.ts planProtect), each counted before it goes.
   */
  function protect(call: TradingCall & { body: { portfolio_id?: number | undefined; tag?: string | undefined } }, kind: 'stoploss' | 'target', intent: OrderIntent) {
    let shares: readonly ProtectShare[] = [];
    return singleCall(
      call,
      'placed',
      exit(call.body, call.body.tag),
      async (found) => (shares = await found.broker.planProtect(found.account, kind, intent, portfolioOf(call.body))).length,
      async (found, tag, _retry, sentAt) => ({ orders: await found.broker.protect(found.account, kind, intent, shares, tag, sentAt) }),
    );
  }

  function placeStopLoss(userId: number, key: string, body: Schemas['StopLossOrderRequest']) {
    return protect({ userId, key, operation: 'placeStopLossOrder', body }, 'stoploss', intentOf(body));
  }

  function placeTarget(userId: number, key: string, body: Schemas['TargetOrderRequest']) {
    return protect({ userId, key, operation: 'placeTargetOrder', body }, 'target', intentOf({ ...body, order_type: 'LIMIT' }));
  }

  /**
   * A modification carries no tag of its own, so a retry that took over a claim left by a crash cannot look
   * its first attempt up: it modifies again. An order that already reads as asked (the first attempt went
   * through before the crash) is answered as it stands, not refused with nothing_to_modify. An order changed
   * again by another request between the crash and the retry gets this modification's values once more, as
   * any repeated modification would; the answer shows the order as it ends. A retry of a key whose answer was
   * stored (the usual case) answers that answer and modifies nothing.
   */
  function modifyOrder(userId: number, key: string, body: Schemas['ModifyOrderRequest']) {
    return singleCall({ userId, key, operation: 'modifyOrder', body }, 'modified', change, 0, async (found, _tag, retry) => {
      try {
        const changes = {
          quantity: body.quantity,
          pricePaise: body.price === undefined ? undefined : toPaise(body.price),
          triggerPaise: body.trigger_price === undefined ? undefined : toPaise(body.trigger_price),
          orderType: body.order_type,
        };
        return { orders: [await found.broker.modifyOrder(found.account, body.order_id, changes)] };
      } catch (error) {
        if (!retry || !(error instanceof DomainError) || error.code !== 'nothing_to_modify') throw error;
        const order = await found.broker.order(found.account, body.order_id);
        return { orders: [order], note: "it already read as asked (most likely modified by this request's first attempt, whose answer was lost), so it was not modified again" };
      }
    });
  }

  function cancelOrders(userId: number, key: string, body: Schemas['CancelOrderRequest']) {
    return singleCall({ userId, key, operation: 'cancelOrder', body }, 'cancelled', change, null, async (found) => ({
      orders: await found.broker.cancelOrders(found.account, body.order_ids),
    }));
  }

  const paperHoldings = createTradingHoldings({ accounts });

  /**
   * A sale of delivered shares (issue 63): on a live broker whose holdings StrikeDesk reads, a CNC order through the
   * order pipeline like any other (live-holdings.ts); on the paper broker, its own holding trade (trading-holdings.ts).
   */
  async function placeHoldingOrder(userId: number, accountNumber: string, key: string, body: Schemas['HoldingOrderRequest']): Promise<IdempotentAnswer> {
    const found = await tradingAccount(userId, accountNumber);
    if (found.broker.brokerHoldings !== undefined) {
      const call = { userId, key, operation: 'placeHoldingOrder', body: { ...body, account_number: accountNumber } };
      return plannedOrders(call, exit({}), (live) => holdingSalePlan(live, body, execution, clock));
    }
    const placed = await paperHoldings.placeHoldingOrder(userId, accountNumber, key, body);
    return { status: 200, body: placed.body, replayed: placed.replayed };
  }

  return {
    placeTrades,
    executeOrder,
    squareoffTrades,
    placeStopLoss,
    placeTarget,
    modifyOrder,
    cancelOrders,
    placeHoldingOrder,
    ...createTradingBooks({ db, clock, accounts }),
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
