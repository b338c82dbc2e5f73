// An Upstox account's feed records a stock's minute (issue 63, session 82), as kite-stock-recording.test.ts checks
// Kite's: Upstox's instrument file (the test server's gzipped JSON with RELIANCE's NSE_EQ entry and its NSE_FO
// future and options, the stock as underlying) is read by the real adapter, Upstox's market feed (the test server's
// protobuf frames) streams RELIANCE's spot, a November call and the November future to a trader's watch, and the
// live recorder stores the minute of each as 'recorded', mapped to the instruments Kite's dump gives (RELIANCE, its
// expiry and strike): the same script and rows as Kite's (../history/live-stock-minute.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockInstruments } from '../../upstox-server/market.ts';
import { recordStockMinuteThrough, stockExpiry, stockKeys, stockMinuteDay } from '../history/live-stock-minute.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { testBackends } from '../support/test-database.ts';
import { openUpstoxDesk, startUpstoxStack, type UpstoxDesk, type UpstoxStack } from './upstox-desk.ts';

const { spot, ce, fut } = stockKeys;
const reliance = stockInstruments({ symbol: 'RELIANCE', isin: 'INE002A01018', expiry: stockExpiry, code: '26NOV', strike: 1300, lot: 500, token: 13_001 });
/** Each key's instrument at Upstox. */
const upstoxKeys: Record<string, string> = { [spot]: 'NSE_EQ|INE002A01018', [fut]: 'NSE_FO|13001', [ce]: 'NSE_FO|13002' };

describe.each(testBackends)("an Upstox account's stock minute recorded on %s", (backend) => {
  const warn = () => undefined;
  const scheduler = manualScheduler();
  let stack: UpstoxStack;
  let desk: UpstoxDesk;

  beforeAll(async () => {
    stack = await startUpstoxStack(backend, { clockStart: stockMinuteDay, feed: { scheduler, staleAfterMs: 5000, backoff: { initialMs: 1000, maxMs: 4000 } } });
    // Listed before the day's file is read (once an IST day).
    stack.upstox.control.listInstruments(reliance);
    desk = await openUpstoxDesk(stack);
    const login = await desk.logIn();
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    await stack.services.upstox.prices.pass(warn);
  });

  afterAll(async () => {
    await stack.close();
  });

  it("stores RELIANCE's spot, option and future minute as recorded at Upstox's prices, mapped to Kite's instruments", async () => {
    const { services, server, upstox } = stack;
    // Each key quoted by Upstox's feed: the stock's spot by its NSE_EQ key from the file.
    await recordStockMinuteThrough({
      server,
      services,
      accountId: desk.account.id,
      feed: { prices: services.upstox.prices, contracts: services.upstox.trading.contracts },
      setPrice: (key, price) => upstox.control.setQuote(upstoxKeys[key]!, { last: price }),
    });
  });
});
