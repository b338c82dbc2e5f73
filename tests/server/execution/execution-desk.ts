// What the execution tests share on a bot desk (tests/server/bots/bot-desk.ts): a LIMIT-and-re-price policy short
// enough to reach its limits, setting it on the desk's account, the re-pricer ticked by hand on the desk's
// clock, and the re-pricing steps the account's orders went through.
import type { components } from '../../../openapi/main.d.ts';
import type { BotDesk } from '../bots/bot-desk.ts';

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
  };
}
