// Positions shaped as Upstox's short-term positions, one row per instrument and product: what the user
// carried from the previous session (`carried`, Upstox's overnight_* fields: a test holds it with
// control.holdOvernight, as a position bought or sold on an earlier day, in StrikeDesk or anywhere else) and
// the day's fills. https://upstox.com/developer/api-documentation/get-positions (its example: an NRML long
// carried, overnight_buy_quantity 15 and day_buy_quantity 0).
import type { Market } from './market.ts';
import type { Fill } from './order-book.ts';

/** A position carried from the previous session: its quantity signed (long above 0), at its average price. */
export type Carried = { instrument_key: string; product: 'I' | 'D'; quantity: number; average_price: number };

const round2 = (value: number) => Math.round(value * 100) / 100;

export function positionsOf(fills: readonly Fill[], market: Market, carried: readonly Carried[] = []) {
  const rows = new Map<string, { held: Carried | null; fills: Fill[] }>();
  for (const held of carried) rows.set(`${held.instrument_key}/${held.product}`, { held, fills: [] });
  for (const item of fills) {
    const key = `${item.order.instrument_token}/${item.order.product}`;
    const row = rows.get(key) ?? { held: null, fills: [] };
    rows.set(key, { ...row, fills: [...row.fills, item] });
  }
  return [...rows.values()].map(({ held, fills: own }) => {
    const instrumentKey = held?.instrument_key ?? own[0]!.order.instrument_token;
    const instrument = market.instrument(instrumentKey);
    const product = held?.product ?? own[0]!.order.product;
    const side = (kind: 'BUY' | 'SELL') => own.filter((item) => item.order.transaction_type === kind);
    const sum = (list: Fill[], pick: (item: Fill) => number) => list.reduce((total, item) => total + pick(item), 0);
    const buys = side('BUY');
    const sells = side('SELL');
    const dayBuyQuantity = sum(buys, (item) => item.quantity);
    const daySellQuantity = sum(sells, (item) => item.quantity);
    const dayBuyValue = sum(buys, (item) => item.quantity * item.price);
    const daySellValue = sum(sells, (item) => item.quantity * item.price);
    const overnight = held?.quantity ?? 0;
    const overnightBuyQuantity = Math.max(overnight, 0);
    const overnightSellQuantity = Math.max(-overnight, 0);
    const overnightBuyAmount = overnightBuyQuantity * (held?.average_price ?? 0);
    const overnightSellAmount = overnightSellQuantity * (held?.average_price ?? 0);
    const buyQuantity = overnightBuyQuantity + dayBuyQuantity;
    const sellQuantity = overnightSellQuantity + daySellQuantity;
    const buyValue = overnightBuyAmount + dayBuyValue;
    const sellValue = overnightSellAmount + daySellValue;
    const quote = market.quote(instrumentKey);
    const last = quote?.last ?? 0;
    const quantity = buyQuantity - sellQuantity;
    const pnl = round2(sellValue - buyValue + quantity * last);
    const symbol = instrument?.trading_symbol ?? own[0]?.order.trading_symbol ?? '';
    return {
      exchange: instrument?.exchange ?? own[0]?.order.exchange ?? '', multiplier: 1, value: round2(sellValue - buyValue), pnl, product, instrument_token: instrumentKey,
      average_price: quantity === 0 ? 0 : round2(quantity > 0 ? buyValue / buyQuantity : sellValue / sellQuantity),
      buy_value: round2(buyValue), overnight_quantity: overnight, day_buy_value: round2(dayBuyValue), day_buy_price: dayBuyQuantity ? round2(dayBuyValue / dayBuyQuantity) : 0,
      overnight_buy_amount: round2(overnightBuyAmount), overnight_buy_quantity: overnightBuyQuantity, day_buy_quantity: dayBuyQuantity, day_sell_value: round2(daySellValue),
      day_sell_price: daySellQuantity ? round2(daySellValue / daySellQuantity) : 0, overnight_sell_amount: round2(overnightSellAmount), overnight_sell_quantity: overnightSellQuantity,
      day_sell_quantity: daySellQuantity, quantity, last_price: last, unrealised: quantity === 0 ? 0 : pnl, realised: quantity === 0 ? pnl : 0, sell_value: round2(sellValue),
      trading_symbol: symbol, tradingsymbol: symbol, close_price: quote?.close ?? 0,
      buy_price: buyQuantity ? round2(buyValue / buyQuantity) : 0, sell_price: sellQuantity ? round2(sellValue / sellQuantity) : 0,
    };
  });
}
