// Positions from the day's trades, in Kite's shape (positions.json). The test server has no overnight
// book, so `net` and `day` hold the same rows. P&L is marked to the market's last price:
// pnl = sell value − buy value + quantity × last price.
import type { KiteTrade } from '../../server/services/brokers/kite/kite-order-types.ts';
import type { Market } from './market.ts';

type TradeRow = { trade: KiteTrade; pricePaise: number; product: string };

export function positionsJson(rows: readonly TradeRow[], market: Market) {
  const groups = new Map<string, TradeRow[]>();
  for (const row of rows) {
    const key = `${row.trade.instrument_token}:${row.product}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const positions = [...groups.values()].map((group) => {
    const first = group[0]?.trade;
    let buyQuantity = 0;
    let buyValue = 0;
    let sellQuantity = 0;
    let sellValue = 0;
    for (const { trade, pricePaise } of group) {
      if (trade.transaction_type === 'BUY') {
        buyQuantity += trade.quantity;
        buyValue += trade.quantity * pricePaise;
      } else {
        sellQuantity += trade.quantity;
        sellValue += trade.quantity * pricePaise;
      }
    }
    const token = first?.instrument_token ?? 0;
    const last = market.lastPaise(token);
    const quantity = buyQuantity - sellQuantity;
    const buyPrice = buyQuantity ? buyValue / buyQuantity : 0;
    const sellPrice = sellQuantity ? sellValue / sellQuantity : 0;
    const pnl = sellValue - buyValue + quantity * last;
    const realised = Math.min(buyQuantity, sellQuantity) * (sellPrice - buyPrice);
    const r = (paise: number) => paise / 100;
    return {
      tradingsymbol: first?.tradingsymbol ?? '',
      exchange: first?.exchange ?? '',
      instrument_token: token,
      product: group[0]?.product ?? '',
      quantity,
      overnight_quantity: 0,
      multiplier: 1,
      average_price: r(quantity > 0 ? buyPrice : quantity < 0 ? sellPrice : 0),
      close_price: r(market.state(token).close),
      last_price: r(last),
      value: r(sellValue - buyValue),
      pnl: r(pnl),
      m2m: r(pnl),
      unrealised: r(pnl - realised),
      realised: r(realised),
      buy_quantity: buyQuantity,
      buy_price: r(buyPrice),
      buy_value: r(buyValue),
      buy_m2m: r(buyValue),
      sell_quantity: sellQuantity,
      sell_price: r(sellPrice),
      sell_value: r(sellValue),
      sell_m2m: r(sellValue),
      day_buy_quantity: buyQuantity,
      day_buy_price: r(buyPrice),
      day_buy_value: r(buyValue),
      day_sell_quantity: sellQuantity,
      day_sell_price: r(sellPrice),
      day_sell_value: r(sellValue),
    };
  });
  return { net: positions, day: positions };
}
