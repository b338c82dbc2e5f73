// Every P&L figure a positions screen shows, computed here and only here. The summary tiles, each group's
// header, the table's rows and its total used to mix two sources: the server's figures (marked at the last
// price when the read was answered) and the rows (marked at the live tick). Between two reads they drifted
// apart (+₹373.46 in the summary, +₹383.21 in the table on the same screen). Now every figure is derived
// from the same rows at the same prices, so a summary and the table it sums can never disagree.
import type { Position } from '@/features/positions/api/position-calls';

export type LivePrice = { last_price: number; timestamp: string };

/** A position marked at one price, rupees to the paisa. */
export type MarkedPosition = {
  position: Position;
  /** The price it is marked at: the live tick when there is one, else the server's last price. */
  price: number;
  /** (sold − bought) + quantity × price: before charges. */
  gross: number;
  /** What the trader keeps: gross − charges. */
  net: number;
  /** The open quantity marked from its average cost to the price. */
  unrealised: number;
  /**
   * False when an open position's P&L is not live: no tick has come and the server had no quote either
   * (`priced` false: its price is the last trade's). A closed position's P&L needs no price: always true.
   */
  live: boolean;
};

/** `notLive`: how many of the rows summed are not live, so a total can say it includes them. */
export type PositionTotals = { gross: number; net: number; realised: number; unrealised: number; charges: number; open: number; notLive: number };

const paise = (rupees: number) => Math.round(rupees * 100);

/** One row per instrument, product and portfolio: React's key for a position. */
export const positionKey = (position: Position) => `${position.exchange}:${position.tradingsymbol}:${position.product}:${position.portfolio_id ?? ''}`;

/** The live-price key of an instrument, as the quote stream names it. */
export const instrumentKey = (position: Position) => `${position.exchange}:${position.tradingsymbol}`;

/**
 * One position at `price`. The server's realised P&L does not depend on the price (it is what the closed
 * quantity made at average cost), so gross moves with the price and unrealised is gross − realised, exactly
 * as the server splits them.
 */
export function markAt(position: Position, price: number, live: boolean): MarkedPosition {
  const grossPaise = paise(position.sell_value) - paise(position.buy_value) + position.quantity * paise(price);
  return {
    position,
    price,
    gross: grossPaise / 100,
    net: (grossPaise - paise(position.charges)) / 100,
    unrealised: (grossPaise - paise(position.realised)) / 100,
    live,
  };
}

/** Whether the server marked a position at a quote. A snapshot kept by an older app has no `priced`: not known to be live, so not live. */
export const isPriced = (position: Position): boolean => position.priced === true;

/** Each open position at its live price; a closed one no longer moves with the price (its unrealised is 0). */
export function markPositions(positions: readonly Position[], live: ReadonlyMap<string, LivePrice>): MarkedPosition[] {
  return positions.map((position) => {
    if (position.quantity === 0) return markAt(position, position.last_price, true);
    const tick = live.get(instrumentKey(position));
    return tick === undefined ? markAt(position, position.last_price, isPriced(position)) : markAt(position, tick.last_price, true);
  });
}

/** The sums of marked positions, in paise so many rows still add up to the paisa. */
export function totalsOf(rows: readonly MarkedPosition[]): PositionTotals {
  const sum = (pick: (row: MarkedPosition) => number) => rows.reduce((total, row) => total + paise(pick(row)), 0) / 100;
  return {
    gross: sum((row) => row.gross),
    net: sum((row) => row.net),
    realised: sum((row) => row.position.realised),
    unrealised: sum((row) => row.unrealised),
    charges: sum((row) => row.position.charges),
    open: rows.filter((row) => row.position.quantity !== 0).length,
    notLive: rows.filter((row) => !row.live).length,
  };
}
