import type { Portfolio, PortfolioUpdate } from '@/features/portfolios/api/portfolio-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Changes a portfolio (fields left out keep their value); answers it as saved. */
export async function updatePortfolio(id: number, changes: PortfolioUpdate): Promise<Portfolio> {
  const answer = await mainApi().PUT('/api/portfolios/portfolios/{id}/', { params: { path: { id } }, body: changes });
  return requireField(answer, 'portfolios').portfolios;
}
