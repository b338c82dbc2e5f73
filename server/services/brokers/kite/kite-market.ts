// Market data over REST: the instruments dump and quotes. Instruments are named "EXCHANGE:TRADINGSYMBOL"
// (instrumentKey); Kite answers at most 500 per /quote call and 1,000 per /quote/ltp call.
import type { KiteHttp } from './kite-http.ts';
import { parseInstrumentsCsv, type KiteInstrument } from './instruments.ts';
import { type JsonObject, arrayAt, num, numbers, objectAt, optStr } from './kite-json.ts';

export type KiteDepthLevel = { price: number; quantity: number; orders: number };

export type KiteQuote = {
  instrument_token: number;
  /** IST "YYYY-MM-DD HH:MM:SS". */
  timestamp: string | null;
  last_trade_time: string | null;
  last_price: number;
  last_quantity: number;
  buy_quantity: number;
  sell_quantity: number;
  volume: number;
  average_price: number;
  oi: number;
  oi_day_high: number;
  oi_day_low: number;
  net_change: number;
  lower_circuit_limit: number;
  upper_circuit_limit: number;
  ohlc: { open: number; high: number; low: number; close: number };
  depth: { buy: KiteDepthLevel[]; sell: KiteDepthLevel[] };
};

export type KiteLtp = { instrument_token: number; last_price: number };

export const maxQuoteInstruments = 500;
export const maxLtpInstruments = 1000;

/** The whole dump, or one exchange's (GET /instruments/NFO is much smaller than the full list). */
export async function getInstruments(http: KiteHttp, exchange?: string): Promise<KiteInstrument[]> {
  const path = exchange ? `/instruments/${encodeURIComponent(exchange)}` : '/instruments';
  return parseInstrumentsCsv(await http.requestText({ method: 'GET', path }));
}

export async function getQuote(http: KiteHttp, keys: readonly string[]): Promise<Record<string, KiteQuote>> {
  if (keys.length > maxQuoteInstruments) throw new RangeError(`At most ${maxQuoteInstruments} instruments a /quote call`);
  const data = objectAt(await http.request({ method: 'GET', path: '/quote', query: { i: keys } }), 'quotes');
  return Object.fromEntries(Object.keys(data).map((key) => [key, readQuote(data[key])]));
}

export async function getLtp(http: KiteHttp, keys: readonly string[]): Promise<Record<string, KiteLtp>> {
  if (keys.length > maxLtpInstruments) throw new RangeError(`At most ${maxLtpInstruments} instruments a /quote/ltp call`);
  const data = objectAt(await http.request({ method: 'GET', path: '/quote/ltp', query: { i: keys } }), 'ltp');
  return Object.fromEntries(
    Object.keys(data).map((key) => {
      const o = objectAt(data[key], key);
      return [key, { instrument_token: num(o, 'instrument_token'), last_price: num(o, 'last_price') }];
    }),
  );
}

function readQuote(value: unknown): KiteQuote {
  const o = objectAt(value, 'quote');
  const depth: JsonObject = objectAt(o.depth ?? { buy: [], sell: [] }, 'depth');
  return {
    instrument_token: num(o, 'instrument_token'),
    timestamp: optStr(o, 'timestamp'),
    last_trade_time: optStr(o, 'last_trade_time'),
    ...numbers(o, [
      'last_price', 'last_quantity', 'buy_quantity', 'sell_quantity', 'volume', 'average_price', 'oi', 'oi_day_high',
      'oi_day_low', 'net_change', 'lower_circuit_limit', 'upper_circuit_limit',
    ]),
    ohlc: numbers(objectAt(o.ohlc, 'ohlc'), ['open', 'high', 'low', 'close']),
    depth: { buy: readDepth(depth.buy), sell: readDepth(depth.sell) },
  };
}

function readDepth(value: unknown): KiteDepthLevel[] {
  return arrayAt(value ?? [], 'depth').map((level) => numbers(objectAt(level, 'depth level'), ['price', 'quantity', 'orders']));
}
