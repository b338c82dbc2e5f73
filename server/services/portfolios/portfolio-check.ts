// A portfolio named with an order (or a margin quote) must be one of the order's broker account's: checked
// before any broker is called (a live broker knows nothing of StrikeDesk's portfolios), and again by the
// paper broker in the transaction that places the orders.
import type { Queryable } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { brokerAccountTexts } from '../texts/broker-account-texts.ts';

export async function checkPortfolio(q: Queryable, accountId: number, portfolioId: number | null): Promise<void> {
  if (portfolioId === null) return;
  // Held until `q`'s transaction ends: a portfolio deleted meanwhile waits for the orders that name it, instead of failing their foreign key.
  const { rows } = await q.query('SELECT 1 FROM portfolios WHERE id = $1 AND broker_account_id = $2 FOR KEY SHARE', [portfolioId, accountId]);
  if (rows.length === 0) {
    throw DomainError.said('portfolio_mismatch', brokerAccountTexts.portfolioNotOfAccount, { field: 'portfolio_id' });
  }
}
