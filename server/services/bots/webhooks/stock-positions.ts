// A bot trading the stock named in the alert (issue 63) holds one position per stock: its held legs grouped by the
// stock each is a contract of, read from the legs' tradingsymbols (a live broker's contracts are not all in
// `instruments`), so an entry leaves out the stocks it holds and an exit naming stocks closes only theirs.
import type { Queryable } from '../../../db/database.ts';
import { parseTradingsymbol } from '../../market/tradingsymbol.ts';
import type { HeldLeg } from '../engine/engine-types.ts';
import { legCut } from '../engine/action-claims.ts';

/** The stocks StrikeDesk lists (any day): the names a held leg's tradingsymbol may start with. */
export async function stockSymbols(q: Queryable): Promise<Set<string>> {
  const { rows } = await q.query<{ symbol: string }>(`SELECT symbol FROM underlyings WHERE kind = 'stock'`);
  return new Set(rows.map((row) => row.symbol));
}

/** The held legs by stock, in the order they were first held; a leg of no listed stock is left out. */
export function legsByStock(held: readonly HeldLeg[], stocks: ReadonlySet<string>): Map<string, HeldLeg[]> {
  const byStock = new Map<string, HeldLeg[]>();
  for (const leg of held) {
    const stock = parseTradingsymbol(leg.tradingsymbol, (symbol) => stocks.has(symbol))?.underlying;
    if (stock !== undefined) byStock.set(stock, [...(byStock.get(stock) ?? []), leg]);
  }
  return byStock;
}

/**
 * The held legs of the stocks an exit alert's adjustment names in its leg column (the stocks joined by commas,
 * webhook-receiver.ts), read again when a crash left its claim before the broker call. A list cut to the column's
 * bound (action-claims.ts) ends in the beginning of a name: it stands for every held stock not named whole that
 * begins so (one, unless two held stocks share that beginning: then both close, as an exit asked for one of them
 * and closing a position unasked is the lesser harm than leaving one open that the trader asked to close).
 */
export function legsOfNamedStocks(held: readonly HeldLeg[], stocks: ReadonlySet<string>, column: string): HeldLeg[] {
  const byStock = legsByStock(held, stocks);
  const names = column.split(',');
  const last = names.at(-1) ?? '';
  const cut = last.endsWith(legCut) ? last.slice(0, -legCut.length) : null;
  const whole = new Set(cut === null ? names : names.slice(0, -1));
  return [...byStock].filter(([stock]) => whole.has(stock) || (cut !== null && stock.startsWith(cut))).flatMap(([, legs]) => legs);
}
