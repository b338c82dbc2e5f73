// Upstox's portfolio stream feed (issue 38): a logged-in Upstox account's order updates arrive on the socket
// its instance holds, each a hint read back from Upstox exactly as a webhook is, with no periodic book read and
// no webhook. A made-up update changes nothing; a dropped socket reconnects and reads the book once (a fill
// missed meanwhile is found); a token refused at the stream's authorize logs the account out. The socket's
// timers are stepped by hand; the test app registers no webhook URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main';
import type { BrokerOrder, BrokerStream } from '../../../server/services/brokers/broker-trading.ts';
import { createUpstoxOrderHints } from '../../../server/services/brokers/upstox-broker/upstox-order-hints.ts';
import { createUpstoxOrderStreams } from '../../../server/services/brokers/upstox-broker/upstox-order-stream.ts';
import { orderStreamLeaseMs } from '../../../server/services/brokers/live/order-streams.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { settle } from '../support/settle.ts';
import { testBackends } from '../support/test-database.ts';
import { openUpstoxDesk, restingOrder, startUpstoxStack, type UpstoxDesk, type UpstoxStack } from './upstox-desk.ts';

type Schemas = components['schemas'];

const upstoxKey = 'NSE_FO|43919';

describe.each(testBackends)("Upstox's portfolio stream feed on %s", (backend) => {
  const scheduler = manualScheduler();
  const warn = () => undefined;
  let stack: UpstoxStack;

  beforeAll(async () => {
    stack = await startUpstoxStack(backend, { orderStream: { scheduler, staleAfterMs: 60_000, backoff: { initialMs: 1000, maxMs: 4000 } } });
  });
  afterAll(async () => stack.close());

  const streams = () => stack.services.upstox.orderStreams;
  const control = () => stack.upstox.control;
  const bookReads = () => control().requests().filter((request) => request === 'GET /v2/order/retrieve-all').length;
  const mirrored = async (orderId: string) =>
    (await stack.server.db.query<{ status: string; filled_quantity: number }>('SELECT status, filled_quantity FROM kite_orders WHERE order_id = $1', [orderId])).rows[0];

  /** A logged-in desk whose order stream is open and whose opening book read is done; `heard` is what its account's stream hears. */
  async function loggedIn(): Promise<{ desk: UpstoxDesk; heard: BrokerOrder[]; done: () => Promise<void> }> {
    const desk = await openUpstoxDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    await streams().pass(warn);
    await settle(() => streams().status(desk.account.id)?.state === 'open');
    await streams().settle();
    const heard: BrokerOrder[] = [];
    const stream: BrokerStream = await stack.services.upstox.trading.subscribe(
      { id: desk.account.id, accountNumber: desk.account.account_number, capitalPaise: 0 },
      { onOrder: (order) => heard.push(order) },
    );
    // Each test logs its desk out at the end, so the next one counts its own account's reads only.
    const done = async () => {
      stream.close();
      await stack.call('logoutBrokerAccount', { token: desk.token, params: { accountId: desk.account.id } });
      await streams().pass(warn);
    };
    return { desk, heard, done };
  }

  /** A LIMIT buy below the market, resting at Upstox, its updates on the stream read. */
  async function resting(desk: UpstoxDesk): Promise<string> {
    const orderId = await restingOrder(stack, desk);
    await streams().settle();
    return orderId;
  }

  it('brings a fill to the order book, the alert and the account stream, with no book read and no webhook', async () => {
    const { desk, heard, done } = await loggedIn();
    try {
      const orderId = await resting(desk);
      const readsBefore = bookReads();
      control().setQuote(upstoxKey, { last: 89 });
      await settle(async () => (await mirrored(orderId))?.status === 'COMPLETE');
      await streams().settle();
      expect(await mirrored(orderId)).toEqual({ status: 'COMPLETE', filled_quantity: 65 });
      expect(heard.filter((order) => order.status === 'COMPLETE').map((order) => order.order_id)).toEqual([orderId]);
      const alerts = await stack.server.db.query<{ event: string }>('SELECT event FROM alerts WHERE dedupe_key LIKE $1', [`order:${orderId}:%`]);
      expect(alerts.rows.map((row) => row.event)).toEqual(['order_filled']);
      expect(bookReads()).toBe(readsBefore);
      expect(control().webhookDeliveries()).toEqual([]);
      const book = await stack.call<Schemas['OrderBookResponse']>('getOrderBook', { token: desk.token, params: { accountNumber: desk.account.account_number } });
      expect(book.body.order_book.find((order) => order.order_id === orderId)).toMatchObject({ status: 'COMPLETE', filled_quantity: 65 });
      // The same update by webhook too (an app with a webhook URL gets both): read again, nothing new, told once.
      const update = control().portfolioUpdates().find((sent) => sent.order_id === orderId && sent.status === 'complete');
      const webhook = await stack.call<{ message: string }>('receiveUpstoxWebhook', { body: update });
      expect(webhook.body.message).toBe(`Order ${orderId}: nothing new`);
      expect(heard.filter((order) => order.status === 'COMPLETE')).toHaveLength(1);
      expect((await stack.server.db.query('SELECT 1 FROM alerts WHERE dedupe_key LIKE $1', [`order:${orderId}:%`])).rows).toHaveLength(1);
    } finally {
      await done();
    }
  });

  it("changes nothing for an update Upstox's own order read does not confirm", async () => {
    const { desk, heard, done } = await loggedIn();
    try {
      const orderId = await resting(desk);
      const open = control().portfolioUpdates().find((update) => update.order_id === orderId && update.status === 'open');
      expect(open).toBeDefined();
      const updatesBefore = streams().status(desk.account.id)!.updates;
      const heardBefore = heard.length;
      control().pushOrderUpdate(desk.ucc, { ...open, status: 'complete', filled_quantity: 65, pending_quantity: 0, average_price: 1 });
      // The made-up fill is read back from Upstox, which says the order rests.
      await settle(() => streams().status(desk.account.id)!.updates > updatesBefore);
      await streams().settle();
      expect(await mirrored(orderId)).toEqual({ status: 'OPEN', filled_quantity: 0 });
      expect(heard.slice(heardBefore)).toEqual([]);
      const alerts = await stack.server.db.query('SELECT 1 FROM alerts WHERE dedupe_key LIKE $1', [`order:${orderId}:%`]);
      expect(alerts.rows).toHaveLength(0);
    } finally {
      await done();
    }
  });

  it('reconnects a dropped socket and reads the book once, finding the fill sent while it was down', async () => {
    const { desk, heard, done } = await loggedIn();
    try {
      const orderId = await resting(desk);
      control().dropPortfolioStream();
      await settle(() => streams().status(desk.account.id)?.state === 'waiting');
      // The order fills while no socket listens: Upstox's update is lost.
      control().setQuote(upstoxKey, { last: 89 });
      expect(control().orders(desk.ucc).find((order) => order.order_id === orderId)?.status).toBe('complete');
      expect(await mirrored(orderId)).toEqual({ status: 'OPEN', filled_quantity: 0 });
      const readsBefore = bookReads();
      scheduler.advance(1000);
      await settle(() => streams().status(desk.account.id)?.state === 'open');
      await streams().settle();
      expect(bookReads() - readsBefore).toBe(1);
      expect(await mirrored(orderId)).toEqual({ status: 'COMPLETE', filled_quantity: 65 });
      expect(heard.filter((order) => order.status === 'COMPLETE').map((order) => order.order_id)).toEqual([orderId]);
    } finally {
      await done();
    }
  });

  it("logs the account out when Upstox refuses its token at the stream's authorize", async () => {
    const { desk, done } = await loggedIn();
    try {
      control().expireAllTokens(desk.input.api_key);
      await settle(() => streams().status(desk.account.id)?.state === 'waiting');
      scheduler.advance(1000);
      await settle(() => streams().status(desk.account.id) === null);
      await streams().settle();
      const accounts = await stack.call<{ broker_accounts: { id: number; is_logged_in: boolean }[] }>('getBrokerAccounts', { token: desk.token });
      expect(accounts.body.broker_accounts.find((account) => account.id === desk.account.id)).toMatchObject({ is_logged_in: false });
      const told = await stack.server.db.query<{ event: string; title: string }>(
        "SELECT event, title FROM alerts WHERE broker_account_id = $1 AND category = 'broker_session' ORDER BY id",
        [desk.account.id],
      );
      expect(told.rows).toEqual([{ event: 'broker_session_expired', title: `Log in to Upstox again: ${desk.input.account_number}` }]);
      // Nothing reopens it: the session is gone.
      await streams().pass(warn);
      expect(streams().status(desk.account.id)).toBeNull();
    } finally {
      await done();
    }
  });

  it('is held by one instance at a time, and taken over when its holder stops renewing', async () => {
    const { desk, done } = await loggedIn();
    const { upstox } = stack.services;
    const other = createUpstoxOrderStreams({
      db: stack.server.db,
      clock: stack.server.clock.now,
      sessions: upstox.sessions,
      hints: createUpstoxOrderHints({ calls: upstox.trading.calls, updates: upstox.trading.updates }),
      books: upstox.trading,
      tuning: { scheduler, staleAfterMs: 60_000 },
      holder: 'another instance',
    });
    try {
      await other.pass(warn);
      expect(other.status(desk.account.id)).toBeNull();
      expect(control().portfolioConnections()).toBe(1);
      // This instance stops renewing (it died): the other takes the account over once the lease lapses.
      stack.server.clock.advance(orderStreamLeaseMs);
      await other.pass(warn);
      await settle(() => other.status(desk.account.id)?.state === 'open');
      await streams().pass(warn);
      expect(streams().status(desk.account.id)).toBeNull();
      await settle(() => control().portfolioConnections() === 1);
    } finally {
      await other.closeAll();
      await other.settle();
      await done();
    }
  });
});
