// The test server's contracts and their prices. Instrument keys, symbols and the quote key
// (`NSE_FO:NIFTY26JAN26000CE`) are shaped as Upstox's instrument file and quote APIs have them
// (https://upstox.com/developer/api-documentation/instruments); lot 75, tick 0.05 and NIFTY's freeze quantity
// 1800 are stand-ins a test may change. A quote carries what the market feed sends: last price, previous close,
// the day's OHLC, volume, open interest, implied volatility (a fraction, as Upstox sends it) and greeks.

export type ServerInstrument = {
  instrument_key: string;
  trading_symbol: string;
  exchange: 'NSE' | 'NFO';
  segment: 'NSE_FO' | 'NSE_INDEX';
  lot_size: number;
  tick_size: number;
  freeze_quantity: number;
  index: boolean;
  /** An option's facts as the instrument file lists them (null for the index). */
  option: { underlying: string; expiry: string; strike: number; kind: 'CE' | 'PE' } | null;
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

const option = (token: number, symbol: string, strike: number, kind: 'CE' | 'PE'): ServerInstrument => ({
  instrument_key: `NSE_FO|${token}`,
  trading_symbol: symbol,
  exchange: 'NFO',
  segment: 'NSE_FO',
  lot_size: 75,
  tick_size: 0.05,
  freeze_quantity: 1800,
  index: false,
  // NIFTY's January 2026 monthly contracts expire on Tuesday 27 January.
  option: { underlying: 'NIFTY', expiry: '2026-01-27', strike, kind },
});

export function defaultInstruments(): ServerInstrument[] {
  return [
    { instrument_key: 'NSE_INDEX|Nifty 50', trading_symbol: 'NIFTY', exchange: 'NSE', segment: 'NSE_INDEX', lot_size: 0, tick_size: 0.05, freeze_quantity: 0, index: true, option: null },
    option(43919, 'NIFTY26JAN26000CE', 26000, 'CE'),
    option(43920, 'NIFTY26JAN26000PE', 26000, 'PE'),
    option(43921, 'NIFTY26JAN25900PE', 25900, 'PE'),
  ];
}

export function quoteKey(instrument: ServerInstrument): string {
  return instrument.index ? instrument.instrument_key.replace('|', ':') : `${instrument.segment}:${instrument.trading_symbol}`;
}

export function createMarket(instruments: ServerInstrument[], clock: () => Date) {
  const byKey = new Map(instruments.map((instrument) => [instrument.instrument_key, instrument]));
  const quotes = new Map<string, Quote>();
  const listeners = new Set<(key: string, quote: Quote) => void>();
  const start = (last: number): Quote => ({
    last, close: last, open: last, high: last, low: last, volume: 0, oi: 0, iv: 0, greeks: { delta: 0, theta: 0, gamma: 0, vega: 0, rho: 0 }, tradedAt: clock().getTime(),
  });
  for (const instrument of instruments) quotes.set(instrument.instrument_key, start(instrument.index ? 26_000 : 100));

  return {
    /** Lists more contracts (each at 100 until a price is set); the instrument file serves them at once. */
    list(more: readonly ServerInstrument[]): void {
      for (const instrument of more) {
        byKey.set(instrument.instrument_key, instrument);
        if (!quotes.has(instrument.instrument_key)) quotes.set(instrument.instrument_key, start(100));
      }
    },
    instrument: (key: string) => byKey.get(key),
    instruments: () => [...byKey.values()],
    quote(key: string): Quote | undefined {
      return quotes.get(key);
    },
    /** Moves a price (and whatever else the test sets): the feed sends it and resting orders fill. */
    setQuote(key: string, change: Partial<Quote> & { last: number }): void {
      const before = quotes.get(key);
      if (!before) throw new Error(`Unknown instrument ${key}`);
      const quote = { ...before, ...change, high: Math.max(before.high, change.last), low: Math.min(before.low, change.last), tradedAt: clock().getTime() };
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
 * The instrument file's entries for these contracts, as Upstox publishes them (gzipped JSON; expiry in epoch
 * ms at the day's end in IST, strike as a number). https://upstox.com/developer/api-documentation/instruments
 */
export function instrumentFile(instruments: readonly ServerInstrument[]): unknown[] {
  return instruments.flatMap((instrument) => {
    if (instrument.option === null) return [];
    const { underlying, expiry, strike, kind } = instrument.option;
    return [{
      segment: instrument.segment, name: underlying, exchange: 'NSE', expiry: Date.parse(`${expiry}T23:59:59+05:30`), instrument_type: kind,
      asset_symbol: underlying, underlying_symbol: underlying, instrument_key: instrument.instrument_key, lot_size: instrument.lot_size,
      freeze_quantity: instrument.freeze_quantity, exchange_token: instrument.instrument_key.split('|')[1], minimum_lot: instrument.lot_size,
      tick_size: instrument.tick_size * 100, asset_type: 'INDEX', underlying_type: 'INDEX', trading_symbol: `${underlying} ${strike} ${kind}`, strike_price: strike, weekly: false,
    }];
  });
}
