// Kite's position arithmetic on exact paise. A position is the netting of trades in one instrument and
// product (and, for a portfolio, one portfolio): quantity = bought − sold, and
//   pnl        = (sell value − buy value) + quantity × last price           (gross, before charges)
//   unrealised = the open quantity marked from its average price to the last price
//   realised   = pnl − unrealised
//   m2m        = today's pnl, carried (overnight) quantity marked from the previous close
//   net pnl    = pnl − charges (what the trader keeps; the figure screens show first)
import type { LedgerTrade, TradeTotals } from '../broker-trading.ts';

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
  // A long is marked from its average buy price, a short from its average sell price (flat: 0 either way).
  const unrealisedPaise =
    quantity > 0
      ? Math.round(quantity * lastPaise - (quantity * totals.buyValuePaise) / totals.buyQuantity)
      : quantity < 0
        ? Math.round((-quantity * totals.sellValuePaise) / totals.sellQuantity + quantity * lastPaise)
        : 0;
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

export type DayResult = { day: string; netRealisedPaise: number; cumulativePaise: number };

/**
 * Net realised P&L per trading day, at average cost per position (`key`: instrument and product): a trade
 * that reduces a position realises (price − average) on the quantity it closes; one that adds moves the
 * average. Each day's charges are taken off that day. Trades must come in the order they happened.
 */
export function realisedByDay(trades: readonly LedgerTrade[]): DayResult[] {
  const held = new Map<string, { quantity: number; average: number }>();
  const byDay = new Map<string, number>();
  for (const trade of trades) {
    const position = held.get(trade.key) ?? { quantity: 0, average: 0 };
    const signed = trade.side === 'BUY' ? trade.quantity : -trade.quantity;
    let realised = 0;
    if (Math.sign(position.quantity) === Math.sign(signed)) {
      const total = Math.abs(position.quantity) + trade.quantity;
      position.average = (position.average * Math.abs(position.quantity) + trade.pricePaise * trade.quantity) / total;
    } else {
      // A trade against the position (or from flat, closing nothing) realises on what it closes; past
      // zero, the rest opens a position the other way at the trade's price.
      const closing = Math.min(trade.quantity, Math.abs(position.quantity));
      realised = closing * (trade.side === 'SELL' ? trade.pricePaise - position.average : position.average - trade.pricePaise);
      if (trade.quantity > closing) position.average = trade.pricePaise;
    }
    position.quantity += signed;
    held.set(trade.key, position);
    byDay.set(trade.day, (byDay.get(trade.day) ?? 0) + realised - trade.chargesPaise);
  }
  let cumulative = 0;
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, net]) => {
      const netRealisedPaise = Math.round(net);
      cumulative += netRealisedPaise;
      return { day, netRealisedPaise, cumulativePaise: cumulative };
    });
}

/**
 * The largest fall of the net P&L from an earlier peak (0 when it never fell), in paise, on one curve with the Net
 * P&L shown beside it: from zero, each day's close at the cumulative net realised P&L (charges taken off), and,
 * last, now: that total plus what the open positions would realise at their price (`openPaise`, their unrealised
 * P&L). Issue 62: without the open positions, "Max drawdown ₹61.72" stood beside "Net P&L −₹321.72".
 */
export function maxDrawdown(days: readonly DayResult[], openPaise = 0): number {
  const now = (days.at(-1)?.cumulativePaise ?? 0) + openPaise;
  let peak = 0;
  let worst = 0;
  for (const cumulative of [...days.map((day) => day.cumulativePaise), now]) {
    peak = Math.max(peak, cumulative);
    worst = Math.max(worst, peak - cumulative);
  }
  return worst;
}
