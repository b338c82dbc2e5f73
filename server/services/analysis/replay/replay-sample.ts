// The day StrikeDesk ships so that Replay works on a fresh install (issue 62): NSE publishes no index minutes, the
// brokers' minute candles need a live account, and the repository holds no full real day (its parsers' fixtures
// are a few invented rows). So a sample, said to be one everywhere it shows: an import of its own kind
// ('sample', migration 106) named "sample, not market data", listed by the replay picker as a sample.
//
// It is built the way history replays a bhavcopy day: NIFTY's option contracts of the three expiries the market
// listed that day (the exchange calendar's and expiry weekdays' own, as a replay lists them), 20 strikes either
// side of the money, each settled at Black-76 on the sample's close at a volatility with a gentle skew, and the
// index's open, high, low and close (history_index_days), along which a replay models the index's minutes
// (history-prices.ts). Its figures are made up: none is a market fact. About 250 rows, written once at the first
// start after listen (app.ts seeds), skipped when history already holds NIFTY on that day.
import { createHash } from 'node:crypto';
import { black76Price } from '../../../../quant/black76.ts';
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { istInstant } from '../../market/ist.ts';
import type { MarketService } from '../../market/market-service.ts';
import { contractExpiryMs, dayHours } from '../../market/trading-calendar.ts';

/** The sample: a made-up NIFTY session (rupees), on a Wednesday NSE traded. */
export const sampleReplayDay = {
  index: 'NIFTY' as const,
  day: '2025-07-16',
  open: 25_150,
  high: 25_245.5,
  low: 25_105.25,
  close: 25_212.05,
  strikeStep: 50,
  strikesEachSide: 20,
  /** The at-the-money volatility, and how much more it is a strike step further from the money (a smile). */
  atmVolatility: 0.12,
  skewPerStep: 0.0015,
};
export const sampleFileName = 'StrikeDesk sample day (modelled prices, not market data)';

const yearMs = 365 * 24 * 60 * 60 * 1000;
const tickPaise = 5;
const paise = (rupees: number) => Math.round(rupees * 100);

type SampleRow = { expiry: string; strikePaise: number; type: 'CE' | 'PE'; settlePaise: number; openInterest: number; volume: number };

/** The sample's option rows (see the header). */
async function sampleRows(db: Database, market: MarketService): Promise<SampleRow[]> {
  const { index, day, close, strikeStep, strikesEachSide, atmVolatility, skewPerStep } = sampleReplayDay;
  const calendar = await loadTradingCalendar(db, 'NSE');
  const closeMs = istInstant(day, dayHours(calendar, day).close).getTime();
  const { expiries } = await market.expiries(index, istInstant(day, '12:00'));
  const atm = Math.round(close / strikeStep) * strikeStep;
  const rows: SampleRow[] = [];
  for (const [order, expiry] of expiries.slice(0, 3).map((listed) => listed.date).entries()) {
    const years = Math.max(0, contractExpiryMs(calendar, expiry) - closeMs) / yearMs;
    for (let step = -strikesEachSide; step <= strikesEachSide; step += 1) {
      const strike = atm + step * strikeStep;
      for (const type of ['CE', 'PE'] as const) {
        const volatility = atmVolatility + Math.abs(step) * skewPerStep;
        const price = black76Price({ kind: type, forward: close, strike, years, rate: 0, volatility });
        // Open interest and volume heaviest at the money and in the nearest expiry, as a chain's usually are.
        const weight = Math.exp(-((step / 8) ** 2)) / (order + 1);
        rows.push({
          expiry,
          strikePaise: paise(strike),
          type,
          settlePaise: Math.max(tickPaise, Math.round((price * 100) / tickPaise) * tickPaise),
          openInterest: Math.round(4_000_000 * weight),
          volume: Math.round(150_000 * weight),
        });
      }
    }
  }
  return rows;
}

/** Writes the sample day unless it (or NIFTY's history of that day) is already there; answers whether it wrote it. */
export async function seedSampleReplayDay(db: Database, market: MarketService, clock: Clock): Promise<boolean> {
  const { index, day } = sampleReplayDay;
  const { rows: held } = await db.query(
    `SELECT 1 FROM history_imports WHERE kind = 'sample' UNION ALL SELECT 1 FROM history_option_days WHERE index_name = $1 AND trade_date = $2::date LIMIT 1`,
    [index, day],
  );
  if (held.length > 0) return false;
  const rows = await sampleRows(db, market);
  if (rows.length === 0) return false;
  const sha256 = createHash('sha256').update(`${sampleFileName}|${JSON.stringify(sampleReplayDay)}`).digest('hex');
  await db.transaction(async (tx) => {
    const { rows: made } = await tx.query<{ id: number }>(
      `INSERT INTO history_imports (kind, file_name, sha256, first_day, last_day, row_count, uploaded_by, imported_at)
       VALUES ('sample', $1, $2, $3::date, $3::date, $4, NULL, $5) RETURNING id`,
      [sampleFileName, sha256, day, rows.length + 1, clock()],
    );
    const importId = made[0]!.id;
    const { open, high, low, close } = sampleReplayDay;
    await tx.query(
      `INSERT INTO history_option_days (index_name, trade_date, expiry, strike_paise, option_type, open_paise, high_paise, low_paise, close_paise,
         settle_paise, open_interest, change_in_oi, volume_contracts, underlying_paise, lot_size, import_id)
       SELECT $1, $2::date, e::date, s, t, p, p, p, p, p, oi, 0, v, $8, NULL, $9
       FROM unnest($3::text[], $4::bigint[], $5::text[], $6::bigint[], $7::bigint[], $10::bigint[]) AS x (e, s, t, p, oi, v)
       ON CONFLICT DO NOTHING`,
      [index, day, rows.map((row) => row.expiry), rows.map((row) => row.strikePaise), rows.map((row) => row.type), rows.map((row) => row.settlePaise),
        rows.map((row) => row.openInterest), paise(close), importId, rows.map((row) => row.volume)],
    );
    await tx.query(
      `INSERT INTO history_index_days (index_name, trade_date, open_paise, high_paise, low_paise, close_paise, import_id) VALUES ($1, $2::date, $3, $4, $5, $6, $7)
       ON CONFLICT DO NOTHING`,
      [index, day, paise(open), paise(high), paise(low), paise(close), importId],
    );
  });
  return true;
}
