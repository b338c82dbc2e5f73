// What the execution tests share on a bot desk (tests/server/bots/bot-desk.ts): a LIMIT-and-re-price policy short
// enough to reach its limits, setting it on the desk's account, the re-pricer ticked by hand on the desk's
// clock, the re-pricing steps the account's orders went through, and a bot's entry whose call nobody bids.
import type { components } from '../../../openapi/main.d.ts';
import { monday, type BotDesk } from '../bots/bot-desk.ts';

type Schemas = components['schemas'];

/** LIMIT and re-price: one tick past the touch, every 10 s, two tries (short, so a test reaches the limit). */
export const limitPolicy = { mode: 'limit_reprice', buffer_unit: 'ticks', buffer_value: 1, interval_seconds: 10, max_tries: 2, max_seconds: 60, entry_fallback: 'cancel' } as const;

export type RepricingStep = { tradingsymbol: string; reason: string; new_price_paise: string | null; state: string; tries: number };

export function executionCalls(t: BotDesk) {
  return {
    /** Sets the desk's account's execution policy (the trader's PUT). */
    setPolicy: (body: Record<string, unknown>) =>
      t.call<Schemas['ExecutionPolicyResponse']>('updateExecutionPolicy', { token: t.desk.token, params: { accountId: t.desk.account.id }, body }),
    /** One tick of the re-pricer at the desk's clock. */
    reprice: () => t.desk.services.repricer.tick(t.server.clock.now()),
    /** Every re-pricing step of the account's orders, in order, with its order's state and tries. */
    steps: async () =>
      (
        await t.server.db.query<RepricingStep>(
          `SELECT r.tradingsymbol, s.reason, s.new_price_paise, r.state, r.tries FROM repricing_steps s JOIN repricing_orders r ON r.id = s.repricing_id
           WHERE r.broker_account_id = $1 ORDER BY s.id`,
          [t.desk.account.id],
        )
      ).rows,
    /**
     * A daily straddle bot (`overrides` on the desk's) entering at Monday 09:20 while nobody bids its call: the
     * call's sell rests at the last price less a tick, unfilled; the put's fills at its bid.
     */
    async enterWithCallUnbid(overrides: Record<string, unknown> = {}) {
      const bot = await t.createDaily(overrides);
      const call = t.symbol(0, 'CE');
      t.straddle(100, 90);
      t.market.set(call, { bid: 0, ask: 100.25, last: 100, close: 100 });
      t.at(monday, '09:20');
      await t.tick();
      return { bot, call };
    },
  };
}
