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

const option = (token: number, symbol: string): ServerInstrument => ({
  instrument_key: `NSE_FO|${token}`,
  trading_symbol: symbol,
  exchange: 'NFO',
  segment: 'NSE_FO',
  lot_size: 75,
  tick_size: 0.05,
  freeze_quantity: 1800,
  index: false,
});

export function defaultInstruments(): ServerInstrument[] {
  return [
    { instrument_key: 'NSE_INDEX|Nifty 50', trading_symbol: 'NIFTY', exchange: 'NSE', segment: 'NSE_INDEX', lot_size: 0, tick_size: 0.05, freeze_quantity: 0, index: true },
    option(43919, 'NIFTY26JAN26000CE'),
    option(43920, 'NIFTY26JAN26000PE'),
    option(43921, 'NIFTY26JAN25900PE'),
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
