import type { MarketFact } from '@/features/market-facts/api/get-market-facts';

/**
 * What a card is of: an exchange's rules and calendar, an index's contracts, or a segment's charges. `source`: the
 * source its lines share (sharedSource), said once at its foot; null when each line says its own.
 */
export type FactGroup = { kind: 'exchange' | 'index' | 'charges'; subject: string; facts: MarketFact[]; source: string | null };

const exchangeKinds = new Set<MarketFact['kind']>([
  'session_hours', 'close_price_window', 'pre_open', 'trade_modification_end', 'mis_square_off', 'tick_size', 'price_band', 'holiday', 'special_session',
]);

const groupKind = (fact: MarketFact): FactGroup['kind'] => (fact.kind === 'charge' ? 'charges' : exchangeKinds.has(fact.kind) ? 'exchange' : 'index');

/** The order cards come in: exchanges first (the day's hours), then indices, then charges. */
const kindOrder: FactGroup['kind'][] = ['exchange', 'index', 'charges'];
/** Within a kind, NSE before BSE and the indices as the desk lists them; a subject not named here comes after, by name. */
const subjectOrder = ['NSE', 'BSE', 'NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX', 'NFO-OPT', 'BFO-OPT', 'NFO-FUT', 'BFO-FUT'];
const rank = (subject: string) => {
  const at = subjectOrder.indexOf(subject);
  return at === -1 ? subjectOrder.length : at;
};

/**
 * The source most of a card's lines share, when at least two share it (the first line's of equals): a segment's
 * charges all cite one long text (300 characters on NFO-FUT), which would otherwise be read once a line. Null when
 * no two lines share one: each says its own.
 */
export function sharedSource(facts: readonly MarketFact[]): string | null {
  const counts = new Map<string, number>();
  for (const fact of facts) counts.set(fact.source, (counts.get(fact.source) ?? 0) + 1);
  let shared: string | null = null;
  let most = 1;
  for (const [source, count] of counts) {
    if (count > most) [shared, most] = [source, count];
  }
  return shared;
}

/** The answer's rows as cards, one per exchange, index or segment, keeping the server's order within each. */
export function factGroups(facts: readonly MarketFact[]): FactGroup[] {
  const groups = new Map<string, Omit<FactGroup, 'source'>>();
  for (const fact of facts) {
    const kind = groupKind(fact);
    const key = `${kind}:${fact.subject}`;
    const group = groups.get(key) ?? { kind, subject: fact.subject, facts: [] };
    group.facts.push(fact);
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => ({ ...group, source: sharedSource(group.facts) })).sort(
    (a, b) => kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) || rank(a.subject) - rank(b.subject) || a.subject.localeCompare(b.subject),
  );
}

/** How many facts may be out of date, for the screen's summary. */
export const staleCount = (facts: readonly MarketFact[]) => facts.filter((fact) => fact.stale).length;
