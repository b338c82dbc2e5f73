// The test server's contracts and their prices. Instrument keys, symbols and the quote key
// (`NSE_FO:NIFTY26JAN26000CE`) are shaped as Upstox's instrument file and quote APIs have them
// (https://upstox.com/developer/api-documentation/instruments). It lists every index the desk offers (NIFTY 50,
// NIFTY BANK, FINNIFTY, MIDCPNIFTY, SENSEX) with a few strikes of each around the money (a test adds a stock's
// equity, future and options: stockInstruments); lots, ticks and
// freeze quantities are NSE's in January 2026 (index_config's), a test may change them. A quote carries what the market feed sends: last price,
// previous close, the day's OHLC, volume, open interest, implied volatility (a fraction, as Upstox sends it)
// and greeks. An option's IV is the server's own for its strike (the simulator's smile, smileVolatility, at
// the index's level and the clock's time to expiry), and its greeks are Black-76's at that IV, computed with
// the server code that prices the desk's own chain (quant/black76.ts). The server's own contracts open at
// that premium (a test's own, listed later, at 100 until it sets a price), and each price a test sets is sent
// with the greeks and IV at the index's level then (unless the test gives its own).
import { black76Greeks, black76Price } from '../../quant/black76.ts';
import { marketAssumptions } from '../../quant/market-assumptions.ts';
import { forwardFromSpot, yearsToExpiry } from '../../quant/option-inputs.ts';
import { expiryInstantMs } from '../../quant/contract-expiry.ts';
import { smileVolatility } from '../../server/services/market/simulator.ts';

export type ServerInstrument = {
  instrument_key: string;
  trading_symbol: string;
  exchange: 'NSE' | 'NFO' | 'BSE' | 'BFO';
  segment: 'NSE_FO' | 'NSE_INDEX' | 'BSE_FO' | 'BSE_INDEX' | 'NSE_EQ';
  lot_size: number;
  tick_size: number;
  freeze_quantity: number;
  index: boolean;
  /**
   * An option's or a future's facts as the instrument file lists them (null for an index or an equity); a future's
   * strike is 0. `equity`: the underlying is a stock (the file's asset_type EQUITY), not an index.
   */
  option: { underlying: string; expiry: string; strike: number; kind: 'CE' | 'PE' | 'FUT'; equity?: boolean } | null;
};

export type Quote = {
  last: number;
  close: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  oi: number;
  iv: number;
  greeks: { delta: number; theta: number; gamma: number; vega: number; rho: number };
  /** Epoch ms of the last trade. */
  tradedAt: number;
};

/**
 * Each index as Upstox keys it, the level it opens at and its smile: the simulator's start (migration 005's
 * market_simulation), so an Upstox chain reads like the desk's own. `chain`: its listed expiry and strikes
 * (NIFTY's are the three contracts tests name by key, below).
 */
const indices = [
  { underlying: 'NIFTY', key: 'NSE_INDEX|Nifty 50', level: 26_000, smile: { atmVolatility: 0.115, skew: -0.6, curvature: 2.5 }, chain: null },
  { underlying: 'BANKNIFTY', key: 'NSE_INDEX|Nifty Bank', level: 59_200, smile: { atmVolatility: 0.135, skew: -0.55, curvature: 2.2 }, chain: { expiry: '2026-01-27', code: '26JAN', lot: 30, freeze: 900, step: 100, token: 44_000 } },
  { underlying: 'FINNIFTY', key: 'NSE_INDEX|Nifty Fin Service', level: 27_600, smile: { atmVolatility: 0.125, skew: -0.55, curvature: 2.2 }, chain: { expiry: '2026-01-27', code: '26JAN', lot: 60, freeze: 1800, step: 50, token: 44_100 } },
  { underlying: 'MIDCPNIFTY', key: 'NSE_INDEX|NIFTY MID SELECT', level: 13_550, smile: { atmVolatility: 0.155, skew: -0.5, curvature: 2 }, chain: { expiry: '2026-01-27', code: '26JAN', lot: 120, freeze: 2800, step: 25, token: 44_200 } },
  // SENSEX's options are weekly, on Thursdays; Kite's naming gives a weekly contract its day (26 1 22).
  { underlying: 'SENSEX', key: 'BSE_INDEX|SENSEX', level: 85_300, smile: { atmVolatility: 0.115, skew: -0.6, curvature: 2.5 }, chain: { expiry: '2026-01-22', code: '26122', lot: 20, freeze: 1000, step: 100, token: 844_000 } },
] as const;

type Listing = (typeof indices)[number];

const listingOf = (underlying: string): Listing | undefined => indices.find((listing) => listing.underlying === underlying);

function indexInstrument(listing: Listing): ServerInstrument {
  const bse = listing.key.startsWith('BSE');
  return { instrument_key: listing.key, trading_symbol: listing.underlying, exchange: bse ? 'BSE' : 'NSE', segment: bse ? 'BSE_INDEX' : 'NSE_INDEX', lot_size: 0, tick_size: 0.05, freeze_quantity: 0, index: true, option: null };
}

/**
 * NIFTY's lot on a contract's expiry day, dated as the desk's index_config (migration 002) dates it: 65 from
 * 30 December 2025 (NSE's revision), 75 before. Upstox's file lists the lot each contract trades in, so a
 * January 2026 contract is 65 here, as on the desk and at NSE; an expired one before the revision was 75.
 */
export const niftyLotOn = (expiry: string): number => (expiry >= '2025-12-30' ? 65 : 75);

/** NIFTY's January 2026 monthly contracts expire on Tuesday 27 January. */
const niftyExpiry = '2026-01-27';

const niftyOption = (token: number, symbol: string, strike: number, kind: 'CE' | 'PE'): ServerInstrument => ({
  instrument_key: `NSE_FO|${token}`,
  trading_symbol: symbol,
  exchange: 'NFO',
  segment: 'NSE_FO',
  lot_size: niftyLotOn(niftyExpiry),
  tick_size: 0.05,
  freeze_quantity: 1800,
  index: false,
  option: { underlying: 'NIFTY', expiry: niftyExpiry, strike, kind },
});

/** A call and a put at the money and a strike either side, numbered from the chain's token. */
function chainOf(listing: Listing): ServerInstrument[] {
  const { chain } = listing;
  if (chain === null) return [];
  const bse = listing.key.startsWith('BSE');
  return [-1, 0, 1].flatMap((away, row) => {
    const strike = listing.level + away * chain.step;
    return (['CE', 'PE'] as const).map((kind, side): ServerInstrument => ({
      instrument_key: `${bse ? 'BSE_FO' : 'NSE_FO'}|${chain.token + row * 2 + side}`,
      trading_symbol: `${listing.underlying}${chain.code}${strike}${kind}`,
      exchange: bse ? 'BFO' : 'NFO',
      segment: bse ? 'BSE_FO' : 'NSE_FO',
      lot_size: chain.lot,
      tick_size: 0.05,
      freeze_quantity: chain.freeze,
      index: false,
      option: { underlying: listing.underlying, expiry: chain.expiry, strike, kind },
    }));
  });
}

export function defaultInstruments(): ServerInstrument[] {
  return [
    ...indices.map(indexInstrument),
    niftyOption(43919, 'NIFTY26JAN26000CE', 26000, 'CE'),
    niftyOption(43920, 'NIFTY26JAN26000PE', 26000, 'PE'),
    niftyOption(43921, 'NIFTY26JAN25900PE', 25900, 'PE'),
    ...indices.flatMap(chainOf),
  ];
}

/** A stock's NSE_EQ entry as Upstox's file lists it, keyed by its ISIN. */
export function equityInstrument(stock: { symbol: string; isin: string }): ServerInstrument {
  return { instrument_key: `NSE_EQ|${stock.isin}`, trading_symbol: stock.symbol, exchange: 'NSE', segment: 'NSE_EQ', lot_size: 1, tick_size: 0.05, freeze_quantity: 0, index: false, option: null };
}

/**
 * A stock's entries as Upstox's file lists them (issue 63): its NSE_EQ entry keyed by its ISIN, and in NSE_FO the
 * month's future and a call and a put at `strike`, numbered from `token`, with the stock as underlying (EQUITY).
 */
export function stockInstruments(stock: { symbol: string; isin: string; expiry: string; code: string; strike: number; lot: number; token: number }): ServerInstrument[] {
  const equity = equityInstrument(stock);
  const derivative = (kind: 'FUT' | 'CE' | 'PE', at: number): ServerInstrument => ({
    instrument_key: `NSE_FO|${stock.token + at}`,
    trading_symbol: kind === 'FUT' ? `${stock.symbol}${stock.code}FUT` : `${stock.symbol}${stock.code}${stock.strike}${kind}`,
    exchange: 'NFO',
    segment: 'NSE_FO',
    lot_size: stock.lot,
    tick_size: kind === 'FUT' ? 0.1 : 0.05,
    freeze_quantity: 0,
    index: false,
    option: { underlying: stock.symbol, expiry: stock.expiry, strike: kind === 'FUT' ? 0 : stock.strike, kind, equity: true },
  });
  return [equity, derivative('FUT', 0), derivative('CE', 1), derivative('PE', 2)];
}

export function quoteKey(instrument: ServerInstrument): string {
  return instrument.index ? instrument.instrument_key.replace('|', ':') : `${instrument.segment}:${instrument.trading_symbol}`;
}

const noGreeks = { delta: 0, theta: 0, gamma: 0, vega: 0, rho: 0 };

/**
 * An option's IV (the smile's at its strike) and Black-76's premium and greeks at it, at the index's `spot`
 * and the instant `nowMs`; null for a contract of an index the server does not know. Rho is Black-76's, per
 * point of rate (−T·V/100): Upstox sends it, the desk reads none.
 */
function optionFigures(option: NonNullable<ServerInstrument['option']>, spot: number, nowMs: number) {
  const listing = listingOf(option.underlying);
  const { kind } = option;
  if (listing === undefined || kind === 'FUT') return null;
  const { rate } = marketAssumptions;
  // The test server stands for Upstox today: NSE's F&O closes at 15:40 IST since 3 August 2026.
  const years = yearsToExpiry(nowMs, expiryInstantMs(option.expiry, '15:40'));
  const forward = forwardFromSpot(spot, rate, years);
  const iv = smileVolatility({ ...listing.smile, volatility: listing.smile.atmVolatility, rate }, forward, option.strike, years);
  const inputs = { kind, forward, strike: option.strike, years, rate, volatility: iv };
  const premium = black76Price(inputs);
  return { premium, iv, greeks: { ...black76Greeks(inputs), rho: (-years * premium) / 100 } };
}

const onTick = (price: number, tick: number) => Math.max(tick, Math.round(price / tick) * tick);
const round2 = (value: number) => Math.round(value * 100) / 100;

export function createMarket(instruments: ServerInstrument[], clock: () => Date) {
  const byKey = new Map<string, ServerInstrument>();
  const quotes = new Map<string, Quote>();
  const listeners = new Set<(key: string, quote: Quote) => void>();

  /** The index's last level, or where it opens when the server does not list it. */
  function spotOf(underlying: string): number {
    const listing = listingOf(underlying);
    return (listing === undefined ? undefined : quotes.get(listing.key)?.last) ?? listing?.level ?? 26_000;
  }

  /** `priced`: the server's own contract opens at its premium; a test's own at 100, until the test sets its price. */
  function opening(instrument: ServerInstrument, priced: boolean): Quote {
    const now = clock().getTime();
    const flat = (last: number): Quote => ({ last, close: last, open: last, high: last, low: last, volume: 0, oi: 0, iv: 0, greeks: noGreeks, tradedAt: now });
    if (instrument.option === null) return flat(listingOf(instrument.trading_symbol)?.level ?? 26_000);
    const figures = optionFigures(instrument.option, spotOf(instrument.option.underlying), now);
    if (figures === null) return flat(100);
    return { ...flat(priced ? round2(onTick(figures.premium, instrument.tick_size)) : 100), iv: figures.iv, greeks: figures.greeks };
  }

  function list(more: readonly ServerInstrument[], priced: boolean): void {
    // The indices first: an option's figures are at its index's level.
    for (const instrument of [...more].sort((a, b) => Number(b.index) - Number(a.index))) {
      byKey.set(instrument.instrument_key, instrument);
      if (!quotes.has(instrument.instrument_key)) quotes.set(instrument.instrument_key, opening(instrument, priced));
    }
  }
  list(instruments, true);

  return {
    /**
     * Lists a test's own contracts: each at 100 until the test sets its price (browser tests read that price),
     * with its strike's IV and greeks when its index is one of the server's. The instrument file serves them at once.
     */
    list: (more: readonly ServerInstrument[]) => list(more, false),
    instrument: (key: string) => byKey.get(key),
    instruments: () => [...byKey.values()],
    quote(key: string): Quote | undefined {
      return quotes.get(key);
    },
    /** Moves a price (and whatever else the test sets): the feed sends it and resting orders fill. */
    setQuote(key: string, change: Partial<Quote> & { last: number }): void {
      const before = quotes.get(key);
      if (!before) throw new Error(`Unknown instrument ${key}`);
      const option = byKey.get(key)?.option ?? null;
      const figures = option === null ? null : optionFigures(option, spotOf(option.underlying), clock().getTime());
      const fresh = figures === null ? {} : { iv: figures.iv, greeks: figures.greeks };
      const quote = { ...before, ...fresh, ...change, high: Math.max(before.high, change.last), low: Math.min(before.low, change.last), tradedAt: clock().getTime() };
      quotes.set(key, quote);
      for (const listener of listeners) listener(key, quote);
    },
    onChange(listener: (key: string, quote: Quote) => void): void {
      listeners.add(listener);
    },
  };
}

export type Market = ReturnType<typeof createMarket>;

/**
 * The instrument file's entries for these contracts, as Upstox publishes them (gzipped JSON; an option's expiry
 * in epoch ms at the day's end in IST, strike as a number; an index's entry names it and its key).
 * https://upstox.com/developer/api-documentation/instruments
 */
export function instrumentFile(instruments: readonly ServerInstrument[]): unknown[] {
  return instruments.map((instrument) => {
    const exchange = instrument.segment.startsWith('BSE') ? 'BSE' : 'NSE';
    const exchangeToken = instrument.instrument_key.split('|')[1];
    if (instrument.segment === 'NSE_EQ') {
      return {
        segment: 'NSE_EQ', name: instrument.trading_symbol, exchange, isin: exchangeToken, instrument_type: 'EQ', instrument_key: instrument.instrument_key, lot_size: 1,
        freeze_quantity: instrument.freeze_quantity, exchange_token: exchangeToken, tick_size: instrument.tick_size * 100, trading_symbol: instrument.trading_symbol, short_name: instrument.trading_symbol, security_type: 'NORMAL',
      };
    }
    if (instrument.option === null) {
      return { segment: instrument.segment, name: exchangeToken, exchange, instrument_type: 'INDEX', instrument_key: instrument.instrument_key, trading_symbol: instrument.trading_symbol };
    }
    const { underlying, expiry, strike, kind } = instrument.option;
    const assetType = instrument.option.equity === true ? 'EQUITY' : 'INDEX';
    // Upstox names a future "RELIANCE FUT 24 NOV 26" and an option "NIFTY 26000 CE".
    const day = new Date(`${expiry}T00:00:00Z`);
    const named = kind === 'FUT'
      ? `${underlying} FUT ${String(day.getUTCDate()).padStart(2, '0')} ${day.toLocaleString('en', { month: 'short', timeZone: 'UTC' }).toUpperCase()} ${String(day.getUTCFullYear()).slice(2)}`
      : `${underlying} ${strike} ${kind}`;
    return {
      segment: instrument.segment, name: underlying, exchange, expiry: Date.parse(`${expiry}T23:59:59+05:30`), instrument_type: kind,
      asset_symbol: underlying, underlying_symbol: underlying, instrument_key: instrument.instrument_key, lot_size: instrument.lot_size,
      freeze_quantity: instrument.freeze_quantity, exchange_token: exchangeToken, minimum_lot: instrument.lot_size,
      tick_size: instrument.tick_size * 100, asset_type: assetType, underlying_type: assetType, trading_symbol: named, strike_price: strike, weekly: false,
    };
  });
}
