import type { Portfolio } from '@/features/portfolios/api/portfolio-types';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

/** The portfolios of one of the trader's broker accounts. */
export async function getPortfolios(accountId: number): Promise<Portfolio[]> {
  const answer = await mainApi().GET('/api/portfolios/all-portfolios/{accountId}/', {
    params: { path: { accountId } },
  });
  return requireField(answer, 'portfolios').portfolios;
}
