// The tick and limit price protection bands of migration 092, as the paper broker reads them on a day of 2026
// (market/price-rules.ts), for tests of the pure order rules that take them as arguments.
import type { PriceRules, ProtectionBand } from '../../../server/services/market/price-rules.ts';

export const nseBand: ProtectionBand = { exchange: 'NSE', minWidthPaise: 2000, fraction: 0.4, effectiveFrom: '2022-10-31', source: 'NSE/FAOP/54242 of 28 Oct 2022' };
export const bseBand: ProtectionBand = { exchange: 'BSE', minWidthPaise: 3000, fraction: 0.6, effectiveFrom: '2024-04-23', source: 'BSE circular of 5 Apr 2024' };

export const nseRules: PriceRules = { tickPaise: 5, band: nseBand };
export const bseRules: PriceRules = { tickPaise: 5, band: bseBand };

/** The band of a segment (NFO: NSE's, BFO: BSE's). */
export const bandOf = (segment: 'NFO' | 'BFO') => (segment === 'BFO' ? bseBand : nseBand);
