// Signals in (issue 41): a trading bot's webhook. Without its token, with a wrong or missing signature, with a
// stale timestamp, or as a duplicate, an alert places nothing; a valid one places once however many times it
// is delivered at once, on one instance or two; the kill switch and the risk limits refuse it as they refuse
// a manual order; every delivery is in the bot's alert log with why.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { bodyLimitBytes } from '../../../server/app.ts';
import type { Database } from '../../../server/db/database.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';
import { engineOf, monday, openBotDesk, type BotDesk } from './bot-desk.ts';
import { sign, webhookDesk } from './webhook-desk.ts';

type Schemas = components['schemas'];

const buyAtmCall = (alertId: string | undefined = 'tv-1') => ({ action: 'enter', ...(alertId === undefined ? {} : { alert_id: alertId }), legs: [{ strike: 'ATM', option_type: 'CE', side: 'BUY' }] });
const unix = (date: Date) => String(Math.floor(date.getTime() / 1000));

describe.each(testBackends)('a trading bot webhook on %s', (backend) => {
  let t: BotDesk;
  let w: ReturnType<typeof webhookDesk>;
  let second: TestServer | undefined;
  let database: Database;

  beforeEach(async () => {
    database = await createMigratedTestDatabase(backend);
    t = await openBotDesk(backend, { database, capital: 2_000_000 });
    w = webhookDesk(t);
    t.straddle(100.25, 100.25);
    t.at(monday, '10:00');
  });

  afterEach(async () => {
    await second?.close();
    second = undefined;
    await t.server.close();
    await database.close();
  });

  it('places a valid alert once under 20 concurrent deliveries, logs the 19 duplicates, and exits on the exit alert', async () => {
    const bot = await w.createBot();
    const { token, path, webhook } = await w.enable(bot.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(path).toBe(`/api/webhooks/${token}/`);
    expect(webhook).toMatchObject({ signed: false, signals_only: true, token_hint: token!.slice(-4) });
    // Stored hashed: the database holds no working address.
    const stored = await t.server.db.query<{ token_hash: string }>('SELECT token_hash FROM bot_webhooks WHERE bot_id = $1', [bot.id]);
    expect(stored.rows[0]!.token_hash).not.toContain(token!);

    const answers = await Promise.all(Array.from({ length: 20 }, () => w.deliver(token!, buyAtmCall())));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.code === 'alert_duplicate')).toBe(true);
    const placed = answers.find((answer) => answer.status === 200)!;
    expect(placed.body).toMatchObject({ outcome: 'placed', order_ids: [expect.any(String) as string] });
    const orders = await t.orders('trading', bot.id);
    expect(orders.map((order) => [order.tradingsymbol, order.transaction_type, order.status])).toEqual([[t.symbol(0, 'CE'), 'BUY', 'COMPLETE']]);
    expect(await t.actions('trading', bot.id)).toMatchObject([{ action: 'enter', sequence: 1, status: 'completed' }]);
    expect(await t.run('trading', bot.id)).toMatchObject({ state: 'in_position', entries: 1 });

    const log = await w.log(bot.id);
    expect(log).toHaveLength(20);
    expect(log.filter((entry) => entry.outcome === 'placed')).toMatchObject([{ alert_id: 'tv-1', action: 'enter', order_ids: placed.body.order_ids }]);
    expect(log.filter((entry) => entry.outcome === 'refused' && entry.code === 'alert_duplicate')).toHaveLength(19);
    expect(log.find((entry) => entry.code === 'alert_duplicate')?.message_i18n).toEqual({ code: 'webhook.duplicate_today', params: { alert_id: 'tv-1' } });

    // Entering again while in a position places nothing; the exit closes what the alert bought.
    expect((await w.deliver(token!, buyAtmCall('tv-2'))).body.code).toBe('bot_in_position');
    // After the bot's own exit time (15:15), before its engine has run: an exit is never refused for the hour (issue 62).
    t.at(monday, '15:25');
    const exit = await w.deliver(token!, { action: 'exit', alert_id: 'tv-3' });
    expect(exit.status, JSON.stringify(exit.body)).toBe(200);
    expect((await t.orders('trading', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type])).toEqual([
      [t.symbol(0, 'CE'), 'BUY'],
      [t.symbol(0, 'CE'), 'SELL'],
    ]);
    expect((await t.actions('trading', bot.id)).map((action) => [action.action, action.status])).toEqual([
      ['enter', 'completed'],
      ['signal_exit', 'completed'],
    ]);
    expect((await w.deliver(token!, { action: 'exit', alert_id: 'tv-4' })).body.code).toBe('nothing_to_exit');
    expect((await t.alerts(bot.id)).map((alert) => alert.event)).toEqual(['bot_entered', 'bot_exited']);
  });

  it('places once when two server instances receive the same alert at once', async () => {
    const bot = await w.createBot();
    const { token } = await w.enable(bot.id);
    second = await startTestServer({ backend, database, clock: t.server.clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: t.market.source });
    const otherCall = guardedClient(second.app);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => w.deliver(token!, buyAtmCall('both'), i % 2 === 0 ? {} : { call: otherCall })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
    expect(await t.orders('trading', bot.id)).toHaveLength(1);
    // Neither engine places it again on its next tick.
    t.at(monday, '10:01');
    await Promise.all([t.tick(), engineOf(second).tick(t.server.clock.now())]);
    expect(await t.orders('trading', bot.id)).toHaveLength(1);
  });

  it('places nothing without its token, with a wrong or missing signature, a stale timestamp, or the same body again', async () => {
    const bot = await w.createBot();
    const { token } = await w.enable(bot.id);
    // A token that was never made (right shape), and a rotated one: 404 alike.
    expect((await w.deliver('A'.repeat(43), buyAtmCall())).status).toBe(404);
    const rotated = await w.enable(bot.id, { rotate_token: true });
    expect(rotated.token).not.toBe(token);
    expect((await w.deliver(token!, buyAtmCall())).status).toBe(404);
    const live = rotated.token!;

    // A signing secret: from now on the token alone is not enough.
    const { signing_secret: secret } = await w.enable(bot.id, { signing: 'new' });
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const body = JSON.stringify(buyAtmCall('signed-1'));
    const now = unix(t.server.clock.now());
    const unsigned = await w.deliver(live, null, { raw: body });
    expect([unsigned.status, unsigned.body.code]).toEqual([403, 'signature_invalid']);
    const forged = await w.deliver(live, null, { raw: body, headers: { 'x-strikedesk-timestamp': now, 'x-strikedesk-signature': sign('not the secret', now, body) } });
    expect([forged.status, forged.body.code]).toEqual([403, 'signature_invalid']);
    // Signed over another body (the lots changed in transit).
    const tampered = await w.deliver(live, null, { raw: body.replace('"BUY"', '"SELL"'), headers: { 'x-strikedesk-timestamp': now, 'x-strikedesk-signature': sign(secret!, now, body) } });
    expect([tampered.status, tampered.body.code]).toEqual([403, 'signature_invalid']);
    const old = unix(new Date(t.server.clock.now().getTime() - 61_000));
    const stale = await w.deliver(live, null, { raw: body, headers: { 'x-strikedesk-timestamp': old, 'x-strikedesk-signature': sign(secret!, old, body) } });
    expect([stale.status, stale.body.code]).toEqual([422, 'alert_stale']);
    expect(await t.orders('trading', bot.id)).toEqual([]);

    const signed = await w.deliver(live, null, { raw: body, headers: { 'x-strikedesk-timestamp': now, 'x-strikedesk-signature': sign(secret!, now, body) } });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(await t.orders('trading', bot.id)).toHaveLength(1);

    // Signing off again: the token alone works; the same body (no alert id) inside a minute is a duplicate.
    await w.enable(bot.id, { signing: 'off' });
    await w.deliver(live, { action: 'exit' });
    t.at(monday, '10:00', 30);
    const again = await w.deliver(live, { action: 'exit' });
    expect([again.status, again.body.code]).toEqual([409, 'alert_duplicate']);
    // The payload's own timestamp, a minute and more old.
    const staleBody = await w.deliver(live, { ...buyAtmCall('late'), timestamp: new Date(t.server.clock.now().getTime() - 90_000).toISOString() });
    expect([staleBody.status, staleBody.body.code]).toEqual([422, 'alert_stale']);
    expect(await t.orders('trading', bot.id)).toHaveLength(2);

    const codes = (await w.log(bot.id)).map((entry) => entry.code ?? entry.outcome).reverse();
    expect(codes).toEqual(['signature_invalid', 'signature_invalid', 'signature_invalid', 'alert_stale', 'placed', 'placed', 'alert_duplicate', 'alert_stale']);

    // Turned off: the address is dead.
    expect((await t.call('deleteBotWebhook', { token: t.desk.token, params: { id: bot.id } })).status).toBe(200);
    expect((await w.deliver(live, buyAtmCall('off'))).status).toBe(404);
  });

  it('refuses with the reason a paused bot, an alert outside its hours, a payload that does not parse, an unknown leg and one over its limits', async () => {
    const bot = await w.createBot({ lots: 2 });
    const { token } = await w.enable(bot.id, { max_entries_per_day: 1 });
    const refusal = async (body: unknown, raw?: string) => {
      const answer = await w.deliver(token!, body, raw === undefined ? {} : { raw });
      return [answer.status, answer.body.code, answer.body.field];
    };
    expect(await refusal(null, '{"action": "enter", ')).toEqual([400, 'invalid_json', undefined]);
    expect(await refusal({ action: 'open' })).toEqual([400, 'validation_failed', 'action']);
    expect(await refusal({ action: 'enter', legs: [{ strike: 'ATM+2', option_type: 'CE', qty: 1 }] })).toEqual([400, 'validation_failed', 'legs.0.qty']);
    expect(await refusal({ action: 'enter', legs: [{ strike: 'OTM', option_type: 'CE' }] })).toEqual([400, 'validation_failed', 'legs.0.strike']);
    expect(await refusal({ action: 'enter', legs: [{ strike: 'ATM', option_type: 'CE', limit_price: 10.031 }] })).toEqual([400, 'validation_failed', 'legs.0.limit_price']);
    // Off the exchange's tick of the alert's day (tick_sizes), refused before any order, with the tick named.
    const offTick = await w.deliver(token!, { action: 'enter', legs: [{ strike: 'ATM', option_type: 'CE', limit_price: 10.03 }] });
    expect([offTick.status, offTick.body.code, offTick.body.field]).toEqual([400, 'validation_failed', 'legs.0.limit_price']);
    expect(offTick.body.message).toContain('tick size ₹0.05');
    expect(await refusal({ action: 'enter', legs: [{ tradingsymbol: 'NIFTY26D0199999CE' }] })).toEqual([422, 'unknown_instrument', 'tradingsymbol']);
    expect(await refusal({ action: 'enter', legs: [{ tradingsymbol: 'BANKNIFTY26D0150000CE' }] })).toEqual([422, 'unknown_instrument', 'legs.0.tradingsymbol']);
    expect(await refusal({ action: 'enter', lots: 3, legs: [{ strike: 'ATM', option_type: 'PE' }] })).toEqual([422, 'alert_over_limit', 'lots']);
    expect(await refusal({ action: 'buy' })).toEqual([400, 'validation_failed', 'legs']);

    t.at(monday, '09:29');
    expect(await refusal(buyAtmCall('early'))).toEqual([422, 'outside_bot_hours', undefined]);
    t.at(monday, '14:30');
    expect(await refusal(buyAtmCall('late'))).toEqual([422, 'outside_bot_hours', undefined]);
    t.at(monday, '10:00');
    expect((await t.call('updateTradingBot', { token: t.desk.token, params: { id: bot.id }, body: { status: 'paused' } })).status).toBe(200);
    expect(await refusal(buyAtmCall('paused'))).toEqual([409, 'bot_not_active', undefined]);
    expect(await t.orders('trading', bot.id)).toEqual([]);

    // Resumed: an alert without legs enters the bot's own strategy (a short straddle, 2 lots); the next entry is over the day's one.
    expect((await t.call('updateTradingBot', { token: t.desk.token, params: { id: bot.id }, body: { status: 'active' } })).status).toBe(200);
    const straddle = await w.deliver(token!, { action: 'enter', alert_id: 'straddle' });
    expect(straddle.status, JSON.stringify(straddle.body)).toBe(200);
    expect((await t.orders('trading', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type])).toEqual([
      [t.symbol(0, 'CE'), 'SELL'],
      [t.symbol(0, 'PE'), 'SELL'],
    ]);
    expect((await w.deliver(token!, { action: 'exit', alert_id: 'x' })).status).toBe(200);
    expect(await refusal(buyAtmCall('second'))).toEqual([422, 'alert_over_limit', undefined]);

    const log = await w.log(bot.id);
    expect(log).toHaveLength(16);
    expect(log.find((entry) => entry.message_i18n?.code === 'order.price_tick')?.message_i18n).toEqual({ code: 'order.price_tick', params: { price: 10.03, tick: 0.05 } });
    expect(log.filter((entry) => entry.outcome === 'placed').map((entry) => entry.alert_id)).toEqual(['x', 'straddle']);
    expect(log.find((entry) => entry.alert_id === 'paused')?.message_i18n).toEqual({ code: 'webhook.not_active', params: { status: 'paused' } });
    expect(log.find((entry) => entry.alert_id === 'early')?.message_i18n).toEqual({ code: 'webhook.outside_hours', params: { from: '09:30', until: '14:30' } });
  });

  it('logs the deliveries refused before their alert was read: too large, another media type, bytes that do not parse', async () => {
    const bot = await w.createBot();
    const { token } = await w.enable(bot.id);
    const raw = (alertId: string, pad = '') => `{"action": "enter", "alert_id": "${alertId}", "pad": "${pad}"}`;
    const tooLarge = await w.deliver(token!, null, { raw: raw('huge', 'x'.repeat(bodyLimitBytes)) });
    expect([tooLarge.status, tooLarge.body.code]).toEqual([413, 'payload_too_large']);
    const form = await w.deliver(token!, null, { raw: raw('form-1'), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect([form.status, form.body.code]).toEqual([415, 'unsupported_media_type']);
    const broken = await w.deliver(token!, null, { raw: '{"action": "enter", "alert_id": "tv-broken", ' });
    expect([broken.status, broken.body.code]).toEqual([400, 'invalid_json']);
    const unknownField = await w.deliver(token!, { action: 'enter', alert_id: 'tv-field', qty: 1 });
    expect([unknownField.status, unknownField.body.code]).toEqual([400, 'validation_failed']);
    // Newest first: each with its code, and the alert id wherever the bytes showed one (a body over the limit is never read).
    expect((await w.log(bot.id)).map((entry) => [entry.alert_id, entry.outcome, entry.code, entry.message_i18n?.code])).toEqual([
      ['tv-field', 'refused', 'validation_failed', 'webhook.payload_invalid'],
      ['tv-broken', 'refused', 'invalid_json', 'request.invalid_json'],
      ['form-1', 'refused', 'unsupported_media_type', 'request.unsupported_media_type'],
      [null, 'refused', 'payload_too_large', 'request.too_large'],
    ]);
    // An unknown address writes nothing anywhere, and nothing was placed.
    expect((await w.deliver('x'.repeat(43), null, { raw: raw('nobody', 'x'.repeat(bodyLimitBytes)) })).status).toBe(413);
    expect((await t.server.db.query('SELECT count(*)::int AS n FROM webhook_alerts')).rows).toEqual([{ n: 4 }]);
    expect(await t.orders('trading', bot.id)).toEqual([]);
  });

  it("is refused by the kill switch and the account's risk limits like a manual order, placing nothing", async () => {
    const bot = await w.createBot({ lots: 2 });
    const { token } = await w.enable(bot.id);
    const limits = { max_loss_today: null, profit_lock_from: null, profit_lock_keep_pct: null, max_trades_today: null, max_lots_per_order: 1, max_open_positions: null };
    expect((await t.call('updateRiskLimits', { token: t.desk.token, params: { accountNumber: t.desk.accountNumber }, body: limits })).status).toBe(200);
    const limited = await w.deliver(token!, { action: 'enter', alert_id: 'big', lots: 2, legs: [{ strike: 'ATM', option_type: 'CE' }] });
    expect([limited.status, limited.body.code]).toEqual([422, 'risk_limit_exceeded']);
    // The same manual order meets the same refusal.
    const manual = await t.call('placeTrades', {
      token: t.desk.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { account_number: t.desk.accountNumber, orders: [{ exchange: 'NFO', tradingsymbol: t.symbol(0, 'CE'), transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: 2 * t.desk.contract(t.desk.atm, 'CE').lot_size }] },
    });
    expect(manual.body).toMatchObject({ code: 'risk_limit_exceeded' });

    const armed = await t.call('armKillSwitch', {
      token: t.desk.token,
      body: { account_number: t.desk.accountNumber, source: 'header', reason: 'Enough for today' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    // Arming stops the bots: an alert finds this one stopped by the switch, and says so (403, as documented, not
    // "the bot is stopped"). Resumed while armed, its alert meets the switch itself.
    const stopped = await w.deliver(token!, buyAtmCall('stopped'));
    expect([stopped.status, stopped.body.code]).toEqual([403, 'kill_switch_armed']);
    expect((await t.call('updateTradingBot', { token: t.desk.token, params: { id: bot.id }, body: { status: 'active' } })).status).toBe(200);
    const killed = await w.deliver(token!, buyAtmCall('killed'));
    expect([killed.status, killed.body.code]).toEqual([403, 'kill_switch_armed']);
    expect(await t.orders('trading', bot.id)).toEqual([]);
    expect(await t.actions('trading', bot.id)).toEqual([]);
    expect((await w.log(bot.id)).map((entry) => [entry.alert_id, entry.outcome, entry.code])).toEqual([
      ['killed', 'refused', 'kill_switch_armed'],
      ['stopped', 'refused', 'kill_switch_armed'],
      ['big', 'refused', 'risk_limit_exceeded'],
    ]);
    // A refused alert does not hold its id: once the switch is off the same alert would be placed (not a duplicate).
    expect((await t.server.db.query('SELECT 1 FROM webhook_alerts WHERE counted')).rows).toEqual([]);
  });

  it('on an approve-first bot proposes the entry instead of placing it, decided like the bot\'s own; the exit goes straight', async () => {
    const bot = await w.createBot();
    const { token } = await w.enable(bot.id);
    const saved = await t.call('updateBotApprovalSettings', { token: t.desk.token, params: { bot_kind: 'trading', id: bot.id }, body: { approve_first: true, deadline_seconds: 30 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const proposals = async () =>
      (await t.call<Schemas['BotProposalsResponse']>('getBotProposals', { token: t.desk.token, query: { bot_kind: 'trading', bot_id: String(bot.id) } })).body.proposals;
    const decide = (id: number, decision: 'approve' | 'reject') =>
      t.call<Schemas['BotProposalDecision']>(decision === 'approve' ? 'approveBotProposal' : 'rejectBotProposal', { token: t.desk.token, params: { id } });

    // Proposed, pushed (the bot_proposal alert is what the push dispatcher sends), nothing placed.
    const first = await w.deliver(token!, buyAtmCall('tv-1'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ outcome: 'proposed', order_ids: [], message_i18n: { code: 'webhook.proposed', params: { seconds: 30 } } });
    const [proposal] = await proposals();
    expect(first.body.proposal_id).toBe(proposal!.id);
    expect(proposal).toMatchObject({ action: 'enter', status: 'pending', legs: [{ tradingsymbol: t.symbol(0, 'CE'), side: 'BUY', quantity: 65 }] });
    expect(await t.orders('trading', bot.id)).toEqual([]);
    expect(await t.actions('trading', bot.id)).toEqual([]);
    expect((await t.alerts(bot.id)).map((alert) => [alert.event, alert.link])).toEqual([['bot_proposal', `/app/approvals?proposal=${proposal!.id}`]]);
    // A second alert while it waits proposes nothing more; the engine's tick places nothing either.
    const waiting = await w.deliver(token!, buyAtmCall('tv-2'));
    expect(waiting.status).toBe(409);
    expect(waiting.body).toMatchObject({ code: 'bot_action_in_progress', message: "The bot's last entry awaits the trader's approval: nothing proposed again." });
    t.at(monday, '10:00', 10);
    await t.tick();
    expect(await proposals()).toHaveLength(1);
    expect(await t.orders('trading', bot.id)).toEqual([]);

    // Rejected: skipped. The next alert is the next entry, proposed again; approved, it is placed once.
    expect((await decide(proposal!.id, 'reject')).status).toBe(200);
    t.at(monday, '10:01');
    const next = await w.deliver(token!, buyAtmCall('tv-3'));
    expect(next.body).toMatchObject({ outcome: 'proposed' });
    const [again] = await proposals();
    expect(again).toMatchObject({ id: next.body.proposal_id, action: 're_enter', status: 'pending' });
    const approved = await decide(again!.id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.outcome).toBe('placed');
    expect((await t.orders('trading', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type, order.status])).toEqual([[t.symbol(0, 'CE'), 'BUY', 'COMPLETE']]);
    expect((await t.actions('trading', bot.id)).map((action) => [action.action, action.sequence, action.status])).toEqual([
      ['enter', 1, 'skipped'],
      ['re_enter', 2, 'completed'],
    ]);

    // The exit alert is never held for approval.
    t.at(monday, '10:05');
    const exit = await w.deliver(token!, { action: 'exit', alert_id: 'tv-4' });
    expect(exit.status, JSON.stringify(exit.body)).toBe(200);
    expect(exit.body.outcome).toBe('placed');
    expect((await t.orders('trading', bot.id)).map((order) => order.transaction_type)).toEqual(['BUY', 'SELL']);
    expect(await proposals()).toHaveLength(2);
    // The alert log says which were proposed.
    expect((await w.log(bot.id)).map((entry) => [entry.alert_id, entry.outcome])).toEqual([
      ['tv-4', 'placed'],
      ['tv-3', 'proposed'],
      ['tv-2', 'refused'],
      ['tv-1', 'proposed'],
    ]);
  });

  it('turns the bot\'s own entries off while it takes alerts only, and limits deliveries per address', async () => {
    const own = await w.createBot({ entry_from: '09:20', entry_until: '09:21', exit_time: '15:10' });
    await w.enable(own.id);
    const besides = await w.createBot({ entry_from: '09:20', entry_until: '09:21', exit_time: '15:10' });
    await w.enable(besides.id, { signals_only: false });
    t.at(monday, '09:20');
    await t.tick();
    expect(await t.orders('trading', own.id)).toEqual([]);
    expect(await t.orders('trading', besides.id)).toHaveLength(2);

    const { token } = await w.enable(own.id, { rotate_token: true });
    const answers = [];
    for (let i = 0; i < 31; i += 1) answers.push((await w.deliver(token!, { action: 'nothing' })).status);
    expect(answers.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});

describe.each(testBackends)("an alert's entry interrupted before its broker call, on %s", (backend) => {
  it('is skipped by the engine, never placed later; an entry of its own rules is placed (the control)', async () => {
    const t = await openBotDesk(backend, { capital: 2_000_000 });
    try {
      const w = webhookDesk(t);
      t.straddle(100.25, 100.25);
      const alerted = await w.createBot({ entry_from: '09:58', entry_until: '14:30', exit_time: '15:15' });
      const own = await w.createBot({ entry_from: '09:58', entry_until: '14:30', exit_time: '15:15' });
      await w.enable(alerted.id, { signals_only: false });
      t.at(monday, '10:00');
      // Both claims left as a crash would leave them: claimed, no order placed; the first one named by an alert.
      for (const bot of [alerted, own]) {
        await t.server.db.query(
          `INSERT INTO bot_actions (bot_kind, bot_id, trading_day, action, sequence, phase, status, claimed_at, idempotency_key)
           VALUES ('trading', $1, $2::date, 'enter', 1, 'entry', 'claimed', $3, $4)`,
          [bot.id, monday, t.server.clock.now(), `BT${bot.id}-261123-E1`],
        );
      }
      await t.server.db.query(
        `INSERT INTO webhook_alerts (bot_id, received_at, alert_id, action, outcome, body_hash, counted, action_key, once_period) VALUES ($1, $2, 'crash', 'enter', 'working', $3, true, $4, $5)`,
        [alerted.id, t.server.clock.now(), '0'.repeat(64), `BT${alerted.id}-261123-E1`, monday],
      );
      t.at(monday, '10:01');
      await t.tick();
      expect(await t.orders('trading', alerted.id)).toEqual([]);
      expect(await t.actions('trading', alerted.id)).toMatchObject([{ action: 'enter', status: 'skipped' }]);
      expect((await t.orders('trading', own.id)).map((order) => order.transaction_type)).toEqual(['SELL', 'SELL']);
    } finally {
      await t.server.close();
    }
  }, 120_000);
});
