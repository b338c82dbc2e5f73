// A Dhan account's positions (GET /v2/positions, https://dhanhq.co/docs/v2/portfolio/) and fund limit
// (GET /v2/fundlimit, https://dhanhq.co/docs/v2/funds/; `availabelBalance` is Dhan's own spelling).
import type { DhanHttp } from './dhan-http.ts';
import { read } from './dhan-json.ts';
import { listOf, readDhanPosition, type DhanPosition } from './dhan-order-types.ts';

export async function getPositions(http: DhanHttp): Promise<DhanPosition[]> {
  return listOf(await http.request({ method: 'GET', path: '/v2/positions' }), 'positions', readDhanPosition);
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
