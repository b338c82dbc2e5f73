// Bot cards that know at once (issue 37, a desk that pushes): whatever changes what getBotStates answers for a
// portfolio is told on the trader's price streams as a `bots` notice naming the account, on the pass after it
// was recorded: a bot created, paused, resumed, edited or deleted, the kill switch stopping the account's bots,
// and the engine's tick moving bots on (one notice per account and tick, however many of its bots entered).
// The screen then reads the states once instead of every 5 s.
import { describe, expect, it } from 'vitest';
import { openPriceStream } from '../kite-live/price-stream-client.ts';
import { testBackends } from '../support/test-database.ts';
import { botDeskPerFile, monday, type BotDesk } from './bot-desk.ts';

const index = 'NSE:NIFTY 50';

describe.each(testBackends)('bot notices on the price stream on %s', (backend) => {
  let t: BotDesk;
  botDeskPerFile(backend, { capital: 2_000_000 }, (desk) => (t = desk));

  const openStream = async () => {
    const stream = await openPriceStream(t.server, t.desk.token, { instruments: [index] });
    expect((await stream.next()).event).toBe('snapshot');
    return stream;
  };
  /** The `bots` notices recorded for the trader so far. */
  const recorded = async () =>
    Number((await t.server.db.query<{ n: string }>(`SELECT count(*) AS n FROM stream_notices WHERE topic = 'bots' AND broker_account_id = $1`, [t.desk.account.id])).rows[0]!.n);
  /** A pass of the instance's notices: what was recorded since is told now, on every stream of the trader. */
  const pass = () => t.desk.services.streamNotices.pass();
  /** The stream's next `bots` notice (the engine's entries also tell an `alerts` one) names the account. */
  const expectTold = async (stream: Awaited<ReturnType<typeof openStream>>) =>
    expect((await stream.until((event) => event.event === 'notice' && (event.data as unknown as { topic: string }).topic === 'bots')).data).toEqual({
      topic: 'bots',
      account_id: t.desk.account.id,
    });

  it("tells a bot created, paused, resumed, edited and deleted, each once, on a stream naming no account", async () => {
    t.at(monday, '09:00');
    const stream = await openStream();
    const before = await recorded();
    const bot = await t.createDaily({ name: 'Told straddle' });
    // Recorded with the change (a missing one fails here rather than leaving the stream waiting).
    expect(await recorded()).toBe(before + 1);
    await pass();
    await expectTold(stream);
    for (const [n, body] of [{ status: 'paused' }, { status: 'active' }, { name: 'Renamed straddle' }].entries()) {
      expect((await t.call('updateDailyBot', { token: t.desk.token, params: { id: bot.id }, body })).status).toBe(200);
      expect(await recorded()).toBe(before + 2 + n);
      await pass();
      await expectTold(stream);
    }
    expect((await t.call('deleteDailyBot', { token: t.desk.token, params: { id: bot.id } })).status).toBe(200);
    expect(await recorded()).toBe(before + 5);
    await pass();
    await expectTold(stream);
    await stream.close();
  });

  it('tells a refused change nothing: the states did not move', async () => {
    const before = await recorded();
    expect((await t.call('updateDailyBot', { token: t.desk.token, params: { id: 999_999 }, body: { status: 'paused' } })).status).toBe(404);
    expect((await t.call('deleteDailyBot', { token: t.desk.token, params: { id: 999_999 } })).status).toBe(404);
    expect(await recorded()).toBe(before);
  });

  it("tells the engine's entries once for the account however many bots entered in the tick, and nothing for a tick where none acted", async () => {
    t.at(monday, '09:10');
    t.straddle(120, 110);
    await t.createDaily({ name: 'First' });
    await t.createDaily({ name: 'Second' });
    await t.createDaily({ name: 'Third' });
    // A tick before their entry time: nothing moved, nothing told.
    let before = await recorded();
    await t.tick();
    expect(await recorded()).toBe(before);

    const stream = await openStream();
    t.at(monday, '09:20');
    before = await recorded();
    const counts = await t.tick();
    expect(counts.acted).toBeGreaterThanOrEqual(3);
    expect(await recorded()).toBe(before + 1);
    await pass();
    await expectTold(stream);
    // The read the notice asks for: the cards say the bots entered.
    const states = await t.call<{ bots: Array<{ state: string }> }>('getBotStates', { token: t.desk.token, params: { portfolioId: t.portfolio.id } });
    expect(states.body.bots.filter((bot) => bot.state === 'in_position')).toHaveLength(3);
    await stream.close();
  });

  it("tells the kill switch stopping the account's bots", async () => {
    const stream = await openStream();
    const armed = await t.desk.trade('armKillSwitch', { source: 'header', reason: 'Enough for today', cool_off_hours: 0 });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    await pass();
    await expectTold(stream);
    const states = await t.call<{ bots: Array<{ state: string }> }>('getBotStates', { token: t.desk.token, params: { portfolioId: t.portfolio.id } });
    expect(states.body.bots.every((bot) => bot.state === 'stopped')).toBe(true);
    await stream.close();
  });
});
