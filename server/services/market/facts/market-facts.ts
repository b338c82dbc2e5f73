// The Market facts screen's read (issue 60): every fact in force on a day, as one generic row each (kind,
// subject, value, unit, effective date, source), with its age, whether it is older than its kind's usual
// revision cycle (fact-row.ts revisionDays), and where a live broker's instrument file says otherwise, that
// broker's value and name. New kinds of fact (lots per contract, broker execution rules) are more rows.
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { istDate } from '../ist.ts';
import { brokerWords } from './broker-words.ts';
import { calendarFacts, sessionFacts, tickAndBandFacts } from './exchange-fact-rows.ts';
import { revisionDays, type BrokerWord, type FactRow, type MarketFact, type MarketFacts } from './fact-row.ts';
import { chargeFactRows, deliveryMarginFactRows, indexFactRows, marginFactRows } from './index-fact-rows.ts';

const dayMs = 86_400_000;

/** Whole days from `from` to `to` (both YYYY-MM-DD), or null when `from` is later. */
function daysBetween(from: string, to: string): number | null {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);
  return days < 0 ? null : days;
}

/** Dated facts get an age; a holiday or a special session is a day of its own, not a value that ages. */
const ages = (kind: MarketFact['kind']) => kind !== 'holiday' && kind !== 'special_session';

export function factOf(row: FactRow, day: string, words: readonly BrokerWord[]): MarketFact {
  const ageDays = row.effectiveFrom === null || !ages(row.kind) ? null : daysBetween(row.effectiveFrom, day);
  const cycle = revisionDays[row.kind] ?? null;
  const word = words.find((w) => w.kind === row.kind && w.subject === row.subject && w.value !== row.value);
  return {
    kind: row.kind,
    subject: row.subject,
    detail: row.detail,
    value: row.value,
    unit: row.unit,
    effective_from: row.effectiveFrom,
    source: row.source,
    age_days: ageDays,
    revision_days: cycle,
    stale: cycle !== null && ageDays !== null && ageDays > cycle,
    broker_value: word?.value ?? null,
    broker_name: word?.brokerName ?? null,
  };
}

export type MarketFactsService = { on: (day: string | null) => Promise<MarketFacts> };

export function createMarketFacts({ db, clock }: { db: Queryable; clock: Clock }): MarketFactsService {
  return {
    async on(asked) {
      const now = clock();
      const day = asked ?? istDate(now);
      // One after another: the reads share one pooled connection budget with the market loop.
      const rows = [
        ...(await sessionFacts(db, day)),
        ...(await tickAndBandFacts(db, day)),
        ...(await indexFactRows(db, day)),
        ...(await marginFactRows(db, day)),
        ...(await deliveryMarginFactRows(db, day)),
        ...(await chargeFactRows(db, day)),
        ...(await calendarFacts(db, day)),
      ];
      const words = await brokerWords(db, day);
      return { day, as_of: now.toISOString(), facts: rows.map((row) => factOf(row, day, words)) };
    },
  };
}
