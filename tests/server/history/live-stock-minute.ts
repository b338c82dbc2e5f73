// One minute of RELIANCE as a live broker's feed streams it (issue 63, session 82): its spot, its November 2026 call
// at 1,300 and its November future, the prices each broker's test server is moved through, and the minute as market
// history holds it once recorded. Kite's (kite-stock-recording.test.ts) and Upstox's (upstox-stock-recording.test.ts)
// tests run the same script, so both brokers' rows are mapped to the same instruments and stored alike.
import { expect } from 'vitest';
import type { Queryable } from '../../../server/db/database.ts';
import { liveRecording, type RecordedFeed } from '../../../server/services/history/live-recording.ts';
import type { Services } from '../../../server/services/services.ts';
import { settle } from '../support/settle.ts';

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

const minuteMs = 60_000;

/**
 * The minute through one broker's feed: a trader's watch of the three keys, each quoted by the feed; what the
 * recorder watches (each key named as RELIANCE's, by the broker's own list); the broker's prices moved through
 * `stockMoves` (`setPrice`, the test server's control), the recorder passing after each; then the minute stored
 * as `expectedStockMinute`.
 */
export async function recordStockMinuteThrough({
  server,
  services,
  accountId,
  feed,
  setPrice,
}: {
  server: { db: Queryable; clock: { now(): Date; advance(ms: number): void } };
  services: Services;
  accountId: number;
  feed: RecordedFeed;
  setPrice: (key: string, price: number) => void;
}): Promise<void> {
  const { prices } = feed;
  const warn = () => undefined;
  const watch = await prices.watch(accountId, [spot, ce, fut], () => undefined, warn);
  await settle(() => prices.status(accountId)?.state === 'open');
  await settle(() => [spot, ce, fut].every((key) => prices.followedQuotes()[key] !== undefined));
  const watched = await liveRecording({ db: server.db, market: services.market, feeds: [feed] }).watched(server.clock.now());
  expect(watched.indices.get(spot)).toBe('RELIANCE');
  expect(watched.options.get(ce)).toEqual({ index: 'RELIANCE', expiry: stockExpiry, strikePaise: 130_000, optionType: 'CE' });
  expect(watched.futures?.get(fut)).toEqual({ index: 'RELIANCE', expiry: stockExpiry });

  /** The broker's prices now, heard by the feed; then the live recorder's pass. */
  const at = async (moves: Record<string, number>) => {
    for (const [key, price] of Object.entries(moves)) setPrice(key, price);
    await settle(() => Object.entries(moves).every(([key, price]) => prices.followedQuotes()[key]?.last_price === price));
    await services.liveRecorder!.pass();
  };
  // The recorder starts on a minute's beginning: it sees that minute whole, and records it when the next begins.
  server.clock.advance(minuteMs - (server.clock.now().getTime() % minuteMs));
  const minute = server.clock.now();
  for (const [i, moves] of stockMoves.entries()) {
    if (i > 0) server.clock.advance(15_000);
    await at(moves);
  }
  server.clock.advance(15_000);
  await at(nextMinuteMove);

  expect(await recordedStockMinute(server.db, minute)).toEqual(expectedStockMinute);
  await watch.stop();
}
