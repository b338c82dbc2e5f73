// The account's profile, funds and positions as Upstox sends them (rupees).
// https://upstox.com/developer/api-documentation/get-profile, .../get-user-fund-margin, .../get-positions
import type { UpstoxHttp } from './upstox-http.ts';
import { listAt, objectAt, read } from './upstox-json.ts';

const profileShape = { user_id: 'string', user_name: 'string?', email: 'string?', broker: 'string?', exchanges: 'strings', products: 'strings', order_types: 'strings', is_active: 'boolean?' } as const;

export async function getProfile(http: UpstoxHttp) {
  return read(await http.data({ method: 'GET', path: '/v2/user/profile' }), profileShape, 'the profile');
}

const fundsShape = {
  used_margin: 'number',
  payin_amount: 'number',
  span_margin: 'number',
  adhoc_margin: 'number',
  notional_cash: 'number',
  available_margin: 'number',
  exposure_margin: 'number',
} as const;

export type UpstoxFunds = ReturnType<typeof readFunds>;

function readFunds(value: unknown) {
  return read(value, fundsShape, 'the funds');
}

/** The equity segment's funds (F&O margin lives there); Upstox answers `data.equity` and `data.commodity`. */
export async function getEquityFunds(http: UpstoxHttp): Promise<UpstoxFunds> {
  const data = objectAt(await http.data({ method: 'GET', path: '/v2/user/get-funds-and-margin', query: { segment: 'SEC' } }), 'the funds');
  return readFunds(data.equity);
}

const positionShape = {
  exchange: 'string',
  instrument_token: 'string',
  trading_symbol: 'string',
  product: 'string',
  quantity: 'number',
  multiplier: 'number?',
  average_price: 'number?',
  last_price: 'number?',
  close_price: 'number?',
  pnl: 'number?',
  realised: 'number?',
  unrealised: 'number?',
  day_buy_quantity: 'number',
  day_sell_quantity: 'number',
  day_buy_price: 'number?',
  day_sell_price: 'number?',
  day_buy_value: 'number?',
  day_sell_value: 'number?',
  overnight_quantity: 'number?',
  overnight_buy_quantity: 'number?',
  overnight_sell_quantity: 'number?',
  overnight_buy_amount: 'number?',
  overnight_sell_amount: 'number?',
} as const;

export type UpstoxPosition = ReturnType<typeof readPosition>;

function readPosition(value: unknown) {
  return read(value, positionShape, 'a position');
}

/**
 * The demat holdings (GET /v2/portfolio/long-term-holdings, https://upstox.com/developer/api-documentation/get-holdings):
 * `quantity` held and `t1_quantity` bought not yet delivered, `cnc_used_quantity` blocked by open or completed sales
 * today, prices in rupees; `instrument_token` the stock's key (NSE_EQ|INE002A01018), which a sale is placed with.
 */
const holdingShape = {
  exchange: 'string',
  instrument_token: 'string',
  trading_symbol: 'string',
  isin: 'string?',
  product: 'string?',
  quantity: 'number',
  t1_quantity: 'number?',
  cnc_used_quantity: 'number?',
  average_price: 'number',
  last_price: 'number?',
  close_price: 'number?',
} as const;

export type UpstoxHolding = ReturnType<typeof readHolding>;

function readHolding(value: unknown) {
  return read(value, holdingShape, 'a holding');
}

export async function getHoldings(http: UpstoxHttp): Promise<UpstoxHolding[]> {
  return listAt(await http.data({ method: 'GET', path: '/v2/portfolio/long-term-holdings' }), 'the holdings').map(readHolding);
}

/** The day's and carried-forward F&O positions ("short term"; holdings are another call). */
export async function getPositions(http: UpstoxHttp): Promise<UpstoxPosition[]> {
  return listAt(await http.data({ method: 'GET', path: '/v2/portfolio/short-term-positions' }), 'the positions').map(readPosition);
}
