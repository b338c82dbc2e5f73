// The live book's strategies for the premium chart (issue 40): the open legs of one index and expiry held
// together (a straddle, a strangle, an iron condor) are one strategy, charted as Sensibull's "strategy chart"
// charts it: the net premium of all its legs minute by minute, not one leg's.
import type { Position } from '@/features/positions/api/position-calls';
import type { PremiumLinkLeg } from '@/lib/charts/premium-link';
import { contractOfSymbol } from '@/lib/format/contract-of-symbol';

/** The premium chart's indices (market history keeps those four; SENSEX options have none). */
export const chartedIndices: ReadonlySet<string> = new Set(['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY']);

/** The most legs the premium chart draws at once (its server route refuses more). */
export const maxChartLegs = 8;

export type BookStrategy = { index: string; expiry: string; legs: PremiumLinkLeg[] };

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The book's strategies of two legs or more: open positions grouped by index and expiry, each contract once (the
 * same contract held in two rows, as two bots' positions are, counts at its net quantity), bought or sold as held.
 * A leg's lots are its quantity over the contract's lot size when that is known and divides it; otherwise the
 * legs' quantities over their greatest common divisor, which is the same ratio the chart adds them in. Legs are
 * in strike order, puts before calls at a strike, so one book always gives one link. A group of more legs than
 * the chart draws is left out rather than charted in part.
 */
export function bookStrategies(positions: readonly Position[], lotSizeOf: (tradingsymbol: string) => number | undefined = () => undefined): BookStrategy[] {
  const groups = new Map<string, { index: string; expiry: string; held: Map<string, { strike: number; type: 'CE' | 'PE'; quantity: number }> }>();
  for (const position of positions) {
    const contract = contractOfSymbol(position.tradingsymbol, position.expiry);
    if (contract === null || !chartedIndices.has(contract.name) || position.quantity === 0) continue;
    const key = `${contract.name}:${contract.expiry}`;
    const group = groups.get(key) ?? { index: contract.name, expiry: contract.expiry, held: new Map() };
    groups.set(key, group);
    const leg = group.held.get(position.tradingsymbol) ?? { strike: contract.strike, type: contract.instrument_type === 'PE' ? ('PE' as const) : ('CE' as const), quantity: 0 };
    group.held.set(position.tradingsymbol, { ...leg, quantity: leg.quantity + position.quantity });
  }
  const strategies: BookStrategy[] = [];
  for (const { index, expiry, held } of groups.values()) {
    const open = [...held.entries()].filter(([, leg]) => leg.quantity !== 0);
    if (open.length < 2 || open.length > maxChartLegs) continue;
    const sizes = open.map(([symbol, leg]) => {
      const size = lotSizeOf(symbol);
      return size !== undefined && size > 0 && leg.quantity % size === 0 ? size : undefined;
    });
    const unit = sizes.every((size) => size !== undefined) ? null : open.reduce((common, [, leg]) => gcd(common, Math.abs(leg.quantity)), 0);
    const legs = open.map(([, leg], i) => ({
      index,
      expiry,
      strike: leg.strike,
      type: leg.type,
      side: leg.quantity < 0 ? ('SELL' as const) : ('BUY' as const),
      lots: Math.abs(leg.quantity) / (unit ?? (sizes[i] as number)),
    }));
    legs.sort((a, b) => a.strike - b.strike || b.type.localeCompare(a.type));
    strategies.push({ index, expiry, legs });
  }
  return strategies.sort((a, b) => a.index.localeCompare(b.index) || a.expiry.localeCompare(b.expiry));
}
