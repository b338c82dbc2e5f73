// Who is logged in, their funds and margins (/user/margins), and their positions (/portfolio/positions).
import type { KiteHttp } from './kite-http.ts';
import { type JsonObject, arrayAt, bool, num, numberRecord, numbers, objectAt, optStr, str, strList } from './kite-json.ts';

export type KiteProfile = {
  user_id: string;
  user_name: string;
  user_shortname: string;
  user_type: string;
  email: string;
  broker: string;
  exchanges: string[];
  products: string[];
  order_types: string[];
};

/** One segment's funds, in rupees: `net` is what is free to trade; `available` and `utilised` break it down. */
export type KiteSegmentMargins = {
  enabled: boolean;
  net: number;
  available: Record<string, number>;
  utilised: Record<string, number>;
};

export type KiteMargins = { equity: KiteSegmentMargins | null; commodity: KiteSegmentMargins | null };

const positionNumbers = [
  'quantity', 'overnight_quantity', 'multiplier', 'average_price', 'close_price', 'last_price', 'value', 'pnl', 'm2m',
  'unrealised', 'realised', 'buy_quantity', 'buy_price', 'buy_value', 'buy_m2m', 'sell_quantity', 'sell_price',
  'sell_value', 'sell_m2m', 'day_buy_quantity', 'day_buy_price', 'day_buy_value', 'day_sell_quantity',
  'day_sell_price', 'day_sell_value',
] as const;

export type KitePosition = { tradingsymbol: string; exchange: string; instrument_token: number; product: string } & Record<
  (typeof positionNumbers)[number],
  number
>;

/** `net`: the whole position, carried over included; `day`: only today's trades. */
export type KitePositions = { net: KitePosition[]; day: KitePosition[] };

export async function getProfile(http: KiteHttp): Promise<KiteProfile> {
  const o = objectAt(await http.request({ method: 'GET', path: '/user/profile' }), 'profile');
  return {
    user_id: str(o, 'user_id'),
    user_name: optStr(o, 'user_name') ?? '',
    user_shortname: optStr(o, 'user_shortname') ?? '',
    user_type: optStr(o, 'user_type') ?? '',
    email: optStr(o, 'email') ?? '',
    broker: optStr(o, 'broker') ?? '',
    exchanges: strList(o, 'exchanges'),
    products: strList(o, 'products'),
    order_types: strList(o, 'order_types'),
  };
}

export async function getMargins(http: KiteHttp): Promise<KiteMargins> {
  const o = objectAt(await http.request({ method: 'GET', path: '/user/margins' }), 'margins');
  return { equity: readSegment(o, 'equity'), commodity: readSegment(o, 'commodity') };
}

function readSegment(o: JsonObject, key: string): KiteSegmentMargins | null {
  if (o[key] === undefined || o[key] === null) return null;
  const segment = objectAt(o[key], key);
  return {
    enabled: bool(segment, 'enabled', true),
    net: num(segment, 'net'),
    available: numberRecord(segment.available, `${key}.available`),
    utilised: numberRecord(segment.utilised, `${key}.utilised`),
  };
}

/**
 * A stock in the demat account (GET /portfolio/holdings, Kite Connect's "Portfolio" docs): `quantity` settled,
 * `t1_quantity` bought and not yet delivered (T+1), `used_quantity` sold today; prices in rupees.
 */
export type KiteHolding = {
  tradingsymbol: string;
  exchange: string;
  instrument_token: number;
  isin: string;
  product: string;
  quantity: number;
  t1_quantity: number;
  used_quantity: number;
  average_price: number;
  last_price: number;
  close_price: number;
};

export async function getHoldings(http: KiteHttp): Promise<KiteHolding[]> {
  return arrayAt(await http.request({ method: 'GET', path: '/portfolio/holdings' }), 'holdings').map((value) => {
    const o = objectAt(value, 'holding');
    return {
      tradingsymbol: str(o, 'tradingsymbol'),
      exchange: str(o, 'exchange'),
      instrument_token: num(o, 'instrument_token'),
      isin: optStr(o, 'isin') ?? '',
      product: optStr(o, 'product') ?? 'CNC',
      quantity: num(o, 'quantity'),
      t1_quantity: o.t1_quantity === undefined ? 0 : num(o, 't1_quantity'),
      used_quantity: o.used_quantity === undefined ? 0 : num(o, 'used_quantity'),
      average_price: num(o, 'average_price'),
      last_price: num(o, 'last_price'),
      close_price: o.close_price === undefined ? 0 : num(o, 'close_price'),
    };
  });
}

export async function getPositions(http: KiteHttp): Promise<KitePositions> {
  const o = objectAt(await http.request({ method: 'GET', path: '/portfolio/positions' }), 'positions');
  return { net: arrayAt(o.net, 'net').map(readPosition), day: arrayAt(o.day, 'day').map(readPosition) };
}

export function readPosition(value: unknown): KitePosition {
  const o = objectAt(value, 'position');
  return {
    tradingsymbol: str(o, 'tradingsymbol'),
    exchange: str(o, 'exchange'),
    instrument_token: num(o, 'instrument_token'),
    product: str(o, 'product'),
    ...numbers(o, positionNumbers),
  };
}
