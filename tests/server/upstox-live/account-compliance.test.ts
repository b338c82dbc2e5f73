// A live account's compliance state (issue 38), one read for Kite and Upstox alike: the session and until when,
// the busiest second of the day's order calls (the rate-limit counts in the database) against the limits the
// adapter enforces, the algo identification sent with every order, and the static IP the trader registered.
// Another trader's account reads as a missing one; a paper account has none.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ServerInstrument } from '../../upstox-server/market.ts';
import { signedInAccount } from '../support/accounts.ts';
import { testBackends } from '../support/test-database.ts';
import { newBrokerAccount, type BrokerAccount } from '../support/trading.ts';
import { useKiteAndUpstoxDesks } from './upstox-desk.ts';

type Schemas = components['schemas'];

describe.each(testBackends)('the compliance state of a live account on %s', (backend) => {
  const live = useKiteAndUpstoxDesks(backend);

  const read = (accountId: number, token = live.kite.token) =>
    live.stack.call<Schemas['AccountComplianceResponse'] & { code?: string }>('getAccountCompliance', { token, params: { accountId } });

  /** The desk's at-the-money call, listed at Upstox too (its instrument key), priced at both brokers. */
  function listCall(): string {
    const call = live.kite.symbol(live.kite.atm, 'CE');
    const contract: ServerInstrument = {
      instrument_key: 'NSE_FO|71001', trading_symbol: call, exchange: 'NFO', segment: 'NSE_FO', lot_size: live.kite.lotSize, tick_size: 0.05,
      freeze_quantity: 1800, index: false, option: { underlying: 'NIFTY', expiry: live.kite.expiry, strike: live.kite.atm, kind: 'CE' },
    };
    live.upstox.control.listInstruments([contract]);
    live.stack.kite.control.setPrice(`NFO:${call}`, 120);
    live.upstox.control.setQuote('NSE_FO|71001', { last: 120 });
    return call;
  }

  /** `n` resting LIMIT buys in one request: sent within one second. */
  const basket = (call: string, n: number) => Array.from({ length: n }, (_, i) => live.kite.order(call, 'BUY', live.kite.lotSize, { order_type: 'LIMIT', price: 90 + i }));
  const upstoxPlace = (orders: Record<string, unknown>[]) =>
    live.stack.call('placeTrades', { token: live.up.token, body: { account_number: live.up.account.account_number, orders }, headers: { 'idempotency-key': randomUUID() } });

  it('starts the day with no orders, the limits each adapter enforces and the session valid until its expiry', async () => {
    const atKite = await read(live.kite.account.id);
    expect(atKite.status, JSON.stringify(atKite.body)).toBe(200);
    expect(atKite.body.compliance).toEqual({
      account_id: live.kite.account.id,
      session: { state: 'logged_in', until: expect.any(String) },
      orders: { peak_per_second: 0, peak_at: null, limits: [{ orders: 10, window_seconds: 1 }, { orders: 400, window_seconds: 60 }, { orders: 5000, window_seconds: null }] },
      // Kite Connect's order API carries no algo ID.
      algo: { algo_id: null, sent: null, field: null },
      static_ip: null,
    });
    const atUpstox = await read(live.up.account.id);
    expect(atUpstox.status, JSON.stringify(atUpstox.body)).toBe(200);
    expect(atUpstox.body.compliance).toMatchObject({
      // Upstox's tokens end at 03:30 IST.
      session: { state: 'logged_in', until: expect.stringMatching(/T22:00:00\.000Z$/) },
      orders: { peak_per_second: 0, peak_at: null, limits: [{ orders: 10, window_seconds: 1 }, { orders: 500, window_seconds: 60 }, { orders: 2000, window_seconds: 1800 }] },
      algo: { algo_id: null, sent: 'StrikeDesk', field: 'X-Algo-Name' },
      static_ip: null,
    });
  });

  it('counts N orders sent in one second as N, at Kite and at Upstox, and keeps the peak when later seconds are quieter', async () => {
    const call = listCall();
    live.stack.server.clock.advance(1000);
    expect((await live.kite.place(basket(call, 6))).status).toBe(200);
    expect((await upstoxPlace(basket(call, 7))).status).toBe(200);
    live.stack.server.clock.advance(5000);
    expect((await live.kite.place(basket(call, 2))).status).toBe(200);
    expect((await upstoxPlace(basket(call, 3))).status).toBe(200);
    expect((await read(live.kite.account.id)).body.compliance.orders.peak_per_second).toBe(6);
    expect((await read(live.up.account.id)).body.compliance.orders.peak_per_second).toBe(7);
  });

  it("sends the account's own algo ID to Upstox and keeps the static IP the trader entered", async () => {
    const set = await live.stack.call('updateBrokerAccount', { token: live.up.token, params: { id: live.up.account.id }, body: { algo_id: 'NSE-ALGO-4242', static_ip: '203.0.113.7' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const state = (await read(live.up.account.id)).body.compliance;
    expect(state.algo).toEqual({ algo_id: 'NSE-ALGO-4242', sent: 'NSE-ALGO-4242', field: 'X-Algo-Name' });
    expect(state.static_ip).toBe('203.0.113.7');
    const writes = live.upstox.control.orderWrites().length;
    live.stack.server.clock.advance(1000);
    expect((await upstoxPlace(basket(listCall(), 1))).status).toBe(200);
    expect(live.upstox.control.orderWrites().slice(writes).map((write) => write.algoName)).toEqual(['NSE-ALGO-4242']);

    const bad = await live.stack.call('updateBrokerAccount', { token: live.up.token, params: { id: live.up.account.id }, body: { static_ip: '300.1.2.3' } });
    expect(bad.status).toBe(400);
    const cleared = await live.stack.call('updateBrokerAccount', { token: live.up.token, params: { id: live.up.account.id }, body: { algo_id: null } });
    expect(cleared.status).toBe(200);
    expect((await read(live.up.account.id)).body.compliance.algo).toEqual({ algo_id: null, sent: 'StrikeDesk', field: 'X-Algo-Name' });
  });

  it("refuses another trader's account as a missing one, and a paper account, which has no broker rules", async () => {
    const other = await signedInAccount(live.stack.call);
    for (const accountId of [live.kite.account.id, live.up.account.id, 987_654]) {
      const refused = await read(accountId, other.token);
      expect(refused.status, String(accountId)).toBe(404);
      expect(refused.body.code).toBe('not_found');
    }
    const setOther = await live.stack.call('updateBrokerAccount', { token: other.token, params: { id: live.up.account.id }, body: { static_ip: '198.51.100.1' } });
    expect(setOther.status).toBe(404);

    const paper = await live.stack.call<{ broker_accounts: BrokerAccount }>('createBrokerAccount', { token: live.kite.token, body: newBrokerAccount() });
    expect(paper.status).toBe(201);
    const refused = await read(paper.body.broker_accounts.id);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('not_live_account');
    const setPaper = await live.stack.call<{ code?: string }>('updateBrokerAccount', { token: live.kite.token, params: { id: paper.body.broker_accounts.id }, body: { static_ip: '198.51.100.1' } });
    expect(setPaper.status).toBe(422);
    expect(setPaper.body.code).toBe('not_live_account');
  });

  it('says "expired" once the session passed its expiry, and "logged out" after a log-out', async () => {
    const until = (await read(live.up.account.id)).body.compliance.session.until!;
    live.stack.server.clock.advance(new Date(until).getTime() - live.stack.server.clock.now().getTime() + 1000);
    expect((await read(live.up.account.id)).body.compliance.session).toEqual({ state: 'expired', until });
    expect((await live.stack.call('logoutBrokerAccount', { token: live.kite.token, params: { accountId: live.kite.account.id } })).status).toBe(200);
    expect((await read(live.kite.account.id)).body.compliance.session).toEqual({ state: 'logged_out', until: null });
  });
});
