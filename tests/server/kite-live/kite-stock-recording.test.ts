// A Kite account's feed records a stock's minute (issue 63, session 82), as live-stock-recording.test.ts checks
// with a fake feed: here Kite's own dump (the test server's instruments CSV with RELIANCE's NSE equity row and its
// NFO-OPT and NFO-FUT rows) is loaded by the real adapter, Kite's ticker (the test server's binary frames) streams
// RELIANCE's spot, a November call and the November future to a trader's watch, and the live recorder stores the
// minute of each as 'recorded', named as Kite's dump names them (RELIANCE, its expiry and strike): the same rows
// Upstox's feed records (upstox-stock-recording.test.ts, one script: ../history/live-stock-minute.ts).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { stockInstruments } from '../../kite-server/instruments-data.ts';
import { recordStockMinuteThrough, stockExpiry, stockMinuteDay } from '../history/live-stock-minute.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { testBackends } from '../support/test-database.ts';
import { startTickerDesk, type KiteDesk, type KiteStack } from './kite-desk.ts';

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
    // Each key quoted by Kite's ticker (the stock's equity row too, found in the day's dump by its token), each Kite's row.
    await recordStockMinuteThrough({ server, services, accountId: desk.account.id, feed: { prices: services.kite.prices, contracts: services.kite.trading.contracts }, setPrice: (key, price) => kite.control.setPrice(key, price) });
  });
});
