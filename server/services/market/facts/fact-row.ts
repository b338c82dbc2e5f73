// One market fact as the readers find it, before its age, staleness and any broker disagreement are added
// (market-facts.ts). The answer's row is the contract's MarketFact.
import type { components } from '../../../../openapi/main.d.ts';

export type MarketFact = components['schemas']['MarketFact'];
export type MarketFacts = components['schemas']['MarketFacts'];

export type FactRow = {
  kind: MarketFact['kind'];
  subject: string;
  detail: string | null;
  value: string;
  unit: MarketFact['unit'];
  effectiveFrom: string | null;
  source: string;
};

/** A live broker's word on a fact, where its instrument file says otherwise than StrikeDesk's table. */
export type BrokerWord = { kind: MarketFact['kind']; subject: string; value: string; brokerName: string };

/**
 * How often each kind of fact is usually revised, in days; older than this, a fact may be out of date.
 * - freeze_quantity: NSE issues a freeze-limit circular about monthly (every one of 2025-2026 here), so a row
 *   more than two months old has missed at least one.
 * - charge: STT and stamp duty change with the Finance Act (in force each 1 April), exchange charges by
 *   circular any time; a row older than a year and a month has not been checked against the last Budget.
 * None for the others: sessions, ticks, bands, lots, strike steps, expiry days and margin parameters change by
 * circular at no set rhythm, and a holiday or session is dated by itself.
 */
export const revisionDays: Partial<Record<MarketFact['kind'], number>> = { freeze_quantity: 62, charge: 400 };
