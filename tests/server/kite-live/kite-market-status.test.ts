// The market status a live Kite account's screens show comes from the real exchange's calendar and hours,
// even while the simulator runs its always-open demo market (issue 23): after Friday's close the account's
// price stream says closed, with Monday's open (so the PWA says an order goes as an after-market order, as
// Kite makes it one), while a stream without an account, the simulator's, says open and demo. At the open the
// account's stream says so by itself. The market_data call the desk polls when its stream fails says the
// same for the broker it names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components as analytics } from '../../../openapi/analytics.d.ts';
import { defaultPublicRuntimeConfig } from '../../../server/config.ts';
import { istOffsetMs } from '../../../server/services/market/ist.ts';
import { testBackends } from '../support/test-database.ts';
import { openKiteDesk, startKiteStack, type KiteDesk, type KiteStack } from './kite-desk.ts';
import { openPriceStream } from './price-stream-client.ts';

const at = (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00Z`) - istOffsetMs);
const index = 'NSE:NIFTY 50';

describe.each(testBackends)("a Kite account's market status in demo mode on %s", (backend) => {
  let stack: KiteStack;
  let desk: KiteDesk;

  beforeAll(async () => {
    // Friday 20 November 2026, 19:00 IST: the exchange closed at 15:40 (NSE's F&O hours since 3 August 2026); it opens again on Monday at 09:15.
    stack = await startKiteStack(backend, { clockStart: at('2026-11-20', '19:00') });
    desk = await openKiteDesk(stack);
  });
  afterAll(async () => {
    await stack.close();
  });

  const marketData = async (body: object) => {
    const answer = await stack.server.app.inject({
      method: 'POST',
      url: '/analytics/functions/v1/market_data',
      headers: { apikey: defaultPublicRuntimeConfig.analyticsAnonKey },
      payload: body,
    });
    return { status: answer.statusCode, body: answer.json<analytics['schemas']['MarketDataResponse'] & { message?: string }>() };
  };

  it("is the exchange's in the market_data fallback too when the desk names the Kite broker, with no simulator prices; the simulator's when it names none", async () => {
    const live = await openPriceStream(stack.server, desk.token, { instruments: [index], account_id: desk.account.id });
    const streamed = (await live.next()).data.market;
    await live.close();

    const kite = await marketData({ instruments: [index], broker: desk.account.broker });
    expect(kite.status).toBe(200);
    expect(kite.body.market).toEqual({
      status: 'closed',
      demo: false,
      timestamp: stack.server.clock.now().toISOString(),
      next_open: at('2026-11-23', '09:15').toISOString(),
      session: { day: '2026-11-20', open: '09:15', close: '15:40', mis_square_off: '15:25' },
    });
    expect(kite.body.market).toEqual(streamed);
    // No simulator prices for a live desk: Kite's come from the account's stream alone.
    expect(kite.body.data).toEqual({});
    expect((await marketData({ instruments: [index], broker: 'paper' })).body.data[index]?.last_price).toBeGreaterThan(0);

    // An older client names no broker: the simulated market's status, as before.
    expect((await marketData({ instruments: [index] })).body.market).toMatchObject({ status: 'open', demo: true });
    expect((await marketData({ instruments: [index], broker: 'paper' })).body.market).toMatchObject({ status: 'open', demo: true });
    const unknown = await marketData({ instruments: [index], broker: 'angelone' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('"broker" must be one of "paper", "kite"');
  });

  it("is the exchange's (closed, next open Monday 09:15 IST), never the demo simulator's always-open market, and opens at the open", async () => {
    const simulator = await openPriceStream(stack.server, desk.token, { instruments: [index] });
    expect((await simulator.next()).data.market).toMatchObject({ status: 'open', demo: true });
    await simulator.close();

    const live = await openPriceStream(stack.server, desk.token, { instruments: [index], account_id: desk.account.id });
    const snapshot = await live.next();
    expect(snapshot.event).toBe('snapshot');
    expect(snapshot.data.market).toEqual({
      status: 'closed',
      demo: false,
      timestamp: stack.server.clock.now().toISOString(),
      next_open: at('2026-11-23', '09:15').toISOString(),
      session: { day: '2026-11-20', open: '09:15', close: '15:40', mis_square_off: '15:25' },
    });

    // A simulator tick while the exchange stays closed tells nothing new.
    stack.server.clock.advance(60_000);
    await stack.services.market.tick();
    await stack.services.marketFeed.poll();
    // Monday 09:15 IST: the next pass of the market feed tells the account's stream the exchange is open.
    stack.server.clock.advance(at('2026-11-23', '09:15').getTime() - stack.server.clock.now().getTime());
    await stack.services.market.tick();
    await stack.services.marketFeed.poll();
    const opened = await live.until((event) => event.event === 'market', 20);
    expect(opened.data).toMatchObject({ status: 'open', demo: false });
    expect(opened.data).not.toHaveProperty('next_open');
    await live.close();
  });
});
