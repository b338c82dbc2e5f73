// A Kite account's feed records a stock's minute (issue 63, session 82), as live-stock-recording.test.ts checks
// with a fake feed: here Kite's own dump (the test server's instruments CSV with RELIANCE's NSE equity row and its
// NFO-OPT and NFO-FUT rows) is loaded by the real adapter, Kite's ticker (the test server's binary frames) streams
// RELIANCE's spot, a November call and the November future to a trader's watch, and the live recorder stores the
// minute of each as 'recorded', named as Kite's dump names them (RELIANCE, its expiry and strike): the same rows
// Upstox's feed records (upstox-stock-recording.test.ts, one script: ../history/live-stock-minute.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveRecording } from '../../../server/services/history/live-recording.ts';
import { stockInstruments } from '../../kite-server/instruments-data.ts';
import { expectedStockMinute, nextMinuteMove, recordedStockMinute, stockExpiry, stockKeys, stockMinuteDay, stockMoves } from '../history/live-stock-minute.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { testBackends } from '../support/test-database.ts';
import { startTickerDesk, type KiteDesk, type KiteStack } from './kite-desk.ts';
import { settle } from './price-stream-client.ts';

const minuteMs = 60_000;
const { spot, ce, fut } = stockKeys;
const reliance = stockInstruments({ symbol: 'RELIANCE', equityToken: 2885, spot: 1310, expiry: stockExpiry, code: '26NOV', strike: 1300, lot: 500, baseToken: 730_000 });

describe.each(testBackends)("a Kite account's stock minute recorded on %s", (backend) => {
  const warn = () => undefined;
  const scheduler = manualScheduler();
  let stack: KiteStack;
  let desk: KiteDesk;

  beforeAll(async () => {
    ({ stack, desk } = await startTickerDesk(backend, scheduler, warn, { clockStart: stockMinuteDay, instruments: reliance }));
  });

  afterAll(async () => {
    await stack.close();
  });

  it("stores RELIANCE's spot, option and future minute as recorded at Kite's prices, named by Kite's dump", async () => {
    const { services, server, kite } = stack;
    const prices = services.kite.prices;
    const watch = await prices.watch(desk.account.id, [spot, ce, fut], () => undefined, warn);
    await settle(() => prices.status(desk.account.id)?.state === 'open');
    // Each key quoted by Kite's ticker: the stock's equity row too, found in the day's dump by its token.
    await settle(() => [spot, ce, fut].every((key) => prices.followedQuotes()[key] !== undefined));
    // What the recorder watches: the stock's own quote, its option and its future, each Kite's row.
    const watched = await liveRecording({ db: server.db, market: services.market, feeds: [{ prices, contracts: services.kite.trading.contracts }] }).watched(server.clock.now());
    expect(watched.indices.get(spot)).toBe('RELIANCE');
    expect(watched.options.get(ce)).toEqual({ index: 'RELIANCE', expiry: stockExpiry, strikePaise: 130_000, optionType: 'CE' });
    expect(watched.futures?.get(fut)).toEqual({ index: 'RELIANCE', expiry: stockExpiry });

    /** Kite's prices now, heard by the feed; then the live recorder's pass. */
    const at = async (moves: Record<string, number>) => {
      for (const [key, price] of Object.entries(moves)) kite.control.setPrice(key, price);
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
  });
});
