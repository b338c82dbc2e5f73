// A bot trading the stock named in the alert (issue 63) holds one position per stock: its held legs grouped by the
// stock each is a contract of, read from the legs' tradingsymbols (a live broker's contracts are not all in
// `instruments`), so an entry leaves out the stocks it holds and an exit naming stocks closes only theirs.
import type { Queryable } from '../../../db/database.ts';
import { parseTradingsymbol } from '../../market/tradingsymbol.ts';
import type { HeldLeg } from '../engine/engine-types.ts';

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
