// The paper broker end to end through the HTTP contract, on scripted quotes: fills for each order type,
// stop-loss triggers, market protection, every rejection a trader can meet, margin with hedge benefit,
// charges and P&L in paise, the stop-loss/target pair, square-off, expiry settlement and idempotency.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, scriptedMarket, type Desk, type Order, type OrdersResponse, type ScriptedMarket, scriptedServerPerFile, openQuotedDesk, atInstant } from '../support/paper-desk.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { createPortfolio, guardedClient } from '../support/trading.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { lateCommitMs } from '../../../server/services/brokers/broker-trading.ts';

// Friday 20 November 2026, 10:00 IST. NIFTY's nearest expiry is Monday 23 November (the monthly contract,
// moved forward from Tuesday's Guru Nanak Jayanti holiday).
const friday = new Date('2026-11-20T04:30:00Z');

describe.each(testBackends)('the paper broker on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  let call24000: string;
  let call24200: string;
  let put24000: string;

  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  beforeEach(async () => {
    market.demo(true);
    ({ desk, atmCall: call24000 } = await openQuotedDesk({ server, market, call }));
    call24200 = desk.contract(desk.atm + 200, 'CE').tradingsymbol;
    put24000 = desk.contract(desk.atm, 'PE').tradingsymbol;
    market.set(call24200, { bid: 45, ask: 45.5, last: 45.2, close: 40 });
    market.set(put24000, { bid: 130, ask: 130.6, last: 130.3, close: 140 });
  });

  describe('fills', () => {
    it('fills a MARKET buy at the ask and a MARKET sell at the bid, at once, with a trade each', async () => {
      const buy = await desk.place(call24000, 'BUY', 65);
      expect(buy).toMatchObject({ status: 'COMPLETE', filled_quantity: 65, pending_quantity: 0, average_price: 120.5, order_type: 'MARKET', price: 0 });
      expect(buy.order_id).toMatch(/^261120\d{9}$/);
      const sell = await desk.place(call24000, 'SELL', 65);
      expect(sell).toMatchObject({ status: 'COMPLETE', average_price: 120 });
      const book = await desk.orderBook();
      expect(book.status).toBe('OK');
      expect(book.order_book.map((order) => order.order_id)).toEqual([sell.order_id, buy.order_id]);
      expect(book.trades.map((trade) => [trade.order_id, trade.quantity, trade.average_price])).toEqual([
        [sell.order_id, 65, 120],
        [buy.order_id, 65, 120.5],
      ]);
    });

    it('answers only what changed since a previous read of the book (updated_since), and a little before it', async () => {
      const working = await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 100 });
      await desk.place(call24000, 'BUY', 65);
      // Past the overlap a read looks back (a change stamped before the last answer, recorded after it).
      server.clock.advance(lateCommitMs + 1000);
      const first = await desk.orderBook();
      const read = (since: string) =>
        call<{ order_book: Order[]; trades: unknown[]; as_of: string }>('getOrderBook', { token: desk.token, params: { accountNumber: desk.accountNumber }, query: { updated_since: since } });
      const nothing = await read(first.as_of!);
      expect(nothing.body.order_book).toEqual([]);
      expect(nothing.body.trades).toEqual([]);
      server.clock.advance(1000);
      await desk.trade('modifyOrder', { order_id: working.order_id, price: 101 });
      const changed = await read(nothing.body.as_of);
      expect(changed.body.order_book.map((order) => [order.order_id, order.price])).toEqual([[working.order_id, 101]]);
    });

    it('gives the next incremental read a change stamped before the last answer but recorded after it', async () => {
      const working = await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 100 });
      server.clock.advance(lateCommitMs + 1000);
      const answered = await desk.orderBook();
      // A change whose pass took its time before that answer and committed after it (a fill stamped with its market
      // tick's time): the clock goes back for the change, as that pass's did.
      server.clock.advance(-2000);
      await desk.trade('modifyOrder', { order_id: working.order_id, price: 101 });
      server.clock.advance(2000);
      const next = await call<{ order_book: Order[] }>('getOrderBook', {
        token: desk.token,
        params: { accountNumber: desk.accountNumber },
        query: { updated_since: answered.as_of! },
      });
      expect(next.body.order_book.map((order) => [order.order_id, order.price])).toEqual([[working.order_id, 101]]);
    });

    it('cancels a MARKET order the market protection band does not cover, saying why', async () => {
      // Ask ₹150 against a last price of ₹100: beyond last + 20 % (₹120).
      market.set(call24000, { bid: 99, ask: 150, last: 100 });
      const order = await desk.place(call24000, 'BUY', 65);
      expect(order.status).toBe('CANCELLED');
      expect(order.filled_quantity).toBe(0);
      expect(order.status_message).toContain('market protection');
      expect(order.status_message).toContain('₹150.00');
      expect((await desk.positionBook()).net).toEqual([]);
    });

    it('rests a LIMIT buy below the ask and fills it at the ask once the market comes down to it, at the limit or better', async () => {
      const order = await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 118 });
      expect(order).toMatchObject({ status: 'OPEN', pending_quantity: 65, filled_quantity: 0 });
      await desk.tick();
      expect((await desk.orderBook()).order_book[0]!.status).toBe('OPEN');
      market.set(call24000, { bid: 117, ask: 117.5, last: 117.2 });
      expect((await desk.tick()).filled).toBe(1);
      const filled = (await desk.orderBook()).order_book[0]!;
      expect(filled).toMatchObject({ status: 'COMPLETE', average_price: 117.5, filled_quantity: 65, pending_quantity: 0 });
    });

    it('fills a marketable LIMIT sell at once at the bid', async () => {
      const order = await desk.place(call24000, 'SELL', 65, { order_type: 'LIMIT', price: 119 });
      expect(order).toMatchObject({ status: 'COMPLETE', average_price: 120 });
    });

    it('triggers an SL buy when the last price reaches the trigger, then works it as a LIMIT', async () => {
      await desk.place(call24000, 'SELL', 65);
      const stop = await desk.place(call24000, 'BUY', 65, { order_type: 'SL', trigger_price: 140, price: 142 });
      expect(stop.status).toBe('TRIGGER PENDING');
      market.set(call24000, { bid: 139, ask: 139.5, last: 139.5 });
      expect((await desk.tick()).triggered).toBe(0);
      // Triggered at ₹140, but the offer (₹143) is above the ₹142 limit: it waits as an open limit order.
      market.set(call24000, { bid: 142.5, ask: 143, last: 140 });
      expect(await desk.tick()).toMatchObject({ triggered: 1, filled: 0 });
      expect((await desk.orderBook()).order_book[0]).toMatchObject({ status: 'OPEN', order_type: 'SL' });
      market.set(call24000, { bid: 141.5, ask: 142, last: 141.8 });
      expect((await desk.tick()).filled).toBe(1);
      expect((await desk.orderBook()).order_book[0]).toMatchObject({ status: 'COMPLETE', average_price: 142 });
    });
  });

  describe('rejections a trader understands', () => {
    const rejected = async (order: Order, fragment: string) => {
      expect(order.status).toBe('REJECTED');
      expect(order.status_message).toContain(fragment);
      expect(order.filled_quantity).toBe(0);
      expect(order.exchange_order_id).toBeNull();
    };

    it('refuses SL-M on index options with the exchange reason', async () => {
      await rejected(await desk.place(call24000, 'BUY', 65, { order_type: 'SL-M', trigger_price: 140 }), 'SL-M orders are not allowed for index options');
    });

    it('refuses a quantity that is not whole lots, naming the lot size', async () => {
      await rejected(await desk.place(call24000, 'BUY', 70), 'not a multiple of the lot size 65');
    });

    it('refuses a price off the 0.05 tick', async () => {
      await rejected(await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 118.32 }), 'tick size ₹0.05');
    });

    it('refuses a limit price beyond the exchange\'s limit price protection, naming the band (NSE: ±40 % above ₹50, ±₹20 at or below)', async () => {
      // Last ₹120.25: the band is ₹72.15–₹168.35.
      const band = "band ₹72.15–₹168.35 (NSE: ±40 % of the reference price, at least ±₹20.00)";
      await rejected(await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 170 }), band);
      await rejected(await desk.place(call24000, 'SELL', 65, { order_type: 'LIMIT', price: 72 }), "a sell below ₹72.15 is rejected");
      expect((await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 118 })).status).toBe('OPEN');
      expect((await desk.place(call24000, 'SELL', 65, { order_type: 'LIMIT', price: 168.35 })).status).toBe('OPEN');
      // Last ₹45.20 (₹50 or less): ±₹20, ₹25.20–₹65.20.
      await rejected(await desk.place(call24200, 'BUY', 65, { order_type: 'LIMIT', price: 65.25 }), 'band ₹25.20–₹65.20');
      expect((await desk.place(call24200, 'BUY', 65, { order_type: 'LIMIT', price: 65.2 })).status).toBe('COMPLETE');
    });

    it('checks a stop-loss\'s limit against the band when it triggers, as the exchange does', async () => {
      const stop = await desk.place(call24000, 'BUY', 65, { order_type: 'SL', trigger_price: 125, price: 180 });
      expect(stop.status).toBe('TRIGGER PENDING');
      market.set(call24000, { bid: 125.5, ask: 126, last: 126 });
      await desk.tick();
      const after = (await desk.orderBook()).order_book.find((order) => order.order_id === stop.order_id)!;
      expect(after.status).toBe('CANCELLED');
      expect(after.status_message).toContain('Stop-loss triggered, then rejected. Order price is beyond the exchange\'s limit price protection');
      expect(after.status_message).toContain('band ₹75.60–₹176.40');
    });

    it('refuses orders while the market is closed when no next session is known', async () => {
      market.open(false);
      await rejected(await desk.place(call24000, 'BUY', 65), 'Markets are closed');
    });

    it('refuses a sale the funds cannot carry, showing required and available margin', async () => {
      const small = await openDesk(server, call, 50_000);
      const order = await small.place(call24000, 'SELL', 65);
      await rejected(order, 'Insufficient funds. Required margin is ₹');
      expect(order.status_message).toMatch(/but available margin is ₹50,000\.00\.$/);
    });

    it('answers 403 "log in to the broker again" once the broker session has expired, placing nothing', async () => {
      server.clock.advance(3 * 24 * 60 * 60 * 1000);
      const res = await desk.trade('placeTrades', { orders: [desk.order(call24000, 'BUY', 65)] });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'broker_session_expired', message: expect.stringContaining('Log in to the broker again') });
      server.clock.advance(-3 * 24 * 60 * 60 * 1000);
      expect((await desk.orderBook()).order_book).toEqual([]);
    });

    it('reads positions and orders as UNKNOWN, never as fresh, while the session is expired', async () => {
      await desk.place(call24000, 'BUY', 65);
      server.clock.advance(3 * 24 * 60 * 60 * 1000);
      const book = await desk.positionBook();
      server.clock.advance(-3 * 24 * 60 * 60 * 1000);
      expect(book.status).toBe('UNKNOWN');
      expect(book.as_of).not.toBeNull();
    });

    it('allows 25 modifications of an order and refuses the 26th', async () => {
      const order = await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 100 });
      for (let n = 1; n <= 25; n += 1) {
        const res = await desk.trade('modifyOrder', { order_id: order.order_id, price: 100 + n * 0.05 });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.orders[0]!.modifications).toBe(n);
      }
      const refused = await desk.trade('modifyOrder', { order_id: order.order_id, price: 99 });
      expect(refused.status).toBe(422);
      // Coded for the app to say in the trader's language (details.text), not only in English.
      expect(refused.body).toMatchObject({
        code: 'modification_limit',
        details: { text: { code: 'refusal.modification_limit', params: { order_id: order.order_id, limit: 25 } } },
      });
    });

    it('refuses a modification that changes nothing (a trigger on a LIMIT order) with 422, without counting it', async () => {
      const order = await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 100 });
      for (const [changes, field] of [
        [{ trigger_price: 95 }, 'trigger_price'],
        [{ price: 100, quantity: 65 }, undefined],
        [{ order_type: 'LIMIT' }, undefined],
      ] as const) {
        const res = await desk.trade<{ code: string; message: string; field?: string }>('modifyOrder', { order_id: order.order_id, ...changes });
        expect(res.status, JSON.stringify(res.body)).toBe(422);
        expect(res.body.code).toBe('nothing_to_modify');
        expect(res.body.field).toBe(field);
        expect(res.body.message).toContain('Nothing would change');
        expect(res.body).toMatchObject({ details: { text: { code: 'refusal.nothing_to_modify', params: { order_id: order.order_id, ignored: field === undefined ? 'none' : 'trigger' } } } });
      }
      expect((await desk.orderBook()).order_book[0]).toMatchObject({ order_id: order.order_id, modifications: 0, price: 100, trigger_price: 0 });
      const real = await desk.trade('modifyOrder', { order_id: order.order_id, price: 101 });
      expect(real.body.orders[0]!.modifications).toBe(1);
    });

    it('counts orders per account like Kite: the 11th in one second answers 429 with Retry-After', async () => {
      for (let n = 0; n < 10; n += 1) await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 100 });
      const res = await desk.trade('placeTrades', { orders: [desk.order(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 100 })] });
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.body).toMatchObject({ code: 'order_rate_limited' });
      server.clock.advance(1000);
      expect((await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 100 })).status).toBe('OPEN');
    });

    it('answers 422 for a contract that is not listed, placing nothing', async () => {
      const res = await desk.trade('placeTrades', { orders: [desk.order('NIFTY26NOV99000CE', 'BUY', 65)] });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'unknown_instrument', field: 'tradingsymbol' });
    });
  });

  describe('after-market orders', () => {
    // Friday 20 November closed at 15:30 IST; the next open is Monday 23 November, 09:15 IST.
    const closedAt = new Date('2026-11-20T10:00:00Z');
    const nextOpen = new Date('2026-11-23T03:45:00Z');
    const at = (instant: string, during: () => Promise<void>) => atInstant({ server, market }, instant, during);
    const rejected = async (order: Order, fragment: string) => {
      expect(order.status).toBe('REJECTED');
      expect(order.status_message).toContain(fragment);
    };
    const bookOrder = async (orderId: string) => (await desk.orderBook()).order_book.find((order) => order.order_id === orderId);

    it('takes an order placed after the close as an AMO, held (modifiable, cancellable) until the open, where it goes to matching', async () => {
      let held = '';
      await at('2026-11-20T18:00:00+05:30', async () => {
        market.open(false, { nextOpen, closedAt });
        const order = await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 118 });
        expect(order).toMatchObject({ status: 'OPEN', variety: 'amo', broker_status: 'AMO REQ RECEIVED', exchange_order_id: null, filled_quantity: 0 });
        held = order.order_id;
        // Marketable now, it still waits for the open.
        const modified = await desk.trade('modifyOrder', { order_id: held, price: 121 });
        expect(modified.status, JSON.stringify(modified.body)).toBe(200);
        expect(await bookOrder(held)).toMatchObject({ status: 'OPEN', price: 121, variety: 'amo', broker_status: 'AMO REQ RECEIVED', filled_quantity: 0 });
        const other = await desk.place(put24000, 'SELL', 65, { product: 'MIS' });
        expect(other).toMatchObject({ status: 'OPEN', variety: 'amo', product: 'MIS' });
        const cancelled = await desk.trade('cancelOrder', { order_ids: [other.order_id] });
        expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
        expect(await bookOrder(other.order_id)).toMatchObject({ status: 'CANCELLED' });
        await desk.tick();
        expect(await bookOrder(held)).toMatchObject({ status: 'OPEN', filled_quantity: 0 });
      });
      await at('2026-11-23T09:15:00+05:30', async () => {
        market.set(call24000, { bid: 120, ask: 120.5, last: 120.25 });
        await desk.tick();
        const filled = await bookOrder(held);
        expect(filled).toMatchObject({ status: 'COMPLETE', average_price: 120.5, variety: 'amo', broker_status: null });
        expect(filled?.exchange_order_id).toMatch(/^11\d{14}$/);
      });
    });

    it('rejects at the open an AMO the exchange refuses (its limit price protection around the opening price)', async () => {
      let held = '';
      await at('2026-11-20T20:00:00+05:30', async () => {
        market.open(false, { nextOpen, closedAt });
        const order = await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 200 });
        expect(order).toMatchObject({ status: 'OPEN', variety: 'amo' });
        held = order.order_id;
      });
      await at('2026-11-23T09:15:00+05:30', async () => {
        await desk.tick();
        const rejectedOrder = await bookOrder(held);
        expect(rejectedOrder?.status).toBe('REJECTED');
        expect(rejectedOrder?.status_message).toContain('After-market order rejected at the open: Order price is beyond the exchange\'s limit price protection');
      });
    });

    it('checks the funds again at the open, AMO by AMO: an opening gap can leave room for the first and not the second', async () => {
      // Two short calls that fit together at Friday's close; Monday opens 400 points higher, and each lot
      // needs more margin than the account has for both (the broker's RMS checks an AMO as it reaches the exchange).
      const sells = (lots: number) => [desk.order(call24200, 'SELL', 65 * lots, { order_type: 'LIMIT', price: 165 })];
      const requiredFor = async (lots: number) => {
        const res = await call<{ margins: { required: number } }>('getOrderMargins', { token: desk.token, body: { account_number: desk.accountNumber, orders: sells(lots) } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.margins.required;
      };
      const bothAtClose = await requiredFor(2);
      market.spot(26450);
      const oneAtOpen = await requiredFor(1);
      const bothAtOpen = await requiredFor(2);
      market.spot(26050);
      // An account with room for both at the close, for one only at the open.
      const capital = Math.round((bothAtClose + bothAtOpen) / 2);
      expect(capital).toBeGreaterThan(oneAtOpen);
      const small = await openDesk(server, call, capital);
      const book = async () => (await small.orderBook()).order_book;
      const held: string[] = [];
      await at('2026-11-20T19:00:00+05:30', async () => {
        market.open(false, { nextOpen, closedAt });
        for (let i = 0; i < 2; i += 1) {
          const order = await small.place(call24200, 'SELL', 65, { order_type: 'LIMIT', price: 165 });
          expect(order).toMatchObject({ status: 'OPEN', variety: 'amo' });
          held.push(order.order_id);
        }
      });
      await at('2026-11-23T09:15:00+05:30', async () => {
        await small.logIn();
        market.spot(26450);
        market.set(call24200, { bid: 160, ask: 160.5, last: 160.25 });
        await small.tick();
        const [first, second] = held.map((id) => book().then((orders) => orders.find((order) => order.order_id === id)));
        expect(await first).toMatchObject({ status: 'OPEN', variety: 'amo', broker_status: null });
        expect((await first)?.exchange_order_id).toMatch(/^11\d{14}$/);
        const rejectedOrder = await second;
        expect(rejectedOrder).toMatchObject({ status: 'REJECTED', variety: 'amo', exchange_order_id: null, filled_quantity: 0 });
        expect(rejectedOrder?.status_message).toMatch(/^After-market order rejected at the open: Insufficient funds\. Required margin is ₹[\d,.]+ but available margin is ₹[\d,.]+\.$/);
        expect(rejectedOrder?.status_message_i18n).toMatchObject({ code: 'order.amo_rejected_at_open', params: { reason: { code: 'order.insufficient_funds' } } });
        // The trader is told, as of any rejection.
        await small.services.alerts.watchers.run(server.clock.now());
        const alerts = await call<{ alerts: Array<{ event: string; body: string }> }>('getAlerts', { token: small.token, query: {} });
        expect(alerts.body.alerts.find((alert) => alert.event === 'order_rejected')?.body).toContain(rejectedOrder!.status_message!);
      });
      market.spot(26050);
    });

    it('rejects at the open an AMO that fitted when placed, once an opening gap has raised the margin of what the account holds', async () => {
      const marginOf = async (orders: Array<Record<string, unknown>>) => {
        const res = await call<{ margins: { required: number } }>('getOrderMargins', { token: desk.token, body: { account_number: desk.accountNumber, orders } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.margins.required;
      };
      const short = [desk.order(call24200, 'SELL', 65)];
      const buy = [desk.order(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 120 })];
      const shortAtClose = await marginOf(short);
      const buyNeeds = await marginOf(buy);
      market.spot(26450);
      const shortAtOpen = await marginOf(short);
      market.spot(26050);
      // Room for the short and the buy at Friday's spot, not once Monday opens 400 points higher.
      const rise = shortAtOpen - shortAtClose;
      expect(rise).toBeGreaterThan(10_000);
      const small = await openDesk(server, call, Math.round(shortAtClose + buyNeeds + rise / 2));
      expect(await small.place(call24200, 'SELL', 65)).toMatchObject({ status: 'COMPLETE' });
      let held = '';
      await at('2026-11-20T19:00:00+05:30', async () => {
        market.open(false, { nextOpen, closedAt });
        const order = await small.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 120 });
        expect(order).toMatchObject({ status: 'OPEN', variety: 'amo' });
        held = order.order_id;
      });
      await at('2026-11-23T09:15:00+05:30', async () => {
        await small.logIn();
        market.spot(26450);
        market.set(call24000, { bid: 125, ask: 125.5, last: 125.25 });
        await small.tick();
        const order = (await small.orderBook()).order_book.find((item) => item.order_id === held);
        expect(order).toMatchObject({ status: 'REJECTED', variety: 'amo' });
        expect(order?.status_message).toContain('After-market order rejected at the open: Insufficient funds.');
      });
      market.spot(26050);
    });

    it('changes a held AMO only inside the AMO window (15:45 to 09:10 IST), as Kite does', async () => {
      let held = '';
      await at('2026-11-20T18:00:00+05:30', async () => {
        market.open(false, { nextOpen, closedAt });
        held = (await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 100 })).order_id;
      });
      await at('2026-11-23T09:12:00+05:30', async () => {
        market.open(false, { nextOpen, closedAt: null });
        await desk.logIn();
        const modified = await desk.trade('modifyOrder', { order_id: held, price: 101 });
        expect(modified.status).toBe(422);
        expect(modified.body).toMatchObject({
          code: 'order_refused',
          field: 'order_id',
          message: `After-market order ${held} cannot be modified now: the broker takes changes of after-market orders from 15 minutes after the close until 5 minutes before the open; it goes to the exchange at 09:15 IST and can be modified from then.`,
        });
        const cancelled = await desk.trade('cancelOrder', { order_ids: [held] });
        expect(cancelled.status).toBe(422);
        expect(await bookOrder(held)).toMatchObject({ status: 'OPEN', price: 100, variety: 'amo' });
      });
      await at('2026-11-23T09:05:00+05:30', async () => {
        market.open(false, { nextOpen, closedAt: null });
        await desk.logIn();
        const cancelled = await desk.trade('cancelOrder', { order_ids: [held] });
        expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
        expect(cancelled.body.orders[0]).toMatchObject({ order_id: held, status: 'CANCELLED' });
      });
    });

    it('takes no order between the close and 15:45 IST, saying when AMOs open', async () => {
      await at('2026-11-20T15:35:00+05:30', async () => {
        market.open(false, { nextOpen, closedAt });
        await rejected(await desk.place(call24000, 'BUY', 65), 'After-market orders for F&O are taken from 15:45 IST');
      });
    });
  });

  describe('margin', () => {
    const marginOf = async (orders: Array<Record<string, unknown>>) => {
      const res = await call<{ margins: { required: number; margin: number; premium: number; charges: number; available: number } }>('getOrderMargins', {
        token: desk.token,
        body: { account_number: desk.accountNumber, orders },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.margins;
    };

    it('asks a naked short for SPAN-like margin and a bull call spread far less (the hedge benefit)', async () => {
      const naked = await marginOf([desk.order(call24200, 'SELL', 65)]);
      const spread = await marginOf([desk.order(call24000, 'BUY', 65), desk.order(call24200, 'SELL', 65)]);
      // One NIFTY lot short near the money at 26,050 needs what buying it back after a 9.3 % rise would cost
      // (SPAN, about ₹1.45 lakh) plus 2 % exposure on ₹16.9 lakh of notional; the spread can lose at most its
      // width, so it needs exposure and the debit.
      expect(naked.margin).toBeGreaterThan(80_000);
      expect(naked.margin).toBeLessThan(200_000);
      expect(spread.margin).toBeLessThan(naked.margin * 0.4);
      expect(spread.premium).toBe(120.5 * 65);
      expect(naked.available).toBe(500_000);
    });

    it('needs only the premium and charges to buy an option', async () => {
      const buy = await marginOf([desk.order(call24000, 'BUY', 65)]);
      expect(buy.margin).toBe(0);
      // ₹7,832.50 premium + ₹20 brokerage + exchange, SEBI, GST and stamp duty.
      expect(buy.required).toBeCloseTo(7832.5 + buy.charges, 2);
      expect(buy.charges).toBeGreaterThan(20);
    });

    it('breaks the charges down as a contract note does, the lines adding up to the total', async () => {
      market.set(call24000, { bid: 100, ask: 100, last: 100 });
      const res = await call<{ margins: { charges: number; charge_breakdown: Record<string, number | string> } }>('getOrderMargins', {
        token: desk.token,
        body: { account_number: desk.accountNumber, orders: [desk.order(call24000, 'BUY', 65), desk.order(call24200, 'SELL', 65, { order_type: 'LIMIT', price: 110.05 })] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // The worked example below: a ₹6,500.00 buy and a ₹7,153.25 sell (another contract: charges do not care).
      expect(res.body.margins.charge_breakdown).toEqual({ brokerage: 40, brokerage_status: 'priced', stt: 10.73, exchange: 4.85, sebi: 0.02, stamp_duty: 0.2, gst: 8.08, call_and_trade: 0 });
      expect(res.body.margins.charges).toBe(63.88);
    });
  });

  describe('charges and P&L', () => {
    it('charges a round trip as the worked example says, and nets P&L in paise', async () => {
      market.set(call24000, { bid: 100, ask: 100, last: 100 });
      await desk.place(call24000, 'BUY', 65);
      market.set(call24000, { bid: 110.05, ask: 110.1, last: 110.05 });
      await desk.place(call24000, 'SELL', 65);
      // Rates in force on 20 November 2026 (charge_rates, from 1 April 2026), on ₹6,500.00 bought and
      // ₹7,153.25 sold:
      //   buy:  brokerage ₹20.00; exchange 0.03553 % = ₹2.309… → ₹2.31; SEBI ₹10/crore = ₹0.0065 → ₹0.01;
      //         GST 18 % of ₹22.32 = ₹4.0176 → ₹4.02; stamp 0.003 % = ₹0.195 → ₹0.20.        Total ₹26.54
      //   sell: brokerage ₹20.00; STT 0.15 % = ₹10.729875 → ₹10.73; exchange ₹2.5415… → ₹2.54;
      //         SEBI ₹0.00715… → ₹0.01; GST 18 % of ₹22.55 = ₹4.059 → ₹4.06; no stamp.        Total ₹37.34
      // Gross P&L 65 × (110.05 − 100.00) = ₹653.25; net ₹653.25 − ₹63.88 = ₹589.37.
      const [position] = (await desk.positionBook()).net;
      expect(position).toMatchObject({ quantity: 0, pnl: 653.25, realised: 653.25, unrealised: 0, charges: 63.88, net_pnl: 589.37 });
      // The trade book carries each fill's own charges, and the order book each contract's lot size.
      const book = await desk.orderBook();
      expect(book.trades.map((trade) => [trade.transaction_type, trade.charges])).toEqual([['SELL', 37.34], ['BUY', 26.54]]);
      expect(book.order_book.map((order) => order.lot_size)).toEqual([65, 65]);
      expect(position).toMatchObject({ buy_quantity: 65, buy_value: 6500, buy_price: 100, sell_quantity: 65, sell_value: 7153.25, sell_price: 110.05 });
    });

    it('marks an open short to the last price: unrealised from its average, m2m, and margins that fall by the loss', async () => {
      await desk.place(call24000, 'SELL', 130);
      market.set(call24000, { bid: 125, ask: 125.5, last: 125.35, close: 110 });
      const book = await desk.positionBook();
      const [position] = book.net;
      // Sold 130 at ₹120.00 (the bid); marked at ₹125.35: 130 × −5.35 = −₹695.50.
      expect(position).toMatchObject({ quantity: -130, average_price: 120, last_price: 125.35, pnl: -695.5, unrealised: -695.5, realised: 0, m2m: -695.5 });
      expect(book.day[0]).toMatchObject({ quantity: -130, pnl: -695.5 });
      expect(book.margins.used).toBeGreaterThan(100_000);
      expect(book.margins.available).toBeCloseTo(book.margins.equity - book.margins.used, 2);
    });
  });

  describe('stop-loss and target', () => {
    it('pairs them: the stop-loss filling cancels the target; modifying the target keeps the pair', async () => {
      await desk.place(call24000, 'BUY', 130);
      const common = { tradingsymbol: call24000, exchange: 'NFO', product: 'NRML', transaction_type: 'SELL', quantity: 130 };
      const stop = await desk.trade('placeStopLossOrder', { ...common, order_type: 'SL', trigger_price: 100, price: 99 });
      expect(stop.status, JSON.stringify(stop.body)).toBe(200);
      expect(stop.body.orders[0]).toMatchObject({ status: 'TRIGGER PENDING' });
      const target = await desk.trade('placeTargetOrder', { ...common, price: 150 });
      expect(target.body.orders[0]).toMatchObject({ status: 'OPEN', order_type: 'LIMIT', price: 150 });
      const modified = await desk.trade('modifyOrder', { order_id: target.body.orders[0]!.order_id, price: 160 });
      expect(modified.body.orders[0]).toMatchObject({ status: 'OPEN', price: 160, modifications: 1 });

      market.set(call24000, { bid: 99.5, ask: 100, last: 99.9 });
      await desk.tick();
      const book = (await desk.orderBook()).order_book;
      const byId = new Map(book.map((order) => [order.order_id, order]));
      expect(byId.get(stop.body.orders[0]!.order_id)).toMatchObject({ status: 'COMPLETE', average_price: 99.5 });
      expect(byId.get(target.body.orders[0]!.order_id)).toMatchObject({ status: 'CANCELLED', status_message: expect.stringContaining('one cancels the other') });
      expect((await desk.positionBook()).net[0]!.quantity).toBe(0);
    });

    it('shrinks both when the position is reduced by hand, and cancels them when it is closed', async () => {
      await desk.place(call24000, 'BUY', 130);
      const common = { tradingsymbol: call24000, exchange: 'NFO', product: 'NRML', transaction_type: 'SELL', quantity: 130 };
      const stop = (await desk.trade('placeStopLossOrder', { ...common, order_type: 'SL', trigger_price: 100, price: 99 })).body.orders[0]!;
      const target = (await desk.trade('placeTargetOrder', { ...common, price: 150 })).body.orders[0]!;
      await desk.place(call24000, 'SELL', 65);
      let book = new Map((await desk.orderBook()).order_book.map((order) => [order.order_id, order]));
      expect(book.get(stop.order_id)).toMatchObject({ quantity: 65, pending_quantity: 65, status: 'TRIGGER PENDING' });
      expect(book.get(target.order_id)).toMatchObject({ quantity: 65, pending_quantity: 65, status: 'OPEN' });
      await desk.place(call24000, 'SELL', 65);
      book = new Map((await desk.orderBook()).order_book.map((order) => [order.order_id, order]));
      expect(book.get(stop.order_id)?.status).toBe('CANCELLED');
      expect(book.get(target.order_id)?.status).toBe('CANCELLED');
    });

    it('leaves a stop-loss on part of a position at the quantity the trader set when the position grows', async () => {
      await desk.place(call24000, 'BUY', 130);
      const stop = (
        await desk.trade('placeStopLossOrder', {
          tradingsymbol: call24000, exchange: 'NFO', product: 'NRML', transaction_type: 'SELL', quantity: 65, order_type: 'SL', trigger_price: 100, price: 99,
        })
      ).body.orders[0]!;
      await desk.place(call24000, 'BUY', 65);
      const book = new Map((await desk.orderBook()).order_book.map((order) => [order.order_id, order]));
      expect(book.get(stop.order_id)).toMatchObject({ quantity: 65, pending_quantity: 65, status: 'TRIGGER PENDING' });
    });

    it('pairs a new stop-loss with the target that outlived the first one', async () => {
      await desk.place(call24000, 'BUY', 130);
      const common = { tradingsymbol: call24000, exchange: 'NFO', product: 'NRML', transaction_type: 'SELL', quantity: 130 };
      const first = (await desk.trade('placeStopLossOrder', { ...common, order_type: 'SL', trigger_price: 100, price: 99 })).body.orders[0]!;
      const target = (await desk.trade('placeTargetOrder', { ...common, price: 150 })).body.orders[0]!;
      expect((await desk.trade('cancelOrder', { order_ids: [first.order_id] })).status).toBe(200);
      const second = (await desk.trade('placeStopLossOrder', { ...common, order_type: 'SL', trigger_price: 110, price: 109 })).body.orders[0]!;
      market.set(call24000, { bid: 109.5, ask: 110, last: 109.9 });
      await desk.tick();
      const book = new Map((await desk.orderBook()).order_book.map((order) => [order.order_id, order]));
      expect(book.get(second.order_id)).toMatchObject({ status: 'COMPLETE' });
      expect(book.get(target.order_id)).toMatchObject({ status: 'CANCELLED', status_message: expect.stringContaining('one cancels the other') });
      expect((await desk.positionBook()).net[0]!.quantity).toBe(0);
    });

    it('refuses a stop-loss on a position not held, naming the quantity (422)', async () => {
      const res = await desk.trade('placeStopLossOrder', {
        tradingsymbol: call24000, exchange: 'NFO', product: 'NRML', transaction_type: 'SELL', quantity: 65, order_type: 'SL', trigger_price: 100, price: 99,
      });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'order_not_reducing', field: 'quantity', details: { text: { code: 'refusal.not_reducing', params: { kind: 'stoploss', most: 0 } } } });
      expect((await desk.orderBook()).order_book).toEqual([]);
    });

    it('refuses a stop-loss that would not reduce the position (422)', async () => {
      await desk.place(call24000, 'BUY', 65);
      const res = await desk.trade('placeStopLossOrder', {
        tradingsymbol: call24000, exchange: 'NFO', product: 'NRML', transaction_type: 'SELL', quantity: 130, order_type: 'SL', trigger_price: 100, price: 99,
      });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: 'order_not_reducing',
        details: { text: { code: 'refusal.not_reducing', params: { kind: 'stoploss', side: 'SELL', most: 65, position: 'long' } } },
      });
    });
  });

  describe('square-off', () => {
    it('buys shorts back before selling longs, cancels working orders first, slices at the freeze quantity, and is harmless repeated', async () => {
      // NIFTY's freeze quantity is 1,800 (27 lots of 65 = 1,755 per order): 1,950 units short take two orders.
      // A bull call spread of 30 lots: ₹50 lakh carries its exposure margin; the hedge goes first.
      desk = await openDesk(server, call, 5_000_000);
      const opened = await desk.trade('placeTrades', { orders: [desk.order(call24000, 'BUY', 1950), desk.order(call24200, 'SELL', 1950)] });
      expect(opened.body.orders.map((order) => [order.quantity, order.status])).toEqual([
        [1755, 'COMPLETE'],
        [195, 'COMPLETE'],
        [1755, 'COMPLETE'],
        [195, 'COMPLETE'],
      ]);
      const working = await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 100 });
      const positions = [
        { tradingsymbol: call24000, exchange: 'NFO', product: 'NRML' },
        { tradingsymbol: call24200, exchange: 'NFO', product: 'NRML' },
      ];
      const res = await desk.trade('squareoffTrades', { positions });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.orders.map((order) => [order.tradingsymbol, order.transaction_type, order.quantity, order.status])).toEqual([
        [call24200, 'BUY', 1755, 'COMPLETE'],
        [call24200, 'BUY', 195, 'COMPLETE'],
        [call24000, 'SELL', 1755, 'COMPLETE'],
        [call24000, 'SELL', 195, 'COMPLETE'],
      ]);
      const book = new Map((await desk.orderBook()).order_book.map((order) => [order.order_id, order]));
      expect(book.get(working.order_id)?.status).toBe('CANCELLED');
      expect((await desk.positionBook()).net.map((position) => position.quantity)).toEqual([0, 0]);
      const again = await desk.trade('squareoffTrades', { positions });
      expect(again.status).toBe(200);
      expect(again.body.orders).toEqual([]);
    });

    it('closes a position named twice to flat, never past it into a short', async () => {
      await desk.place(call24000, 'BUY', 130);
      const twice = [
        { tradingsymbol: call24000, exchange: 'NFO', product: 'NRML' },
        { tradingsymbol: call24000, exchange: 'NFO', product: 'NRML' },
      ];
      const res = await desk.trade('squareoffTrades', { positions: twice });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.orders.map((order) => [order.transaction_type, order.quantity, order.status])).toEqual([['SELL', 130, 'COMPLETE']]);
      expect((await desk.positionBook()).net.map((position) => position.quantity)).toEqual([0]);
    });

    it('squares off part of one position with execute_order', async () => {
      await desk.place(call24000, 'BUY', 195);
      const res = await desk.trade('executeOrder', { action: 'squareoff', tradingsymbol: call24000, exchange: 'NFO', product: 'NRML', quantity: 65 });
      expect(res.body.orders).toMatchObject([{ transaction_type: 'SELL', quantity: 65, status: 'COMPLETE' }]);
      expect((await desk.positionBook()).net[0]!.quantity).toBe(130);
    });
  });

  describe('the broker\'s own square-off', () => {
    /** Runs `during` with the clock at an IST time of Friday 20 November, then puts it back. */
    const at = async (istTime: string, during: () => Promise<void>) => {
      const start = server.clock.now().getTime();
      server.clock.advance(Date.parse(`2026-11-20T${istTime}:00+05:30`) - start);
      try {
        await during();
      } finally {
        server.clock.advance(start - server.clock.now().getTime());
      }
    };

    it('closes MIS positions at market from 15:25 IST (not 15:20), in demo mode too, and leaves NRML ones open', async () => {
      await desk.place(call24000, 'BUY', 65, { product: 'MIS' });
      await desk.place(call24200, 'SELL', 65);
      await at('15:21', async () => {
        await desk.tick();
      });
      expect((await desk.positionBook()).net.find((position) => position.tradingsymbol === call24000)?.quantity).toBe(65);
      await at('15:25', async () => {
        await desk.tick();
      });
      const book = await desk.orderBook();
      expect(book.order_book[0]).toMatchObject({ tradingsymbol: call24000, transaction_type: 'SELL', product: 'MIS', status: 'COMPLETE', tag: 'AUTO-SQOFF' });
      const positions = new Map((await desk.positionBook()).net.map((position) => [position.tradingsymbol, position.quantity]));
      expect(positions.get(call24000)).toBe(0);
      expect(positions.get(call24200)).toBe(-65);
    });

    it("cancels the position's own working orders before squaring it off, so none fills into a new MIS position after the cut-off", async () => {
      await desk.place(call24000, 'BUY', 65, { product: 'MIS' });
      const adding = await desk.place(call24000, 'BUY', 65, { product: 'MIS', order_type: 'LIMIT', price: 100 });
      const otherContract = await desk.place(call24200, 'BUY', 65, { product: 'MIS', order_type: 'LIMIT', price: 30 });
      await at('15:25', async () => {
        await desk.tick();
      });
      const book = new Map((await desk.orderBook()).order_book.map((order) => [order.order_id, order]));
      expect(book.get(adding.order_id)).toMatchObject({ status: 'CANCELLED', status_message: 'Cancelled before the position was squared off.' });
      // Not a position: the square-off leaves it to the trader (Kite cancels pending MIS orders at its own cut-off).
      expect(book.get(otherContract.order_id)?.status).toBe('OPEN');
      market.set(call24000, { bid: 99, ask: 99.5, last: 99.2 });
      await desk.tick();
      expect((await desk.positionBook()).net.find((position) => position.tradingsymbol === call24000)?.quantity).toBe(0);
    });

    it('charges ₹50 + 18 % GST on each order it squares off, on that order\'s trade', async () => {
      await desk.place(call24000, 'BUY', 65, { product: 'MIS' });
      market.set(call24000, { bid: 120, ask: 120.5, last: 120.25 });
      await at('15:26', async () => {
        await desk.tick();
      });
      const [squareOff] = (await desk.orderBook()).trades;
      // Sold 65 at ₹120.00 (₹7,800.00): brokerage ₹20.00, STT 0.15 % ₹11.70, exchange 0.0355299 % ₹2.77,
      // SEBI ₹0.01, call and trade ₹50.00, GST 18 % of ₹72.78 = ₹13.10. Total ₹97.58 (₹38.48 without it).
      // The ₹50 is its own line of the fill's charges (its GST is in the GST); the trader's own buy has none.
      expect(squareOff).toMatchObject({ transaction_type: 'SELL', average_price: 120, charges: 97.58, call_and_trade: 50 });
      expect((await desk.orderBook()).trades.slice(1).map((trade) => trade.call_and_trade)).toEqual([0]);
    });

    it("squares off on the exchange's clock too, in as many orders as the freeze quantity needs, each charged ₹50 + GST", async () => {
      // Exchange hours (MARKET_DEMO=off), the exchange open at 15:25. 1,950 units: two orders at NIFTY's
      // freeze quantity (27 lots of 65 = 1,755, then 195), and Zerodha bills the call-and-trade per order.
      market.demo(false);
      const opened = await desk.trade('placeTrades', { orders: [desk.order(call24000, 'BUY', 1950, { product: 'MIS' })] });
      expect(opened.body.orders.map((order) => order.status)).toEqual(['COMPLETE', 'COMPLETE']);
      await at('15:24', async () => {
        await desk.tick();
      });
      expect((await desk.orderBook()).order_book.filter((order) => order.tag === 'AUTO-SQOFF')).toEqual([]);
      await at('15:25', async () => {
        await desk.tick();
      });
      const squaredOff = (await desk.orderBook()).order_book.filter((order) => order.tag === 'AUTO-SQOFF');
      expect(squaredOff.map((order) => [order.transaction_type, order.quantity, order.status]).sort()).toEqual([
        ['SELL', 1755, 'COMPLETE'],
        ['SELL', 195, 'COMPLETE'],
      ]);
      const ids = new Set(squaredOff.map((order) => order.order_id));
      const trades = (await desk.orderBook()).trades.filter((trade) => ids.has(trade.order_id));
      expect(trades.map((trade) => trade.call_and_trade)).toEqual([50, 50]);
      expect((await desk.positionBook()).net.find((position) => position.tradingsymbol === call24000)?.quantity).toBe(0);
    });

    it('refuses fresh MIS orders after the cut-off on the exchange\'s hours, saying why, and still takes MIS exits and NRML orders', async () => {
      // Exchange hours (MARKET_DEMO=off): the demo market takes MIS at any hour (demo-mis.test.ts).
      market.demo(false);
      await desk.place(call24000, 'BUY', 130, { product: 'MIS' });
      await at('15:25', async () => {
        const fresh = await desk.place(call24200, 'BUY', 65, { product: 'MIS' });
        expect(fresh.status).toBe('REJECTED');
        expect(fresh.status_message).toContain('Intraday (MIS) orders are closed for today: from 15:25 IST');
        const adding = await desk.place(call24000, 'BUY', 65, { product: 'MIS' });
        expect(adding.status).toBe('REJECTED');
        const exit = await desk.place(call24000, 'SELL', 65, { product: 'MIS' });
        expect(exit.status).toBe('COMPLETE');
        const overnight = await desk.place(call24200, 'BUY', 65, { product: 'NRML' });
        expect(overnight.status).toBe('COMPLETE');
      });
      // Before the cut-off the same MIS order is taken.
      expect((await desk.place(call24200, 'BUY', 65, { product: 'MIS' })).status).toBe('COMPLETE');
    });
  });

  describe('expiry', () => {
    it('settles at the close of expiry day at intrinsic value against the closing value (not the last spot), with brokerage on the money and STT on exercise', async () => {
      const strike = desk.atm;
      const bought = await desk.place(call24000, 'BUY', 65);
      await desk.place(call24200, 'SELL', 65);
      await desk.place(put24000, 'SELL', 65);
      const boughtCharges = (await desk.orderBook()).trades.find((trade) => trade.order_id === bought.order_id)!.charges!;
      // Monday 23 November, 15:41 IST (the close is 15:40 since 3 August 2026): the index averaged 250 points above the
      // strike over its close-price window (15:10–15:40), and last ticked 400 above.
      const clock = server.clock;
      const start = clock.now().getTime();
      market.spot(strike + 400);
      market.closingValue(strike + 250);
      try {
        // 15:39 IST on expiry day: the contracts still trade, nothing settles.
        clock.advance(Date.parse('2026-11-23T10:09:00Z') - start);
        expect((await desk.tick()).settled).toBe(0);
        expect((await desk.positionBook()).net.filter((position) => position.tradingsymbol === call24000)).toMatchObject([{ quantity: 65 }]);
        clock.advance(2 * 60_000);
        // Every account's positions in the contract settle (earlier tests' too): at least this desk's three.
        expect((await desk.tick()).settled).toBeGreaterThanOrEqual(3);
        const book = await desk.positionBook();
        const byType = new Map(book.net.map((position) => [position.tradingsymbol, position]));
        // Bought at ₹120.50, settled at ₹250.00: ₹129.50 × 65 = ₹8,417.50 gross. Settling in the money costs
        // ₹20 brokerage + ₹3.60 GST, and the exercise STT of 0.15 % on ₹16,250.00 of intrinsic value: ₹24.38.
        const call = byType.get(call24000)!;
        expect(call).toMatchObject({ quantity: 0, sell_price: 250, pnl: 8417.5 });
        expect(call.charges - boughtCharges).toBeCloseTo(20 + 3.6 + 24.38, 2);
        // Sold at ₹45.00, settled in the money at ₹50.00: −₹325.00, and the ₹20 + GST brokerage but no STT.
        expect(byType.get(call24200)).toMatchObject({ quantity: 0, buy_price: 50, pnl: -325 });
        // Sold at ₹130.00, expired worthless: the premium is kept, and settling costs nothing.
        expect(byType.get(put24000)).toMatchObject({ quantity: 0, buy_price: 0, pnl: 130 * 65 });
        expect((await desk.tick()).settled).toBe(0);
      } finally {
        market.closingValue(null);
        clock.advance(start - clock.now().getTime());
      }
    });
  });

  describe('exercise and assignment charges', () => {
    it('bills an exercised long call and an assigned short put line by line as the contract note does, to the paisa', async () => {
      const longCall = call24000;
      const shortPut = desk.contract(desk.atm + 200, 'PE').tradingsymbol;
      market.set(shortPut, { bid: 60, ask: 60.5, last: 60.25 });
      await desk.place(longCall, 'BUY', 65);
      await desk.place(shortPut, 'SELL', 65);
      // Monday 23 November 2026, 15:41 IST: the index closed (its 15:10–15:40 average) 150 points above the call's
      // strike, 50 below the put's.
      const clock = server.clock;
      const start = clock.now().getTime();
      clock.advance(Date.parse('2026-11-23T10:11:00Z') - start);
      market.closingValue(desk.atm + 150);
      try {
        await desk.tick();
        const { rows } = await server.db.query<Record<string, string | number>>(
          `SELECT tradingsymbol, transaction_type, quantity, price_paise, brokerage_paise, stt_paise, exchange_paise, sebi_paise, gst_paise, stamp_paise,
             call_and_trade_paise FROM paper_trades WHERE broker_account_id = $1 AND kind = 'settlement' ORDER BY tradingsymbol`,
          [desk.account.id],
        );
        const lines = (row: Record<string, string | number>) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, key === 'tradingsymbol' || key === 'transaction_type' ? value : Number(value)]));
        // The call, exercised: 65 × ₹150.00 intrinsic = ₹9,750.00 settled. Brokerage ₹20.00 (one settlement order),
        // STT 0.15 % of ₹9,750.00 = ₹14.625, ₹14.63 to the paisa; no exchange charge, SEBI fee or stamp duty on a
        // cash-settled exercise; GST 18 % of ₹20.00 = ₹3.60.
        expect(rows.map(lines).find((row) => row.tradingsymbol === longCall)).toEqual({
          tradingsymbol: longCall,
          transaction_type: 'SELL',
          quantity: 65,
          price_paise: 15_000,
          brokerage_paise: 2000,
          stt_paise: 1463,
          exchange_paise: 0,
          sebi_paise: 0,
          gst_paise: 360,
          stamp_paise: 0,
          call_and_trade_paise: 0,
        });
        // The put, assigned: 65 × ₹50.00 = ₹3,250.00 paid. Brokerage ₹20.00 and its GST ₹3.60; no STT (it was paid
        // on the sale), no exchange charge, SEBI fee or stamp duty.
        expect(rows.map(lines).find((row) => row.tradingsymbol === shortPut)).toEqual({
          tradingsymbol: shortPut,
          transaction_type: 'BUY',
          quantity: 65,
          price_paise: 5000,
          brokerage_paise: 2000,
          stt_paise: 0,
          exchange_paise: 0,
          sebi_paise: 0,
          gst_paise: 360,
          stamp_paise: 0,
          call_and_trade_paise: 0,
        });
      } finally {
        market.closingValue(null);
        clock.advance(start - clock.now().getTime());
      }
    });
  });

  describe('idempotency', () => {
    const body = () => ({ orders: [{ tradingsymbol: call24000, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: 65 }] });

    it('answers the same key and body with the stored answer, marked as replayed, and places once', async () => {
      const key = randomUUID();
      const first = await desk.trade('placeTrades', body(), key);
      const second = await desk.trade('placeTrades', body(), key);
      expect(second.status).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body).toEqual(first.body);
      expect((await desk.orderBook()).order_book).toHaveLength(1);
    });

    it('refuses the same key with another body (422), placing nothing more', async () => {
      const key = randomUUID();
      await desk.trade('placeTrades', body(), key);
      const other = await desk.trade('placeTrades', { orders: [{ ...body().orders[0], quantity: 130 }] }, key);
      expect(other.status).toBe(422);
      expect(other.body).toMatchObject({ code: 'idempotency_key_reused' });
      expect((await desk.orderBook()).order_book).toHaveLength(1);
    });

    it('stores nothing for a refused request: the same key places once the refusal is gone', async () => {
      const key = 'retry-after-refusal1';
      server.clock.advance(3 * 24 * 60 * 60 * 1000);
      const refused = await desk.trade('placeTrades', body(), key);
      server.clock.advance(-3 * 24 * 60 * 60 * 1000);
      expect(refused.status).toBe(403);
      const placed = await desk.trade('placeTrades', body(), key);
      expect(placed.status).toBe(200);
      expect(placed.body.orders[0]!.tag).toBe(key);
    });

    it('makes exactly one order from 50 concurrent sends of one intent', async () => {
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 50 }, () => desk.trade<OrdersResponse & { code?: string }>('placeTrades', body(), key)));
      expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
      const placed = new Set(answers.filter((answer) => answer.status === 200).map((answer) => answer.body.orders[0]!.order_id));
      expect(placed.size).toBe(1);
      expect((await desk.orderBook()).order_book).toHaveLength(1);
    });

    it('requires an Idempotency-Key (400) on every trading POST', async () => {
      const res = await call('placeTrades', { token: desk.token, body: { account_number: desk.accountNumber, ...body() } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('Idempotency-Key');
    });

    it('tags the orders with the key, so a client that lost the answer finds them in the book', async () => {
      const key = 'intent-0001-abcdefgh';
      const res = await desk.trade('placeTrades', body(), key);
      expect(res.body.orders[0]!.tag).toBe(key);
      expect((await desk.orderBook()).order_book.filter((order) => order.tag === key)).toHaveLength(1);
    });
  });

  describe('ownership', () => {
    it('refuses another user\'s portfolio_id in order margins as the order calls do', async () => {
      const other = await openDesk(server, call);
      const theirs = await createPortfolio(call, other.token, other.account.id);
      const orders = [desk.order(call24000, 'BUY', 65)];
      const placed = await desk.trade<{ code: string; field?: string }>('placeTrades', { orders, portfolio_id: theirs.id });
      const margins = await call<{ code: string; field?: string }>('getOrderMargins', {
        token: desk.token,
        body: { account_number: desk.accountNumber, portfolio_id: theirs.id, orders },
      });
      expect(placed.status).toBe(400);
      expect(placed.body).toMatchObject({ code: 'portfolio_mismatch', field: 'portfolio_id' });
      expect([margins.status, margins.body.code, margins.body.field]).toEqual([placed.status, placed.body.code, placed.body.field]);
      const mine = await createPortfolio(call, desk.token, desk.account.id);
      const ownMargins = await call('getOrderMargins', { token: desk.token, body: { account_number: desk.accountNumber, portfolio_id: mine.id, orders } });
      expect(ownMargins.status).toBe(200);
    });

    it('answers 404 for another user\'s account and orders, on every trading call', async () => {
      const other = await openDesk(server, call);
      const theirs = await other.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 100 });
      const asMe = { account_number: other.accountNumber };
      for (const [operation, extra] of [
        ['placeTrades', { orders: [desk.order(call24000, 'BUY', 65)] }],
        ['executeOrder', { action: 'squareoff', tradingsymbol: call24000, exchange: 'NFO', product: 'NRML' }],
        ['squareoffTrades', { positions: [{ tradingsymbol: call24000, exchange: 'NFO', product: 'NRML' }] }],
        ['modifyOrder', { order_id: theirs.order_id, price: 101 }],
        ['cancelOrder', { order_ids: [theirs.order_id] }],
        ['placeTargetOrder', { tradingsymbol: call24000, exchange: 'NFO', product: 'NRML', transaction_type: 'SELL', quantity: 65, price: 150 }],
      ] as const) {
        const res = await desk.trade(operation, { ...extra, ...asMe });
        expect(res.status, `${operation}: ${JSON.stringify(res.body)}`).toBe(404);
      }
      // My own account cannot reach their order either.
      const mine = await desk.trade('cancelOrder', { order_ids: [theirs.order_id] });
      expect(mine.status).toBe(404);
      const book = await call('getOrderBook', { token: desk.token, params: { accountNumber: other.accountNumber } });
      expect(book.status).toBe(404);
      expect((await other.orderBook()).order_book[0]!.status).toBe('OPEN');
    });
  });
});

// Kite's limits are per account, whichever server instance takes the order: counted in the database.
describe.runIf(testBackends.includes('postgres'))('rate limits across two server instances on PostgreSQL', () => {
  it('takes 10 orders a second from both instances together, and refuses the rest', async () => {
    const clock = manualClock(friday);
    const market = scriptedMarket(clock);
    const database = await createMigratedTestDatabase('postgres');
    const options = { backend: 'postgres' as const, database, clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: market.source };
    const first = await startTestServer(options);
    const second = await startTestServer(options);
    try {
      const desk = await openDesk(first, guardedClient(first.app));
      const symbol = desk.contract(desk.atm, 'CE').tradingsymbol;
      market.set(symbol, { bid: 120, ask: 120.5, last: 120.25 });
      const body = { account_number: desk.accountNumber, orders: [desk.order(symbol, 'BUY', 65, { order_type: 'LIMIT', price: 100 })] };
      const send = (server: TestServer) =>
        server.app.inject({
          method: 'POST',
          url: '/api/order-book/order-book/place_trades/',
          headers: { authorization: `Bearer ${desk.token}`, 'idempotency-key': randomUUID() },
          payload: body,
        });
      const answers = await Promise.all(Array.from({ length: 14 }, (_, n) => send(n % 2 === 0 ? first : second)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(4);
      expect((await desk.orderBook()).order_book).toHaveLength(10);
    } finally {
      await first.close();
      await second.close();
      await database.close();
    }
  });
});
