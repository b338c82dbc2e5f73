// Live prices to many traders (issue 37): a tick's cost grows with the instruments watched, not with the
// streams watching them. Three hundred desks on the same chain cost what one does: each contract quoted once
// (one Black-76 and implied volatility solve), one delta serialised once, compressed once, then written to
// every socket. Counted, not timed: a timing would pass on a quiet machine and fail on a busy one.
import { DeflateRaw } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { servicesDecorator } from '../../../server/app.ts';
import { createPriceFanout } from '../../../server/http/price-fanout.ts';
import { createStreamMember, type EventSocket } from '../../../server/http/stream-member.ts';
import type { MarketListener } from '../../../server/services/market/market-feed.ts';
import type { LastPrice } from '../../../server/services/market/market-service.ts';
import type { Services } from '../../../server/services/services.ts';
import { settle } from '../support/settle.ts';
import { testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

// Friday 20 November 2026, 10:00 IST: the market is open and every strike ticks.
const friday = new Date('2026-11-20T04:30:00Z');

/** A socket that counts the deltas it was sent (the test reads no bytes: the channel test inflates them). */
function countingSocket() {
  let writes = 0;
  const socket = { write: () => ((writes += 1), true), end: () => undefined, writableEnded: false, writableNeedDrain: false, destroyed: false };
  return { socket: socket as unknown as EventSocket, writes: () => writes };
}

describe.each(testBackends)('the price fan-out on %s', (backend) => {
  let server: TestServer;
  let services: Services;
  let desk: string[];

  beforeAll(async () => {
    server = await startTestServer({ backend, clock: manualClock(friday), market: { seed: 'test-seed', demo: true, tickMs: 1000 } });
    services = server.app.getDecorator<Services>(servicesDecorator);
    // The phone desk's stream: the five indices and NIFTY's nearest expiry, ±10 strikes around the money.
    const { market } = services;
    const chain = await market.instruments('NIFTY', (await market.expiries('NIFTY')).expiries[0]!.date);
    const spot = (await market.quotes([chain.underlying]))[chain.underlying]!.last_price;
    const strikes = [...new Set(chain.instruments.map((item) => item.strike))].sort((a, b) => Math.abs(a - spot) - Math.abs(b - spot)).slice(0, 21);
    const indices = ['NSE:NIFTY 50', 'NSE:NIFTY BANK', 'NSE:NIFTY FIN SERVICE', 'NSE:NIFTY MID SELECT', 'BSE:SENSEX'];
    desk = [...indices, ...chain.instruments.filter((item) => strikes.includes(item.strike)).map((item) => item.instrument)].sort();
  });

  afterAll(async () => {
    await server.close();
  });

  it('computes each contract once a tick however many callers ask at once', async () => {
    server.clock.advance(1000);
    await services.market.tick();
    const answers = await Promise.all(Array.from({ length: 50 }, () => services.market.quotes(desk)));
    // Each contract's quote is one object, whoever asked: it was computed once (an index's is a copy of its state).
    const contracts = desk.filter((key) => key.startsWith('NFO:'));
    expect(contracts).toHaveLength(42);
    for (const key of contracts) for (const answer of answers) expect(answer[key], key).toBe(answers[0]![key]);
  });

  it('costs a tick what it costs for one stream when 300 watch the same instruments', async () => {
    /** One tick's work with `count` gzip streams of the desk's instruments open (compact, as the PWA asks). */
    async function oneTick(count: number) {
      let listener: MarketListener | null = null;
      const feed = { subscribe: (heard: MarketListener) => ((listener = heard), () => (listener = null)) };
      const fanout = createPriceFanout({ market: services.market, feed, onError: (error) => expect.fail(String(error)), heartbeatMs: 60_000 });
      const source = await fanout.prepare(desk, 'compact');
      const sockets = Array.from({ length: count }, () => countingSocket());
      const memberships = sockets.map(({ socket }) => source.join(createStreamMember(socket, true)));
      // The gzip header and the snapshot.
      await settle(() => sockets.every((socket) => socket.writes() === 2));
      const tick = async (writes: number) => {
        server.clock.advance(1000);
        await services.market.tick();
        const states = await services.market.readStates();
        listener!({ states, moved: new Set(states.keys()), status: null });
        await settle(() => sockets.every((socket) => socket.writes() === writes));
      };
      // The first tick after joining brings every stream onto the shared compression.
      await tick(3);
      const quotes = vi.spyOn(services.market, 'quotes');
      const stringify = vi.spyOn(JSON, 'stringify');
      const compress = vi.spyOn(DeflateRaw.prototype, 'write');
      await tick(4);
      const answered = await Promise.all(quotes.mock.results.map((result) => result.value as Promise<Record<string, LastPrice>>));
      const computed = new Set(answered.flatMap((answer) => Object.values(answer)));
      const counts = {
        quoted: computed.size,
        serialised: stringify.mock.calls.length,
        compressed: compress.mock.calls.filter(([chunk]) => typeof chunk === 'string').length,
      };
      vi.restoreAllMocks();
      for (const membership of memberships) membership.leave();
      expect(fanout.channels()).toBe(0);
      return counts;
    }
    const one = await oneTick(1);
    const many = await oneTick(300);
    console.info(`a tick to 1 stream and to 300 on ${desk.length} instruments: ${JSON.stringify(one)}, ${JSON.stringify(many)}`);
    expect(one.quoted).toBe(desk.length);
    expect(one.compressed).toBe(1);
    expect(many).toEqual(one);
  });
});
