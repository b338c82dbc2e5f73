// Where the app's one price stream takes its prices from: the simulator for a paper account, the live
// broker's ticker for a live one (the server reads the account named in the request), and a new stream as
// soon as the chosen account changes between the two.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveFeed } from '@/features/market/feed/live-feed';
import { selectedAccountAtom, type BrokerAccount } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';

const account = (id: number, broker: string) => ({ id, broker, name: `Account ${id}`, account_number: `AC${id}` }) as unknown as BrokerAccount;

describe("the price stream's source", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names a live account in the stream request, opens a new stream when the choice changes, and names none for paper', async () => {
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

    store.set(selectedAccountAtom, account(8, 'paper'));
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ instruments: ['NSE:NIFTY 50'], format: 'compact' });
    // Another paper account is the same source (no new stream); a live one again is a new stream.
    store.set(selectedAccountAtom, account(9, 'paper'));
    store.set(selectedAccountAtom, account(10, 'kite'));
    await vi.waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toMatchObject({ account_id: 10 });
    stop();
  });
});
