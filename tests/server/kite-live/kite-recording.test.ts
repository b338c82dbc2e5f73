// A live account's feed recorded into market history as real minutes (issue 39): Kite's ticker (the test
// server's WebSocket) feeds a trader's stream of the index and two contracts; each market pass runs the
// simulator's recorder and then the live one, as after-market-tick.ts does, so the followed contracts' minute is
// stored as 'recorded' at Kite's prices over the simulated one, and a second instance recording the same feed
// adds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveRecording } from '../../../server/services/history/live-recording.ts';
import { createMarketRecorder } from '../../../server/services/history/market-recorder.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { testBackends } from '../support/test-database.ts';
import { startTickerDesk, type KiteDesk, type KiteStack } from './kite-desk.ts';
import { settle } from './price-stream-client.ts';

const index = 'NSE:NIFTY 50';
const minuteMs = 60_000;

describe.each(testBackends)("a Kite account's feed recorded on %s", (backend) => {
  const warn = () => undefined;
  const scheduler = manualScheduler();
  let stack: KiteStack;
  let desk: KiteDesk;

  beforeAll(async () => {
    ({ stack, desk } = await startTickerDesk(backend, scheduler, warn));
  });

  afterAll(async () => {
    await stack.close();
  });

  it("stores each followed contract's minute as recorded at the feed's prices, over the simulator's, once across instances", async () => {
    const { services, server, kite } = stack;
    const ce = `NFO:${desk.symbol(desk.atm, 'CE')}`;
    const pe = `NFO:${desk.symbol(desk.atm, 'PE')}`;
    const watch = await services.kite.prices.watch(desk.account.id, [ce, pe, index], () => undefined, warn);
    await settle(() => services.kite.prices.status(desk.account.id)?.state === 'open');
    // A second instance on the same database, recording the same account's feed (one ticker per instance).
    const other = createMarketRecorder({
      db: server.db,
      clock: server.clock.now,
      source: 'recorded',
      retentionDays: 30,
      ...liveRecording({ db: server.db, market: services.market, feeds: [{ prices: services.kite.prices, contracts: services.kite.trading.contracts }] }),
    });
    const added = { first: 0, second: 0 };
    /** Kite's prices now, heard by the feed; then a market pass: the simulator's recorder, the live one, the other instance's. */
    const at = async (prices: Record<string, number>) => {
      for (const [key, price] of Object.entries(prices)) kite.control.setPrice(key, price);
      await settle(() => Object.entries(prices).every(([key, price]) => services.kite.prices.followedQuotes()[key]?.last_price === price));
      await services.marketRecorder!.pass();
      added.first += await services.liveRecorder!.pass();
      added.second += await other.pass();
    };

    // The recorders start 20 s into a minute: one they see only from its middle, and so never record (a start
    // within 5 s of a minute's beginning records it: market-recorder.test).
    server.clock.advance(minuteMs - (server.clock.now().getTime() % minuteMs) + 20_000);
    await at({ [index]: 26_000, [ce]: 100, [pe]: 90 });
    // 10:01:00 IST: the minute each recorder sees from its start; it closes at 10:02.
    server.clock.advance(minuteMs - (server.clock.now().getTime() % minuteMs));
    const minute = server.clock.now();
    await at({ [index]: 26_000, [ce]: 100, [pe]: 90 });
    for (const prices of [{ [ce]: 104, [index]: 26_012.5 }, { [ce]: 99, [pe]: 95.5 }, { [ce]: 102.35, [index]: 26_010 }]) {
      server.clock.advance(15_000);
      await at(prices);
    }
    server.clock.advance(15_000);
    await at({ [ce]: 110 });

    const { rows: options } = await server.db.query<{ key: string; source: string; o: number; h: number; l: number; c: number }>(
      `SELECT strike_paise || option_type AS key, source, open_paise AS o, high_paise AS h, low_paise AS l, close_paise AS c
       FROM history_option_minutes WHERE index_name = 'NIFTY' AND minute = $1 AND expiry = $2::date AND strike_paise = $3 ORDER BY option_type`,
      [minute, desk.expiry, desk.atm * 100],
    );
    expect(options).toEqual([
      { key: `${desk.atm * 100}CE`, source: 'recorded', o: 10_000, h: 10_400, l: 9_900, c: 10_235 },
      { key: `${desk.atm * 100}PE`, source: 'recorded', o: 9_000, h: 9_550, l: 9_000, c: 9_550 },
    ]);
    const { rows: indices } = await server.db.query<{ source: string; o: string; h: string; l: string; c: string }>(
      `SELECT source, open_paise AS o, high_paise AS h, low_paise AS l, close_paise AS c FROM history_index_minutes WHERE index_name = 'NIFTY' AND minute = $1`,
      [minute],
    );
    expect(indices.map((row) => [row.source, Number(row.o), Number(row.h), Number(row.l), Number(row.c)])).toEqual([['recorded', 2_600_000, 2_601_250, 2_600_000, 2_601_000]]);
    // The contracts the feed does not follow keep the simulator's minute; the minute the recorders started in
    // (seen only from its middle) and the one in progress are not recorded from the feed.
    const { rows: counts } = await server.db.query<{ source: string; n: number; minutes: number }>(
      `SELECT source, count(*)::integer AS n, count(DISTINCT minute)::integer AS minutes FROM history_option_minutes GROUP BY source ORDER BY source`,
    );
    expect(counts[0]).toEqual({ source: 'recorded', n: 2, minutes: 1 });
    expect(counts[1]).toMatchObject({ source: 'simulated', minutes: 1 });
    expect(counts[1]!.n).toBeGreaterThan(2);
    // The first instance wrote the contracts' minutes and the indices' (Kite's other indices tick too); the
    // second found them all written.
    const { rows: recordedIndices } = await server.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM history_index_minutes WHERE source = 'recorded'`);
    expect(added).toEqual({ first: 2 + recordedIndices[0]!.n, second: 0 });
    await watch.stop();
  });

  it("records nothing from a feed gone silent: the quotes it still holds are not the minute's prices", async () => {
    const { services, server, kite } = stack;
    const ce = `NFO:${desk.symbol(desk.atm, 'CE')}`;
    const watch = await services.kite.prices.watch(desk.account.id, [ce, index], () => undefined, warn);
    kite.control.setPrice(ce, 120);
    await settle(() => services.kite.prices.followedQuotes()[ce]?.last_price === 120);
    kite.control.silenceTicker(true);
    scheduler.advance(5000);
    await settle(() => services.kite.prices.status(desk.account.id)?.delayed === true);
    server.clock.advance(minuteMs - (server.clock.now().getTime() % minuteMs));
    const minute = server.clock.now();
    for (let pass = 0; pass < 6; pass += 1) {
      await services.liveRecorder!.pass();
      server.clock.advance(15_000);
    }
    const { rows } = await server.db.query(`SELECT 1 FROM history_option_minutes WHERE source = 'recorded' AND minute >= $1`, [minute]);
    expect(rows).toEqual([]);
    kite.control.silenceTicker(false);
    await watch.stop();
  });
});
