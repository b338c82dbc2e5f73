// A paper account that behaves like a limit-only broker (broker_accounts.paper_rules_of, e.g. Angel One): the
// paper broker refuses what that broker refuses from an API algo on the order's day, with its dated reason, so
// paper shows what live will do. The paper broker's own MIS square-off is the broker's, not an algo's: it is
// never refused.
import type { Queryable } from '../../db/database.ts';
import type { TradingAccount } from '../brokers/broker-trading.ts';
import { istDate } from '../market/ist.ts';
import { executionTexts } from '../texts/execution-texts.ts';
import type { Said } from '../texts/said.ts';
import { noMarketRule, ruleSource, rulesInForce } from './execution-policy.ts';

/** Why the account refuses a MARKET order now, or null when it takes one. */
export async function paperMarketRefusal(q: Queryable, account: TradingAccount, now: Date): Promise<Said | null> {
  // Read with the account by most callers (trading-accounts.ts, the bot engine): no statement of its own then.
  const rulesOf =
    account.paperRulesOf !== undefined
      ? account.paperRulesOf
      : ((await q.query<{ paper_rules_of: string | null }>('SELECT paper_rules_of FROM broker_accounts WHERE id = $1', [account.id])).rows[0]?.paper_rules_of ?? null);
  if (rulesOf === null) return null;
  const rule = noMarketRule(await rulesInForce(q, rulesOf, istDate(now)));
  return rule === undefined ? null : executionTexts.marketRefused(ruleSource(rule));
}
