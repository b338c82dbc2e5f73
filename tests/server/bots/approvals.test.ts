// Approval from the phone (issue 41). An approve-first bot's entry becomes a proposal (legs, prices, margin,
// charges, max loss) pushed with Approve and Reject and listed in the app; it places nothing until approved.
// A proposal approved twice, after its deadline or after the price moved places nothing; an approval places
// exactly once across two instances; from the notification, its single-use token decides once; exits,
// stop-losses and the kill switch's square-off are never held.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../../server/db/database.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { browserSubscription, startLocalPushService, type LocalPushService } from '../alerts/local-push-service.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';
import { engineOf, monday, openBotDesk, type BotDesk, writeIndexCandles } from './bot-desk.ts';

type Schemas = components['schemas'];
type Decided = Schemas['BotProposalDecision'] & Schemas['Error'];

describe.each(testBackends)('approve-first bots on %s', (backend) => {
  let t: BotDesk;
  let database: Database;
  let pushService: LocalPushService;
  let second: TestServer | undefined;

  beforeEach(async () => {
    pushService = await startLocalPushService();
    database = await createMigratedTestDatabase(backend);
    t = await openBotDesk(backend, { database, capital: 2_000_000, pushServiceHosts: [pushService.origin] });
    t.straddle(100.25, 100.25);
  });

  afterEach(async () => {
    await second?.close();
    second = undefined;
    await t.server.close();
    await database.close();
    await pushService.close();
  });

  /** A daily short straddle entering at 09:20, approve-first with these settings. */
  const approveFirstBot = async (settings: Schemas['BotApprovalSettingsChange'] = {}, overrides: Record<string, unknown> = {}) => {
    const bot = await t.createDaily(overrides);
    const saved = await t.call<Schemas['BotApprovalSettings']>('updateBotApprovalSettings', {
      token: t.desk.token,
      params: { bot_kind: 'daily', id: bot.id },
      body: { approve_first: true, ...settings },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return bot;
  };
  const proposals = async (botId?: number) => {
    const res = await t.call<Schemas['BotProposalsResponse']>('getBotProposals', { token: t.desk.token, query: botId === undefined ? {} : { bot_kind: 'daily', bot_id: String(botId) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.proposals;
  };
  const approve = (id: number, call = t.call) => call<Decided>('approveBotProposal', { token: t.desk.token, params: { id } });
  const reject = (id: number) => t.call<Decided>('rejectBotProposal', { token: t.desk.token, params: { id } });

  it('proposes the entry instead of placing it, with its legs, prices, margin, charges and max loss, and places it once when approved', async () => {
    const bot = await approveFirstBot();
    expect((await t.call<Schemas['BotApprovalSettings']>('getBotApprovalSettings', { token: t.desk.token, params: { bot_kind: 'daily', id: bot.id } })).body).toEqual({
      approve_first: true,
      deadline_seconds: 60,
      price_tolerance_pct: 2,
    });
    t.at(monday, '09:20');
    await t.tick();
    // Nothing placed, one proposal, its alert (the push) linking to it.
    expect(await t.orders('daily', bot.id)).toEqual([]);
    expect(await t.actions('daily', bot.id)).toEqual([]);
    const [proposal] = await proposals(bot.id);
    expect(proposal).toMatchObject({
      bot_kind: 'daily',
      bot_id: bot.id,
      action: 'enter',
      status: 'pending',
      max_loss_unlimited: true,
      max_loss: null,
      decided_at: null,
      expires_at: new Date(t.server.clock.now().getTime() + 60_000).toISOString(),
    });
    // A short straddle sells both legs: priced at the bid, what a market sell meets.
    expect(proposal!.legs).toEqual([
      { exchange: 'NFO', tradingsymbol: t.symbol(0, 'CE'), side: 'SELL', quantity: 65, price: 100, price_then: null },
      { exchange: 'NFO', tradingsymbol: t.symbol(0, 'PE'), side: 'SELL', quantity: 65, price: 100, price_then: null },
    ]);
    expect(proposal!.margin).toBeGreaterThan(10_000);
    expect(proposal!.charges).toBeGreaterThan(0);
    const [alert] = await t.alerts(bot.id);
    expect(alert).toMatchObject({ event: 'bot_proposal', link: `/app/approvals?proposal=${proposal!.id}` });
    // The bot's card says it waits for the trader.
    expect(await t.run('daily', bot.id)).toMatchObject({
      state: 'waiting',
      reason: 'Entry proposed: waiting for your approval in Approvals (60 s to decide).',
      reason_i18n: { code: 'approval.awaiting', params: { seconds: 60 } },
    });
    // The engine's next ticks wait for the trader: no second proposal, still nothing placed.
    t.at(monday, '09:20', 20);
    await t.tick();
    expect(await proposals(bot.id)).toHaveLength(1);
    expect(await t.orders('daily', bot.id)).toEqual([]);

    t.at(monday, '09:20', 30);
    const approved = await approve(proposal!.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.outcome).toBe('placed');
    expect(approved.body.proposal).toMatchObject({ status: 'approved', decided_via: 'app', decided_device: expect.stringContaining('session') as string });
    expect(approved.body.proposal.legs.map((leg) => leg.price_then)).toEqual([100, 100]);
    const orders = await t.orders('daily', bot.id);
    expect(orders.map((order) => [order.tradingsymbol, order.transaction_type, order.status])).toEqual([
      [t.symbol(0, 'CE'), 'SELL', 'COMPLETE'],
      [t.symbol(0, 'PE'), 'SELL', 'COMPLETE'],
    ]);
    expect(approved.body.proposal.order_ids.sort()).toEqual(orders.map((order) => order.order_id).sort());
    expect(await t.run('daily', bot.id)).toMatchObject({ state: 'in_position', entries: 1 });

    // Approved twice: refused, nothing placed again; nor by the engine's next tick.
    const again = await approve(proposal!.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('proposal_decided');
    expect((await reject(proposal!.id)).body.code).toBe('proposal_decided');
    t.at(monday, '09:21');
    await t.tick();
    expect(await t.orders('daily', bot.id)).toHaveLength(2);
    expect(await t.actions('daily', bot.id)).toMatchObject([{ action: 'enter', status: 'completed' }]);
  });

  it('saves a fractional price tolerance (1.5 %) on a trading bot and reads it back, as the settings dialog sends it', async () => {
    // The insert's coalesce($5, 2) once typed the parameter as an integer, so 1.5 answered 400 invalid_value.
    const bot = await t.createTrading();
    const saved = await t.call<Schemas['BotApprovalSettings']>('updateBotApprovalSettings', {
      token: t.desk.token,
      params: { bot_kind: 'trading', id: bot.id },
      body: { price_tolerance_pct: 1.5 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ approve_first: false, deadline_seconds: 60, price_tolerance_pct: 1.5 });
    // An update of a saved row takes a fraction too, and a hundredth survives the numeric(5, 2) column.
    const updated = await t.call<Schemas['BotApprovalSettings']>('updateBotApprovalSettings', {
      token: t.desk.token,
      params: { bot_kind: 'trading', id: bot.id },
      body: { approve_first: true, price_tolerance_pct: 0.25 },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const read = await t.call<Schemas['BotApprovalSettings']>('getBotApprovalSettings', { token: t.desk.token, params: { bot_kind: 'trading', id: bot.id } });
    expect(read.body).toEqual({ approve_first: true, deadline_seconds: 60, price_tolerance_pct: 0.25 });
  });

  it('places nothing after the deadline: the sweep skips the entry with the reason in the bot log, and a late approval is refused', async () => {
    const bot = await approveFirstBot({ deadline_seconds: 30 });
    t.at(monday, '09:20');
    await t.tick();
    const [proposal] = await proposals(bot.id);
    expect(proposal!.expires_at).toBe(new Date(t.server.clock.now().getTime() + 30_000).toISOString());
    t.at(monday, '09:20', 31);
    // Past the deadline, before any sweep: the app is refused, and that ends it.
    const late = await approve(proposal!.id);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('proposal_expired');
    await t.tick();
    expect(await t.orders('daily', bot.id)).toEqual([]);
    expect(await t.actions('daily', bot.id)).toMatchObject([{ action: 'enter', status: 'skipped', message: 'Not approved within 30 s: entry skipped.' }]);
    expect((await t.actions('daily', bot.id))[0]!.message_i18n).toEqual({ code: 'approval.expired', params: { seconds: 30 } });
    expect(await t.run('daily', bot.id)).toMatchObject({ state: 'missed', reason: 'Not approved within 30 s: entry skipped.' });
    expect((await proposals(bot.id))[0]).toMatchObject({ status: 'expired', decided_via: null });

    // The engine's own sweep expires one nobody touched, and never proposes that entry again.
    const later = await approveFirstBot({ deadline_seconds: 15 });
    await t.call('updateDailyBot', { token: t.desk.token, params: { id: later.id }, body: { entry_time: '09:30' } });
    t.at(monday, '09:30');
    await t.tick();
    expect((await proposals(later.id))[0]).toMatchObject({ status: 'pending' });
    t.at(monday, '09:30', 16);
    await t.tick();
    expect((await proposals(later.id))[0]).toMatchObject({ status: 'expired' });
    expect(await t.actions('daily', later.id)).toMatchObject([{ action: 'enter', status: 'skipped' }]);
    // Approved after the sweep expired it: still the expiry's answer (the docs' 409 proposal_expired), not "decided".
    const afterSweep = await approve((await proposals(later.id))[0]!.id);
    expect([afterSweep.status, afterSweep.body.code, afterSweep.body.message]).toEqual([409, 'proposal_expired', 'Not approved within 15 s: entry skipped.']);
    t.at(monday, '09:31');
    await t.tick();
    expect(await proposals(later.id)).toHaveLength(1);
    expect(await t.orders('daily', later.id)).toEqual([]);
  });

  it('refuses an approval when a price moved beyond the tolerance, keeping the prices then, and skips the entry', async () => {
    const bot = await approveFirstBot({ price_tolerance_pct: 5 });
    t.at(monday, '09:20');
    await t.tick();
    const [proposal] = await proposals(bot.id);
    // The call's bid goes from 100 to 106: 6 %, beyond the 5 % the trader allows.
    t.price(0, 'CE', 106.25);
    t.at(monday, '09:20', 10);
    const moved = await approve(proposal!.id);
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('proposal_price_moved');
    expect(await t.orders('daily', bot.id)).toEqual([]);
    const [refused] = await proposals(bot.id);
    expect(refused).toMatchObject({ status: 'refused', decided_via: 'app', message_i18n: { code: 'approval.price_moved', params: { tradingsymbol: t.symbol(0, 'CE'), from: 100, to: 106, tolerance: 5 } } });
    expect(refused!.legs.map((leg) => leg.price_then)).toEqual([106, 100]);
    expect(await t.actions('daily', bot.id)).toMatchObject([{ action: 'enter', status: 'skipped' }]);
    // Nor does the engine place it afterwards.
    t.at(monday, '09:21');
    await t.tick();
    expect(await t.orders('daily', bot.id)).toEqual([]);

    // Within the tolerance (4 %) another bot's approval goes through.
    const calm = await approveFirstBot({ price_tolerance_pct: 5 });
    await t.call('updateDailyBot', { token: t.desk.token, params: { id: calm.id }, body: { entry_time: '09:30' } });
    t.at(monday, '09:30');
    await t.tick();
    const [next] = await proposals(calm.id);
    t.price(0, 'CE', 110.25);
    t.at(monday, '09:30', 5);
    expect((await approve(next!.id)).body.outcome).toBe('placed');
  });

  it('a rejection places nothing and says which device rejected it', async () => {
    const bot = await approveFirstBot();
    t.at(monday, '09:20');
    await t.tick();
    const [proposal] = await proposals(bot.id);
    const rejected = await reject(proposal!.id);
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body).toMatchObject({ outcome: null, proposal: { status: 'rejected', decided_via: 'app' } });
    expect(rejected.body.proposal.message).toMatch(/^Rejected from .*session \d+\): entry skipped\.$/);
    expect((await approve(proposal!.id)).body.code).toBe('proposal_decided');
    expect(await t.orders('daily', bot.id)).toEqual([]);
    expect(await t.actions('daily', bot.id)).toMatchObject([{ action: 'enter', status: 'skipped' }]);
  });

  it('places exactly once when two instances receive approvals of one proposal at once, and neither engine places it again', async () => {
    const bot = await approveFirstBot();
    second = await startTestServer({ backend, database, clock: t.server.clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: t.market.source });
    const otherCall = guardedClient(second.app);
    t.at(monday, '09:20');
    // Both engines tick the same second: one proposal.
    await Promise.all([t.tick(), engineOf(second).tick(t.server.clock.now())]);
    const listed = await proposals(bot.id);
    expect(listed).toHaveLength(1);
    expect((await t.alerts(bot.id)).filter((alert) => alert.event === 'bot_proposal')).toHaveLength(1);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => approve(listed[0]!.id, i % 2 === 0 ? t.call : otherCall)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(9);
    expect(await t.orders('daily', bot.id)).toHaveLength(2);
    t.at(monday, '09:21');
    await Promise.all([t.tick(), engineOf(second).tick(t.server.clock.now())]);
    expect(await t.orders('daily', bot.id)).toHaveLength(2);
  });

  it('decides from the notification with a single-use token bound to the proposal and the device', async () => {
    const browser = browserSubscription();
    const endpoint = pushService.endpoint('phone');
    // A device subscribed to no topic still gets proposals: turning approve-first on asked for them.
    const saved = await t.call('updatePushDevice', { token: t.desk.token, body: { endpoint, keys: browser.keys, label: 'Pixel 8', topics: [] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const bot = await approveFirstBot();
    t.at(monday, '09:20');
    await t.tick();
    const services = t.server.app.getDecorator<Services>(servicesDecorator);
    expect((await services.alerts.watchers.run()).errors).toEqual([]);
    const pushes = pushService.received.filter((push) => push.path === new URL(endpoint).pathname);
    expect(pushes).toHaveLength(1);
    // Lives at the push service only until the deadline.
    expect(pushes[0]!.headers).toMatchObject({ urgency: 'high', ttl: '60' });
    const payload = JSON.parse(browser.decrypt(pushes[0]!.body)) as { proposal: { id: number; token: string }; actions: { action: string }[]; url: string; title_i18n: unknown };
    const [proposal] = await proposals(bot.id);
    expect(payload.proposal.id).toBe(proposal!.id);
    expect(payload.url).toBe(`/app/approvals?proposal=${proposal!.id}`);
    expect(payload.actions.map((action) => action.action)).toEqual(['approve', 'reject']);
    expect(payload.title_i18n).toMatchObject({ code: 'approval.proposal_title' });
    // Only the token's hash is stored.
    const stored = await t.server.db.query<{ token_hash: string }>('SELECT token_hash FROM proposal_tokens');
    expect(stored.rows.map((row) => row.token_hash)).not.toContain(payload.proposal.token);

    const decide = (token: string, decision: 'approve' | 'reject') => t.call<Decided>('decideBotProposalFromNotification', { body: { token, decision } });
    expect((await decide(randomUUID().replaceAll('-', '').padEnd(43, 'x'), 'approve')).status).toBe(404);
    const approved = await decide(payload.proposal.token, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ outcome: 'placed', proposal: { status: 'approved', decided_via: 'notification', decided_device: 'Pixel 8' } });
    expect(await t.orders('daily', bot.id)).toHaveLength(2);
    // Spent: the same token again decides nothing.
    expect((await decide(payload.proposal.token, 'reject')).status).toBe(404);
    expect(await t.orders('daily', bot.id)).toHaveLength(2);
    // A proposal already decided is not pushed again, and an ended one is never pushed.
    expect((await services.alerts.watchers.run()).errors).toEqual([]);
    expect(pushService.received.filter((push) => push.path === new URL(endpoint).pathname)).toHaveLength(1);
  });

  const candles = (time: string, closes: readonly number[]) => writeIndexCandles(t.server.db, time, closes);

  it('a trend bot whose proposal was rejected or expired takes its next signal as a new entry, and a skipped entry is no trade', async () => {
    // One trade a day at most: the two skipped signals must not use it up.
    const bot = await t.createTrading({
      entry_from: '09:30',
      entry_until: '14:30',
      exit_time: '15:15',
      params: { indicator: 'ema_crossover', timeframe_minutes: 1, fast_ema: 3, slow_ema: 5, max_trades_per_day: 1, exit_on_reverse_signal: false },
    });
    const saved = await t.call('updateBotApprovalSettings', { token: t.desk.token, params: { bot_kind: 'trading', id: bot.id }, body: { approve_first: true, deadline_seconds: 15 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    t.straddle(120, 110);
    const trendProposals = async () => {
      const res = await t.call<Schemas['BotProposalsResponse']>('getBotProposals', { token: t.desk.token, query: { bot_kind: 'trading', bot_id: String(bot.id) } });
      return res.body.proposals;
    };
    // Falling closes, then a jump: the upward cross on the 10:09 candle proposes a call; the trader rejects it.
    await candles('10:00', [26100, 26090, 26080, 26070, 26060, 26050, 26040, 26030, 26020, 26200]);
    t.at(monday, '10:10', 5);
    await t.tick();
    const [first] = await trendProposals();
    expect(first).toMatchObject({ action: 'enter', status: 'pending', legs: [{ tradingsymbol: t.symbol(0, 'CE'), side: 'BUY' }] });
    expect((await reject(first!.id)).status).toBe(200);
    expect(await t.run('trading', bot.id)).toMatchObject({ state: 'waiting', entries: 0 });
    // The same signal, still the last candle's, is spent: nothing proposed again.
    t.at(monday, '10:10', 40);
    await t.tick();
    expect(await trendProposals()).toHaveLength(1);

    // The downward cross on the 10:10 candle: a new entry (a put), which nobody decides within its 15 s.
    await candles('10:10', [25900]);
    t.at(monday, '10:11', 5);
    await t.tick();
    const [second] = await trendProposals();
    expect(second).toMatchObject({ action: 're_enter', status: 'pending', legs: [{ tradingsymbol: t.symbol(0, 'PE'), side: 'BUY' }] });
    t.at(monday, '10:11', 25);
    await t.tick();
    expect((await trendProposals())[0]).toMatchObject({ id: second!.id, status: 'expired' });
    t.at(monday, '10:11', 50);
    await t.tick();
    expect(await trendProposals()).toHaveLength(2);

    // Up again on the 10:11 candle: proposed, approved, bought; the one trade of the day.
    await candles('10:11', [26400]);
    t.at(monday, '10:12', 5);
    await t.tick();
    const [third] = await trendProposals();
    expect(third).toMatchObject({ action: 're_enter', status: 'pending', legs: [{ tradingsymbol: t.symbol(0, 'CE'), side: 'BUY' }] });
    const approved = await approve(third!.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.outcome).toBe('placed');
    expect((await t.orders('trading', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type, order.status])).toEqual([[t.symbol(0, 'CE'), 'BUY', 'COMPLETE']]);
    expect((await t.actions('trading', bot.id)).map((action) => [action.action, action.sequence, action.status])).toEqual([
      ['enter', 1, 'skipped'],
      ['re_enter', 2, 'skipped'],
      ['re_enter', 3, 'completed'],
    ]);
    expect(await t.run('trading', bot.id)).toMatchObject({ state: 'in_position', entries: 3 });

    // Every proposal and decision is kept: who, when, how, from which device, and each leg's price then.
    const kept = await t.server.db.query<{ id: string; user_id: number; status: string; decided_by: number | null; decided_at: Date | null; decided_via: string | null; decided_device: string | null; decision_prices: Record<string, number> | null }>(
      'SELECT id, user_id, status, decided_by, decided_at, decided_via, decided_device, decision_prices FROM bot_proposals WHERE bot_id = $1 ORDER BY id',
      [bot.id],
    );
    const session = expect.stringMatching(/^\S.* \(session \d+\)$/) as string;
    const at = (time: string, seconds: number) => new Date(`${monday}T${time}:${String(seconds).padStart(2, '0')}+05:30`).toISOString();
    expect(kept.rows.map((row) => ({ ...row, id: Number(row.id), decided_at: row.decided_at?.toISOString() ?? null }))).toEqual([
      { id: first!.id, user_id: expect.any(Number) as number, status: 'rejected', decided_by: kept.rows[0]!.user_id, decided_at: at('10:10', 5), decided_via: 'app', decided_device: session, decision_prices: null },
      { id: second!.id, user_id: expect.any(Number) as number, status: 'expired', decided_by: null, decided_at: at('10:11', 25), decided_via: null, decided_device: null, decision_prices: null },
      // Approved: re-priced at the ask when decided (the call's ask, 120 + 0.25 in the scripted market).
      { id: third!.id, user_id: expect.any(Number) as number, status: 'approved', decided_by: kept.rows[0]!.user_id, decided_at: at('10:12', 5), decided_via: 'app', decided_device: session, decision_prices: { [`NFO:${t.symbol(0, 'CE')}`]: expect.any(Number) as number } },
    ]);
    expect(Number(Object.values(kept.rows[2]!.decision_prices!)[0]) / 100).toBe(approved.body.proposal.legs[0]!.price_then);
    // The bot's history says how each entry's proposal ended, when and from which device.
    const runs = await t.call<Schemas['BotRunsResponse']>('getBotRuns', { token: t.desk.token, params: { kind: 'trading', id: bot.id } });
    expect(runs.status, JSON.stringify(runs.body)).toBe(200);
    const device = kept.rows[0]!.decided_device!;
    expect(runs.body.runs[0]!.actions.map((action) => [action.action, action.status, action.approval])).toEqual([
      ['enter', 'skipped', { status: 'rejected', decided_at: at('10:10', 5), decided_via: 'app', device, device_text: { code: 'approval.device', params: expect.objectContaining({ session: expect.stringMatching(/^\d+$/) as string }) as object } }],
      ['re_enter', 'skipped', { status: 'expired', decided_at: at('10:11', 25), decided_via: null, device: null, device_text: null }],
      ['re_enter', 'completed', { status: 'approved', decided_at: at('10:12', 5), decided_via: 'app', device, device_text: expect.objectContaining({ code: 'approval.device' }) as object }],
    ]);
    // The card's last action is the approved entry, with its approval.
    const states = await t.call<Schemas['BotStatesResponse']>('getBotStates', { token: t.desk.token, params: { portfolioId: t.portfolio.id } });
    expect(states.body.bots.find((state) => state.bot_id === bot.id)?.last_action?.approval).toMatchObject({ status: 'approved', device });
  });

  it('a trend bot that exits on a reverse signal after a skipped entry still has a trade left: its day reads waiting, not exited', async () => {
    // Two trades a day: the rejected signal is no trade, so after the approved one exits, one trade is left.
    const bot = await t.createTrading({
      entry_from: '09:30',
      entry_until: '14:30',
      exit_time: '15:15',
      params: { indicator: 'ema_crossover', timeframe_minutes: 1, fast_ema: 3, slow_ema: 5, max_trades_per_day: 2, exit_on_reverse_signal: true },
    });
    expect((await t.call('updateBotApprovalSettings', { token: t.desk.token, params: { bot_kind: 'trading', id: bot.id }, body: { approve_first: true, deadline_seconds: 15 } })).status).toBe(200);
    t.straddle(120, 110);
    const latest = async () => (await t.call<Schemas['BotProposalsResponse']>('getBotProposals', { token: t.desk.token, query: { bot_kind: 'trading', bot_id: String(bot.id) } })).body.proposals[0]!;
    await candles('10:00', [26100, 26090, 26080, 26070, 26060, 26050, 26040, 26030, 26020, 26200]);
    t.at(monday, '10:10', 5);
    await t.tick();
    expect((await reject((await latest()).id)).status).toBe(200);
    // Down on the 10:10 candle: a put, approved and bought (sequence 2, one trade).
    await candles('10:10', [25900]);
    t.at(monday, '10:11', 5);
    await t.tick();
    expect((await approve((await latest()).id)).body.outcome).toBe('placed');
    expect(await t.run('trading', bot.id)).toMatchObject({ state: 'in_position', entries: 2 });
    // Up on the 10:11 candle: the put is sold on the reverse signal.
    await candles('10:11', [26400]);
    t.at(monday, '10:12', 5);
    await t.tick();
    expect((await t.actions('trading', bot.id)).map((action) => [action.action, action.status])).toEqual([
      ['enter', 'skipped'],
      ['re_enter', 'completed'],
      ['signal_exit', 'completed'],
    ]);
    expect(await t.run('trading', bot.id)).toMatchObject({ state: 'waiting' });
    const states = await t.call<Schemas['BotStatesResponse']>('getBotStates', { token: t.desk.token, params: { portfolioId: t.portfolio.id } });
    expect(states.body.bots.find((state) => state.bot_id === bot.id)).toMatchObject({ state: 'waiting', approve_first: true });
    // And it does trade again: the next fresh signal is proposed.
    await candles('10:12', [25800]);
    t.at(monday, '10:13', 5);
    await t.tick();
    expect(await latest()).toMatchObject({ action: 're_enter', status: 'pending', legs: [{ tradingsymbol: t.symbol(0, 'PE') }] });
  });

  it('never holds exits: the stop-loss, the exit time and the kill switch square-off go straight to the broker', async () => {
    const stopped = await approveFirstBot({}, { stop_loss_pct: 0.1 });
    const timed = await approveFirstBot({}, { stop_loss_pct: 100, target_pct: 100, exit_time: '09:40' });
    const killed = await approveFirstBot({}, { stop_loss_pct: 100, target_pct: 100 });
    t.at(monday, '09:20');
    await t.tick();
    for (const proposal of await proposals()) expect((await approve(proposal.id)).body.outcome).toBe('placed');
    const proposed = (await proposals()).length;
    expect(proposed).toBe(3);
    const closing = async (botId: number) => (await t.orders('daily', botId)).slice(2).map((order) => [order.transaction_type, order.status]);
    // Sold at the bid, marked at the last price: a loss of 0.25 %, past the first straddle's 0.1 % stop-loss,
    // which fires at once, with no proposal.
    t.at(monday, '09:30');
    await t.tick();
    expect((await t.actions('daily', stopped.id)).map((action) => [action.action, action.status])).toEqual([
      ['enter', 'completed'],
      ['stop_loss', 'completed'],
    ]);
    expect(await closing(stopped.id)).toEqual([
      ['BUY', 'COMPLETE'],
      ['BUY', 'COMPLETE'],
    ]);
    expect(await closing(timed.id)).toEqual([]);
    // Its exit time: out at once.
    t.at(monday, '09:40');
    await t.tick();
    expect((await t.actions('daily', timed.id)).map((action) => [action.action, action.status])).toEqual([
      ['enter', 'completed'],
      ['exit', 'completed'],
    ]);
    expect(await closing(timed.id)).toHaveLength(2);
    // The kill switch squares off the third at once.
    t.at(monday, '09:45');
    const armed = await t.call<Schemas['KillSwitchResult']>('armKillSwitch', {
      token: t.desk.token,
      body: { account_number: t.desk.accountNumber, source: 'header', reason: 'Enough' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    expect(armed.body.accounts[0]).toMatchObject({ flat: true });
    expect(await closing(killed.id)).toEqual([
      ['BUY', 'COMPLETE'],
      ['BUY', 'COMPLETE'],
    ]);
    // Not one exit waited for a proposal.
    expect(await proposals()).toHaveLength(proposed);
  });
});
