// What Kite's instruments dump says of each index (each expiry's lot size, tick, strike step, its expiries) and
// where that differs from StrikeDesk's dated facts the simulator and the paper broker use (index_config; the lot
// revisions of contract-lots.ts, compared expiry by expiry: two lots trade side by side after a revision). A
// difference is not an error: NSE revises lot sizes with a month's notice and the dump is right first, so live
// accounts trade on the dump's facts and the difference is logged once per load for someone to add the new row.
// Freeze quantities are not in the dump (Kite has no such column): the dated table's (freeze_quantities,
// migration 090) stay. The Market facts screen shows these differences beside the table.
import type { IndexFacts, IndexName } from '../../market/index-config.ts';

/** A dump row as the load keeps it (the underlying already named, the tick in paise). */
export type LoadedInstrument = {
  exchange: string;
  tradingsymbol: string;
  instrumentToken: number;
  /** The underlying: one of the indices or a stock the underlyings table lists (issue 63). */
  index: string;
  segment: string;
  instrumentType: string;
  expiry: string | null;
  strike: number;
  lotSize: number;
  tickPaise: number;
};

/** `lots`: each expiry's lot (its options' most common). */
export type DumpFacts = { index: IndexName; expiries: string[]; lots: Map<string, number>; tickPaise: number; strikeStep: number };

export type FactDifference = { index: IndexName; fact: 'lot_size' | 'strike_step' | 'tick_size'; dump: number; strikedesk: number };

/** The most frequent value (ties: the smaller), or 0 for none: one odd row must not decide an index's fact. */
export function mostCommon(values: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = 0;
  let bestCount = 0;
  for (const [value, count] of [...counts].sort((a, b) => a[0] - b[0])) {
    if (count > bestCount) [best, bestCount] = [value, count];
  }
  return best;
}

/**
 * An index's facts from its options. The strike step is read on the nearest expiry, the most common gap
 * between listed strikes: far strikes are often listed at twice the step, the money's neighbourhood never.
 */
export function dumpFacts(index: IndexName, rows: readonly LoadedInstrument[]): DumpFacts | null {
  const options = rows.filter((row) => row.index === index && (row.instrumentType === 'CE' || row.instrumentType === 'PE') && row.expiry !== null);
  if (options.length === 0) return null;
  const expiries = [...new Set(options.map((row) => row.expiry as string))].sort();
  const nearest = options.filter((row) => row.expiry === expiries[0]);
  const strikes = [...new Set(nearest.map((row) => row.strike))].sort((a, b) => a - b);
  const gaps = strikes.slice(1).map((strike, at) => Math.round((strike - (strikes[at] ?? strike)) * 100) / 100);
  return {
    index,
    expiries,
    lots: new Map(expiries.map((expiry) => [expiry, mostCommon(options.filter((row) => row.expiry === expiry).map((row) => row.lotSize))])),
    tickPaise: mostCommon(options.map((row) => row.tickPaise)),
    strikeStep: mostCommon(gaps),
  };
}

/**
 * Where the dump and StrikeDesk disagree (`lots`: StrikeDesk's lot of each of the dump's expiries; each pair of
 * lots that differ once); a fact the dump cannot tell (no options, one strike) is not compared.
 */
export function factDifferences(dump: DumpFacts, config: Pick<IndexFacts, 'strikeStep'> & { tickPaise: number }, lots: ReadonlyMap<string, number>): FactDifference[] {
  const differences: FactDifference[] = [];
  const compare = (fact: FactDifference['fact'], fromDump: number, strikedesk: number) => {
    const seen = differences.some((known) => known.fact === fact && known.dump === fromDump && known.strikedesk === strikedesk);
    if (fromDump > 0 && fromDump !== strikedesk && !seen) differences.push({ index: dump.index, fact, dump: fromDump, strikedesk });
  };
  for (const [expiry, lot] of dump.lots) {
    const ours = lots.get(expiry);
    if (ours !== undefined) compare('lot_size', lot, ours);
  }
  compare('strike_step', dump.strikeStep, config.strikeStep);
  compare('tick_size', dump.tickPaise, config.tickPaise);
  return differences;
}
