import { useState } from 'react';
import { premiumVolatility } from '@quant/premium-volatility.ts';
import { presetLegs, type PresetName } from '@quant/strategy-presets.ts';
import type { LegKind } from '@quant/strategy-legs.ts';
import type { FutureInstrument } from '@/features/market/api/get-expiries';
import type { Order } from '@/features/orders/api/trading-types';
import type { OptionInstrument } from '@/features/market/api/get-instruments';
import type { Quote } from '@/features/market/feed/price-feed';
import type { ContractFacts } from '@/lib/format/contract-name';
import type { LegChange } from '@/features/strategies/components/leg-card';
import { expiryInstant, futureStrategyLeg, newLegId, type BuilderLeg } from '@/features/strategies/model/builder-leg';
import type { SavedStrategy } from '@/features/strategies/model/saved-strategy';
import type { BuilderMarket } from '@/app/strategy-builder/use-builder-market';

/** A contract the builder needs a price of: its key in market data, and what names it to the trader. */
export type NeededContract = ContractFacts & { instrument: string };

/**
 * A quote the preset or a new leg needs is missing: not arrived yet, or (when its broker's feed does not stream
 * it, BuilderMarket.unstreamed) never to come. `contracts`: which, where known.
 */
export class MissingQuoteError extends Error {
  readonly contracts: readonly NeededContract[];
  constructor(message: string, contracts: readonly NeededContract[] = []) {
    super(message);
    this.contracts = contracts;
  }
}

/** A contract its broker does not stream and that has no quote: never a leg at a made-up price of 0. */
function refuseUnstreamed(market: BuilderMarket, contract: NeededContract): void {
  if (!market.quotes.has(contract.instrument) && market.unstreamed?.instruments.has(contract.instrument) === true) throw new MissingQuoteError(contract.instrument, [contract]);
}

/**
 * A leg's volatility: what its premium implies on the forward (premium-volatility.ts), so a leg entered at the
 * chain's price is worth that price on the builder's lines. Not the quote's `iv`: that is the exchange's
 * figure (on the spot at NSE's 10 %, a put above its call), which would show a P&L the moment a leg is bought.
 */
function volatilityOf(contract: { kind: LegKind; strike: number; expiryMs: number }, quote: Quote | undefined, spot: Quote | null, fallback: number): number {
  // A future has no volatility: its value is its price.
  if (contract.kind === 'FUT') return 0;
  if (quote === undefined || spot === null) return fallback;
  const implied = premiumVolatility({ ...contract, kind: contract.kind, spot: spot.last_price, premium: quote.last_price, atMs: Date.parse(quote.timestamp) });
  return implied ?? fallback;
}

function legFor(instrument: OptionInstrument, quote: Quote | undefined, spot: Quote | null, shape: { side: 'BUY' | 'SELL'; lots: number }, previous?: BuilderLeg): BuilderLeg {
  const contract = { kind: instrument.instrument_type, strike: instrument.strike, expiryMs: expiryInstant(instrument.expiry) };
  // The previous price and volatility stand in for a missing quote only while the leg keeps its contract: a leg
  // moved to another strike or expiry drew the old contract's premium as the new one's (issue 64: a Dhan leg moved
  // to an expiry Dhan does not list showed "Premium ₹100.00" and a payoff made of it). Without a quote it has no
  // price (0, which `unpricedLeg` reads as none) until one comes.
  const same = previous !== undefined && previous.tradingsymbol === instrument.tradingsymbol && previous.exchange === instrument.exchange;
  const kept = same ? previous : undefined;
  return {
    id: previous?.id ?? newLegId(),
    side: shape.side,
    kind: instrument.instrument_type,
    strike: instrument.strike,
    lots: shape.lots,
    lotSize: instrument.lot_size,
    expiryMs: contract.expiryMs,
    entryPrice: quote?.last_price ?? kept?.entryPrice ?? 0,
    volatility: volatilityOf(contract, quote, spot, kept?.volatility ?? 0),
    enabled: previous?.enabled ?? true,
    tradingsymbol: instrument.tradingsymbol,
    exchange: instrument.exchange,
    expiry: instrument.expiry,
  };
}

/** A future as a leg: linear, no strike (0) and no volatility; its entry is its price. */
function futureLeg(future: FutureInstrument, quote: Quote | undefined, shape: { side: 'BUY' | 'SELL'; lots: number }, previous?: BuilderLeg): BuilderLeg {
  return {
    id: previous?.id ?? newLegId(),
    ...futureStrategyLeg({
      side: shape.side,
      lots: shape.lots,
      lotSize: future.lot_size,
      expiry: future.expiry,
      // Another month's last price is not this one's (see legFor).
      entryPrice: quote?.last_price ?? (previous?.tradingsymbol === future.tradingsymbol ? previous.entryPrice : 0),
      enabled: previous?.enabled ?? true,
    }),
    tradingsymbol: future.tradingsymbol,
    exchange: future.exchange,
    expiry: future.expiry,
  };
}

/** The contract for a leg's kind, expiry and strike (the nearest listed strike), priced from its quote. */
function resolve(market: BuilderMarket, leg: BuilderLeg): BuilderLeg | undefined {
  if (leg.kind === 'FUT') {
    const future = market.futures.find((item) => item.expiry === leg.expiry);
    return future === undefined ? undefined : futureLeg(future, market.quotes.get(future.instrument), leg, leg);
  }
  const kind = leg.kind;
  const instrument =
    market.find(leg.expiry, kind, leg.strike) ??
    market.chains
      .get(leg.expiry)
      ?.instruments.filter((item) => item.instrument_type === kind)
      .reduce<OptionInstrument | undefined>((best, item) => (best === undefined || Math.abs(item.strike - leg.strike) < Math.abs(best.strike - leg.strike) ? item : best), undefined);
  return instrument === undefined ? undefined : legFor(instrument, market.quotes.get(instrument.instrument), market.spot, leg, leg);
}

export const instrumentOf = (leg: { exchange: string; tradingsymbol: string }) => `${leg.exchange}:${leg.tradingsymbol}`;

/**
 * Why a leg has no price to draw: its broker does not stream its contract, its price has not come yet, or (a saved
 * strategy's leg) it had none when the strategy was saved.
 */
export type UnpricedLeg = { reason: 'unstreamed'; broker: string } | { reason: 'waiting' } | { reason: 'savedUnpriced' };

/**
 * A leg (as `priced` gives it) that has no price of its own: no fill, no quote and no price kept from its contract
 * (a live feed's 0 is no price, as in live-feed.ts). Such a leg is left out of the payoff, the margin and the basket
 * rather than drawn, margined or sent at a number it does not have (issue 64: a leg moved to an expiry its Dhan
 * account's broker does not list). A read-only snapshot follows no quote: its leg is unpriced when saved without a
 * price (such a leg saved as it stood, at 0). Null for a leg that is priced.
 */
export function unpricedLeg(market: BuilderMarket, leg: BuilderLeg, filled: boolean, snapshot: boolean): UnpricedLeg | null {
  if (snapshot) return leg.entryPrice > 0 ? null : { reason: 'savedUnpriced' };
  if (filled || market.quotes.has(instrumentOf(leg))) return null;
  if (leg.tradingsymbol !== '' && market.unstreamed?.instruments.has(instrumentOf(leg)) === true) return { reason: 'unstreamed', broker: market.unstreamed.broker };
  return leg.tradingsymbol === '' || !(leg.entryPrice > 0) ? { reason: 'waiting' } : null;
}

/**
 * The builder's legs. While live, each leg's premium and volatility follow its quote (derived on every render,
 * never copied); a leg that filled keeps its fill price; a snapshot (a saved or shared strategy) keeps the prices
 * it was saved with and cannot be edited until the trader takes it live.
 */
export function useBuilderLegs(initial: SavedStrategy | null) {
  const [legs, setLegs] = useState<BuilderLeg[]>(initial?.legs ?? []);
  const [preset, setPreset] = useState<PresetName | null>(initial?.preset ?? null);
  const [fills, setFills] = useState<ReadonlyMap<string, number>>(new Map());
  const [snapshot, setSnapshot] = useState<SavedStrategy | null>(initial);

  /**
   * The legs with the prices to draw them at. A leg moved to an expiry whose chain had not arrived yet gets
   * its contract here, once it has.
   */
  const priced = (market: BuilderMarket): BuilderLeg[] =>
    snapshot !== null
      ? legs
      : legs.map((stored) => {
          const leg = stored.tradingsymbol === '' ? (resolve(market, stored) ?? stored) : stored;
          const fill = fills.get(leg.id);
          if (fill !== undefined) return { ...leg, entryPrice: fill };
          const quote = market.quotes.get(instrumentOf(leg));
          return quote === undefined ? leg : { ...leg, entryPrice: quote.last_price, volatility: volatilityOf(leg, quote, market.spot, leg.volatility) };
        });

  const replace = (next: BuilderLeg[], origin: PresetName | null) => {
    setLegs(next);
    setPreset(origin);
    setFills(new Map());
  };

  function applyPreset(market: BuilderMarket, name: PresetName, expiry: string, spot: number) {
    const chain = market.chains.get(expiry);
    if (chain === undefined) throw new MissingQuoteError(expiry);
    const shapes = presetLegs({
      preset: name,
      spot,
      strikeStep: chain.strike_step,
      strikes: [...new Set(chain.instruments.map((item) => item.strike))],
      expiryMs: expiryInstant(expiry),
      lotSize: chain.lot_size,
      quote: (kind, strike) => {
        const instrument = market.find(expiry, kind, strike);
        const quote = instrument && market.quotes.get(instrument.instrument);
        if (quote === undefined) throw new MissingQuoteError(`${kind} ${strike}`, instrument === undefined ? [] : [instrument]);
        return { price: quote.last_price, volatility: volatilityOf({ kind, strike, expiryMs: expiryInstant(expiry) }, quote, market.spot, 0) };
      },
    });
    replace(
      shapes.map((shape) => {
        const instrument = market.find(expiry, shape.kind, shape.strike);
        if (instrument === undefined) throw new MissingQuoteError(`${shape.kind} ${shape.strike}`);
        return legFor(instrument, market.quotes.get(instrument.instrument), market.spot, shape);
      }),
      name,
    );
  }

  function addLeg(market: BuilderMarket, expiry: string, spot: number, kind: 'CE' | 'PE', side: 'BUY' | 'SELL') {
    const chain = market.chains.get(expiry);
    if (chain === undefined || chain.instruments.length === 0) throw new MissingQuoteError(expiry);
    const nearest = chain.instruments
      .filter((item) => item.instrument_type === kind)
      .reduce((best, item) => (Math.abs(item.strike - spot) < Math.abs(best.strike - spot) ? item : best));
    refuseUnstreamed(market, nearest);
    setLegs((current) => [...current, legFor(nearest, market.quotes.get(nearest.instrument), market.spot, { side, lots: 1 })]);
    setPreset(null);
  }

  /** A future (a hedge, a synthetic's underlying): the month picked, or the near one. */
  function addFuture(market: BuilderMarket, future: FutureInstrument, side: 'BUY' | 'SELL' = 'BUY') {
    setLegs((current) => [...current, futureLeg(future, market.quotes.get(future.instrument), { side, lots: 1 })]);
    setPreset(null);
  }

  /** A contract picked in the option chain, bought by default (the card's side switches it). */
  function addInstrument(market: BuilderMarket, instrument: OptionInstrument) {
    refuseUnstreamed(market, instrument);
    setLegs((current) => [...current, legFor(instrument, market.quotes.get(instrument.instrument), market.spot, { side: 'BUY', lots: 1 })]);
    setPreset(null);
  }

  function changeLeg(market: BuilderMarket, id: string, change: LegChange) {
    setLegs((current) =>
      current.map((leg) => {
        if (leg.id !== id) return leg;
        const contractChanged = change.kind !== undefined || change.strike !== undefined || change.expiry !== undefined;
        const next = { ...leg, ...change };
        if (!contractChanged) return next;
        // Until the new expiry's chain arrives the leg has no contract; priced() gives it one then.
        return resolve(market, next) ?? { ...next, expiryMs: expiryInstant(next.expiry), tradingsymbol: '' };
      }),
    );
    // The structure is no longer the preset's once a side or a kind changes; strikes and lots keep it.
    if (change.side !== undefined || change.kind !== undefined || change.expiry !== undefined) setPreset(null);
    setFills((current) => {
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  }

  function removeLeg(id: string) {
    setLegs((current) => current.filter((leg) => leg.id !== id));
    setPreset(null);
  }

  /** Fills of "Trade all": each leg keeps the average price it filled at. */
  function recordFills(filled: ReadonlyMap<string, Order>) {
    setFills((current) => {
      const next = new Map(current);
      for (const [id, order] of filled) next.set(id, order.average_price);
      return next;
    });
  }

  /** Legs picked elsewhere (a recommendation's contracts), live at the market's prices and editable. */
  function openPicks(market: BuilderMarket, picks: ReadonlyArray<{ instrument: OptionInstrument; side: 'BUY' | 'SELL'; lots: number }>) {
    setSnapshot(null);
    replace(
      picks.map((pick) => legFor(pick.instrument, market.quotes.get(pick.instrument.instrument), market.spot, pick)),
      null,
    );
  }

  function open(saved: SavedStrategy) {
    setSnapshot(saved);
    replace(saved.legs, saved.preset);
  }

  /** A snapshot becomes live: prices follow the market again and the legs can be edited. */
  function goLive() {
    setSnapshot(null);
  }

  function clear() {
    setSnapshot(null);
    replace([], null);
  }

  return { legs, priced, preset, fills, snapshot, applyPreset, addLeg, addInstrument, addFuture, changeLeg, removeLeg, recordFills, openPicks, open, goLive, clear };
}

export type BuilderLegs = ReturnType<typeof useBuilderLegs>;
