import type { MarketFact } from '@/features/market-facts/api/get-market-facts';

/** What a card is of: an exchange's rules and calendar, an index's contracts, or a segment's charges. */
export type FactGroup = { kind: 'exchange' | 'index' | 'charges'; subject: string; facts: MarketFact[] };

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

/** The answer's rows as cards, one per exchange, index or segment, keeping the server's order within each. */
export function factGroups(facts: readonly MarketFact[]): FactGroup[] {
  const groups = new Map<string, FactGroup>();
  for (const fact of facts) {
    const kind = groupKind(fact);
    const key = `${kind}:${fact.subject}`;
    const group = groups.get(key) ?? { kind, subject: fact.subject, facts: [] };
    group.facts.push(fact);
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) => kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) || rank(a.subject) - rank(b.subject) || a.subject.localeCompare(b.subject),
  );
}

/** How many facts may be out of date, for the screen's summary. */
export const staleCount = (facts: readonly MarketFact[]) => facts.filter((fact) => fact.stale).length;
