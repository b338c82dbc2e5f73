// One minute of RELIANCE as a live broker's feed streams it (issue 63, session 82): its spot, its November 2026 call
// at 1,300 and its November future, the prices each broker's test server is moved through, and the minute as market
// history holds it once recorded. Kite's (kite-stock-recording.test.ts) and Upstox's (upstox-stock-recording.test.ts)
// tests run the same script, so both brokers' rows are mapped to the same instruments and stored alike.
import type { Queryable } from '../../../server/db/database.ts';

/** Friday 20 November 2026, 10:00 IST: NSE trades. */
export const stockMinuteDay = new Date('2026-11-20T04:30:00Z');
/** RELIANCE's November 2026 contracts expire on Tuesday 24 November, the month's last Tuesday. */
export const stockExpiry = '2026-11-24';
/** StrikeDesk's keys (Kite's naming) of the stock's spot, call and future. */
export const stockKeys = { spot: 'NSE:RELIANCE', ce: 'NFO:RELIANCE26NOV1300CE', fut: 'NFO:RELIANCE26NOVFUT' } as const;

const { spot, ce, fut } = stockKeys;
/** The prices at 0, 15, 30 and 45 s into the minute (each key's last price, a key left out unchanged). */
export const stockMoves: ReadonlyArray<Record<string, number>> = [
  { [spot]: 1310.5, [ce]: 31.25, [fut]: 1318 },
  { [spot]: 1312, [fut]: 1320.5 },
  { [ce]: 29.8 },
  { [spot]: 1309.25, [ce]: 30.4 },
];
/** The next minute's first price: the recorded minute closes. */
export const nextMinuteMove: Record<string, number> = { [spot]: 1315 };

/** The minute's rows of RELIANCE: spot, options and futures, in paise. */
export async function recordedStockMinute(db: Queryable, minute: Date) {
  const { rows: spots } = await db.query<{ source: string; o: string; h: string; l: string; c: string }>(
    `SELECT source, open_paise AS o, high_paise AS h, low_paise AS l, close_paise AS c FROM history_index_minutes WHERE index_name = 'RELIANCE' AND minute = $1`,
    [minute],
  );
  const { rows: options } = await db.query<{ expiry: string; strike: number; type: string; source: string; o: number; h: number; l: number; c: number }>(
    `SELECT to_char(expiry, 'YYYY-MM-DD') AS expiry, strike_paise::integer AS strike, option_type AS type, source,
       open_paise::integer AS o, high_paise::integer AS h, low_paise::integer AS l, close_paise::integer AS c
     FROM history_option_minutes WHERE index_name = 'RELIANCE' AND minute = $1 ORDER BY strike_paise, option_type`,
    [minute],
  );
  const { rows: futures } = await db.query<{ expiry: string; source: string; o: number; h: number; l: number; c: number }>(
    `SELECT to_char(expiry, 'YYYY-MM-DD') AS expiry, source, open_paise::integer AS o, high_paise::integer AS h, low_paise::integer AS l, close_paise::integer AS c
     FROM history_future_minutes WHERE index_name = 'RELIANCE' AND minute = $1 ORDER BY expiry`,
    [minute],
  );
  return { spots: spots.map((row) => ({ source: row.source, o: Number(row.o), h: Number(row.h), l: Number(row.l), c: Number(row.c) })), options, futures };
}

/** What `stockMoves` record: the same for every broker. */
export const expectedStockMinute = {
  spots: [{ source: 'recorded', o: 131_050, h: 131_200, l: 130_925, c: 130_925 }],
  options: [{ expiry: stockExpiry, strike: 130_000, type: 'CE', source: 'recorded', o: 3_125, h: 3_125, l: 2_980, c: 3_040 }],
  futures: [{ expiry: stockExpiry, source: 'recorded', o: 131_800, h: 132_050, l: 131_800, c: 132_050 }],
};
