import type { Portfolio } from '@/features/portfolios/api/portfolio-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** Deletes a portfolio with its bots; answers the account's remaining portfolios, the list to show next. */
export async function deletePortfolio(id: number): Promise<Portfolio[]> {
  const answer = await mainApi().DELETE('/api/portfolios/portfolios/{id}/', { params: { path: { id } } });
  return requireField(answer, 'portfolios').portfolios;
}
