import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';

type Schemas = components['schemas'];
export type ProtectionAnswer = Schemas['PortfolioProtectionResponse'];
export type PortfolioProtection = Schemas['PortfolioProtection'];
export type ProtectionLevels = Schemas['PortfolioProtectionLevels'];
export type ProtectionKind = Schemas['ProtectionKind'];

/** The portfolio's protection (null when none), its MTM and margin now. */
export async function getPortfolioProtection(portfolioId: number): Promise<ProtectionAnswer> {
  return requireField(await mainApi().GET('/api/portfolios/portfolios/{id}/protection/', { params: { path: { id: portfolioId } } }), 'portfolio_id');
}

/** Sets or changes it: armed from now. */
export async function updatePortfolioProtection(portfolioId: number, levels: ProtectionLevels): Promise<ProtectionAnswer> {
  return requireField(await mainApi().PUT('/api/portfolios/portfolios/{id}/protection/', { params: { path: { id: portfolioId } }, body: levels }), 'portfolio_id');
}

export async function deletePortfolioProtection(portfolioId: number): Promise<ProtectionAnswer> {
  return requireField(await mainApi().DELETE('/api/portfolios/portfolios/{id}/protection/', { params: { path: { id: portfolioId } } }), 'portfolio_id');
}
