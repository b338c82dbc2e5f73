// The kill switch through the HTTP contract, on scripted quotes: arming blocks every entry, cancels every
// working order (stop-losses and targets too, the "resting orders survive the flatten" bug) and flattens
// shorts before longs; exits still work while entries are blocked; disarming needs the typed account number,
// waits out its cool-off and says what it re-enables; every step is audited. On PostgreSQL, entries racing
// the arm from two server instances never leave an open position behind.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, scriptedMarket, type Desk, type ScriptedMarket, scriptedServerPerFile } from '../support/paper-desk.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { guardedClient } from '../support/trading.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

type Schemas = components['schemas'];

// Friday 20 November 2026, 10:00 IST, as in paper-broker.test.ts.
const friday = new Date('2026-11-20T04:30:00Z');
const hourMs = 60 * 60 * 1000;

function killSwitchCalls(call: ContractCall, desk: Desk) {
  const arm = (body: Record<string, unknown> = {}, key: string = randomUUID()) =>
    call<Schemas['KillSwitchResult']>('armKillSwitch', {
      token: desk.token,
      body: { account_number: desk.accountNumber, source: 'header', ...body },
      headers: { 'idempotency-key': key },
    });
  const disarm = (confirmation: string = desk.accountNumber) =>
    call<Schemas['DisarmKillSwitchResponse']>('disarmKillSwitch', {
      token: desk.token,
      body: { account_number: desk.accountNumber, confirmation, source: 'settings' },
    });
  const state = async () => {
    const res = await call<Schemas['KillSwitchesResponse']>('getKillSwitches', { token: desk.token });
    expect(res.status).toBe(200);
    return res.body.kill_switches.find((entry) => entry.account_number === desk.accountNumber)!;
  };
  return { arm, disarm, state };
}

const openQuantities = (book: Schemas['PositionBook']) => book.net.filter((position) => position.quantity !== 0);

describe.each(testBackends)('the kill switch and risk limits on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  let kill: ReturnType<typeof killSwitchCalls>;
  let callAtm: string;
  let putAtm: string;

  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  beforeEach(async () => {
    server.clock.advance(60_000);
    market.open(true);
    desk = await openDesk(server, call);
    kill = killSwitchCalls(call, desk);
    callAtm = desk.contract(desk.atm, 'CE').tradingsymbol;
    putAtm = desk.contract(desk.atm, 'PE').tradingsymbol;
    market.set(callAtm, { bid: 120, ask: 120.5, last: 120.25, close: 120 });
    market.set(putAtm, { bid: 130, ask: 130.6, last: 130.3, close: 130 });
  });

  it('cancels every working order, buys the short back before selling the long, and blocks new entries', async () => {
    const lot = desk.lotSize;
    await desk.place(callAtm, 'BUY', 2 * lot);
    await desk.place(putAtm, 'SELL', lot);
    const stopLoss = await desk.trade('placeStopLossOrder', desk.order(callAtm, 'SELL', 2 * lot, { order_type: 'SL', price: 90, trigger_price: 95 }));
    expect(stopLoss.status, JSON.stringify(stopLoss.body)).toBe(200);
    const restingEntry = await desk.place(callAtm, 'BUY', lot, { order_type: 'LIMIT', price: 100 });
    expect(restingEntry.status).toBe('OPEN');

    const res = await kill.arm({ reason: 'Market is running away' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.accounts;
    expect(result).toMatchObject({ account_number: desk.accountNumber, blocked: true, flat: true });
    expect(result!.cancelled.map((order) => [order.order_id, order.status, order.status_message])).toEqual(
      expect.arrayContaining([
        [stopLoss.body.orders[0]!.order_id, 'CANCELLED', 'Cancelled by the kill switch.'],
        [restingEntry.order_id, 'CANCELLED', 'Cancelled by the kill switch.'],
      ]),
    );
    expect(result!.exits.map((order) => [order.tradingsymbol, order.transaction_type, order.quantity, order.status])).toEqual([
      [putAtm, 'BUY', lot, 'COMPLETE'],
      [callAtm, 'SELL', 2 * lot, 'COMPLETE'],
    ]);
    // Each cancellation named with what it was for (issue 62), in the order cancelled.
    const named = result!.cancelled.map((order) => `${order.tradingsymbol} ${order.purpose === 'stoploss' ? 'stop-loss' : order.purpose}`).join(', ');
    expect(result!.cancelled.map((order) => [order.order_id, order.purpose])).toEqual(
      expect.arrayContaining([[stopLoss.body.orders[0]!.order_id, 'stoploss'], [restingEntry.order_id, 'entry']]),
    );
    expect(result!.message).toBe(`New orders blocked; 2 working orders cancelled (${named}); 2 exits filled`);
    // Said in the trader's language on the device: a code and its parameters (issue 24).
    expect(result!.message_i18n).toMatchObject({ code: 'kill_switch.armed_named', params: { cancelled: 2, filled: 2 } });
    expect(res.body.message_i18n).toEqual({ code: 'kill_switch.on_flat', params: { accounts: 1 } });

    const book = await desk.orderBook();
    expect(book.order_book.filter((order) => order.status === 'OPEN' || order.status === 'TRIGGER PENDING')).toEqual([]);
    expect(openQuantities(await desk.positionBook())).toEqual([]);

    const entry = await desk.trade('placeTrades', { orders: [desk.order(callAtm, 'BUY', lot)] });
    expect(entry.status).toBe(403);
    expect(entry.body).toMatchObject({ code: 'kill_switch_armed', message: expect.stringContaining('new orders are blocked until you turn it off') });
    expect((entry.body as { details?: { text?: unknown } }).details?.text).toMatchObject({ code: 'order.kill_switch_on', params: { account: expect.any(String) as string } });
    const single = await desk.trade('executeOrder', { ...desk.order(callAtm, 'BUY', lot), action: 'open' });
    expect(single.status).toBe(403);
    expect((await desk.orderBook()).order_book).toHaveLength(book.order_book.length);

    const state = await kill.state();
    expect(state).toMatchObject({ armed: true, reason: 'Market is running away', cool_off_until: null });
    expect(state.events[0]).toMatchObject({ action: 'arm', source: 'header', reason: 'Market is running away', summary: result!.message });
    // The audit stores the summary's code; the trader's own words are shown as typed in every language.
    expect(state.events[0]!.summary_i18n).toEqual(result!.message_i18n);
    expect(state.events[0]!.reason_i18n).toEqual({ code: 'text', params: { text: 'Market is running away' } });
    expect(state.reason_i18n).toEqual({ code: 'text', params: { text: 'Market is running away' } });
  });

  it('lets exits through while entries are blocked', async () => {
    await desk.place(callAtm, 'BUY', desk.lotSize);
    market.open(false);
    const res = await kill.arm();
    const [result] = res.body.accounts;
    expect(result!.flat).toBe(false);
    expect(result!.exits[0]).toMatchObject({ status: 'REJECTED', status_message: expect.stringContaining('Markets are closed') });
    expect(result!.message).toContain('1 exit not filled (Markets are closed.');
    expect(res.body.message).toContain('not everything is closed');

    market.open(true);
    const exit = await desk.trade('squareoffTrades', { positions: [{ exchange: 'NFO', tradingsymbol: callAtm, product: 'NRML' }] });
    expect(exit.status, JSON.stringify(exit.body)).toBe(200);
    expect(exit.body.orders[0]).toMatchObject({ transaction_type: 'SELL', status: 'COMPLETE' });
    expect((await desk.trade('placeTrades', { orders: [desk.order(callAtm, 'BUY', desk.lotSize)] })).status).toBe(403);
  });

  it('answers a repeated key with the first answer, and arming again keeps the first arming time', async () => {
    const key = randomUUID();
    const first = await kill.arm({}, key);
    const replay = await kill.arm({}, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    server.clock.advance(5_000);
    const again = await kill.arm();
    expect(again.body.accounts[0]!.armed_at).toBe(first.body.accounts[0]!.armed_at);
    expect((await kill.state()).events.map((event) => event.action)).toEqual(['arm', 'arm']);
  });

  it('disarms only with the typed account number and after the cool-off, saying what it re-enables', async () => {
    await kill.arm({ cool_off_hours: 12 });
    const wrong = await kill.disarm('yes');
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({
      code: 'confirmation_mismatch',
      field: 'confirmation',
      details: { text: { code: 'refusal.kill_switch_confirmation', params: { account: desk.accountNumber } } },
    });
    const early = await kill.disarm();
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ code: 'kill_switch_cooling_off', details: { text: { code: 'refusal.kill_switch_cooling_off' } } });

    server.clock.advance(12 * hourMs);
    const off = await kill.disarm(desk.accountNumber.toLowerCase());
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.message).toBe(`New orders allowed again on ${desk.accountNumber}. Nothing else changed: no order was placed or restored, and bots stopped by the kill switch stay stopped until you resume them.`);
    expect(off.body.kill_switch).toMatchObject({ armed: false, armed_at: null, reason_i18n: null });
    expect(off.body.kill_switch.events[0]!.summary_i18n).toEqual({ code: 'kill_switch.disarmed', params: { account: desk.accountNumber } });
    expect(off.body.kill_switch.events.map((event) => [event.action, event.source])).toEqual([
      ['disarm', 'settings'],
      ['arm', 'header'],
    ]);
    const again = await kill.disarm();
    expect(again.body.message).toContain('already off');
    server.clock.advance(-12 * hourMs);
    expect((await desk.trade('placeTrades', { orders: [desk.order(callAtm, 'BUY', desk.lotSize)] })).status).toBe(200);
  });

  it('holds the block while the broker session is over, and says how to close what is open', async () => {
    await desk.place(callAtm, 'BUY', desk.lotSize);
    server.clock.advance(3 * 24 * hourMs);
    try {
      const res = await kill.arm();
      expect(res.status).toBe(200);
      expect(res.body.accounts[0]).toMatchObject({ blocked: true, flat: false, cancelled: [], exits: [] });
      expect(res.body.accounts[0]!.message).toContain('log in to the broker, then turn the kill switch on again');
      expect(res.body.accounts[0]!.message_i18n).toEqual({ code: 'kill_switch.session_over', params: {} });
      expect(res.body.message_i18n).toEqual({ code: 'kill_switch.on_not_flat', params: { accounts: 1 } });
    } finally {
      server.clock.advance(-3 * 24 * hourMs);
    }
    expect((await desk.trade('placeTrades', { orders: [desk.order(callAtm, 'BUY', desk.lotSize)] })).status).toBe(403);
  });

  it('arms every account of the trader when no account is named, and refuses an account that is not theirs', async () => {
    const res = await call<Schemas['KillSwitchResult']>('armKillSwitch', {
      token: desk.token,
      body: { source: 'shortcut' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(200);
    expect(res.body.accounts.map((account) => account.account_number)).toEqual([desk.accountNumber]);
    const other = await openDesk(server, call);
    const theirs = await call('armKillSwitch', {
      token: desk.token,
      body: { account_number: other.accountNumber, source: 'header' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(theirs.status).toBe(404);
    expect((await other.trade('placeTrades', { orders: [other.order(callAtm, 'BUY', other.lotSize)] })).status).toBe(200);
  });

  describe('risk limits', () => {
    const noLimits = { max_loss_today: null, profit_lock_from: null, profit_lock_keep_pct: null, max_trades_today: null, max_lots_per_order: null, max_open_positions: null };
    const setLimits = (limits: Partial<Schemas['RiskLimits']>) =>
      call<Schemas['RiskLimitsResponse']>('updateRiskLimits', { token: desk.token, params: { accountNumber: desk.accountNumber }, body: { ...noLimits, ...limits } });
    const limits = async () => {
      const res = await call<Schemas['RiskLimitsResponse']>('getRiskLimits', { token: desk.token, params: { accountNumber: desk.accountNumber } });
      expect(res.status).toBe(200);
      return res.body;
    };
    const buy = (symbol: string, lots: number) => desk.trade('placeTrades', { orders: [desk.order(symbol, 'BUY', lots * desk.lotSize)] });
    const watch = () => desk.services.riskLimits.watch(server.clock.now());

    it('stores the limits, answers their use, and refuses a profit lock set by half', async () => {
      const saved = await setLimits({ max_loss_today: 10000, max_trades_today: 20 });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.limits).toEqual({ ...noLimits, max_loss_today: 10000, max_trades_today: 20 });
      expect((await buy(callAtm, 1)).status).toBe(200);
      const { usage } = await limits();
      expect(usage).toMatchObject({ trades_today: 1, open_positions: 1, status: 'OK', locked_profit: null });
      // Bought at the ask (120.50), marked at the last (120.25): 65 × −0.25 less the buy's charges.
      expect(usage.pnl_today).toBeLessThan(-16.25);
      expect(usage.pnl_today).toBeGreaterThan(-60);
      const half = await setLimits({ profit_lock_from: 5000 });
      expect(half.status, JSON.stringify(half.body)).toBe(400);
      expect(half.body).toMatchObject({ code: 'validation_failed', field: 'profit_lock_keep_pct', details: { text: { code: 'refusal.profit_lock_half' } } });
    });

    it('refuses an entry past lots per order, trades today or open positions, and lets exits through', async () => {
      await setLimits({ max_lots_per_order: 2, max_trades_today: 2, max_open_positions: 1 });
      const tooBig = await buy(callAtm, 3);
      expect(tooBig.status).toBe(422);
      expect(tooBig.body).toMatchObject({ code: 'risk_limit_exceeded', field: 'quantity', message: expect.stringContaining('more than your limit of 2 lots per order') });
      // Risk limits live on the kill switch page, not in settings: the refusal sends the trader there, naming
      // the screen as the menu does (the app links the words; an address is no words for a trader).
      expect(tooBig.body.message).toContain("Change the account's risk limits on the Kill switch page if you mean it.");
      expect(tooBig.body.message).not.toContain('settings');
      // Coded for the ticket to say in the trader's language (issue 24).
      expect((tooBig.body as { details?: unknown }).details).toEqual({
        text: { code: 'refusal.risk_lots_per_order', params: { lots: 3, tradingsymbol: expect.any(String) as string, limit: 2 } },
      });
      expect((await buy(callAtm, 2)).status).toBe(200);
      const second = await buy(putAtm, 1);
      expect(second.status).toBe(422);
      expect(second.body.message).toContain('your limit is 1');
      expect((await buy(callAtm, 1)).status).toBe(200);
      const third = await buy(callAtm, 1);
      expect(third.status).toBe(422);
      expect(third.body.message).toContain('You have placed 2 of your 2 trades today.');
      const exit = await desk.trade('squareoffTrades', { positions: [{ exchange: 'NFO', tradingsymbol: callAtm, product: 'NRML' }] });
      expect(exit.status).toBe(200);
      expect(exit.body.orders[0]).toMatchObject({ status: 'COMPLETE', quantity: 3 * desk.lotSize });
    });

    it('turns the kill switch on when the day\'s loss reaches the limit, for the rest of the day', async () => {
      await setLimits({ max_loss_today: 1000 });
      expect((await buy(callAtm, 1)).status).toBe(200);
      expect(await watch()).toBe(0);
      // 65 × (120.50 − 100) = ₹1,332.50 lost, before charges.
      market.set(callAtm, { bid: 100, ask: 100.5, last: 100, close: 120 });
      expect(await watch()).toBe(1);
      expect(await watch()).toBe(0);
      const state = await call<Schemas['KillSwitchesResponse']>('getKillSwitches', { token: desk.token });
      const mine = state.body.kill_switches.find((entry) => entry.account_number === desk.accountNumber)!;
      expect(mine).toMatchObject({ armed: true, reason: expect.stringMatching(/^Risk limit: today's loss of ₹1,3\d\d\.\d\d reached your maximum loss of ₹1,000\.00\.$/) });
      expect(mine.events[0]).toMatchObject({ action: 'arm', source: 'risk_limit', summary: 'New orders blocked; 0 working orders cancelled; 1 exit filled' });
      // The risk limit's reason and the summary as codes, the amounts in rupees.
      expect(mine.reason_i18n).toEqual({ code: 'kill_switch.max_loss', params: { loss: expect.closeTo(1332.5, -2) as number, limit: 1000 } });
      expect(mine.events[0]!.reason_i18n).toEqual(mine.reason_i18n);
      expect(mine.events[0]!.summary_i18n).toEqual({ code: 'kill_switch.armed', params: { cancelled: 0, filled: 1 } });
      expect(new Date(mine.cool_off_until!).toISOString()).toBe('2026-11-20T18:30:00.000Z');
      expect((await desk.positionBook()).net.filter((position) => position.quantity !== 0)).toEqual([]);
      expect((await buy(callAtm, 1)).status).toBe(403);
    });

    it('locks in a share of the day\'s peak P&L and turns the kill switch on when the P&L falls below it', async () => {
      await setLimits({ profit_lock_from: 1000, profit_lock_keep_pct: 50 });
      expect((await buy(callAtm, 1)).status).toBe(200);
      // 65 × (150 − 120.50) = ₹1,917.50 before charges: the lock engages at half the peak.
      market.set(callAtm, { bid: 150, ask: 150.5, last: 150, close: 120 });
      expect(await watch()).toBe(0);
      const { usage } = await limits();
      expect(usage.locked_profit).toBeCloseTo(usage.peak_pnl_today / 2, 0);
      market.set(callAtm, { bid: 140, ask: 140.5, last: 140, close: 120 });
      expect(await watch()).toBe(0);
      // 65 × (130 − 120.50) = ₹617.50: below half the peak.
      market.set(callAtm, { bid: 130, ask: 130.5, last: 130, close: 120 });
      expect(await watch()).toBe(1);
      expect((await buy(callAtm, 1)).status).toBe(403);
    });
  });
});

// The race the row lock closes: entries sent from two instances while the switch is armed either land before
// it (and are flattened by it) or are refused after it. Nothing is left open or working.
describe.runIf(testBackends.includes('postgres'))('entries racing the kill switch on two instances of PostgreSQL', () => {
  it('leaves no open position and no working order behind', async () => {
    const clock = manualClock(friday);
    const market = scriptedMarket(clock);
    const database = await createMigratedTestDatabase('postgres');
    const options = { backend: 'postgres' as const, database, clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: market.source };
    const first = await startTestServer(options);
    const second = await startTestServer(options);
    try {
      const desk = await openDesk(first, guardedClient(first.app));
      const symbol = desk.contract(desk.atm, 'CE').tradingsymbol;
      market.set(symbol, { bid: 120, ask: 120.5 });
      const headers = () => ({ authorization: `Bearer ${desk.token}`, 'idempotency-key': randomUUID() });
      const entry = (server: TestServer, orderType: 'MARKET' | 'LIMIT') =>
        server.app.inject({
          method: 'POST',
          url: '/api/order-book/order-book/place_trades/',
          headers: headers(),
          payload: { account_number: desk.accountNumber, orders: [desk.order(symbol, 'BUY', desk.lotSize, orderType === 'LIMIT' ? { order_type: 'LIMIT', price: 100 } : {})] },
        });
      const arm = second.app.inject({
        method: 'POST',
        url: '/api/kill-switch/arm/',
        headers: headers(),
        payload: { account_number: desk.accountNumber, source: 'header' },
      });
      const entries = Array.from({ length: 8 }, (_, n) => entry(n % 2 === 0 ? first : second, n % 4 < 2 ? 'MARKET' : 'LIMIT'));
      const answers = await Promise.all([...entries.slice(0, 4), arm, ...entries.slice(4)]);
      expect(answers[4]!.statusCode, answers[4]!.body).toBe(200);
      const statuses = answers.filter((_, n) => n !== 4).map((answer) => answer.statusCode);
      expect(statuses.every((status) => status === 200 || status === 403)).toBe(true);
      const book = await desk.orderBook();
      expect(book.order_book.filter((order) => order.status === 'OPEN' || order.status === 'TRIGGER PENDING')).toEqual([]);
      expect(openQuantities(await desk.positionBook())).toEqual([]);
      const late = await entry(first, 'MARKET');
      expect(late.statusCode).toBe(403);
    } finally {
      await first.close();
      await second.close();
      await database.close();
    }
  });
});
