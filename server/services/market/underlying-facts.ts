// The facts a bot's legs are placed by, for any underlying (issue 63): an index's are index_config's (index-config.ts);
// a stock's are its monthly cycle on its exchange's weekday for single stocks (stock_expiry_weekdays, migration 114),
// its F&O segment, and the strike step its market lists at (stock_simulation, migration 116: the simulator's; a
// backtest's or replay's book writes the history's own interval there, history-market.ts), and its freeze quantity in
// force on the day (freeze_quantities: NSE's freeze file, migration 142), none for a stock the file does not name.
import type { Queryable } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { notFoundTexts } from '../texts/not-found-texts.ts';
import { freezeInForce, noFreezeQuantity } from './freeze-quantities.ts';
import { indexFacts, type IndexFacts, type IndexName } from './index-config.ts';
import { istDate } from './ist.ts';

/** An underlying's kind and exchange; not_found for a symbol that is no index or F&O stock. */
export async function underlyingOf(q: Queryable, symbol: string): Promise<{ kind: 'index' | 'stock'; exchange: 'NSE' | 'BSE' }> {
  const { rows } = await q.query<{ kind: 'index' | 'stock'; exchange: 'NSE' | 'BSE' }>('SELECT kind, exchange FROM underlyings WHERE symbol = $1', [symbol]);
  if (rows[0] === undefined) throw DomainError.said('not_found', notFoundTexts.underlying(symbol));
  return rows[0];
}

/** An underlying's facts (an index's IndexFacts) and its kind. */
export type UnderlyingFacts = IndexFacts & { kind: 'index' | 'stock' };

type Row = {
  kind: 'index' | 'stock';
  exchange: 'NSE' | 'BSE';
  strike_step: number | null;
  freeze_quantity: number | null;
  weekdays: Array<{ expiring_from: string; weekday: number; source: string }> | null;
};

/** What any contract of an underlying trades by, whatever lists its strikes: its segment, expiry weekdays and freeze quantity. */
export type ContractTerms = Pick<IndexFacts, 'exchange' | 'expiryWeekdays' | 'freezeQuantity'>;

/**
 * The terms of `symbol`'s contracts on the IST date of `at`: an index's facts, or an F&O stock's segment, monthly
 * weekday and freeze quantity, whether or not this market lists its strikes (a broker's instrument dump lists
 * stocks the simulator does not price). not_found for a symbol that is no index or F&O stock.
 */
export async function contractTermsOf(q: Queryable, symbol: string, at: Date): Promise<ContractTerms> {
  const row = await underlyingRow(q, symbol, at);
  if (row.kind === 'index') return indexFacts(q, symbol as IndexName, at);
  return stockTerms(symbol, row);
}

function stockTerms(symbol: string, row: Row): ContractTerms {
  if (row.weekdays === null) throw DomainError.said('not_found', notFoundTexts.underlying(symbol));
  return {
    // An order of more is sliced in whole lots, at least one a slice (order-slicing.ts), as an index's.
    freezeQuantity: row.freeze_quantity ?? noFreezeQuantity,
    expiryWeekdays: row.weekdays.map((w) => ({ expiringFrom: w.expiring_from, weekday: Number(w.weekday), source: w.source })),
    exchange: row.exchange === 'BSE' ? 'BFO' : 'NFO',
  };
}

async function underlyingRow(q: Queryable, symbol: string, at: Date): Promise<Row> {
  const { rows } = await q.query<Row>(
    `SELECT u.kind, u.exchange, s.strike_step, (${freezeInForce('u.symbol', '$2::date')}) AS freeze_quantity,
       (SELECT json_agg(json_build_object('expiring_from', to_char(w.expiring_from, 'YYYY-MM-DD'), 'weekday', w.weekday, 'source', w.source) ORDER BY w.expiring_from)
        FROM stock_expiry_weekdays w WHERE w.exchange = u.exchange) AS weekdays
     FROM underlyings u LEFT JOIN stock_simulation s ON s.symbol = u.symbol WHERE u.symbol = $1`,
    [symbol, istDate(at)],
  );
  const row = rows[0];
  if (row === undefined) throw DomainError.said('not_found', notFoundTexts.underlying(symbol));
  return row;
}

/** The facts in force on the IST date of `at` for an index or an F&O stock this market lists strikes of; not_found for anything else. */
export async function underlyingFacts(q: Queryable, symbol: string, at: Date): Promise<UnderlyingFacts> {
  const row = await underlyingRow(q, symbol, at);
  if (row.kind === 'index') return { ...(await indexFacts(q, symbol as IndexName, at)), kind: 'index' };
  // A stock the market does not list strikes of (no step) is not tradable here, as the market service says.
  if (row.strike_step === null) throw DomainError.said('not_found', notFoundTexts.underlying(symbol));
  return { ...stockTerms(symbol, row), index: symbol as IndexName, effectiveFrom: '', strikeStep: Number(row.strike_step), expiryCycle: 'monthly', kind: 'stock' };
}
