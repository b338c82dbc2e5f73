// Live prices of a logged-in Kite account: Kite's ticker (the test server's WebSocket, binary full-mode
// packets) feeds the same price stream the simulator feeds, for a stream naming that account; a silent feed
// stops the stream's keep-alives (the PWA then says "prices delayed") and is reopened with growing backoff on
// timers the test steps by hand; the ticker stops at log-out and when Kite refuses the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { createKiteInstrumentLoad } from '../../../server/services/brokers/kite-broker/instrument-load.ts';
import { kiteIndexKeys } from '../../../server/services/brokers/kite-broker/instrument-store.ts';
import { createKiteHttp } from '../../../server/services/brokers/kite/kite-http.ts';
import { createLiveSessions } from '../../../server/services/brokers/live/live-sessions.ts';
import { createKiteLivePrices } from '../../../server/services/brokers/kite-broker/kite-feed.ts';
import { createSecretBox } from '../../../server/services/secrets/secret-box.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { testBackends } from '../support/test-database.ts';
import { startTickerDesk, type KiteDesk, type KiteStack } from './kite-desk.ts';
import { liveStreamSource, openPriceStream, priceOf, settle } from './price-stream-client.ts';

const index = 'NSE:NIFTY 50';

describe.each(testBackends)('Kite ticker into the price stream on %s', (backend) => {
  const scheduler = manualScheduler();
  const warnings: string[] = [];
  const warn = (_details: Record<string, unknown>, message: string) => void warnings.push(message);
  let stack: KiteStack;
  let desk: KiteDesk;
  let contract: string;

  beforeAll(async () => {
    ({ stack, desk } = await startTickerDesk(backend, scheduler, warn));
    // A contract whose token is not in the indices' segment (the desk lists StrikeDesk's own tokens at Kite).
    const { rows } = await stack.server.db.query<{ tradingsymbol: string }>(
      "SELECT tradingsymbol FROM kite_instruments WHERE instrument_type = 'CE' AND instrument_token % 256 <> 9 ORDER BY abs(strike - $1), strike LIMIT 1",
      [desk.atm],
    );
    contract = `NFO:${rows[0]!.tradingsymbol}`;
  });

  afterAll(async () => {
    await stack.close();
  });

  const status = () => stack.services.kite.prices.status(desk.account.id);

  it("delivers Kite's ticks to the account's stream as quotes, and leaves a paper stream on the simulator", async () => {
    await settle(() => status()?.state === 'open');
    const stream = await openPriceStream(stack.server, desk.token, { instruments: [contract, index], account_id: desk.account.id });
    expect((await stream.next()).event).toBe('snapshot');
    // Following the contract makes the ticker subscribe to it (besides the indices).
    await settle(() => stack.kite.control.tickerMessages().some((message) => JSON.stringify(message).includes('"full"') && status()!.subscribed === 4));

    stack.kite.control.setPrice(contract, 123.45);
    // As for the simulator: deltas of what changed, merged by the PWA into what it holds.
    const moved = await stream.until(priceOf(contract, 123.45));
    expect(moved.data.data![contract]).toMatchObject({ last_price: 123.45, high: 123.45 });
    // The quote held, as a new stream's snapshot shows it: a binary full packet, in the simulator's shape.
    const again = await openPriceStream(stack.server, desk.token, { instruments: [contract], account_id: desk.account.id });
    const snapshot = await again.next();
    expect(snapshot.event).toBe('snapshot');
    expect(snapshot.data.data![contract]).toEqual({
      last_price: 123.45,
      timestamp: stack.server.clock.now().toISOString(),
      close: 100,
      change: 23.45,
      change_percent: 23.45,
      open: 100,
      high: 123.45,
      low: 100,
      volume: 0,
      oi: 0,
      bid: 123.4,
      ask: 123.5,
    });
    await again.close();
    stack.kite.control.setPrice(index, 26100.5);
    const indexMoved = await stream.until(priceOf(index, 26100.5));
    expect(indexMoved.data.data![index]).toMatchObject({ change: 100.5, change_percent: 0.39, high: 26100.5 });
    await stream.close();

    // The same instruments without the account: the simulator's quotes (its NIFTY is not Kite's 26,100.50).
    const paper = await openPriceStream(stack.server, desk.token, { instruments: [index] });
    const simulated = await paper.next();
    expect(simulated.event).toBe('snapshot');
    expect(simulated.data.data![index]!.last_price).not.toBe(26100.5);
    expect(simulated.data.data![index]).toHaveProperty('close');
    await paper.close();
  });

  it('keeps a contract followed when one stream of it closes while another opens (each list is applied in turn)', async () => {
    // A database whose token lookups (the last step before a ticker applies a list) wait until the test lets
    // them go, newest first: the closing stream's older list would otherwise land after the opening one's.
    const held: (() => void)[] = [];
    let holding = true;
    let running = 0;
    const real = stack.server.db;
    const db: Database = {
      kind: real.kind,
      query: async (sql, params) => {
        if (holding && sql.includes('unnest(')) await new Promise<void>((release) => held.push(release));
        running += 1;
        try {
          return await real.query(sql, params);
        } finally {
          running -= 1;
        }
      },
      exec: (sql) => real.exec(sql),
      copyFrom: (sql, data) => real.copyFrom(sql, data),
      transaction: (fn) => real.transaction(fn),
      close: async () => undefined,
    };
    const clock = stack.server.clock.now;
    const prices = createKiteLivePrices({
      db,
      clock,
      sessions: createLiveSessions({ db, clock, secrets: createSecretBox(stack.secretKey), httpOf: (apiKey, accessToken) => createKiteHttp({ apiRoot: stack.kite.apiRoot, apiKey, accessToken }) }),
      instruments: createKiteInstrumentLoad({ db, clock }),
      tickerUrl: stack.kite.tickerUrl,
      tuning: { scheduler: manualScheduler() },
    });
    /** Until nothing runs but what is held: every query answered and the promises after them run out. */
    const quiet = async () => {
      for (let still = 0; still < 20; still = running === 0 ? still + 1 : 0) await new Promise(setImmediate);
    };
    /** Lets the held lookups go, newest first, one each time all else has run out, until `work` is done. */
    const newestFirst = async <T,>(work: Promise<T>): Promise<T> => {
      let done = false;
      void work.then(() => (done = true), () => (done = true));
      await settle(async () => {
        await quiet();
        held.pop()?.();
        return done;
      });
      return work;
    };
    const heard: string[] = [];
    const withContract = (await kiteIndexKeys(real)).length + 1;

    const first = await newestFirst(prices.watch(desk.account.id, [contract], () => undefined, warn));
    expect(prices.status(desk.account.id)!.subscribed).toBe(withContract);
    const closing = first.stop();
    await quiet();
    expect(held).toHaveLength(1);
    const opening = prices.watch(desk.account.id, [contract], (moved) => void heard.push(...moved), warn);
    const [, second] = await newestFirst(Promise.all([closing, opening]));
    await settle(() => prices.status(desk.account.id)?.state === 'open');
    expect(prices.status(desk.account.id)!.subscribed).toBe(withContract);
    stack.kite.control.setPrice(contract, 127);
    await settle(() => heard.includes(contract));
    holding = false;
    await second.stop();
    prices.closeAll();
  });

  it('a silent feed is delayed (heartbeats, no keep-alive, no simulator prices) and reconnects with growing backoff', async () => {
    const stream = await openPriceStream(stack.server, desk.token, { instruments: [contract], account_id: desk.account.id });
    // Whatever the (re)subscription brought has been read once this price is.
    stack.kite.control.setPrice(contract, 125);
    await stream.until(priceOf(contract, 125));
    const { beats, beat } = await liveStreamSource(stack.services, stack.services.kite.trading, { id: desk.account.id, accountNumber: desk.accountNumber, capitalPaise: 0 }, [contract], warn);
    beat();

    stack.kite.control.silenceTicker(true);
    scheduler.advance(5000);
    await settle(() => status()?.state === 'waiting');
    expect(status()).toMatchObject({ delayed: true, lastReconnect: { attempt: 1, delayMs: 1000 } });
    beat();
    expect(beats).toEqual(['keep-alive', 'heartbeat']);

    // Meanwhile Kite's price moves unheard, and the simulator ticks: neither reaches the live stream.
    stack.kite.control.setPrice(contract, 130);
    stack.server.clock.advance(1000);
    await stack.services.market.tick();
    await stack.services.marketFeed.poll();

    // Reopened after 1 s, still silent: stale again after 5 s, and the next try waits 2 s.
    scheduler.advance(1000);
    await settle(() => status()?.state === 'open');
    scheduler.advance(5000);
    await settle(() => status()?.state === 'waiting');
    expect(status()!.lastReconnect).toEqual({ attempt: 2, delayMs: 2000 });
    scheduler.advance(1999);
    expect(status()!.state).toBe('waiting');

    stack.kite.control.silenceTicker(false);
    scheduler.advance(1);
    // The subscriptions are replayed and Kite answers them: the first prices the stream sends are Kite's
    // (an empty delta is a keep-alive, should the channel's real two-second timer fire meanwhile).
    const next = await stream.until((event) => event.event !== 'delta' || Object.keys(event.data.data ?? {}).length > 0, 5);
    expect(next.event).toBe('delta');
    expect(next.data.data![contract]).toMatchObject({ last_price: 130 });
    expect(status()).toMatchObject({ state: 'open', delayed: false });
    expect(warnings.filter((message) => /reconnecting/.test(message)).length).toBeGreaterThanOrEqual(2);
    await stream.close();
  });

  it('stops at log-out, and logs the account out when Kite refuses the token at the handshake', async () => {
    await settle(() => status()?.state === 'open');
    const out = await stack.call('logoutBrokerAccount', { token: desk.token, params: { accountId: desk.account.id } });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    await stack.services.kite.prices.pass(warn);
    expect(status()).toBeNull();
    await settle(() => stack.kite.control.tickerConnectionCount() === 0);

    expect((await desk.logIn()).status).toBe(200);
    await stack.services.kite.prices.pass(warn);
    await settle(() => status()?.state === 'open');
    // Kite drops the socket; the reconnect's handshake is refused: the account is logged out.
    stack.kite.control.expireAllTokens();
    await settle(() => status()?.state === 'waiting');
    scheduler.advance(4000);
    await settle(async () => {
      const { rows } = await stack.server.db.query('SELECT 1 FROM broker_accounts WHERE id = $1 AND session_access_token_encrypted IS NULL', [desk.account.id]);
      return rows.length === 1;
    });
    expect(status()).toBeNull();
  });
});
