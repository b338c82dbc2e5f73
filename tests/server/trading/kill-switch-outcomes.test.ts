// The kill switch's outcome where it could not close everything (issue 26, from the mutation run): an exit
// the market leaves unfilled, a broker that refuses to close anything, a session that ends at the very
// instant of the arming; and what it records and answers without a reason, without an account, or for an
// account not the trader's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { BrokerAdapter, BrokerRegistry } from '../../../server/services/brokers/broker-adapter.ts';
import { DomainError } from '../../../server/services/domain-error.ts';
import { createKillSwitchService } from '../../../server/services/trading/kill-switch-service.ts';
import { kiteRateLimits } from '../../../server/services/trading/order-rate.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, type Desk, type ScriptedMarket, startScriptedServer } from '../support/paper-desk.ts';
import type { TestServer } from '../support/test-server.ts';
import { createBrokerAccount } from '../support/trading.ts';

type Schemas = components['schemas'];

describe('the kill switch when not everything closes', () => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  let callAtm: string;
  let putAtm: string;

  const arm = (body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    call<Schemas['KillSwitchResult']>('armKillSwitch', {
      token: desk.token,
      body: { account_number: desk.accountNumber, source: 'header', ...body },
      headers: { 'idempotency-key': randomUUID(), ...headers },
    });
  const switchOf = async () => {
    const res = await call<Schemas['KillSwitchesResponse']>('getKillSwitches', { token: desk.token });
    expect(res.status).toBe(200);
    return res.body.kill_switches.find((entry) => entry.account_number === desk.accountNumber)!;
  };
  const accountRow = async () =>
    (await server.db.query<{ id: number; user_id: number; session_expires_at: Date }>('SELECT id, user_id, session_expires_at FROM broker_accounts WHERE account_number = $1', [desk.accountNumber])).rows[0]!;

  beforeAll(async () => {
    ({ server, market, call } = await startScriptedServer('pglite'));
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(async () => {
    server.clock.advance(60_000);
    market.open(true);
    desk = await openDesk(server, call);
    callAtm = desk.contract(desk.atm, 'CE').tradingsymbol;
    putAtm = desk.contract(desk.atm, 'PE').tradingsymbol;
    market.set(callAtm, { bid: 120, ask: 120.5, last: 120.25, close: 120 });
    market.set(putAtm, { bid: 130, ask: 130.6, last: 130.3, close: 130 });
  });

  it('is not flat when one exit fills and the other finds no bid: the trader is told to close it, and why', async () => {
    await desk.place(callAtm, 'BUY', desk.lotSize);
    await desk.place(putAtm, 'BUY', desk.lotSize);
    market.set(putAtm, { bid: 0, ask: 130.6, last: 130.3, close: 130 });
    const res = await arm();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.accounts;
    expect(result!.exits.map((order) => [order.tradingsymbol, order.status])).toEqual(
      expect.arrayContaining([
        [callAtm, 'COMPLETE'],
        [putAtm, 'CANCELLED'],
      ]),
    );
    expect(result).toMatchObject({ blocked: true, flat: false });
    expect(result!.message).toMatch(/^New orders blocked; 0 working orders cancelled; 1 exit filled; 1 exit not filled \(Market order cancelled by market protection: there is no bid, .*\): close it yourself$/);
    expect(result!.message_i18n).toMatchObject({ code: 'kill_switch.armed_exits_failed', params: { filled: 1, failed: 1, reason: { code: 'order.market_protection_no_bid' } } });
    expect(res.body.message_i18n).toEqual({ code: 'kill_switch.on_not_flat', params: { accounts: 1 } });
    expect((await desk.positionBook()).net.filter((position) => position.quantity !== 0).map((position) => position.tradingsymbol)).toEqual([putAtm]);
  });

  it('holds the block when the broker refuses to close anything, and says how to finish; a fault is not taken for a refusal', async () => {
    await desk.place(callAtm, 'BUY', desk.lotSize);
    const { user_id: userId } = await accountRow();
    const refusing = (error: Error): BrokerRegistry => ({
      get: () => ({ slug: 'paper', trading: { rateMarginMs: 0, beginFlatten: () => Promise.reject(error) } }) as unknown as BrokerAdapter,
      slugs: () => ['paper'],
    });
    const client = { address: null, userAgent: null };
    const body = { account_number: desk.accountNumber, source: 'header' as const, cool_off_hours: 0 };
    const refused = await createKillSwitchService({ db: server.db, clock: server.clock.now, limits: kiteRateLimits, brokers: refusing(new DomainError('broker_session_expired', 'Token expired')) }).arm(userId, randomUUID(), body, client);
    const answer = refused.body as Schemas['KillSwitchResult'];
    expect(answer.accounts[0]).toMatchObject({
      blocked: true,
      flat: false,
      cancelled: [],
      exits: [],
      message: 'New orders blocked. Working orders and positions could not be closed (Token expired): turn the kill switch on again to close them.',
      message_i18n: { code: 'kill_switch.not_closed', params: { reason: { code: 'text', params: { text: 'Token expired' } } } },
    });
    expect((await switchOf()).events[0]).toMatchObject({ action: 'arm', summary: answer.accounts[0]!.message });

    const faulty = createKillSwitchService({ db: server.db, clock: server.clock.now, limits: kiteRateLimits, brokers: refusing(new Error('socket hang up')) });
    await expect(faulty.arm(userId, randomUUID(), body, client)).rejects.toThrow('socket hang up');
    expect((await desk.positionBook()).net.filter((position) => position.quantity !== 0)).toHaveLength(1);
    expect((await desk.trade('placeTrades', { orders: [desk.order(callAtm, 'BUY', desk.lotSize)] })).status).toBe(403);
  });

  it('does not reach the broker at the very instant its session ends', async () => {
    await desk.place(callAtm, 'BUY', desk.lotSize);
    const { session_expires_at: expiresAt } = await accountRow();
    const untilExpiry = new Date(expiresAt).getTime() - server.clock.now().getTime();
    server.clock.advance(untilExpiry);
    try {
      const res = await arm();
      expect(res.body.accounts[0]).toMatchObject({ flat: false, exits: [], message_i18n: { code: 'kill_switch.session_over', params: {} } });
    } finally {
      server.clock.advance(-untilExpiry);
    }
  });

  it('records an arming without a reason as having none, and the first 300 characters of the user agent', async () => {
    const res = await arm({}, { 'user-agent': `Mozilla/5.0 ${'x'.repeat(400)}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const state = await switchOf();
    expect(state).toMatchObject({ armed: true, reason: null, reason_i18n: null });
    expect(state.events[0]).toMatchObject({ action: 'arm', reason: null, reason_i18n: null });
    const { rows } = await server.db.query<{ user_agent: string }>('SELECT e.user_agent FROM kill_switch_events e WHERE e.broker_account_id = $1', [(await accountRow()).id]);
    expect(rows.map((row) => row.user_agent)).toEqual([`Mozilla/5.0 ${'x'.repeat(288)}`]);
  });

  it('answers a trader without a broker account that there is none to stop, and lists no switch', async () => {
    const { token } = await signedInAccount(call);
    const res = await call<Schemas['KillSwitchResult']>('armKillSwitch', { token, body: { source: 'shortcut' }, headers: { 'idempotency-key': randomUUID() } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: 'You have no broker account to stop.', message_i18n: { code: 'kill_switch.no_account', params: {} }, accounts: [] });
    const listed = await call<Schemas['KillSwitchesResponse']>('getKillSwitches', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.kill_switches).toEqual([]);
  });

  it("lists each account's own history: an arming on one account is not shown on the trader's other account", async () => {
    const { account: second } = await createBrokerAccount(call, desk.token);
    expect((await arm({ reason: 'Stepping away' })).status).toBe(200);
    const res = await call<Schemas['KillSwitchesResponse']>('getKillSwitches', { token: desk.token });
    const byAccount = new Map(res.body.kill_switches.map((entry) => [entry.account_number, entry]));
    expect(byAccount.get(desk.accountNumber)).toMatchObject({ armed: true, events: [{ action: 'arm', reason: 'Stepping away' }] });
    expect(byAccount.get(second.account_number)).toMatchObject({ armed: false, events: [] });
  });

  it('turns off with the account number typed with stray spaces around it, in any case', async () => {
    expect((await arm()).status).toBe(200);
    const res = await call<Schemas['DisarmKillSwitchResponse']>('disarmKillSwitch', {
      token: desk.token,
      body: { account_number: desk.accountNumber, confirmation: `  ${desk.accountNumber.toLowerCase()} `, source: 'settings' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await switchOf()).toMatchObject({ armed: false });
  });

  it("refuses an account not the trader's as not found, naming it", async () => {
    const other = await openDesk(server, call);
    const theirs = await call('armKillSwitch', { token: desk.token, body: { account_number: other.accountNumber, source: 'header' }, headers: { 'idempotency-key': randomUUID() } });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({
      code: 'not_found',
      field: 'account_number',
      message: `Broker account ${other.accountNumber} not found`,
      details: { text: { code: 'not_found.account', params: { account: other.accountNumber } } },
    });
  });
});
