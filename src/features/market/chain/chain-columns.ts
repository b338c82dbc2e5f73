/**
 * The option chain's columns for one side, from the strike outwards (the calls' side mirrors them, so the
 * last price always sits next to the strike). Which columns show depends on the chain's own width, not the
 * window's (the chain in the builder's dialog or beside the desk's ticket fits its box): the last price and
 * open interest always, so a 360 px phone reads both sides without scrolling sideways; then change, IV, delta
 * (the greek a trader reads first: "sell the 0.2-delta call", issue 62), OI change, volume and the book as room
 * allows. The greeks are the trader's choice where they fit: delta with them when the width had left it out.
 */
export const chainColumns = ['ltp', 'oi', 'chg', 'iv', 'delta', 'oiChange', 'volume', 'bidAsk'] as const;
export const greekColumns = ['delta', 'gamma', 'theta', 'vega'] as const;
export type ChainColumn = (typeof chainColumns)[number] | (typeof greekColumns)[number];

/**
 * The chain's width from which each column shows: both sides together plus the strike, about 140 px for a
 * side's price and OI, 60 per further figure and 110 for bid / ask, so a column shows only when every one
 * before it fits. The greeks, once asked for, need a chain at least as wide as OI change's.
 */
const shownFrom: Record<ChainColumn, number> = {
  ltp: 0,
  oi: 0,
  chg: 470,
  iv: 560,
  delta: 680,
  oiChange: 800,
  volume: 900,
  bidAsk: 1120,
  gamma: 680,
  theta: 680,
  vega: 680,
};

/** From this width a side has its price-alert button (narrower, the order ticket offers the alert). */
export const alertButtonFrom = 560;

/** Whether the greeks' choice means anything at this width (below it the toggle is not offered). */
export const greeksFit = (width: number) => width >= shownFrom.gamma;

/**
 * A side's columns in order from the strike, for a chain this wide: those whose width is reached, less the
 * last `dropped` of them when the table still overflows (French headers and figures are wider; the chain
 * drops columns until it fits, never the price or OI), then the greeks when asked for (a table with them
 * may scroll sideways: the trader asked).
 */
export function sideColumns(width: number, greeks: boolean, dropped = 0): ChainColumn[] {
  const fitting: ChainColumn[] = chainColumns.filter((column) => width >= shownFrom[column]);
  const kept = fitting.slice(0, Math.max(2, fitting.length - dropped));
  return greeks && greeksFit(width) ? [...kept, ...greekColumns.filter((column) => !kept.includes(column))] : kept;
}

/** Whether dropping one more column could still narrow the table. */
export const canDrop = (width: number, dropped: number) => chainColumns.filter((column) => width >= shownFrom[column]).length - dropped > 2;
