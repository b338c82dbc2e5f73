// Kite's position arithmetic on exact paise. A position is the netting of trades in one instrument and
// product (and, for a portfolio, one portfolio): quantity = bought − sold, and
//   pnl        = (sell value − buy value) + quantity × last price           (gross, before charges)
//   unrealised = the open quantity marked from its average price to the last price
//   realised   = pnl − unrealised
//   m2m        = today's pnl, carried (overnight) quantity marked from the previous close
//   net pnl    = pnl − charges (what the trader keeps; the figure screens show first)
export type TradeTotals = {
  buyQuantity: number;
  buyValuePaise: number;
  sellQuantity: number;
  sellValuePaise: number;
  dayBuyQuantity: number;
  dayBuyValuePaise: number;
  daySellQuantity: number;
  daySellValuePaise: number;
  chargesPaise: number;
  dayChargesPaise: number;
};

export type PositionFigures = {
  quantity: number;
  overnightQuantity: number;
  averagePricePaise: number;
  buyPricePaise: number;
  sellPricePaise: number;
  pnlPaise: number;
  realisedPaise: number;
  unrealisedPaise: number;
  m2mPaise: number;
  chargesPaise: number;
  netPnlPaise: number;
};

/** value / quantity rounded to the paisa (0 when nothing was traded). */
export function averagePaise(valuePaise: number, quantity: number): number {
  return quantity === 0 ? 0 : Math.round(valuePaise / quantity);
}

/**
 * The figures of one position. `lastPaise` is the instrument's last price; `closePaise` its previous
 * close (for m2m on carried quantity).
 */
export function positionFigures(totals: TradeTotals, lastPaise: number, closePaise: number): PositionFigures {
  const quantity = totals.buyQuantity - totals.sellQuantity;
  const dayQuantity = totals.dayBuyQuantity - totals.daySellQuantity;
  const overnightQuantity = quantity - dayQuantity;
  const pnlPaise = totals.sellValuePaise - totals.buyValuePaise + quantity * lastPaise;
  let unrealisedPaise = 0;
  if (quantity > 0) unrealisedPaise = Math.round(quantity * lastPaise - (quantity * totals.buyValuePaise) / totals.buyQuantity);
  if (quantity < 0) unrealisedPaise = Math.round((-quantity * totals.sellValuePaise) / totals.sellQuantity + quantity * lastPaise);
  const m2mPaise = totals.daySellValuePaise - totals.dayBuyValuePaise + quantity * lastPaise - overnightQuantity * closePaise;
  const buyPricePaise = averagePaise(totals.buyValuePaise, totals.buyQuantity);
  const sellPricePaise = averagePaise(totals.sellValuePaise, totals.sellQuantity);
  return {
    quantity,
    overnightQuantity,
    averagePricePaise: quantity < 0 ? sellPricePaise : buyPricePaise,
    buyPricePaise,
    sellPricePaise,
    pnlPaise,
    realisedPaise: pnlPaise - unrealisedPaise,
    unrealisedPaise,
    m2mPaise,
    chargesPaise: totals.chargesPaise,
    netPnlPaise: pnlPaise - totals.chargesPaise,
  };
}

/** Only today's trades, as Kite's "day" positions show them. */
export function dayTotals(totals: TradeTotals): TradeTotals {
  return {
    buyQuantity: totals.dayBuyQuantity,
    buyValuePaise: totals.dayBuyValuePaise,
    sellQuantity: totals.daySellQuantity,
    sellValuePaise: totals.daySellValuePaise,
    dayBuyQuantity: totals.dayBuyQuantity,
    dayBuyValuePaise: totals.dayBuyValuePaise,
    daySellQuantity: totals.daySellQuantity,
    daySellValuePaise: totals.daySellValuePaise,
    chargesPaise: totals.dayChargesPaise,
    dayChargesPaise: totals.dayChargesPaise,
  };
}
