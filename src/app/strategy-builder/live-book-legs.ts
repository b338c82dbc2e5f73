import { marketAssumptions } from '@quant/market-assumptions.ts';
import { premiumVolatility } from '@quant/premium-volatility.ts';
import type { StrategyLeg } from '@quant/strategy-legs.ts';
import type { Instruments } from '@/features/market/api/get-instruments';
import type { Quote } from '@/features/market/feed/price-feed';
import type { Order } from '@/features/orders/api/trading-types';
import type { Position } from '@/features/positions/api/position-calls';
import { expiryInstant, futureStrategyLeg } from '@/features/strategies/model/builder-leg';
import type { ChartMarker } from '@/features/strategies/components/payoff-chart';
import { underlyingAtPremium } from '@/features/strategies/model/premium-to-underlying';

/** The index an option's tradingsymbol belongs to (the longest name first: BANKNIFTY is not NIFTY). */
export function indexOfSymbol(tradingsymbol: string): 'NIFTY' | 'BANKNIFTY' | 'FINNIFTY' | 'MIDCPNIFTY' | 'SENSEX' | null {
  const names = ['MIDCPNIFTY', 'BANKNIFTY', 'FINNIFTY', 'SENSEX', 'NIFTY'] as const;
  return names.find((name) => tradingsymbol.startsWith(name)) ?? null;
}

/**
 * The underlying a futures position's tradingsymbol names (NIFTY26DECFUT, RELIANCE26DECFUT: the name, then YY and
 * the month's three letters before FUT, as server/services/market/tradingsymbol.ts writes it), or null.
 */
export function futureUnderlyingOf(tradingsymbol: string): string | null {
  return /^([A-Z0-9&_-]+)\d{2}[A-Z]{3}FUT$/.exec(tradingsymbol)?.[1] ?? null;
}

/** The chain a position is priced beside (`UNDERLYING:EXPIRY`): an index option's, or a future's underlying's. */
export function bookChainKey(position: Pick<Position, 'tradingsymbol' | 'expiry'>): string | null {
  const underlying = indexOfSymbol(position.tradingsymbol) ?? futureUnderlyingOf(position.tradingsymbol);
  return underlying === null ? null : `${underlying}:${position.expiry}`;
}

export type BookLeg = StrategyLeg & { tradingsymbol: string; exchange: string };

/**
 * The open positions as legs: one unit per lot-size unit (lotSize 1, lots = |quantity|, so any quantity is
 * whole), entered at the position's average price, with the contract's strike and kind from the day's
 * instruments and the volatility its live premium implies on the forward (premium-volatility.ts; the quote's
 * own `iv` is the exchange's figure). A futures position is a linear leg at its average price. Options whose
 * contract is not listed are left out.
 */
export function bookLegs(positions: readonly Position[], chains: ReadonlyMap<string, Instruments>, quotes: ReadonlyMap<string, Quote>): BookLeg[] {
  const legs: BookLeg[] = [];
  for (const position of positions) {
    if (position.quantity === 0) continue;
    // A future (issue 63: the hedge, the synthetic's underlying) is a linear leg, as the builder's future leg is.
    if (futureUnderlyingOf(position.tradingsymbol) !== null) {
      const side = position.quantity > 0 ? ('BUY' as const) : ('SELL' as const);
      const leg = futureStrategyLeg({ side, lots: Math.abs(position.quantity), lotSize: 1, expiry: position.expiry, entryPrice: position.average_price });
      legs.push({ ...leg, tradingsymbol: position.tradingsymbol, exchange: position.exchange });
      continue;
    }
    const index = indexOfSymbol(position.tradingsymbol);
    const chain = index === null ? undefined : chains.get(`${index}:${position.expiry}`);
    const instrument = chain?.instruments.find((item) => item.tradingsymbol === position.tradingsymbol);
    if (chain === undefined || instrument === undefined) continue;
    const quote = quotes.get(instrument.instrument);
    const spot = quotes.get(chain.underlying)?.last_price;
    const expiryMs = expiryInstant(position.expiry);
    const implied =
      quote === undefined || spot === undefined
        ? null
        : premiumVolatility({ kind: instrument.instrument_type, strike: instrument.strike, spot, premium: quote.last_price, atMs: Date.parse(quote.timestamp), expiryMs });
    legs.push({
      side: position.quantity > 0 ? 'BUY' : 'SELL',
      kind: instrument.instrument_type,
      strike: instrument.strike,
      lots: Math.abs(position.quantity),
      lotSize: 1,
      expiryMs,
      entryPrice: position.average_price,
      volatility: implied ?? 0,
      enabled: true,
      tradingsymbol: position.tradingsymbol,
      exchange: position.exchange,
    });
  }
  return legs;
}

/** Working stop-loss (trigger pending) and target (open limit) orders that would close a leg, as underlying prices. */
export function orderMarkers(legs: readonly BookLeg[], orders: readonly Order[], nowMs: number, spot: number, label: (kind: ChartMarker['kind'], order: Order) => string): ChartMarker[] {
  const markers: ChartMarker[] = [];
  for (const order of orders) {
    const leg = legs.find((candidate) => candidate.tradingsymbol === order.tradingsymbol && candidate.exchange === order.exchange);
    if (leg === undefined || order.transaction_type === leg.side) continue;
    const kind = order.status === 'TRIGGER PENDING' ? 'stopLoss' : order.status === 'OPEN' && order.order_type === 'LIMIT' ? 'target' : null;
    if (kind === null) continue;
    const premium = kind === 'stopLoss' ? order.trigger_price : order.price;
    const price = underlyingAtPremium(leg, premium, nowMs, marketAssumptions.rate, spot);
    if (price !== null) markers.push({ price, kind, label: label(kind, order) });
  }
  return markers;
}
