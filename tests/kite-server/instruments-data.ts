// The test server's instruments: three indices and a small NIFTY, BANKNIFTY and SENSEX option chain with
// futures, in Kite's CSV columns (and a stock's equity, future and options for a test to list: stockInstruments), plus the exchange's freeze quantities that autoslicing splits by.
// Tokens follow Kite's rule that the low byte is the segment (9 for indices, 2 for NFO, 5 for BFO).
import type { KiteInstrument } from '../../server/services/brokers/kite/instruments.ts';

export type ServerInstrument = KiteInstrument & {
  /** The largest quantity one order may carry on the exchange (0: no limit). */
  freeze_quantity: number;
};

type Chain = { name: string; exchange: 'NFO' | 'BFO'; expiry: string; code: string; lot: number; freeze: number; strikes: number[]; baseToken: number };

const chains: Chain[] = [
  { name: 'NIFTY', exchange: 'NFO', expiry: '2026-01-27', code: '26JAN', lot: 75, freeze: 1800, strikes: [25800, 25900, 26000, 26100, 26200], baseToken: 100_000 },
  { name: 'BANKNIFTY', exchange: 'NFO', expiry: '2026-01-27', code: '26JAN', lot: 35, freeze: 600, strikes: [59000, 59500, 60000], baseToken: 200_000 },
  { name: 'SENSEX', exchange: 'BFO', expiry: '2026-01-22', code: '26JAN', lot: 20, freeze: 1000, strikes: [84000, 84500], baseToken: 300_000 },
];

const segmentOf = { NFO: 2, BFO: 5 } as const;

function token(base: number, index: number, segment: number): number {
  return (base + index) * 256 + segment;
}

function chainInstruments(chain: Chain): ServerInstrument[] {
  const segment = segmentOf[chain.exchange];
  const common = { name: chain.name, expiry: chain.expiry, tick_size: 0.05, lot_size: chain.lot, exchange: chain.exchange, freeze_quantity: chain.freeze };
  const future: ServerInstrument = {
    ...common,
    instrument_token: token(chain.baseToken, 0, segment),
    exchange_token: chain.baseToken,
    tradingsymbol: `${chain.name}${chain.code}FUT`,
    last_price: chain.strikes[Math.floor(chain.strikes.length / 2)] ?? 0,
    strike: 0,
    instrument_type: 'FUT',
    segment: `${chain.exchange}-FUT`,
  };
  const options = chain.strikes.flatMap((strike, index) =>
    (['CE', 'PE'] as const).map((type, side): ServerInstrument => ({
      ...common,
      instrument_token: token(chain.baseToken, 1 + index * 2 + side, segment),
      exchange_token: chain.baseToken + 1 + index * 2 + side,
      tradingsymbol: `${chain.name}${chain.code}${strike}${type}`,
      last_price: 100,
      strike,
      instrument_type: type,
      segment: `${chain.exchange}-OPT`,
    })),
  );
  return [future, ...options];
}

export function indexInstrument(tokenValue: number, tradingsymbol: string, exchange: string, lastPrice: number): ServerInstrument {
  return {
    instrument_token: tokenValue,
    exchange_token: tokenValue >> 8,
    tradingsymbol,
    name: tradingsymbol,
    last_price: lastPrice,
    expiry: null,
    strike: 0,
    tick_size: 0,
    lot_size: 0,
    instrument_type: 'EQ',
    segment: 'INDICES',
    exchange,
    freeze_quantity: 0,
  };
}

/** A stock's NSE equity row as Kite's dump lists it (segment NSE, type EQ; token's low byte 1). */
export function equityInstrument(stock: { symbol: string; equityToken: number; spot: number }): ServerInstrument {
  return {
    instrument_token: stock.equityToken * 256 + 1,
    exchange_token: stock.equityToken,
    tradingsymbol: stock.symbol,
    name: stock.symbol,
    last_price: stock.spot,
    expiry: null,
    strike: 0,
    tick_size: 0.05,
    lot_size: 1,
    instrument_type: 'EQ',
    segment: 'NSE',
    exchange: 'NSE',
    freeze_quantity: 0,
  };
}

/**
 * A stock's rows as Kite's dump lists them (issue 63): its NSE equity (segment NSE, type EQ) and, in NFO, the month's
 * future (NFO-FUT) and a call and a put at `strike` (NFO-OPT), each named by the stock's symbol as Kite names
 * them (RELIANCE26NOVFUT, RELIANCE26NOV1300CE). Tokens follow Kite's low byte: 1 for NSE, 2 for NFO.
 */
export function stockInstruments(stock: { symbol: string; equityToken: number; spot: number; expiry: string; code: string; strike: number; lot: number; baseToken: number }): ServerInstrument[] {
  const equity = equityInstrument(stock);
  const derivative = (type: 'FUT' | 'CE' | 'PE', at: number): ServerInstrument => ({
    instrument_token: token(stock.baseToken, at, segmentOf.NFO),
    exchange_token: stock.baseToken + at,
    tradingsymbol: type === 'FUT' ? `${stock.symbol}${stock.code}FUT` : `${stock.symbol}${stock.code}${stock.strike}${type}`,
    name: stock.symbol,
    last_price: type === 'FUT' ? stock.spot : 50,
    expiry: stock.expiry,
    strike: type === 'FUT' ? 0 : stock.strike,
    tick_size: type === 'FUT' ? 0.1 : 0.05,
    lot_size: stock.lot,
    instrument_type: type,
    segment: type === 'FUT' ? 'NFO-FUT' : 'NFO-OPT',
    exchange: 'NFO',
    // NSE's freeze quantities are for index contracts; a stock's order is not sliced.
    freeze_quantity: 0,
  });
  return [equity, derivative('FUT', 0), derivative('CE', 1), derivative('PE', 2)];
}

export function defaultInstruments(): ServerInstrument[] {
  return [
    indexInstrument(256265, 'NIFTY 50', 'NSE', 26000),
    indexInstrument(260105, 'NIFTY BANK', 'NSE', 59500),
    indexInstrument(265, 'SENSEX', 'BSE', 84200),
    ...chains.flatMap(chainInstruments),
  ];
}

export function instrumentsCsv(instruments: readonly ServerInstrument[]): string {
  const columns = [
    'instrument_token', 'exchange_token', 'tradingsymbol', 'name', 'last_price', 'expiry', 'strike', 'tick_size',
    'lot_size', 'instrument_type', 'segment', 'exchange',
  ] as const;
  const quote = (value: string) => (/[",]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const rows = instruments.map((row) => columns.map((column) => quote(String(row[column] ?? ''))).join(','));
  return `${columns.join(',')}\n${rows.join('\n')}\n`;
}
