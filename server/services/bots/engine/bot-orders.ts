// A bot action's broker call, through the account's broker interface and outside any transaction, the
// action's idempotency key as the orders' tag and as the intent they are numbered in. Only the claim's
// holder calls (bot-engine.ts), and it first looks for orders already carrying the tag, so the call is made
// once. The broker plans the orders (sliced at the freeze quantity; for entries the kill switch and risk
// limits); a short gate under the account's row lock refuses an entry while the kill switch is armed and
// counts the orders against the rate limits, all or nothing (a bot's action is not paced: it waits for no
// second); then the broker places them. An entry acknowledged after the kill switch armed is closed at once,
// as the trader's own entries are (late-kill.ts).
import type { Database } from '../../../db/database.ts';
import type { BrokerRegistry } from '../../brokers/broker-adapter.ts';
import { IntentStopped, killSwitchRefusal, type BrokerTrading, type OrderIntent } from '../../brokers/broker-trading.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { brokerAccountTexts } from '../../texts/broker-account-texts.ts';
import { armedAt } from '../../trading/intent-gate.ts';
import { closeIfKilled } from '../../trading/late-kill.ts';
import { checkRateLimits, recordSends, type RateLimits } from '../../trading/order-rate.ts';
import { failureOf } from '../../texts/bot-texts.ts';
import type { BrokerOutcome } from './bot-completion.ts';
import type { ActionRow, EngineBot } from './engine-types.ts';

export function createBotOrders({ db, clock, brokers, limits }: { db: Database; clock: Clock; brokers: BrokerRegistry; limits: RateLimits }) {
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
      await db.transaction(async (tx) => {
        const armed = await armedAt(tx, bot.account.id, true);
        if (entry && armed !== null) throw killSwitchRefusal(bot.account.accountNumber, armed);
        const now = clock();
        await checkRateLimits(tx, bot.account.id, plan.orders.length, now, limits);
        await recordSends(tx, bot.account.id, plan.orders.length, now);
      });
      const numbered = plan.orders.map((order, slice) => ({ ...order, slice }));
      const orders = await broker.placeOrders(bot.account, { ref: action.key, tag: action.key }, numbered);
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
    const closed = await closeIfKilled(db, clock, brokerOf(bot), bot.account, outcome.orders);
    return closed === null ? outcome : { ...outcome, closed };
  }

  return { brokerOf, brokerCall, closeLate };
}
