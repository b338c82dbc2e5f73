// Open interest and volume as a stored state (market_open_interest, migration 021): seeded when a contract
// is listed, changed once a simulated minute by the leader's trading, read by every instance's quotes. The
// model itself is open-interest.ts.
import type { Queryable } from '../../db/database.ts';
import { yearsToExpiry } from '../../../quant/option-inputs.ts';
import { initialOiLots, oiChangeLots, targetOiLots, tradedLots, type OiContract, type OiMarket } from './open-interest.ts';
import { uniform } from './random.ts';
import type { ContractTrading } from './simulator.ts';
import { contractExpiryMs, type TradingCalendar } from './trading-calendar.ts';

/** What a contract's trading needs of its index: the strike step, and the calendar its expiry's close is read from. */
export type ListingFacts = { strikeStep: number; calendar: Pick<TradingCalendar, 'regular'> };

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

function oiContract(row: ListedRow, listing: ListingFacts, nowMs: number): OiContract {
  return {
    instrumentToken: row.instrument_token,
    strike: row.strike,
    kind: row.instrument_type,
    strikeStep: listing.strikeStep,
    years: yearsToExpiry(nowMs, contractExpiryMs(listing.calendar, row.expiry)),
  };
}

/** Minutes of average activity per step when a contract catches up on its session: the live pace, about. */
const catchUpStepMinutes = 15;

/**
 * A just-listed contract's session so far (issue 24: a chain opened mid-session showed volume and OI change
 * of 0 until the next minute's trading, and far strikes until they first traded): the volume it would have
 * traded since the session began and the OI that volume opened or closed, stepped as the live trading steps
 * so the OI is drawn towards its target the same way. Its own draw streams, apart from the live ones.
 */
export function sessionSoFar(contract: OiContract, market: OiMarket, openingLots: number, activeMinutes: number): { oiLots: number; volumeLots: number } {
  let oiLots = openingLots;
  let volumeLots = 0;
  const steps = Math.ceil(Math.max(0, activeMinutes) / catchUpStepMinutes);
  const target = targetOiLots(contract, market);
  for (let step = 0; step < steps; step += 1) {
    const minutes = Math.min(catchUpStepMinutes, activeMinutes - step * catchUpStepMinutes);
    const volume = tradedLots(contract, market, minutes, uniform(market.seed, step, catchUpVolumeStream(contract.instrumentToken)));
    oiLots += oiChangeLots(oiLots, target, volume, uniform(market.seed, step, catchUpOpeningStream(contract.instrumentToken)));
    volumeLots += volume;
  }
  return { oiLots, volumeLots };
}

const catchUpVolumeStream = (token: number) => 0x4000_0000 + token;
const catchUpOpeningStream = (token: number) => 0x6000_0000 + token;

/**
 * Gives every listed contract of an index's expiry that has no OI yet its starting OI, and the session's
 * trading so far (`activeMinutes` of average activity since the session began): its day's volume, and its
 * OI moved from the session's opening OI by what that volume opened or closed.
 */
export async function seedOpenInterest(
  q: Queryable,
  index: string,
  expiry: string,
  listing: ListingFacts,
  market: OiMarket,
  now: Date,
  sessionDate: string,
  activeMinutes = 0,
): Promise<void> {
  const { rows } = await q.query<ListedRow>(
    `SELECT i.instrument_token, i.strike, i.instrument_type, to_char(i.expiry, 'YYYY-MM-DD') AS expiry
     FROM instruments i LEFT JOIN market_open_interest o USING (instrument_token)
     WHERE i.name = $1 AND i.expiry = $2::date AND i.instrument_type <> 'FUT' AND o.instrument_token IS NULL`,
    [index, expiry],
  );
  if (rows.length === 0) return;
  const seeded = rows.map((row) => {
    const contract = oiContract(row, listing, now.getTime());
    const opening = initialOiLots(contract, market);
    return { token: row.instrument_token, opening, ...sessionSoFar(contract, market, opening, contract.years > 0 ? activeMinutes : 0) };
  });
  await q.query(
    `INSERT INTO market_open_interest (instrument_token, oi_lots, day_open_oi_lots, day_volume_lots, session_date, updated_at)
     SELECT t, l, o, v, $5::date, $6 FROM unnest($1::int[], $2::bigint[], $3::bigint[], $4::bigint[]) AS x (t, l, o, v)
     ON CONFLICT (instrument_token) DO NOTHING`,
    [seeded.map((c) => c.token), seeded.map((c) => c.oiLots), seeded.map((c) => c.opening), seeded.map((c) => c.volumeLots), sessionDate, now],
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
  listing: ListingFacts,
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
    const contract = oiContract(row, listing, trade.now.getTime());
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
