// A Dhan account's chain for an expiry Dhan's scrip master does not list (issue 64, session 83): on Saturday
// 21 November 2026 Dhan lists only the nearest expiry's contracts; the builder's second expiry (1 December) must
// still get an answer at once: its instruments, and a price stream whose snapshot prices the index and leaves the
// unlisted contracts out (the desk shows them unpriced), never a stalled request or a 500. The stream then names
// those contracts as not streamed by Dhan, so the builder can say they will never be priced rather than "wait".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { openPriceStream } from '../kite-live/price-stream-client.ts';
import { testBackends } from '../support/test-database.ts';
import { openDhanDesk, startDhanStack, type DhanDesk, type DhanStack } from './dhan-desk.ts';

type Schemas = components['schemas'];
const saturday = new Date('2026-11-21T04:30:00Z');
const index = 'NSE:NIFTY 50';

describe.each(testBackends)("A Dhan account's chain of an expiry Dhan does not list, on %s", (backend) => {
  let stack: DhanStack;
  let desk: DhanDesk;
  beforeAll(async () => {
    stack = await startDhanStack(backend, {}, { at: saturday });
    desk = await openDhanDesk(stack);
    const login = await desk.logIn();
    expect(login.status, JSON.stringify(login.body)).toBe(200);
  });
  afterAll(async () => stack.close());

  it('answers the second expiry: its instruments, and a stream that prices the index, leaves the unlisted contracts out and names them', async () => {
    const expiries = await stack.call<Schemas['ExpiriesResponse']>('getExpiries', { token: desk.token, query: { index: 'NIFTY' } });
    expect(expiries.status).toBe(200);
    const second = expiries.body.expiries[1]!.date;
    expect(second).toBe('2026-12-01');
    const listed = await stack.call<Schemas['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'NIFTY', expiry: second } });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const contracts = listed.body.instruments.map((item) => item.instrument);
    expect(contracts.length).toBeGreaterThan(0);
    // None of them is in Dhan's scrip master (its default contracts are January 2026's).
    const stream = await openPriceStream(stack.server, desk.token, { instruments: [index, ...contracts], account_id: desk.account.id });
    const snapshot = await stream.next();
    expect(snapshot.event).toBe('snapshot');
    const unlisted = (event: typeof snapshot) => Object.keys(event.data.data ?? {}).filter((key) => key !== index);
    expect(unlisted(snapshot)).toEqual([]);
    // Right after the snapshot: the contracts Dhan does not stream, by name; the index is not among them.
    const told = await stream.next();
    expect(told.event).toBe('unstreamed');
    expect(told.data.broker).toBe('Dhan');
    expect([...(told.data.instruments ?? [])].sort()).toEqual([...contracts].sort());
    // The index's level comes (in the snapshot, or the first move after it when Dhan's packet is still on its way).
    const priced = snapshot.data.data?.[index] !== undefined ? snapshot : await stream.until((event) => event.data.data?.[index] !== undefined);
    expect(priced.data.data?.[index]?.last_price).toBe(26_000);
    expect(unlisted(priced)).toEqual([]);
    await stream.close();
  });
});
