// A paper account's market (issue 38): the simulated market, or the feed of one of the same trader's live
// accounts. Refused for a live account (it trades on its own broker's prices), for an account that is not
// the trader's own live one (another trader's reads exactly as a missing one), and while the paper account
// has working orders: they would fill on the other market's prices. Open positions carry over, valued from
// then on at the new market's prices.
import type { Queryable } from '../../db/database.ts';
import type { BrokerRegistry } from '../brokers/broker-adapter.ts';
import { DomainError } from '../domain-error.ts';
import { paperFeedTexts } from '../texts/paper-feed-texts.ts';
import { findOwnedAccount, type AccountRow } from './broker-accounts-repo.ts';

const field = 'market_account_id';

/** Stores the choice on the locked row `account`, or refuses it. */
export async function chooseMarket(tx: Queryable, brokers: BrokerRegistry, userId: number, account: AccountRow, marketAccountId: number | null): Promise<void> {
  if (brokers.get(account.broker)?.trading?.mode !== 'paper') throw DomainError.said('market_choice_refused', paperFeedTexts.notPaper, { field });
  if (marketAccountId !== null) {
    const feed = await findOwnedAccount(tx, userId, marketAccountId);
    if (feed === null || brokers.get(feed.broker)?.trading?.mode !== 'live') throw DomainError.said('market_choice_refused', paperFeedTexts.notLive, { field });
  }
  if ((account.market_account_id ?? null) === marketAccountId) return;
  const { rows } = await tx.query<{ working: string }>(
    "SELECT count(*) AS working FROM paper_orders WHERE broker_account_id = $1 AND status IN ('OPEN', 'TRIGGER PENDING')",
    [account.id],
  );
  const working = Number(rows[0]?.working ?? 0);
  if (working > 0) throw DomainError.said('market_orders_working', paperFeedTexts.workingOrders(working), { field });
  await tx.query('UPDATE broker_accounts SET market_account_id = $2 WHERE id = $1', [account.id, marketAccountId]);
}
