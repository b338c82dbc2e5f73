// Where the app's one price stream takes its prices from: the simulator for a paper account, the live
// broker's ticker for a live one (the server reads the account named in the request, and tells that account's
// order changes on the stream), and a new stream as soon as the chosen account changes. When the stream fails, the market_data poll names a
// live account's broker, so the market status the desk shows stays that broker's exchange's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClients } from '@/lib/api/clients';
import { liveFeed } from '@/features/market/feed/live-feed';
import { shownAccountAtom } from '@/features/market/feed/order-notices';
import { selectedAccountAtom, type BrokerAccount } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';

const account = (id: number, broker: string) => ({ id, broker, name: `Account ${id}`, account_number: `AC${id}` }) as unknown as BrokerAccount;

describe("the price stream's source", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names the chosen account, live or paper (else the one the desk shows), and opens a new stream when it changes', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      // A stream that stays open until it is aborted.
      const body = new ReadableStream<Uint8Array>({ start: (controller) => init.signal?.addEventListener('abort', () => controller.close()) });
      return Promise.resolve(new Response(body, { status: 200 }));
    });
    store.set(selectedAccountAtom, account(7, 'kite'));
    const stop = liveFeed().subscribe(['NSE:NIFTY 50']);
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ instruments: ['NSE:NIFTY 50'], account_id: 7 });

    // A paper account is named too: its prices are the simulator's, and the stream tells its order changes.
    store.set(selectedAccountAtom, account(8, 'paper'));
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ instruments: ['NSE:NIFTY 50'], account_id: 8, format: 'compact' });
    store.set(selectedAccountAtom, account(10, 'kite'));
    await vi.waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toMatchObject({ account_id: 10 });
    // None chosen: the account a screen of orders or positions shows (the desk's default) is named.
    store.set(selectedAccountAtom, null);
    store.set(shownAccountAtom, { id: 13, broker: 'paper' });
    await vi.waitFor(() => expect(bodies.at(-1)).toMatchObject({ account_id: 13 }));
    store.set(shownAccountAtom, null);
    await vi.waitFor(() => expect(bodies.at(-1)).toEqual({ instruments: ['NSE:NIFTY 50'], format: 'compact' }));
    stop();
  });

  it("drops the simulator's prices when the desk turns to a live account: an instrument its broker has not quoted yet shows no price", async () => {
    const streams: Array<(text: string) => void> = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => {
          streams.push((text) => controller.enqueue(new TextEncoder().encode(text)));
          init.signal?.addEventListener('abort', () => controller.close());
        },
      });
      return Promise.resolve(new Response(body, { status: 200 }));
    });
    const quote = (price: number, at: string) => ({ last_price: price, timestamp: at });
    const contract = 'NFO:NIFTY26D0126000CE';
    store.set(selectedAccountAtom, account(21, 'paper'));
    const stop = liveFeed().subscribe([contract]);
    const held = liveFeed().atomFor(contract);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!(`event: snapshot\ndata: ${JSON.stringify({ data: { [contract]: quote(142.35, '2026-11-20T05:00:00Z') } })}\n\n`);
    await vi.waitFor(() => expect(store.get(held)?.last_price).toBe(142.35));

    // A live account: its broker's stream has no quote of the contract yet.
    store.set(selectedAccountAtom, account(22, 'kite'));
    await vi.waitFor(() => expect(streams).toHaveLength(2));
    streams[1]!(`event: snapshot\ndata: ${JSON.stringify({ data: {} })}\n\n`);
    await vi.waitFor(() => expect(store.get(held)).toBeNull());
    // Its first quote shows, though older than the simulator's last (the broker's time of the last trade).
    streams[1]!(`event: ticks\ndata: ${JSON.stringify({ data: { [contract]: quote(139.8, '2026-11-20T04:58:00Z') } })}\n\n`);
    await vi.waitFor(() => expect(store.get(held)?.last_price).toBe(139.8));

    // A paper account on that Kite account's feed: the same market, so its quotes stay while its stream opens.
    store.set(selectedAccountAtom, { ...account(23, 'paper'), market_account_id: 22 });
    await vi.waitFor(() => expect(streams).toHaveLength(3));
    expect(store.get(held)?.last_price).toBe(139.8);
    stop();
  });

  it("names a live account's broker in the market_data poll while the stream is refused, and none for paper", async () => {
    const API = 'http://api.test';
    // The stream is refused; the fallback answers through the analytics client.
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('unavailable', { status: 503 })));
    const polled: unknown[] = [];
    configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' }, async (request) => {
      polled.push(await request.json());
      return Response.json({ data: {}, market: { status: 'closed', demo: false, timestamp: '2026-11-20T13:30:00Z', next_open: '2026-11-23T03:45:00Z' } });
    });
    store.set(selectedAccountAtom, account(11, 'kite'));
    const stop = liveFeed().subscribe(['NSE:NIFTY BANK']);
    await vi.waitFor(() => expect(polled.length).toBeGreaterThan(0), { timeout: 3000 });
    expect(polled[0]).toEqual({ instruments: ['NSE:NIFTY BANK'], broker: 'kite' });
    await vi.waitFor(() => expect(store.get(liveFeed().marketAtom)).toMatchObject({ status: 'closed', demo: false }));

    store.set(selectedAccountAtom, account(12, 'paper'));
    const before = polled.length;
    await vi.waitFor(() => expect(polled.length).toBeGreaterThan(before), { timeout: 3000 });
    expect(polled.at(-1)).toEqual({ instruments: ['NSE:NIFTY BANK'] });
    stop();
  });
});
