// What a Kite tradingsymbol is: first as Kite's own instruments dump lists it (loaded each morning,
// instrument-load.ts: Kite's token, expiry, strike, lot size), with the freeze quantity of NSE's circular in
// force (freeze_quantities: the dump has none); else the contract the simulator lists under that symbol; else
// read from the symbol itself (Kite's naming, market/tradingsymbol.ts) with the index's facts and the contract's
// lot in force (contract-lots.ts). The last two are fallbacks for a server that has not loaded a dump yet: a
// monthly contract's expiry is then its month's last expiry weekday, which an exchange holiday may move a day earlier.
import type { Queryable } from '../../../db/database.ts';
import { lotOf } from '../../market/contract-lots.ts';
import { monthlyExpiryOf } from '../../market/expiries.ts';
import type { IndexName } from '../../market/index-config.ts';
import { istDate } from '../../market/ist.ts';
import { parseTradingsymbol } from '../../market/tradingsymbol.ts';
import { contractTermsOf } from '../../market/underlying-facts.ts';
import type { Instrument } from '../broker-trading.ts';
import { kiteContractRow } from './instrument-store.ts';

export type KiteContract = Instrument & { freezeQuantity: number };

const indexNames: ReadonlySet<string> = new Set<IndexName>(['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX']);

type ParsedSymbol = { index: IndexName; year: number; month: number; day: number | null; strike: number; kind: 'CE' | 'PE' };

/** An index option's symbol (the one reader of Kite's naming, market/tradingsymbol.ts); month 0–11. Whole-rupee strikes. */
export function parseOptionSymbol(tradingsymbol: string): ParsedSymbol | null {
  const parsed = parseTradingsymbol(tradingsymbol, (symbol) => indexNames.has(symbol));
  if (parsed === null || parsed.kind === 'FUT' || parsed.strike === null || !Number.isInteger(parsed.strike)) return null;
  return { index: parsed.underlying as IndexName, year: parsed.year, month: parsed.month - 1, day: parsed.day, strike: parsed.strike, kind: parsed.kind };
}

export function createKiteContracts(db: Queryable) {
  const known = new Map<string, KiteContract>();

  async function contractOf(exchange: string, tradingsymbol: string, now: Date, instrumentToken = 0): Promise<KiteContract | null> {
    const key = `${exchange}:${tradingsymbol}`;
    const cached = known.get(key);
    if (cached !== undefined) return cached;
    const listed = await kiteContractRow(db, exchange, tradingsymbol);
    if (listed !== null) {
      // Kite's dump lists stocks' options and futures too (issue 63): their terms, not an index's.
      const facts = await contractTermsOf(db, listed.index, now);
      const { tickPaise: _tick, ...fields } = listed;
      const contract: KiteContract = { ...fields, exchange: facts.exchange, tradingsymbol, freezeQuantity: facts.freezeQuantity };
      known.set(key, contract);
      return contract;
    }
    const { rows } = await db.query<{ instrument_token: number; name: IndexName; expiry: string; strike: number; instrument_type: 'CE' | 'PE'; lot_size: number }>(
      `SELECT instrument_token, name, to_char(expiry, 'YYYY-MM-DD') AS expiry, strike, instrument_type, lot_size FROM instruments
       WHERE exchange = $1 AND tradingsymbol = $2`,
      [exchange, tradingsymbol],
    );
    const row = rows[0];
    const parsed = row === undefined ? parseOptionSymbol(tradingsymbol) : null;
    if (row === undefined && parsed === null) return null;
    const index = row?.name ?? parsed!.index;
    const facts = await contractTermsOf(db, index, now);
    const expiry = row?.expiry ?? (parsed!.day === null
      ? monthlyExpiryOf(facts.expiryWeekdays, parsed!.year, parsed!.month + 1)
      : `${parsed!.year}-${String(parsed!.month + 1).padStart(2, '0')}-${String(parsed!.day).padStart(2, '0')}`);
    const contract: KiteContract = row !== undefined
      ? { instrumentToken: row.instrument_token, exchange: facts.exchange, tradingsymbol, index, expiry, strike: row.strike, kind: row.instrument_type, lotSize: row.lot_size, freezeQuantity: facts.freezeQuantity }
      : {
          instrumentToken,
          exchange: facts.exchange,
          tradingsymbol,
          index,
          expiry,
          strike: parsed!.strike,
          kind: parsed!.kind,
          // The contract's own lot as the revisions give it (contract-lots.ts), never one lot for the index.
          lotSize: await lotOf(db, index, expiry, istDate(now)),
          freezeQuantity: facts.freezeQuantity,
        };
    // Only listed contracts are kept: a parsed one waits for its token from Kite's own records.
    if (row !== undefined || instrumentToken !== 0) known.set(key, contract);
    return contract;
  }

  return { contractOf };
}

export type KiteContracts = ReturnType<typeof createKiteContracts>;
