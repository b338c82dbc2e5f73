// A trader's live price stream read from the real server over HTTP: events one at a time (heartbeats left
// out), and a wait for the first event that matches, so a test never sleeps for a price.
import { expect } from 'vitest';
import type { components as analytics } from '../../../openapi/analytics.d.ts';
import { brokerSource } from '../../../server/http/price-stream-sources.ts';
import type { BrokerTrading, TradingAccount } from '../../../server/services/brokers/broker-trading.ts';
import type { Services } from '../../../server/services/services.ts';
import type { TestServer } from '../support/test-server.ts';

export type Quote = analytics['schemas']['LastPrice'];
export type StreamEvent = { event: string; data: { data?: Record<string, Partial<Quote>>; market?: unknown; broker?: string; instruments?: string[] } };

export async function openPriceStream(server: TestServer, token: string, body: { instruments: string[]; account_id?: number }) {
  if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const response = await fetch(`http://127.0.0.1:${port}/api/market/stream/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await (response.status === 200 ? Promise.resolve('') : response.text())).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).getReader();
  let buffer = '';
  async function next(): Promise<StreamEvent> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(frame)?.[1] ?? 'message';
        if (event === 'heartbeat') continue;
        return { event, data: JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? 'null') };
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  }
  return {
    next,
    /** The first event from now on that `match` accepts; at most `limit` events are read for it. */
    async until(match: (event: StreamEvent) => boolean, limit = 50): Promise<StreamEvent> {
      for (let read = 0; read < limit; read += 1) {
        const event = await next();
        if (match(event)) return event;
      }
      throw new Error(`no matching event in ${limit}`);
    },
    close: () => reader.cancel(),
  };
}

/** A delta carrying `instrument` at `lastPrice`. */
export const priceOf = (instrument: string, lastPrice: number) => (event: StreamEvent) =>
  event.event === 'delta' && event.data.data?.[instrument]?.last_price === lastPrice;

export { settle } from '../support/settle.ts';

/**
 * A live account's price stream source as the stream route makes it (JSON, heartbeats every 5 s), on a
 * session that records what it is sent between ticks: `beat()` asks for it, `beats` holds it.
 */
export async function liveStreamSource(services: Services, trading: BrokerTrading, account: TradingAccount, instruments: string[], warn: (details: Record<string, unknown>, message: string) => void) {
  const source = await brokerSource({
    trading,
    account,
    market: services.market,
    feed: services.marketFeed,
    instruments,
    format: 'json',
    heartbeatMs: 5000,
    warn,
    onError: (error) => {
      throw error;
    },
  });
  const beats: string[] = [];
  const session = { keepAlive: () => void beats.push('keep-alive'), heartbeat: () => void beats.push('heartbeat'), market: async () => undefined } as unknown as Parameters<typeof source.beat>[0];
  return { source, beats, beat: () => source.beat(session) };
}
