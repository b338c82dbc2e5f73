// The lot of a contract on a day: what every order, chain, basket, bot and backtest counts its lots in. NSE
// revises an index's lot for the contracts expiring after a given expiry and leaves the nearer ones at the old
// lot (NSE/FAOP/70616: NIFTY 75 → 65 for the contracts after the 30 Dec 2025 expiry, from 29 Oct 2025), so the
// lot belongs to the contract, never to the day. Sources, the first that knows:
// - the contract as this market lists it (`instruments`): a replay's or backtest's book lists each contract with
//   its bhavcopy's own lot (UDiFF's NewBrdLotQty), the simulator with the lot it was listed at;
// - the logged-in broker's instrument master: Kite's dump (kite_instruments) where this server loads one;
// - the dated revisions of lot_revisions (migration 088, each with its circular; stocks' too from 110: NSE's reviews
//   and its market-lots file, migrations 111 and 112).
// `index` is any underlying's symbol (underlyings, migration 110): an index or a stock, options and futures alike
// (a contract month's lot is its futures' and its options').
import type { Queryable } from '../../db/database.ts';

export type ContractLot = {
  lotSize: number;
  /** Where the lot was read: the listed contract, Kite's instrument file, or a revision's circular. */
  source: string;
  /** The revision's first day (null for a listed contract or a broker's file). */
  effectiveFrom: string | null;
};

type RevisionRow = { e: string; lot_size: number; source: string; effective_from: string };

/**
 * The lots the revisions give `expiries` of `index` on `day`: the revision in force with the latest start (then the
 * latest `expiring_after`) among those the expiry meets (SQL's lot_revision_of, migration 089, states the rule once).
 * Before the first revision that applies (a clock set years back) the earliest one answers, as index facts do; an
 * index without any row has no entry.
 */
export async function revisedLots(q: Queryable, index: string, day: string, expiries: readonly string[]): Promise<Map<string, ContractLot>> {
  if (expiries.length === 0) return new Map();
  const { rows } = await q.query<RevisionRow>(
    `SELECT to_char(e, 'YYYY-MM-DD') AS e, r.lot_size, r.source, to_char(r.effective_from, 'YYYY-MM-DD') AS effective_from
     FROM unnest($3::date[]) AS e JOIN lot_revisions r ON r.id = lot_revision_of($1, e, $2::date)`,
    [index, day, [...new Set(expiries)]],
  );
  return new Map(rows.map((row) => [row.e, { lotSize: Number(row.lot_size), source: row.source, effectiveFrom: row.effective_from }]));
}

/** The lot Kite's instrument file of the day gives an expiry's options, where this server loaded one. */
async function brokerFileLot(q: Queryable, index: string, expiry: string): Promise<ContractLot | null> {
  const { rows } = await q.query<{ lot_size: number }>(
    `SELECT lot_size FROM kite_instruments WHERE index_name = $1 AND expiry = $2::date AND instrument_type IN ('CE', 'PE') LIMIT 1`,
    [index, expiry],
  );
  return rows[0] === undefined ? null : { lotSize: Number(rows[0].lot_size), source: "Kite's instrument file", effectiveFrom: null };
}

/**
 * The lot a contract not yet listed here is listed at on `day`: the broker's instrument file's, else the
 * revisions'. Null when neither knows the index (a replay refuses such a day before it starts: replay-rules.ts).
 */
export async function listingLot(q: Queryable, index: string, expiry: string, day: string): Promise<ContractLot | null> {
  return (await brokerFileLot(q, index, expiry)) ?? (await revisedLots(q, index, day, [expiry])).get(expiry) ?? null;
}

/** The lot of `index`'s contracts of `expiry` on `day` (see the header for the sources, in order). */
export async function contractLot(q: Queryable, index: string, expiry: string, day: string): Promise<ContractLot | null> {
  // An option's row first: a month's future may have been listed at the revisions' lot before history's options
  // of that month came with their own (a backtest's book), and the options' lot is the one a bot sizes its legs by.
  const { rows } = await q.query<{ lot_size: number }>(
    "SELECT lot_size FROM instruments WHERE name = $1 AND expiry = $2::date ORDER BY instrument_type = 'FUT' LIMIT 1",
    [index, expiry],
  );
  if (rows[0] !== undefined) return { lotSize: Number(rows[0].lot_size), source: 'listed contract', effectiveFrom: null };
  return listingLot(q, index, expiry, day);
}

/** contractLot, or a programming error where no source knows the index (every index has revisions: migration 088). */
export async function lotOf(q: Queryable, index: string, expiry: string, day: string): Promise<number> {
  const lot = await contractLot(q, index, expiry, day);
  if (lot === null) throw new Error(`no lot size is known for ${index} ${expiry} on ${day}`);
  return lot.lotSize;
}

/**
 * The largest lot `index`'s contracts carry on `day` (its nearest contract's or a far one's, by the revisions in
 * force): what a bot's lots are checked against the freeze quantity with before it has chosen a contract.
 */
export async function largestLotOn(q: Queryable, index: string, day: string): Promise<number | null> {
  const far = new Date(Date.parse(`${day}T00:00:00Z`) + 400 * 86_400_000).toISOString().slice(0, 10);
  const lots = [...(await revisedLots(q, index, day, [day, far])).values()].map((lot) => lot.lotSize);
  return lots.length === 0 ? null : Math.max(...lots);
}
