// A desk that pushes (issue 37): what the desk's polling used to notice besides order changes reaches it on
// the price stream as a notice, on the pass after the change was recorded, on whichever instance made it: the
// account's broker session ended (Kite refused the token: its positions now read UNKNOWN), opened again, its
// positions settled at expiry without an order, a new alert in the trader's feed, the kill switch armed or
// disarmed. What was recorded before the stream opened is not told (the desk reads when its stream opens), nor
// another trader's.
import { describe, expect, it } from 'vitest';
import { endSessionAfterTokenError } from '../../../server/services/brokers/live/session-loss.ts';
import { openPriceStream, type StreamEvent } from '../kite-live/price-stream-client.ts';
import { atInstant, openQuotedDesk, scriptedServerPerFile, type Desk, type ScriptedServer } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';

const index = 'NSE:NIFTY 50';

const noticeOf = (topic: string) => (event: StreamEvent) => event.event === 'notice' && (event.data as unknown as { topic: string }).topic === topic;

describe.each(testBackends)('notices on the price stream on %s', (backend) => {
  let started: ScriptedServer;
  scriptedServerPerFile(backend, (server) => {
    started = server;
  });

  async function openStream(desk: Desk, named = true) {
    const stream = await openPriceStream(started.server, desk.token, { instruments: [index], ...(named ? { account_id: desk.account.id } : {}) });
    expect((await stream.next()).event).toBe('snapshot');
    return stream;
  }

  /** A pass of this instance's market loop, the prices moved after it: whatever it told comes before that delta. */
  async function pass(desk: Desk): Promise<void> {
    const { services } = desk;
    const { clock } = started.server;
    await services.streamNotices.pass();
    clock.advance(1000);
    await services.market.tick(clock.now());
    await services.marketFeed.poll(clock.now());
  }

  it("tells the account's session ended at its broker, so the desk reads its positions (UNKNOWN) though no order changed", async () => {
    const { desk } = await openQuotedDesk(started);
    const stream = await openStream(desk);
    const { db, clock } = started.server;
    expect(await endSessionAfterTokenError(db, clock.now, desk.account.id, 'Kite', 'Incorrect `api_key` or `access_token`.')).toBe(true);
    await pass(desk);
    const told = await stream.until(noticeOf('account'));
    expect(told.data).toEqual({ topic: 'account', account_id: desk.account.id });
    // The read the notice asks for: the positions are unknown now, never empty.
    expect((await desk.positionBook()).status).toBe('UNKNOWN');
    await stream.close();
  });

  it('tells the session opened again, the kill switch armed and its alert, on a stream naming no account too', async () => {
    const { desk } = await openQuotedDesk(started);
    const stream = await openStream(desk, false);
    await desk.logIn();
    await pass(desk);
    expect((await stream.until(noticeOf('account'))).data).toEqual({ topic: 'account', account_id: desk.account.id });
    await stream.until((event) => event.event === 'delta');
    // The kill switch armed: its notice; then the watchers write its alert to the feed: the feed's notice.
    const armed = await desk.trade('armKillSwitch', { source: 'header', reason: 'Enough for today', cool_off_hours: 0 });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    await pass(desk);
    expect((await stream.until(noticeOf('kill_switch'))).data).toEqual({ topic: 'kill_switch', account_id: desk.account.id });
    await stream.until((event) => event.event === 'delta');
    const report = await desk.services.alerts.watchers.run(started.server.clock.now());
    expect(report.errors).toEqual([]);
    await pass(desk);
    const topics: string[] = [];
    for (;;) {
      const event = await stream.next();
      if (event.event === 'delta') break;
      if (event.event === 'notice') topics.push((event.data as unknown as { topic: string }).topic);
    }
    expect(topics).toEqual(['alerts']);
    await stream.close();
  });

  it('tells positions settled at expiry, which no order changed', async () => {
    const { desk, atmCall } = await openQuotedDesk(started);
    expect((await desk.place(atmCall, 'BUY', desk.lotSize)).status).toBe('COMPLETE');
    const stream = await openStream(desk);
    // Monday 23 November, 15:41 IST (the close is 15:40 since 3 August 2026): the contract expired, settled at its intrinsic value.
    await atInstant(started, '2026-11-23T10:11:00Z', async () => {
      started.market.closingValue(26_200);
      try {
        expect((await desk.tick()).settled).toBeGreaterThanOrEqual(1);
        await desk.services.streamNotices.pass();
      } finally {
        started.market.closingValue(null);
      }
    });
    expect((await stream.until(noticeOf('account'))).data).toEqual({ topic: 'account', account_id: desk.account.id });
    await stream.close();
  });

  it("tells nothing recorded before the stream opened, nor another trader's", async () => {
    const { desk } = await openQuotedDesk(started);
    const other = await openQuotedDesk(started);
    const { db, clock } = started.server;
    await endSessionAfterTokenError(db, clock.now, desk.account.id, 'Kite', 'before');
    const stream = await openStream(desk);
    await endSessionAfterTokenError(db, clock.now, other.desk.account.id, 'Kite', 'not yours');
    await pass(desk);
    expect((await stream.until((event) => event.event === 'delta' || event.event === 'notice')).event).toBe('delta');
    await stream.close();
  });
});
