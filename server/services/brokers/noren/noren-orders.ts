// Noren's order and account calls, as NorenRestApiPy sends them (github.com/Shoonya-Dev/ShoonyaApi-py, README
// "place_order", "modify_order", "cancel_order", "get_order_book", "single_order_history", "get_trade_book",
// "get_positions", "get_limits", "get_order_margin"): each names the user (`uid`) and for account calls the
// account (`actid`); the caller's tag travels as `remarks`, which Noren keeps on the order it books and answers
// in its books. Numbers go and come back as text. The books answer a list, or Not_Ok "no data" when empty.
import type { NorenHttp } from './noren-http.ts';
import { isNoData, NorenError } from './noren-errors.ts';
import type { Read, Shape } from '../live/json-shapes.ts';
import { isObject, listAt, read } from './noren-json.ts';

export type NorenPlacement = {
  uid: string;
  actid: string;
  exch: string;
  tsym: string;
  qty: string;
  prc: string;
  trgprc?: string;
  dscqty: '0';
  /** M: NRML (carried), I: MIS (intraday), C: CNC. */
  prd: 'M' | 'I' | 'C';
  /** B: buy, S: sell. */
  trantype: 'B' | 'S';
  prctyp: NorenPriceType;
  ret: 'DAY';
  remarks: string;
  ordersource: 'API';
  /** An after-market order. */
  amo?: 'Yes';
};

export type NorenPriceType = 'LMT' | 'MKT' | 'SL-LMT' | 'SL-MKT';

export type NorenModification = { uid: string; exch: string; tsym: string; norenordno: string; prctyp: NorenPriceType; prc: string; qty: string; trgprc?: string; ret: 'DAY' };

const orderShape = {
  norenordno: 'string',
  exch: 'string',
  tsym: 'string',
  token: 'string?',
  qty: 'string',
  prc: 'string?',
  trgprc: 'string?',
  prd: 'string',
  status: 'string',
  trantype: 'string',
  prctyp: 'string',
  fillshares: 'string?',
  avgprc: 'string?',
  rejreason: 'string?',
  remarks: 'string?',
  norentm: 'string?',
  exch_tm: 'string?',
  exchordid: 'string?',
  amo: 'string?',
} as const;

const tradeShape = {
  norenordno: 'string',
  flid: 'string',
  exch: 'string',
  tsym: 'string',
  token: 'string?',
  prd: 'string',
  trantype: 'string',
  flqty: 'string',
  flprc: 'string',
  fltm: 'string?',
  norentm: 'string?',
} as const;

const positionShape = {
  exch: 'string',
  tsym: 'string',
  token: 'string?',
  prd: 'string',
  netqty: 'string',
  daybuyqty: 'string?',
  daysellqty: 'string?',
  daybuyamt: 'string?',
  daysellamt: 'string?',
  cfbuyqty: 'string?',
  cfsellqty: 'string?',
  cfbuyamt: 'string?',
  cfsellamt: 'string?',
  lp: 'string?',
} as const;

const limitsShape = { cash: 'string?', payin: 'string?', brkcollamt: 'string?', marginused: 'string?' } as const;

export type NorenOrder = Read<typeof orderShape>;
export type NorenTrade = Read<typeof tradeShape>;
export type NorenPosition = Read<typeof positionShape>;

/** A book: its list, each entry read by its declared shape, or none when Noren says "no data". */
async function book<S extends Shape>(answer: () => Promise<unknown>, what: string, shape: S, entry: string): Promise<Read<S>[]> {
  try {
    return listAt(await answer(), what).map((item) => read(item, shape, entry));
  } catch (error) {
    if (isNoData(error)) return [];
    throw error;
  }
}

export async function placeOrder(http: NorenHttp, order: NorenPlacement): Promise<string> {
  return read(await http.call({ name: 'PlaceOrder', data: order, write: true }), { norenordno: 'string' }, 'placement').norenordno;
}

export async function modifyOrder(http: NorenHttp, change: NorenModification): Promise<void> {
  await http.call({ name: 'ModifyOrder', data: change, write: true });
}

export async function cancelOrder(http: NorenHttp, uid: string, norenordno: string): Promise<void> {
  await http.call({ name: 'CancelOrder', data: { uid, norenordno }, write: true });
}

export const getOrders = (http: NorenHttp, uid: string) => book(() => http.call({ name: 'OrderBook', data: { uid } }), 'orders', orderShape, 'order');

export const getTrades = (http: NorenHttp, uid: string) => book(() => http.call({ name: 'TradeBook', data: { uid, actid: uid } }), 'trades', tradeShape, 'trade');

export const getPositions = (http: NorenHttp, uid: string) => book(() => http.call({ name: 'PositionBook', data: { uid, actid: uid } }), 'positions', positionShape, 'position');

/**
 * One stock of the demat holdings (Holdings with prd C, NorenRestApiPy "get_holdings"): `exch_tsym` its listings
 * (exchange, token, trading symbol: NSE's RELIANCE-EQ, BSE's RELIANCE; ISIN), the quantities as text (`holdqty`,
 * `dpqty` and `npoadqty` held, `btstqty` bought and not yet delivered, `benqty`, `unplgdqty`, `brkcolqty`; `usedqty`
 * sold today) and `upldprc` the average price. Noren answers no last price here.
 */
export type NorenHolding = Read<typeof holdingShape> & { listings: Read<typeof listingShape>[] };

const holdingShape = {
  holdqty: 'string?',
  dpqty: 'string?',
  npoadqty: 'string?',
  btstqty: 'string?',
  benqty: 'string?',
  unplgdqty: 'string?',
  brkcolqty: 'string?',
  usedqty: 'string?',
  upldprc: 'string?',
} as const;
const listingShape = { exch: 'string', token: 'string?', tsym: 'string', isin: 'string?' } as const;

function readHolding(item: unknown): NorenHolding {
  const listings = listAt(isObject(item) ? item.exch_tsym : null, 'exch_tsym').map((listing) => read(listing, listingShape, 'listing'));
  return { ...read(item, holdingShape, 'holding'), listings };
}

export async function getHoldings(http: NorenHttp, uid: string): Promise<NorenHolding[]> {
  try {
    return listAt(await http.call({ name: 'Holdings', data: { uid, actid: uid, prd: 'C' } }), 'holdings').map(readHolding);
  } catch (error) {
    if (isNoData(error)) return [];
    throw error;
  }
}

/** One order's states, newest first as Noren answers them; an order Noren does not know is a "no data". */
export async function getOrderHistory(http: NorenHttp, uid: string, norenordno: string): Promise<NorenOrder[]> {
  const states = await book(() => http.call({ name: 'SingleOrdHist', data: { uid, norenordno } }), 'order history', orderShape, 'order');
  if (states.length === 0) throw new NorenError(200, 'no data');
  return states;
}

export async function getLimits(http: NorenHttp, uid: string) {
  return read(await http.call({ name: 'Limits', data: { uid, actid: uid } }), limitsShape, 'limits');
}

export type NorenMarginRequest = { uid: string; actid: string; exch: string; tsym: string; qty: string; prc: string; prd: 'M' | 'I'; trantype: 'B' | 'S'; prctyp: NorenPriceType };

/** One order's margin (GetOrderMargin): what it needs (`ordermargin`) and what the account then uses (`marginused`). */
export async function getOrderMargin(http: NorenHttp, order: NorenMarginRequest) {
  return read(await http.call({ name: 'GetOrderMargin', data: order }), { ordermargin: 'string', marginused: 'string?', cash: 'string?' }, 'margin');
}

/** A contract's last price (GetQuotes: jData {uid, exch, token}, answered with `lp` among its quote's fields), as Noren's text. */
export async function getQuote(http: NorenHttp, uid: string, exch: string, token: string) {
  return read(await http.call({ name: 'GetQuotes', data: { uid, exch, token } }), { lp: 'string' }, 'quote');
}

/**
 * One position of a span calculation, as Noren's SpanCalc takes it: the contract by its parts (instname OPTIDX,
 * OPTSTK, FUTIDX, FUTSTK; symname the underlying; exd "27-JAN-2026"; optt CE, PE or XX; strprc for options) and
 * its net quantity, negative when sold.
 */
export type NorenSpanPosition = { prd: 'M' | 'I'; exch: string; instname: string; symname: string; exd: string; optt: string; strprc?: string; netqty: string };

/**
 * A basket's margin with its legs' offsets (SpanCalc, Noren's "Span Calculator": jData {actid, pos}), in rupees as
 * Noren's text: `span` and `expo` (exposure). Noren's documentation: NorenWClientTP/SpanCalc, answered
 * {stat, span, expo, span_trade, expo_trade}.
 */
export async function spanCalc(http: NorenHttp, actid: string, positions: readonly NorenSpanPosition[]) {
  return read(await http.call({ name: 'SpanCalc', data: { actid, pos: positions } }), { span: 'string', expo: 'string' }, 'span');
}
