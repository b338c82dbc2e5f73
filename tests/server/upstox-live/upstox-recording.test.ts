// An Upstox account's feed recorded into market history as real minutes (issue 39), as kite-recording.test.ts
// checks Kite's: Upstox's market feed (the Upstox test server's WebSocket) feeds a trader's stream of NIFTY and
// two contracts; each market pass runs the simulator's recorder and then the live one, as after-market-tick.ts
// does, so the followed contracts' minute is stored as 'recorded' at Upstox's prices, named by Upstox's
// instrument file (its expiry and strike), over the simulated one; a second instance recording the same feed
// adds nothing; a silent feed records nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveRecording } from '../../../server/services/history/live-recording.ts';
import { createMarketRecorder } from '../../../server/services/history/market-recorder.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { settle } from '../kite-live/price-stream-client.ts';
import { testBackends } from '../support/test-database.ts';
import { openUpstoxDesk, startUpstoxStack, type UpstoxDesk, type UpstoxStack } from './upstox-desk.ts';

const index = 'NSE:NIFTY 50';
const ce = 'NFO:NIFTY26JAN26000CE';
const pe = 'NFO:NIFTY26JAN26000PE';
/** Each key's instrument at Upstox (tests/upstox-server/market.ts). */
const upstoxKeys: Record<string, string> = { [index]: 'NSE_INDEX|Nifty 50', [ce]: 'NSE_FO|43919', [pe]: 'NSE_FO|43920' };
const expiry = '2026-01-27';
const strikePaise = 2_600_000;
const minuteMs = 60_000;
/** Friday 16 January 2026, 09:30 IST: NSE trades. */
const friday = new Date('2026-01-16T04:00:00Z');

describe.each(testBackends)("an Upstox account's feed recorded on %s", (backend) => {
  const warn = () => undefined;
  const scheduler = manualScheduler();
  let stack: UpstoxStack;
  let desk: UpstoxDesk;

  beforeAll(async () => {
    stack = await startUpstoxStack(backend, { clockStart: friday, feed: { scheduler, staleAfterMs: 5000, backoff: { initialMs: 1000, maxMs: 4000 } } });
    desk = await openUpstoxDesk(stack);
    const login = await desk.logIn();
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    await stack.services.upstox.prices.pass(warn);
  });

  afterAll(async () => {
    await stack.close();
  });

  const prices = () => stack.services.upstox.prices;

  it("stores each followed contract's minute as recorded at Upstox's prices, over the simulator's, once across instances", async () => {
    const { services, server, upstox } = stack;
    const watch = await prices().watch(desk.account.id, [ce, pe, index], () => undefined, warn);
    await settle(() => prices().status(desk.account.id)?.state === 'open');
    // A second instance on the same database, recording the same account's feed.
    const other = createMarketRecorder({
      db: server.db,
      clock: server.clock.now,
      source: 'recorded',
      retentionDays: 30,
      ...liveRecording({ db: server.db, market: services.market, feeds: [{ prices: prices(), contracts: services.upstox.trading.contracts }] }),
    });
    const added = { first: 0, second: 0 };
    /** Upstox's prices now, heard by the feed; then a market pass: the simulator's recorder, the live one, the other instance's. */
    const at = async (moves: Record<string, number>) => {
      for (const [key, price] of Object.entries(moves)) upstox.control.setQuote(upstoxKeys[key]!, { last: price });
      await settle(() => Object.entries(moves).every(([key, price]) => prices().followedQuotes()[key]?.last_price === price));
      await services.marketRecorder!.pass();
      added.first += await services.liveRecorder!.pass();
      added.second += await other.pass();
    };

    // The recorders start 20 s into a minute: one they see only from its middle, and so never record (a start
    // within 5 s of a minute's beginning records it: market-recorder.test).
    server.clock.advance(minuteMs - (server.clock.now().getTime() % minuteMs) + 20_000);
    await at({ [index]: 26_000, [ce]: 100, [pe]: 90 });
    // The next whole minute: the first each recorder sees from its start; it closes a minute later.
    server.clock.advance(minuteMs - (server.clock.now().getTime() % minuteMs));
    const minute = server.clock.now();
    await at({ [index]: 26_000, [ce]: 100, [pe]: 90 });
    const steps: Array<Record<string, number>> = [{ [ce]: 104, [index]: 26_012.5 }, { [ce]: 99, [pe]: 95.5 }, { [ce]: 102.35, [index]: 26_010 }];
    for (const moves of steps) {
      server.clock.advance(15_000);
      await at(moves);
    }
    server.clock.advance(15_000);
    await at({ [ce]: 110 });

    const { rows: options } = await server.db.query<{ key: string; source: string; o: number; h: number; l: number; c: number }>(
      `SELECT strike_paise || option_type AS key, source, open_paise AS o, high_paise AS h, low_paise AS l, close_paise AS c
       FROM history_option_minutes WHERE index_name = 'NIFTY' AND minute = $1 AND expiry = $2::date AND strike_paise = $3 ORDER BY option_type`,
      [minute, expiry, strikePaise],
    );
    expect(options.map((row) => ({ ...row, o: Number(row.o), h: Number(row.h), l: Number(row.l), c: Number(row.c) }))).toEqual([
      { key: `${strikePaise}CE`, source: 'recorded', o: 10_000, h: 10_400, l: 9_900, c: 10_235 },
      { key: `${strikePaise}PE`, source: 'recorded', o: 9_000, h: 9_550, l: 9_000, c: 9_550 },
    ]);
    const { rows: indices } = await server.db.query<{ source: string; o: string; h: string; l: string; c: string }>(
      `SELECT source, open_paise AS o, high_paise AS h, low_paise AS l, close_paise AS c FROM history_index_minutes WHERE index_name = 'NIFTY' AND minute = $1`,
      [minute],
    );
    expect(indices.map((row) => [row.source, Number(row.o), Number(row.h), Number(row.l), Number(row.c)])).toEqual([['recorded', 2_600_000, 2_601_250, 2_600_000, 2_601_000]]);
    // The contracts the feed does not follow keep the simulator's minute; the minute in progress is not recorded.
    const { rows: counts } = await server.db.query<{ source: string; n: number; minutes: number }>(
      `SELECT source, count(*)::integer AS n, count(DISTINCT minute)::integer AS minutes FROM history_option_minutes GROUP BY source ORDER BY source`,
    );
    expect(counts[0]).toEqual({ source: 'recorded', n: 2, minutes: 1 });
    expect(counts[1]).toMatchObject({ source: 'simulated', minutes: 1 });
    expect(counts[1]!.n).toBeGreaterThan(2);
    // The first instance wrote the contracts' minutes and the indices' the feed follows; the second found them written.
    const { rows: recordedIndices } = await server.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM history_index_minutes WHERE source = 'recorded'`);
    expect(added).toEqual({ first: 2 + Number(recordedIndices[0]!.n), second: 0 });
    await watch.stop();
  });

  it("records nothing from a feed gone silent: the quotes it still holds are not the minute's prices", async () => {
    const { services, server, upstox } = stack;
    const watch = await prices().watch(desk.account.id, [ce, index], () => undefined, warn);
    upstox.control.setQuote(upstoxKeys[ce]!, { last: 120 });
    await settle(() => prices().followedQuotes()[ce]?.last_price === 120);
    upstox.control.silenceFeed(true);
    scheduler.advance(5000);
    await settle(() => prices().status(desk.account.id)?.delayed === true);
    server.clock.advance(minuteMs - (server.clock.now().getTime() % minuteMs));
    const minute = server.clock.now();
    for (let pass = 0; pass < 6; pass += 1) {
      await services.liveRecorder!.pass();
      server.clock.advance(15_000);
    }
    const { rows } = await server.db.query(`SELECT 1 FROM history_option_minutes WHERE source = 'recorded' AND minute >= $1`, [minute]);
    expect(rows).toEqual([]);
    upstox.control.silenceFeed(false);
    await watch.stop();
  });
});
