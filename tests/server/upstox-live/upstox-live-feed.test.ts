// A logged-in Upstox account's prices from Upstox's market feed v3 (issue 38), against the Upstox test server's
// feed: the account's price stream carries Upstox's last price, best bid and ask, volume, OI, IV (percent) and
// greeks for an option and the index's level (NIFTY's, and a BANKNIFTY option's IV and greeks as the test
// server computes them: Black-76 at its strike's IV); a silent feed is "prices delayed" (no keep-alive); a paper account
// on the Upstox account's feed fills at the feed's ask and bid, and nothing while the feed is silent or logged
// out. The feed's timers are stepped by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { liveStreamSource, openPriceStream, priceOf, settle, type Quote } from '../kite-live/price-stream-client.ts';
import { testBackends } from '../support/test-database.ts';
import { chooseMarket, fillsAtTheFeedsTouch, loggedInPaper, placePaperOrder, textCode, type Paper } from '../support/paper-feed.ts';
import { openUpstoxDesk, startUpstoxStack, type UpstoxDesk, type UpstoxStack } from './upstox-desk.ts';

type Schemas = components['schemas'];

const symbol = 'NIFTY26JAN26000CE';
const contract = `NFO:${symbol}`;
const index = 'NSE:NIFTY 50';
const upstoxKey = 'NSE_FO|43919';
/** Friday 16 January 2026, 09:30 IST: NSE trades (the 15th was a holiday, Maharashtra's municipal elections). */
const friday = new Date('2026-01-16T04:00:00Z');

describe.each(testBackends)("An Upstox account's market feed on %s", (backend) => {
  const scheduler = manualScheduler();
  const warn = () => undefined;
  let stack: UpstoxStack;
  let desk: UpstoxDesk;
  let paper: Paper;
  let lot: number;

  beforeAll(async () => {
    stack = await startUpstoxStack(backend, { clockStart: friday, feed: { scheduler, staleAfterMs: 5000, backoff: { initialMs: 1000, maxMs: 4000 } } });
    desk = await openUpstoxDesk(stack);
    const login = await desk.logIn();
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    await stack.services.upstox.prices.pass(warn);
    paper = await loggedInPaper(stack, desk.token);
    const listed = await stack.call<Schemas['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'NIFTY', expiry: '2026-01-27' } });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    lot = listed.body.lot_size;
  });
  afterAll(async () => stack.close());

  const status = () => stack.services.upstox.prices.status(desk.account.id);
  const placePaper = (side: 'BUY' | 'SELL', extra: Record<string, unknown> = {}) => placePaperOrder(stack, desk.token, paper, { tradingsymbol: symbol, transaction_type: side, quantity: lot, ...extra });

  it("streams Upstox's option quote (bid, ask, volume, OI, IV in percent, greeks) and the index's level", async () => {
    await settle(() => status()?.state === 'open');
    const stream = await openPriceStream(stack.server, desk.token, { instruments: [contract, index], account_id: desk.account.id });
    expect((await stream.next()).event).toBe('snapshot');
    // The option goes in option_greeks mode, the index in full (its day's open, high and low).
    await settle(() => stack.upstox.control.feedRequests().some((request) => JSON.stringify(request).includes(upstoxKey)));
    expect(stack.upstox.control.feedRequests()).toContainEqual(expect.objectContaining({ method: 'sub', data: { mode: 'option_greeks', instrumentKeys: [upstoxKey] } }));
    stack.upstox.control.setQuote(upstoxKey, { last: 142.5, volume: 98_250, oi: 1_234_500, iv: 0.1432, greeks: { delta: 0.52, theta: -11.2, gamma: 0.0011, vega: 9.8, rho: 1.1 } });
    const moved = await stream.until(priceOf(contract, 142.5));
    expect(moved.data.data![contract]).toMatchObject({ last_price: 142.5, bid: 142.45, ask: 142.55, volume: 98_250, oi: 1_234_500, iv: 14.32, delta: 0.52, theta: -11.2, gamma: 0.0011, vega: 9.8 });
    stack.upstox.control.setQuote('NSE_INDEX|Nifty 50', { last: 26_050 });
    const level = await stream.until(priceOf(index, 26_050));
    expect(level.data.data![index]).toMatchObject({ last_price: 26_050, change: 50, change_percent: 0.19 });
    await stream.close();
  });

  it("shows a BANKNIFTY option's IV and greeks from Upstox's frames in the Upstox account's chain, with NIFTY BANK's level", async () => {
    const call = 'NFO:BANKNIFTY26JAN59200CE';
    const put = 'NFO:BANKNIFTY26JAN59200PE';
    const bank = 'NSE:NIFTY BANK';
    await settle(() => status()?.state === 'open');
    const stream = await openPriceStream(stack.server, desk.token, { instruments: [call, put, bank], account_id: desk.account.id });
    // What the chain shows, merged from the snapshot and the deltas as the PWA merges them.
    const shown: Record<string, Partial<Quote>> = {};
    await stream.until((event) => {
      for (const [key, quote] of Object.entries(event.data.data ?? {})) shown[key] = { ...shown[key], ...quote };
      return shown[call]?.delta !== undefined && shown[put]?.delta !== undefined && shown[bank]?.last_price !== undefined;
    });
    expect(stack.upstox.control.feedRequests()).toContainEqual(expect.objectContaining({ method: 'sub', data: expect.objectContaining({ mode: 'option_greeks' }) }));
    expect(shown[bank]).toMatchObject({ last_price: 59_200 });
    // At the money 11 days out: the strike's IV about 13.7 % (the same for the call and the put), a call's
    // delta a little over a half and the put's the rest of the discount, time decay and vega both ways.
    for (const side of [call, put]) {
      expect(shown[side]!.iv).toBeGreaterThan(12);
      expect(shown[side]!.iv).toBeLessThan(16);
      expect(shown[side]!.gamma).toBeGreaterThan(0);
      expect(shown[side]!.vega).toBeGreaterThan(30);
      expect(shown[side]!.theta).toBeLessThan(-10);
    }
    expect(shown[call]!.iv).toBe(shown[put]!.iv);
    expect(shown[call]!.delta).toBeGreaterThan(0.5);
    expect(shown[call]!.delta! - shown[put]!.delta!).toBeCloseTo(1, 2);
    // Put-call parity on Upstox's premiums: C − P = e^(−rT)·(F − K), the forward above the level by the carry.
    expect(shown[call]!.last_price! - shown[put]!.last_price!).toBeGreaterThan(0);
    expect(shown[call]!.last_price! - shown[put]!.last_price!).toBeLessThan(59_200 * 0.055 * (12 / 365));

    // NIFTY BANK up 200, then a trade in the call: its frame carries the figures at the new level, the call
    // deeper in the money and its strike now below the forward, where the smile's skew reads a higher IV.
    stack.upstox.control.setQuote('NSE_INDEX|Nifty Bank', { last: 59_400 });
    stack.upstox.control.setQuote('NSE_FO|44002', { last: 745 });
    const traded = (await stream.until(priceOf(call, 745))).data.data![call]!;
    expect(traded.delta).toBeGreaterThan(shown[call]!.delta! + 0.05);
    expect(traded.iv).toBeGreaterThan(shown[call]!.iv!);
    await stream.close();
  });

  it("streams SENSEX and its BSE options on an Upstox account's desk, as the NSE indices", async () => {
    const call = 'BFO:SENSEX2612285300CE';
    const sensex = 'BSE:SENSEX';
    await settle(() => status()?.state === 'open');
    const stream = await openPriceStream(stack.server, desk.token, { instruments: [call, sensex], account_id: desk.account.id });
    const shown: Record<string, Partial<Quote>> = {};
    await stream.until((event) => {
      for (const [key, quote] of Object.entries(event.data.data ?? {})) shown[key] = { ...shown[key], ...quote };
      return shown[call]?.delta !== undefined && shown[sensex]?.last_price !== undefined;
    });
    expect(shown[sensex]).toMatchObject({ last_price: 85_300 });
    expect(shown[call]!.iv).toBeGreaterThan(8);
    stack.upstox.control.setQuote('BSE_INDEX|SENSEX', { last: 85_450 });
    expect((await stream.until(priceOf(sensex, 85_450))).data.data![sensex]).toMatchObject({ last_price: 85_450 });
    await stream.close();
  });

  it('a silent feed is delayed (no keep-alive) and comes back with the prices it missed', async () => {
    const { beats, beat } = await liveStreamSource(stack.services, stack.services.upstox.trading, { id: desk.account.id, accountNumber: desk.account.account_number, capitalPaise: 0 }, [contract], warn);
    stack.upstox.control.pingFeed();
    beat();
    stack.upstox.control.silenceFeed(true);
    scheduler.advance(5000);
    await settle(() => status()?.state === 'waiting');
    expect(status()).toMatchObject({ delayed: true, lastReconnect: { attempt: 1, delayMs: 1000 } });
    beat();
    expect(beats).toEqual(['keep-alive', 'heartbeat']);
    stack.upstox.control.setQuote(upstoxKey, { last: 150 });
    // The contract does not trade again; its quote is as fresh as the frame that brings it.
    stack.server.clock.advance(30_000);
    stack.upstox.control.silenceFeed(false);
    scheduler.advance(1000);
    await settle(() => status()?.state === 'open' && stack.services.upstox.prices.quotesOf(desk.account.id, [contract])[contract]?.last_price === 150);
    expect(status()).toMatchObject({ delayed: false });
    expect(stack.services.upstox.prices.quotesOf(desk.account.id, [contract])[contract]?.timestamp).toBe(stack.server.clock.now().toISOString());
  });

  it("a paper account on the Upstox feed fills at Upstox's ask and bid, and at nothing while the feed is silent or logged out", async () => {
    const chosen = await chooseMarket(stack, desk.token, paper.id, desk.account.id);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.broker_accounts.market_account_id).toBe(desk.account.id);
    await settle(() => status()?.state === 'open');
    stack.upstox.control.setQuote(upstoxKey, { last: 160 });
    await settle(() => stack.services.upstox.prices.quotesOf(desk.account.id, [contract])[contract]?.last_price === 160);
    await fillsAtTheFeedsTouch(stack, desk.token, paper, symbol, lot, {
      setLast: (price) => stack.upstox.control.setQuote(upstoxKey, { last: price }),
      silence: (on) => stack.upstox.control.silenceFeed(on),
      goStale: () => scheduler.advance(5000),
      reopen: () => scheduler.advance(1000),
      orderWrites: () => stack.upstox.control.orderWrites(),
      name: `Upstox · ${desk.account.account_number}`,
    }, () => status()?.delayed === true);

    // Logged out of Upstox: refused with that reason.
    expect((await stack.call('logoutBrokerAccount', { token: desk.token, params: { accountId: desk.account.id } })).status).toBe(200);
    const loggedOut = await placePaper('BUY');
    expect(loggedOut.status).toBe(422);
    expect(textCode(loggedOut.body)).toBe('refusal.paper_feed_logged_out');
  });
});
