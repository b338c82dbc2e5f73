// Positions from the day's fills, one row per instrument and product, shaped as Upstox's short-term positions.
// https://upstox.com/developer/api-documentation/get-positions
import type { Market } from './market.ts';
import type { Fill } from './order-book.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

export function positionsOf(fills: readonly Fill[], market: Market) {
  const rows = new Map<string, { fills: Fill[] }>();
  for (const item of fills) {
    const key = `${item.order.instrument_token}/${item.order.product}`;
    rows.set(key, { fills: [...(rows.get(key)?.fills ?? []), item] });
  }
  return [...rows.values()].map(({ fills: own }) => {
    const first = own[0]!.order;
    const side = (kind: 'BUY' | 'SELL') => own.filter((item) => item.order.transaction_type === kind);
    const sum = (list: Fill[], pick: (item: Fill) => number) => list.reduce((total, item) => total + pick(item), 0);
    const buys = side('BUY');
    const sells = side('SELL');
    const buyQuantity = sum(buys, (item) => item.quantity);
    const sellQuantity = sum(sells, (item) => item.quantity);
    const buyValue = sum(buys, (item) => item.quantity * item.price);
    const sellValue = sum(sells, (item) => item.quantity * item.price);
    const quote = market.quote(first.instrument_token);
    const last = quote?.last ?? 0;
    const quantity = buyQuantity - sellQuantity;
    const pnl = round2(sellValue - buyValue + quantity * last);
    return {
      exchange: first.exchange, multiplier: 1, value: round2(sellValue - buyValue), pnl, product: first.product, instrument_token: first.instrument_token,
      average_price: quantity === 0 ? 0 : round2(quantity > 0 ? buyValue / buyQuantity : sellValue / sellQuantity),
      buy_value: round2(buyValue), overnight_quantity: 0, day_buy_value: round2(buyValue), day_buy_price: buyQuantity ? round2(buyValue / buyQuantity) : 0,
      overnight_buy_amount: 0, overnight_buy_quantity: 0, day_buy_quantity: buyQuantity, day_sell_value: round2(sellValue),
      day_sell_price: sellQuantity ? round2(sellValue / sellQuantity) : 0, overnight_sell_amount: 0, overnight_sell_quantity: 0, day_sell_quantity: sellQuantity,
      quantity, last_price: last, unrealised: quantity === 0 ? 0 : pnl, realised: quantity === 0 ? pnl : 0, sell_value: round2(sellValue),
      trading_symbol: first.trading_symbol, tradingsymbol: first.trading_symbol, close_price: quote?.close ?? 0,
      buy_price: buyQuantity ? round2(buyValue / buyQuantity) : 0, sell_price: sellQuantity ? round2(sellValue / sellQuantity) : 0,
    };
  });
}
