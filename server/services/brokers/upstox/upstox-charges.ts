// Upstox's calculators: the margin a basket of instruments needs (POST /v2/charges/margin: at most 20
// instruments; `required_margin` is each alone summed, `final_margin` after the benefit of their hedges) and
// one order's brokerage and charges (GET /v2/charges/brokerage). Amounts are rupees.
// https://upstox.com/developer/api-documentation/margin, .../brokerage
import type { UpstoxHttp } from './upstox-http.ts';
import { listAt, objectAt, read } from './upstox-json.ts';
import type { UpstoxProduct } from './upstox-orders.ts';

export type UpstoxMarginInstrument = {
  instrument_key: string;
  quantity: number;
  transaction_type: 'BUY' | 'SELL';
  product: UpstoxProduct;
  price?: number;
};

/** Upstox allows at most 20 instruments in one margin request. */
export const maxMarginInstruments = 20;

const marginShape = {
  span_margin: 'number',
  exposure_margin: 'number',
  equity_margin: 'number?',
  net_buy_premium: 'number',
  additional_margin: 'number?',
  total_margin: 'number',
  tender_margin: 'number?',
} as const;

export type UpstoxMargin = ReturnType<typeof readMargin>;

function readMargin(value: unknown) {
  return read(value, marginShape, 'a margin');
}

export type UpstoxMargins = { margins: UpstoxMargin[]; required_margin: number; final_margin: number };

export async function getMargins(http: UpstoxHttp, instruments: readonly UpstoxMarginInstrument[]): Promise<UpstoxMargins> {
  const data = objectAt(await http.data({ method: 'POST', path: '/v2/charges/margin', json: { instruments } }), 'the margins');
  const totals = read(data, { required_margin: 'number', final_margin: 'number' }, 'the margins');
  return { margins: listAt(data.margins, 'the margins').map(readMargin), ...totals };
}

const chargesShape = { total: 'number', brokerage: 'number' } as const;
const taxesShape = { gst: 'number', stt: 'number', stamp_duty: 'number' } as const;
const otherTaxesShape = { transaction: 'number', clearing: 'number', sebi_turnover: 'number' } as const;

export type UpstoxBrokerage = ReturnType<typeof readBrokerage>;

function readBrokerage(value: unknown) {
  const charges = objectAt(value, 'the charges');
  return {
    ...read(charges, chargesShape, 'the charges'),
    taxes: read(charges.taxes, taxesShape, 'the taxes'),
    other_taxes: read(charges.other_taxes, otherTaxesShape, 'the other taxes'),
  };
}

export type UpstoxBrokerageQuery = { instrument_token: string; quantity: number; product: UpstoxProduct; transaction_type: 'BUY' | 'SELL'; price: number };

/** What one order at `price` would cost: Upstox's brokerage, taxes (GST, STT, stamp duty) and other taxes. */
export async function getBrokerage(http: UpstoxHttp, query: UpstoxBrokerageQuery): Promise<UpstoxBrokerage> {
  const data = objectAt(await http.data({ method: 'GET', path: '/v2/charges/brokerage', query }), 'the brokerage');
  return readBrokerage(data.charges);
}
