// A bot action's broker call, through the account's broker interface and outside any transaction, the
// action's idempotency key as the orders' tag and as the intent they are numbered in. Only the claim's
// holder calls (bot-engine.ts), and it first looks for orders already carrying the tag, so the call is made
// once. The broker plans the orders (sliced at the freeze quantity; for entries the kill switch and risk
// limits); a short gate under the account's row lock refuses an entry while the kill switch is armed, checks
// the minute's and the day's limits, and reserves the account's next instant with room for all of the
// action's orders (now, unless the account's second is full: a bot's entry or exit is never refused for want
// of a free second, it waits for the next one, outside any transaction); then the broker places them, stamped
// with that instant. An entry acknowledged after the kill switch armed is closed at once, as the trader's own
// entries are (late-kill.ts).
import type { Database } from '../../../db/database.ts';
import type { BrokerRegistry } from '../../brokers/broker-adapter.ts';
import { IntentStopped, killSwitchRefusal, type BrokerTrading, type OrderIntent } from '../../brokers/broker-trading.ts';
import { timerWait, type Clock, type Wait } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { brokerAccountTexts } from '../../texts/broker-account-texts.ts';
import type { Execution } from '../../execution/execution.ts';
import { armedAt } from '../../trading/intent-gate.ts';
import { closeIfKilled } from '../../trading/late-kill.ts';
import { checkIntentRoom, rateState, reserveSends, secondWindow, type RateLimits } from '../../trading/order-rate.ts';
import { failureOf } from '../../texts/bot-texts.ts';
import { refusalTexts } from '../../texts/refusal-texts.ts';
import type { BrokerOutcome } from './bot-completion.ts';
import type { ActionRow, EngineBot } from './engine-types.ts';

/** `execution`: the account's execution policy, which prices the action's MARKET orders (LIMIT and re-price on a limit-only broker). */
type BotOrdersOptions = { db: Database; clock: Clock; brokers: BrokerRegistry; limits: RateLimits; wait?: Wait | undefined; execution?: Execution | undefined };

export function createBotOrders({ db, clock, brokers, limits, wait = timerWait, execution }: BotOrdersOptions) {
  function brokerOf(bot: EngineBot): BrokerTrading {
    const broker = brokers.get(bot.broker)?.trading;
    if (broker === undefined) throw DomainError.said('live_trading_unavailable', brokerAccountTexts.tradingUnavailable(bot.broker));
    return broker;
  }

  /** The action's orders, or why there are none; throws only when the broker's answer was lost (outcome unknown). */
  async function brokerCall(bot: EngineBot, action: ActionRow, intents: readonly OrderIntent[]): Promise<BrokerOutcome> {
    try {
      const broker = brokerOf(bot);
      const existing = await broker.ordersByTag(bot.account, action.key);
      if (existing.length > 0) return { orders: existing, failure: null, error: false, closed: null };
      const entry = action.phase === 'entry';
      const plan = await broker.planOrders(bot.account, intents, { portfolioId: bot.portfolioId, purpose: entry ? 'entry' : 'squareoff', bot: { kind: bot.kind, id: bot.id } });
      const sentAt = await db.transaction(async (tx) => {
        const armed = await armedAt(tx, bot.account.id, true);
        if (entry && armed !== null) throw killSwitchRefusal(bot.account.accountNumber, armed);
        const now = clock();
        // An action's orders go together, so never more than a second takes (a bot's legs are within the freeze
        // quantity: never in practice); the minute's and the day's limits still refuse it (429).
        const count = plan.orders.length;
        if (count > limits.perSecond) throw DomainError.said('too_many_orders', refusalTexts.requestPerSecond(count, limits.perSecond));
        if (count === 0) return now;
        // The minute's and day's counts and the second's send times in one statement (rateState), both read under the lock.
        const window = secondWindow(limits, broker.rateMarginMs);
        const { counts, times } = await rateState(tx, bot.account.id, now, window);
        await checkIntentRoom(tx, bot.account.id, count, now, limits, counts);
        return (await reserveSends(tx, bot.account.id, count, now, window, { whole: true, times })).at;
      });
      const delay = sentAt.getTime() - clock().getTime();
      if (delay > 0) await wait(delay);
      const planned = plan.orders.map((order, slice) => ({ ...order, slice }));
      // Priced as the account's policy says after the wait, on the touch of the instant it goes out.
      const priced = execution === undefined ? null : await execution.price(broker, bot.account, planned, clock());
      const orders = await broker.placeOrders(bot.account, { ref: action.key, tag: action.key }, priced?.orders ?? planned, sentAt);
      if (priced !== null) await execution!.follow(bot.account, priced, orders, clock());
      return { orders, failure: null, error: false, closed: null };
    } catch (error) {
      // The broker may have placed it: the action stays claimed, and the engine reads the book by its tag
      // once the claim is stale (bot-engine.ts reconcile), never placing it again blindly.
      if (error instanceof DomainError && error.code === 'broker_outcome_unknown') throw error;
      // A live broker that stopped the intent mid-way placed part of it: the action sees those orders.
      if (error instanceof IntentStopped) return { orders: error.answered, failure: failureOf(error), error: false, closed: null };
      return { orders: [], failure: failureOf(error), error: !(error instanceof DomainError), closed: null };
    }
  }

  /** An entry the kill switch armed against while it was on its way: closed now, and the outcome says so. */
  async function closeLate(bot: EngineBot, outcome: BrokerOutcome): Promise<BrokerOutcome> {
    if (outcome.orders.length === 0) return outcome;
    const closed = await closeIfKilled({ db, clock, limits, wait, execution }, brokerOf(bot), bot.account, outcome.orders);
    return closed === null ? outcome : { ...outcome, closed };
  }

  return { brokerOf, brokerCall, closeLate };
}
