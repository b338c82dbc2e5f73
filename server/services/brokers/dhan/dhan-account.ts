// A Dhan account's positions (GET /v2/positions, https://dhanhq.co/docs/v2/portfolio/) and fund limit
// (GET /v2/fundlimit, https://dhanhq.co/docs/v2/funds/; `availabelBalance` is Dhan's own spelling).
import { DhanError } from './dhan-errors.ts';
import type { DhanHttp } from './dhan-http.ts';
import { read } from './dhan-json.ts';
import { listOf, readDhanPosition, type DhanPosition } from './dhan-order-types.ts';

export async function getPositions(http: DhanHttp): Promise<DhanPosition[]> {
  return listOf(await http.request({ method: 'GET', path: '/v2/positions' }), 'positions', readDhanPosition);
}

/**
 * The demat holdings (GET /v2/holdings, https://dhanhq.co/docs/v2/portfolio/, "Holdings"): `totalQty` held with
 * `t1Qty` not yet delivered, `availableQty` what may be sold now, `avgCostPrice` in rupees; `exchange` is NSE, BSE
 * or ALL (listed on both), `securityId` the stock's id, which a CNC sale is placed with. `lastTradedPrice` is answered
 * by some of Dhan's versions only. An account holding nothing is answered with an error, DH-1111 "No holdings
 * available" (as public Dhan clients meet it): that is none, not a failure.
 */
const holdingShape = {
  exchange: 'string',
  tradingSymbol: 'string',
  securityId: 'string',
  isin: 'string?',
  totalQty: 'number',
  dpQty: 'number?',
  t1Qty: 'number?',
  availableQty: 'number',
  avgCostPrice: 'number',
  lastTradedPrice: 'number?',
} as const;

export type DhanHolding = ReturnType<typeof readHolding>;

const readHolding = (value: unknown) => read(value, holdingShape, 'holding');

export async function getHoldings(http: DhanHttp): Promise<DhanHolding[]> {
  try {
    return listOf(await http.request({ method: 'GET', path: '/v2/holdings' }), 'holdings', readHolding);
  } catch (error) {
    if (error instanceof DhanError && error.errorCode === 'DH-1111') return [];
    throw error;
  }
}

export async function getFundLimit(http: DhanHttp) {
  return read(await http.request({ method: 'GET', path: '/v2/fundlimit' }), { availabelBalance: 'number', utilizedAmount: 'number', sodLimit: 'number?', collateralAmount: 'number?' }, 'fund limit');
}

export type DhanMarginRequest = {
  dhanClientId: string;
  exchangeSegment: string;
  transactionType: 'BUY' | 'SELL';
  quantity: number;
  productType: string;
  securityId: string;
  price: number;
  triggerPrice?: number;
};

/** One order's margin (POST /v2/margincalculator, https://dhanhq.co/docs/v2/funds/): Dhan prices one order a call, no hedge between orders. */
export async function getOrderMargin(http: DhanHttp, order: DhanMarginRequest) {
  return read(await http.request({ method: 'POST', path: '/v2/margincalculator', json: order }), { totalMargin: 'number', brokerage: 'number?', availableBalance: 'number?' }, 'margin');
}

/**
 * Dhan's own kill switch (https://dhanhq.co/docs/v2/traders-control/): POST /v2/killswitch?killSwitchStatus=ACTIVATE
 * turns trading off on the account for the rest of the day, and only once every position is closed and no order
 * is pending (Dhan's note); GET /v2/killswitch answers ACTIVATE or DEACTIVATE.
 */
export async function activateKillSwitch(http: DhanHttp) {
  return read(await http.request({ method: 'POST', path: '/v2/killswitch', query: { killSwitchStatus: 'ACTIVATE' }, write: true }), { dhanClientId: 'string?', killSwitchStatus: 'string' }, 'kill switch');
}

export async function killSwitchStatus(http: DhanHttp): Promise<boolean> {
  const answer = read(await http.request({ method: 'GET', path: '/v2/killswitch' }), { killSwitchStatus: 'string' }, 'kill switch');
  return answer.killSwitchStatus.toUpperCase() === 'ACTIVATE';
}
