// kite_instruments (migration 022): the day's dump written in batches, and the reads the ticker and the
// contracts need (a token for an "EXCHANGE:TRADINGSYMBOL", a contract's row).
import type { Queryable } from '../../../db/database.ts';
import type { IndexName } from '../../market/index-config.ts';
import type { Exchange, Instrument } from '../broker-trading.ts';
import type { LoadedInstrument } from './instrument-facts.ts';

/** Rows per INSERT: a day's index derivatives are tens of thousands of rows. */
const batchSize = 2000;

/** Upserts the dump's rows as of `today` and deletes the contracts that expired; answers how many are kept. */
export async function writeInstruments(tx: Queryable, rows: readonly LoadedInstrument[], today: string): Promise<number> {
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const column = <T>(pick: (row: LoadedInstrument) => T) => batch.map(pick);
    await tx.query(
      `INSERT INTO kite_instruments (exchange, tradingsymbol, instrument_token, index_name, segment, instrument_type, expiry, strike,
         lot_size, tick_size_paise, loaded_on)
       SELECT e, t, k, n, s, y, x::date, p, l, c, $11::date
       FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::numeric[], $9::int[], $10::int[])
         AS r (e, t, k, n, s, y, x, p, l, c)
       ON CONFLICT (exchange, tradingsymbol) DO UPDATE SET instrument_token = EXCLUDED.instrument_token, index_name = EXCLUDED.index_name,
         segment = EXCLUDED.segment, instrument_type = EXCLUDED.instrument_type, expiry = EXCLUDED.expiry, strike = EXCLUDED.strike,
         lot_size = EXCLUDED.lot_size, tick_size_paise = EXCLUDED.tick_size_paise, loaded_on = EXCLUDED.loaded_on`,
      [
        column((row) => row.exchange), column((row) => row.tradingsymbol), column((row) => row.instrumentToken), column((row) => row.index),
        column((row) => row.segment), column((row) => row.instrumentType), column((row) => row.expiry), column((row) => row.strike),
        column((row) => row.lotSize), column((row) => row.tickPaise), today,
      ],
    );
  }
  await tx.query('DELETE FROM kite_instruments WHERE expiry < $1::date', [today]);
  const { rows: counted } = await tx.query<{ count: string }>('SELECT count(*) AS count FROM kite_instruments');
  return Number(counted[0]?.count ?? 0);
}

/** Kite's token of each "EXCHANGE:TRADINGSYMBOL" the dump lists (the others are left out). */
export async function kiteTokensOf(q: Queryable, keys: readonly string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const { rows } = await q.query<{ key: string; instrument_token: string }>(
    // By the primary key (exchange, tradingsymbol), not by a concatenation no index holds.
    `SELECT k.exchange || ':' || k.tradingsymbol AS key, k.instrument_token
     FROM unnest($1::text[], $2::text[]) AS wanted (exchange, tradingsymbol)
     JOIN kite_instruments k ON k.exchange = wanted.exchange AND k.tradingsymbol = wanted.tradingsymbol`,
    [keys.map((key) => key.slice(0, key.indexOf(':'))), keys.map((key) => key.slice(key.indexOf(':') + 1))],
  );
  return new Map(rows.map((row) => [row.key, Number(row.instrument_token)]));
}

/** The indices' own rows ("NSE:NIFTY 50" ...): every live account's ticker follows them. */
export async function kiteIndexKeys(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ key: string }>(
    "SELECT exchange || ':' || tradingsymbol AS key FROM kite_instruments WHERE segment = 'INDICES' ORDER BY index_name",
  );
  return rows.map((row) => row.key);
}

export type KiteContractRow = { instrumentToken: number; index: IndexName; expiry: string; strike: number; kind: 'CE' | 'PE' | 'FUT'; lotSize: number; tickPaise: number };

/**
 * An option or future as the dump lists it, or null. Futures since session 82 (issue 63): a stock's future is Kite's
 * own row (its token), as Upstox's file gives it (upstox-contracts.ts), so a live feed follows and records it.
 */
export async function kiteContractRow(q: Queryable, exchange: string, tradingsymbol: string): Promise<KiteContractRow | null> {
  const { rows } = await q.query<{ instrument_token: string; index_name: IndexName; expiry: string; strike: string; instrument_type: string; lot_size: number; tick_size_paise: number }>(
    `SELECT instrument_token, index_name, to_char(expiry, 'YYYY-MM-DD') AS expiry, strike, instrument_type, lot_size, tick_size_paise
     FROM kite_instruments WHERE exchange = $1 AND tradingsymbol = $2 AND instrument_type IN ('CE', 'PE', 'FUT')`,
    [exchange, tradingsymbol],
  );
  const row = rows[0];
  if (row === undefined || (row.instrument_type !== 'CE' && row.instrument_type !== 'PE' && row.instrument_type !== 'FUT')) return null;
  return {
    instrumentToken: Number(row.instrument_token),
    index: row.index_name,
    expiry: row.expiry,
    strike: Number(row.strike),
    kind: row.instrument_type,
    lotSize: row.lot_size,
    tickPaise: row.tick_size_paise,
  };
}

/** The option contracts the dump lists for an index (one expiry's when given), not expired on `today`, by expiry, strike and kind. */
export async function kiteOptionContracts(q: Queryable, index: IndexName, expiry: string | undefined, today: string): Promise<Instrument[]> {
  const { rows } = await q.query<{ instrument_token: string; exchange: Exchange; tradingsymbol: string; expiry: string; strike: string; instrument_type: 'CE' | 'PE'; lot_size: number }>(
    `SELECT instrument_token, exchange, tradingsymbol, to_char(expiry, 'YYYY-MM-DD') AS expiry, strike, instrument_type, lot_size
     FROM kite_instruments WHERE index_name = $1 AND instrument_type IN ('CE', 'PE') AND expiry >= $2::date AND ($3::date IS NULL OR expiry = $3::date)
     ORDER BY expiry, strike, instrument_type`,
    [index, today, expiry ?? null],
  );
  return rows.map((row) => ({
    instrumentToken: Number(row.instrument_token),
    exchange: row.exchange,
    tradingsymbol: row.tradingsymbol,
    index,
    expiry: row.expiry,
    strike: Number(row.strike),
    kind: row.instrument_type,
    lotSize: row.lot_size,
  }));
}
