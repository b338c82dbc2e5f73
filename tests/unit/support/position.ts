import type { components } from '@openapi/main';

type Position = components['schemas']['Position'];

/**
 * An NRML position of `quantity` (negative: short) on `tradingsymbol` in portfolio 4, bought or sold at ₹120,
 * last ₹118, lot 65, carried from before today unless `over` says otherwise.
 */
export function positionOf(tradingsymbol: string, quantity: number, over: Partial<Position> = {}): Position {
  return {
    tradingsymbol,
    exchange: 'NFO',
    product: 'NRML',
    quantity,
    overnight_quantity: 0,
    average_price: 120,
    last_price: 118,
    close_price: 121,
    pnl: -130,
    realised: 0,
    unrealised: -130,
    charges: 20,
    charges_status: 'priced',
    net_pnl: -150,
    lot_size: 65,
    expiry: '2026-12-01',
    m2m: -130,
    buy_quantity: Math.max(quantity, 0),
    buy_price: 120,
    buy_value: 7800,
    sell_quantity: Math.max(-quantity, 0),
    sell_price: 0,
    sell_value: 0,
    day_buy_quantity: 0,
    day_sell_quantity: 0,
    portfolio_id: 4,
    priced: true,
    ...over,
  };
}
