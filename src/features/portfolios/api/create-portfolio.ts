import type { Portfolio, PortfolioCreate } from '@/features/portfolios/api/portfolio-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Creates a portfolio under an account; answers it (422 capital_exceeded when the account's capital is short). */
export async function createPortfolio(portfolio: PortfolioCreate): Promise<Portfolio> {
  return requireField(await mainApi().POST('/api/portfolios/portfolios/', { body: portfolio }), 'portfolios').portfolios;
}
