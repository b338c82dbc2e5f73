// Kite's calculators: the margin one order needs (/margins/orders), what a basket needs together with the
// account's positions (/margins/basket, where hedges reduce the total), and what executed orders cost
// (/charges/orders, the virtual contract note). Bodies are JSON lists, not forms. Amounts are rupees.
import type { KiteHttp } from './kite-http.ts';
import { type JsonObject, arrayAt, num, numbers, objectAt, optStr, str } from './kite-json.ts';
import { type KiteOrderType, type KiteTransactionType, type KiteVariety, readTransactionType } from './kite-order-types.ts';

export type KiteMarginOrder = {
  exchange: string;
  tradingsymbol: string;
  transaction_type: KiteTransactionType;
  variety: KiteVariety;
  product: string;
  order_type: KiteOrderType;
  quantity: number;
  price?: number;
  trigger_price?: number;
};

export type KiteChargeOrder = Omit<KiteMarginOrder, 'price' | 'trigger_price'> & { order_id: string; average_price: number };

export type KiteCharges = {
  transaction_tax: number;
  transaction_tax_type: string;
  exchange_turnover_charge: number;
  sebi_turnover_charge: number;
  brokerage: number;
  stamp_duty: number;
  gst: { igst: number; cgst: number; sgst: number; total: number };
  total: number;
};

const marginNumbers = ['span', 'exposure', 'option_premium', 'additional', 'bo', 'cash', 'var', 'leverage', 'total'] as const;

export type KiteOrderMargin = {
  type: string;
  tradingsymbol: string;
  exchange: string;
  pnl: { realised: number; unrealised: number };
  charges: KiteCharges;
} & Record<(typeof marginNumbers)[number], number>;

/** `initial`: the basket alone; `final`: after offsets with each other and open positions. */
export type KiteBasketMargins = { initial: KiteOrderMargin; final: KiteOrderMargin; orders: KiteOrderMargin[]; charges: KiteCharges };

export type KiteContractNoteLine = {
  transaction_type: KiteTransactionType;
  tradingsymbol: string;
  exchange: string;
  variety: string;
  product: string;
  order_type: string;
  quantity: number;
  price: number;
  charges: KiteCharges;
};

export async function orderMargins(http: KiteHttp, orders: readonly KiteMarginOrder[]): Promise<KiteOrderMargin[]> {
  const data = await http.request({ method: 'POST', path: '/margins/orders', json: orders });
  return arrayAt(data, 'order margins').map(readOrderMargin);
}

export async function basketMargins(http: KiteHttp, orders: readonly KiteMarginOrder[], considerPositions = true): Promise<KiteBasketMargins> {
  const data = await http.request({ method: 'POST', path: '/margins/basket', query: { consider_positions: considerPositions }, json: orders });
  const o = objectAt(data, 'basket margins');
  return {
    initial: readOrderMargin(o.initial),
    final: readOrderMargin(o.final),
    orders: arrayAt(o.orders, 'orders').map(readOrderMargin),
    charges: readCharges(o.charges),
  };
}

export async function orderCharges(http: KiteHttp, orders: readonly KiteChargeOrder[]): Promise<KiteContractNoteLine[]> {
  const data = await http.request({ method: 'POST', path: '/charges/orders', json: orders });
  return arrayAt(data, 'charges').map((value) => {
    const o = objectAt(value, 'charge line');
    return {
      transaction_type: readTransactionType(o),
      tradingsymbol: str(o, 'tradingsymbol'),
      exchange: str(o, 'exchange'),
      variety: str(o, 'variety'),
      product: str(o, 'product'),
      order_type: str(o, 'order_type'),
      quantity: num(o, 'quantity'),
      price: num(o, 'price'),
      charges: readCharges(o.charges),
    };
  });
}

function readOrderMargin(value: unknown): KiteOrderMargin {
  const o = objectAt(value, 'margin');
  const pnl: JsonObject = objectAt(o.pnl ?? {}, 'pnl');
  return {
    type: optStr(o, 'type') ?? '',
    tradingsymbol: optStr(o, 'tradingsymbol') ?? '',
    exchange: optStr(o, 'exchange') ?? '',
    pnl: numbers(pnl, ['realised', 'unrealised']),
    charges: readCharges(o.charges ?? {}),
    ...numbers(o, marginNumbers),
  };
}

function readCharges(value: unknown): KiteCharges {
  const o = objectAt(value, 'charges');
  return {
    ...numbers(o, ['transaction_tax', 'exchange_turnover_charge', 'sebi_turnover_charge', 'brokerage', 'stamp_duty', 'total']),
    transaction_tax_type: optStr(o, 'transaction_tax_type') ?? '',
    gst: numbers(objectAt(o.gst ?? {}, 'gst'), ['igst', 'cgst', 'sgst', 'total']),
  };
}
