// Portfolios under a broker account. The capital of an account's portfolios together never exceeds the
// account's capital: each change locks the account row first, so two concurrent creations cannot both
// fit into the same headroom. Every method acts on the signed-in user's objects only (others: 404).
import type { components } from '../../../openapi/main.d.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { DomainError, notFound } from '../domain-error.ts';
import { allocatedCapital, findOwnedAccount } from '../broker-accounts/broker-accounts-repo.ts';
import type { Clock } from '../clock.ts';
import { cleanText } from '../text.ts';
import { brokerAccountTexts } from '../texts/broker-account-texts.ts';

type Schemas = components['schemas'];
export type Portfolio = Schemas['Portfolio'];

type PortfolioRow = { id: number; broker_account_id: number; name: string; description: string; capital: string | number };

const columns = 'id, broker_account_id, name, description, capital';

function toPortfolio(row: PortfolioRow): Portfolio {
  return {
    id: Number(row.id),
    broker_account: Number(row.broker_account_id),
    name: row.name,
    description: row.description,
    capital: Number(row.capital),
  };
}

const portfolioNotFound = () => notFound('portfolio');

/**
 * The portfolio when the user owns it (through its account); null otherwise. `keep`: inside a transaction,
 * the row is held (FOR KEY SHARE) until it ends, so what is added under it meanwhile (a bot) cannot meet a
 * deletion: one waiting on it then finds no portfolio, a deletion waits for the addition and takes it along.
 */
export async function findOwnedPortfolio(db: Queryable, userId: number, portfolioId: number, keep = false): Promise<Portfolio | null> {
  const { rows } = await db.query<PortfolioRow>(
    `SELECT p.id, p.broker_account_id, p.name, p.description, p.capital
     FROM portfolios p JOIN broker_accounts a ON a.id = p.broker_account_id
     WHERE p.id = $1 AND a.user_id = $2${keep ? ' FOR KEY SHARE OF p' : ''}`,
    [portfolioId, userId],
  );
  return rows[0] === undefined ? null : toPortfolio(rows[0]);
}

async function assertFits(tx: Queryable, userId: number, accountId: number, capital: number, exceptPortfolioId?: number): Promise<void> {
  const account = await findOwnedAccount(tx, userId, accountId, true);
  if (account === null) throw notFound('broker_account');
  const total = (await allocatedCapital(tx, accountId, exceptPortfolioId)) + capital;
  const available = Number(account.capital);
  if (total > available) {
    throw DomainError.said('capital_exceeded', brokerAccountTexts.portfoliosAboveCapital(total, available), { field: 'capital' });
  }
}

export type PortfoliosService = ReturnType<typeof createPortfoliosService>;

export function createPortfoliosService({ db, clock }: { db: Database; clock: Clock }) {
  async function listOf(q: Queryable, accountId: number): Promise<Portfolio[]> {
    const { rows } = await q.query<PortfolioRow>(`SELECT ${columns} FROM portfolios WHERE broker_account_id = $1 ORDER BY id`, [accountId]);
    return rows.map(toPortfolio);
  }

  async function list(userId: number, accountId: number): Promise<Portfolio[]> {
    if ((await findOwnedAccount(db, userId, accountId)) === null) throw notFound('broker_account');
    return listOf(db, accountId);
  }

  async function create(userId: number, input: Schemas['PortfolioCreate']): Promise<Portfolio> {
    const name = cleanText(input.name, 'name');
    const description = input.description?.trim() ?? '';
    return db.transaction(async (tx) => {
      await assertFits(tx, userId, input.broker_account, input.capital);
      const now = clock();
      const { rows } = await tx.query<PortfolioRow>(
        `INSERT INTO portfolios (broker_account_id, name, description, capital, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5) RETURNING ${columns}`,
        [input.broker_account, name, description, input.capital, now],
      );
      return toPortfolio(rows[0] as PortfolioRow);
    });
  }

  async function update(userId: number, portfolioId: number, changes: Schemas['PortfolioUpdate']): Promise<Portfolio> {
    const name = changes.name === undefined ? undefined : cleanText(changes.name, 'name');
    return db.transaction(async (tx) => {
      const current = await findOwnedPortfolio(tx, userId, portfolioId);
      if (current === null) throw portfolioNotFound();
      if (changes.capital !== undefined) await assertFits(tx, userId, current.broker_account, changes.capital, portfolioId);
      const { rows } = await tx.query<PortfolioRow>(
        `UPDATE portfolios SET name = coalesce($2, name), description = coalesce($3, description), capital = coalesce($4, capital), updated_at = $5
         WHERE id = $1 RETURNING ${columns}`,
        [portfolioId, name ?? null, changes.description?.trim() ?? null, changes.capital ?? null, clock()],
      );
      // Deleted since it was found (the deletion committed first): nothing was updated.
      if (rows[0] === undefined) throw portfolioNotFound();
      return toPortfolio(rows[0]);
    });
  }

  /** Deletes the portfolio with its bots and answers the account's remaining portfolios. */
  async function remove(userId: number, portfolioId: number): Promise<Portfolio[]> {
    return db.transaction(async (tx) => {
      const current = await findOwnedPortfolio(tx, userId, portfolioId);
      if (current === null) throw portfolioNotFound();
      await tx.query('DELETE FROM portfolios WHERE id = $1', [portfolioId]);
      return listOf(tx, current.broker_account);
    });
  }

  return { list, create, update, remove };
}
