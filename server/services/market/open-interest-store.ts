// Open interest and volume as a stored state (market_open_interest, migration 021): seeded when a contract
// is listed, changed once a simulated minute by the leader's trading, read by every instance's quotes. The
// model itself is open-interest.ts.
import type { Queryable } from '../../db/database.ts';
import { yearsToExpiry } from '../../../quant/option-inputs.ts';
import { initialOiLots, oiChangeLots, targetOiLots, tradedLots, type OiContract, type OiMarket } from './open-interest.ts';
import { uniform } from './random.ts';
import { expiryInstantMs, type ContractTrading } from './simulator.ts';

/**
 * A contract's stored trading: its OI, the volume of the session it last traded in and its OI when that
 * session started (OI change is measured from it).
 */
export type StoredTrading = ContractTrading & { sessionDate: string; dayOpenOiLots: number };

type ListedRow = { instrument_token: number; strike: number; instrument_type: 'CE' | 'PE'; expiry: string };
type TradingRow = ListedRow & { oi_lots: string; day_open_oi_lots: string; day_volume_lots: string; session_date: string };

// Streams of the counter-based draws (random.ts): apart from the last-trade pick (the token itself).
const volumeStream = (token: number) => -token;
const openingStream = (token: number) => 0x2000_0000 + token;

function oiContract(row: ListedRow, strikeStep: number, nowMs: number): OiContract {
  return {
    instrumentToken: row.instrument_token,
    strike: row.strike,
    kind: row.instrument_type,
    strikeStep,
    years: yearsToExpiry(nowMs, expiryInstantMs(row.expiry)),
  };
}

/** Gives every listed contract of an index's expiry that has no OI yet its starting OI. */
export async function seedOpenInterest(q: Queryable, index: string, expiry: string, strikeStep: number, market: OiMarket, now: Date, sessionDate: string): Promise<void> {
  const { rows } = await q.query<ListedRow>(
    `SELECT i.instrument_token, i.strike, i.instrument_type, to_char(i.expiry, 'YYYY-MM-DD') AS expiry
     FROM instruments i LEFT JOIN market_open_interest o USING (instrument_token)
     WHERE i.name = $1 AND i.expiry = $2::date AND o.instrument_token IS NULL`,
    [index, expiry],
  );
  if (rows.length === 0) return;
  const lots = rows.map((row) => initialOiLots(oiContract(row, strikeStep, now.getTime()), market));
  await q.query(
    `INSERT INTO market_open_interest (instrument_token, oi_lots, day_open_oi_lots, day_volume_lots, session_date, updated_at)
     SELECT t, l, l, 0, $3::date, $4 FROM unnest($1::int[], $2::bigint[]) AS x (t, l)
     ON CONFLICT (instrument_token) DO NOTHING`,
    [rows.map((row) => row.instrument_token), lots, sessionDate, now],
  );
}

/**
 * One interval of simulated trading for an index's unexpired contracts: each trades its volume for
 * `activeMinutes` (minutes of average session activity) and that volume opens or closes positions. Contracts
 * that trade nothing are not touched. The first trade of a new session starts its volume and OI change again.
 */
export async function applyTrading(
  tx: Queryable,
  index: string,
  strikeStep: number,
  market: OiMarket,
  trade: { activeMinutes: number; seq: number; now: Date; sessionDate: string },
): Promise<number> {
  const { rows } = await tx.query<TradingRow>(
    `SELECT o.instrument_token, i.strike, i.instrument_type, to_char(i.expiry, 'YYYY-MM-DD') AS expiry, o.oi_lots, o.day_open_oi_lots,
       o.day_volume_lots, to_char(o.session_date, 'YYYY-MM-DD') AS session_date
     FROM market_open_interest o JOIN instruments i USING (instrument_token) WHERE i.name = $1 AND i.expiry >= $2::date`,
    [index, trade.sessionDate],
  );
  const changed: [number, number, number, number][] = [];
  for (const row of rows) {
    const contract = oiContract(row, strikeStep, trade.now.getTime());
    if (contract.years <= 0) continue;
    const token = row.instrument_token;
    const volume = tradedLots(contract, market, trade.activeMinutes, uniform(market.seed, trade.seq, volumeStream(token)));
    const newSession = row.session_date !== trade.sessionDate;
    if (volume === 0 && !newSession) continue;
    const oi = Number(row.oi_lots);
    const change = oiChangeLots(oi, targetOiLots(contract, market), volume, uniform(market.seed, trade.seq, openingStream(token)));
    const dayOpen = newSession ? oi : Number(row.day_open_oi_lots);
    const dayVolume = (newSession ? 0 : Number(row.day_volume_lots)) + volume;
    changed.push([token, oi + change, dayOpen, dayVolume]);
  }
  if (changed.length === 0) return 0;
  await tx.query(
    `UPDATE market_open_interest o SET oi_lots = x.oi, day_open_oi_lots = x.day_open, day_volume_lots = x.volume, session_date = $5::date, updated_at = $6
     FROM unnest($1::int[], $2::bigint[], $3::bigint[], $4::bigint[]) AS x (token, oi, day_open, volume) WHERE o.instrument_token = x.token`,
    [changed.map((c) => c[0]), changed.map((c) => c[1]), changed.map((c) => c[2]), changed.map((c) => c[3]), trade.sessionDate, trade.now],
  );
  return changed.length;
}

/** The stored trading of contracts by token (a contract never seeded is left out). */
export async function readTrading(q: Queryable, tokens: readonly number[]): Promise<Map<number, StoredTrading>> {
  if (tokens.length === 0) return new Map();
  const { rows } = await q.query<{ instrument_token: number; oi_lots: string; day_open_oi_lots: string; day_volume_lots: string; session_date: string }>(
    `SELECT instrument_token, oi_lots, day_open_oi_lots, day_volume_lots, to_char(session_date, 'YYYY-MM-DD') AS session_date
     FROM market_open_interest WHERE instrument_token = ANY($1::int[])`,
    [tokens],
  );
  return new Map(
    rows.map((row) => [
      row.instrument_token,
      { oiLots: Number(row.oi_lots), dayOpenOiLots: Number(row.day_open_oi_lots), dayVolumeLots: Number(row.day_volume_lots), sessionDate: row.session_date },
    ]),
  );
}
