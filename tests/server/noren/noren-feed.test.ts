// A logged-in Shoonya or Flattrade account's prices from Noren's JSON websocket, against the Noren test server's:
// the connect message with the session's token, the contract followed in depth (`d`) and the index in touchline
// (`t`) by Noren's "EXCH|token" keys, and the account's price stream carrying the broker's last price, best bid
// and ask, volume and OI and the index's level; a silent socket is "prices delayed" and comes back with the
// prices it missed, while one only quiet between price moves stays fresh on its pings' pongs. The feed's timers are
// stepped by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualScheduler } from '../kite/kite-support.ts';
import { openPriceStream, priceOf, settle } from '../kite-live/price-stream-client.ts';
import { testBackends } from '../support/test-database.ts';
import { flavors, openNorenDesk, placeOn, startNorenStack, type NorenDesk, type NorenStack } from './noren-desk.ts';

const contract = 'NFO:NIFTY26JAN26000CE';
const index = 'NSE:NIFTY 50';

describe.each(testBackends.flatMap((backend) => flavors.map((flavor) => [backend, flavor] as const)))("A Noren account's market feed on %s, %s", (backend, flavor) => {
  const scheduler = manualScheduler();
  const warn = () => undefined;
  let stack: NorenStack;
  let desk: NorenDesk;

  beforeAll(async () => {
    stack = await startNorenStack(backend, flavor, { feed: { scheduler, staleAfterMs: 5000, backoff: { initialMs: 1000, maxMs: 4000 } } });
    desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    await stack.services[flavor].prices.pass(warn);
  });
  afterAll(async () => stack.close());

  const status = () => stack.services[flavor].prices.status(desk.account.id);
  const subscribed = (t: string, key: string) => stack.noren.control.socketMessages().some((m) => (m as { t?: string; k?: string }).t === t && String((m as { k?: string }).k).split('#').includes(key));

  it("streams the broker's quote for a contract (last, bid, ask, volume, OI) and the index's level", async () => {
    await settle(() => status()?.state === 'open' && stack.noren.control.socketMessages().length > 0);
    const sealed = (await stack.server.db.query<{ sealed: string }>('SELECT session_access_token_encrypted AS sealed FROM broker_accounts WHERE id = $1', [desk.account.id])).rows[0]!.sealed;
    expect(stack.noren.control.socketMessages()[0]).toEqual({ t: 'c', uid: desk.userId, actid: desk.userId, susertoken: stack.unseal(sealed), source: 'API' });
    const stream = await openPriceStream(stack.server, desk.token, { instruments: [contract, index], account_id: desk.account.id });
    expect((await stream.next()).event).toBe('snapshot');
    await settle(() => subscribed('d', 'NFO|43919') && subscribed('t', 'NSE|26000'));
    stack.noren.control.setLast('43919', 142.5);
    const moved = await stream.until(priceOf(contract, 142.5));
    expect(moved.data.data![contract]).toMatchObject({ last_price: 142.5, bid: 142.45, ask: 142.55 });
    // The stream sends what changed; the volume and OI came with the depth's first frame and are held.
    expect(stack.services[flavor].prices.quotesOf(desk.account.id, [contract])[contract]).toMatchObject({ last_price: 142.5, volume: 98_250, oi: 1_234_500 });
    stack.noren.control.setIndex('NSE|26000', 26_050);
    const level = await stream.until(priceOf(index, 26_050));
    expect(level.data.data![index]).toMatchObject({ last_price: 26_050, change: 50, change_percent: 0.19 });
    await stream.close();
  });

  it("reads the book when the socket says an order changed, so a fill shows without waiting for the periodic read", async () => {
    await settle(() => status()?.state === 'open' && stack.noren.control.socketMessages().some((m) => (m as { t?: string }).t === 'o'));
    expect(stack.noren.control.socketMessages()).toContainEqual({ t: 'o', actid: desk.userId });
    stack.clock.advance(2000);
    stack.noren.control.setLast('43919', 100);
    const placed = await placeOn(stack, desk, [{ tradingsymbol: 'NIFTY26JAN26000CE', transaction_type: 'BUY', order_type: 'LIMIT', product: 'NRML', quantity: 65, price: 95 }], `noren-hint-${flavor}`);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.orders[0]!.order_id;
    const mirrored = async () => (await stack.server.db.query<{ status: string }>('SELECT status FROM kite_orders WHERE broker_account_id = $1 AND order_id = $2', [desk.account.id, orderId])).rows[0]?.status;
    expect(await mirrored()).toBe('OPEN');
    // The price comes down to the order at the broker: its om frame is the only news StrikeDesk gets.
    stack.clock.advance(2000);
    stack.noren.control.setLast('43919', 94);
    await settle(async () => (await mirrored()) === 'COMPLETE');
  });

  it('a socket quiet between price moves stays fresh: it pings every 3 s as Noren\'s client does, and the pong is heard', async () => {
    await settle(() => status()?.state === 'open');
    // Nine seconds without a frame, past the 5 s silence limit; only the pings' pongs come back.
    for (let round = 0; round < 3; round += 1) {
      const before = stack.noren.control.feedPings();
      scheduler.advance(3000);
      await settle(() => stack.noren.control.feedPings() > before);
      // The pong's way back on 127.0.0.1.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status()).toMatchObject({ state: 'open', delayed: false });
  });

  it('a silent socket is delayed and comes back with the prices it missed', async () => {
    await settle(() => status()?.state === 'open');
    const stream = await openPriceStream(stack.server, desk.token, { instruments: [contract], account_id: desk.account.id });
    await stream.next();
    // Silent: no frame and no pong.
    stack.noren.control.silenceFeed(true);
    scheduler.advance(5000);
    await settle(() => status()?.state === 'waiting');
    expect(status()).toMatchObject({ delayed: true });
    stack.noren.control.setLast('43919', 150);
    stack.noren.control.silenceFeed(false);
    scheduler.advance(1000);
    // Reopened: connected and subscribed again, the depth's acknowledgement brings the price missed.
    await settle(() => status()?.state === 'open' && stack.services[flavor].prices.quotesOf(desk.account.id, [contract])[contract]?.last_price === 150);
    expect(status()).toMatchObject({ delayed: false });
    await stream.close();
  });
});
