// Dhan's 20-level market depth. The packets read from bytes laid out as DhanHQ v2 documents them (the 12-byte
// header, 16-byte levels, bids 41 and asks 51 back to back, an empty level left out, a cut packet refused, a
// 200-level packet's rows from its header, the disconnection packet); the subscription message. Then the live
// desk's depth of a watched contract on a Dhan account, against the Dhan test server's /twentydepth socket: the
// first read follows the contract (RequestCode 23, NSE_FNO and its security id), the levels arrive as Dhan sent
// them and follow a price move; a contract not listed and an account whose broker streams no depth are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main';
import { decodeDepthMessage, depthRequest } from '../../../server/services/brokers/dhan/depth-packets.ts';
import { serverDepthRows } from '../../dhan-server/depth.ts';
import { createBrokerAccount } from '../support/trading.ts';
import { testBackends } from '../support/test-database.ts';
import { openDhanDesk, startDhanStack, type DhanDesk, type DhanStack } from './dhan-desk.ts';

type Depth = components['schemas']['MarketDepthResponse'] & { code?: string; message?: string };

function side(code: number, securityId: number, rows: Array<[number, number, number]>, header: { sequence?: number; segment?: number } = {}): Buffer {
  const bytes = Buffer.alloc(12 + rows.length * 16);
  bytes.writeUInt16LE(bytes.length, 0);
  bytes.writeUInt8(code, 2);
  bytes.writeUInt8(header.segment ?? 2, 3);
  bytes.writeUInt32LE(securityId, 4);
  bytes.writeUInt32LE(header.sequence ?? 7, 8);
  rows.forEach(([price, quantity, orders], level) => {
    bytes.writeDoubleLE(price, 12 + level * 16);
    bytes.writeUInt32LE(quantity, 20 + level * 16);
    bytes.writeUInt32LE(orders, 24 + level * 16);
  });
  return bytes;
}

/** Twenty levels: the first `filled` a tick apart down (bids) or up (asks) from `from`, the rest empty. */
const twenty = (from: number, step: number, filled = 20): Array<[number, number, number]> =>
  Array.from({ length: 20 }, (_, level) => (level < filled ? [Math.round((from + step * level) * 100) / 100, 65 * (level + 1), level + 1] : [0, 0, 0]));

describe("Dhan's 20-level depth packets", () => {
  it('reads the bids and asks of one message, best first, an empty level left out', () => {
    const packets = decodeDepthMessage(Buffer.concat([side(41, 43919, twenty(99.95, -0.05, 18)), side(51, 43919, twenty(100.05, 0.05))]));
    expect(packets.map((p) => p.kind === 'disconnect' ? p.kind : [p.kind, p.segment, p.securityId, p.rows.length])).toEqual([['bids', 'NSE_FNO', '43919', 18], ['asks', 'NSE_FNO', '43919', 20]]);
    const [bids, asks] = packets as Array<{ rows: Array<{ price: number; quantity: number; orders: number }> }>;
    expect(bids!.rows[0]).toEqual({ price: 99.95, quantity: 65, orders: 1 });
    expect(bids!.rows[17]).toEqual({ price: 99.1, quantity: 65 * 18, orders: 18 });
    expect(asks!.rows.at(-1)).toEqual({ price: 101, quantity: 1300, orders: 20 });
  });

  it('refuses a cut packet, reads a 200-level packet’s rows from its header and the disconnection’s reason', () => {
    const whole = side(41, 43919, twenty(99.95, -0.05));
    expect(() => decodeDepthMessage(whole.subarray(0, 200))).toThrow(RangeError);
    const twoHundred = side(51, 43919, Array.from({ length: 200 }, (_, level): [number, number, number] => [100 + level * 0.05, 65, 1]), { sequence: 3 });
    const [rows] = decodeDepthMessage(twoHundred, 200);
    expect(rows).toMatchObject({ kind: 'asks', rows: [{ price: 100 }, { price: 100.05 }, { price: 100.1 }] });
    const disconnect = Buffer.alloc(14);
    disconnect.writeUInt16LE(14, 0);
    disconnect.writeUInt8(50, 2);
    disconnect.writeUInt16LE(807, 12);
    expect(decodeDepthMessage(disconnect)).toEqual([{ kind: 'disconnect', reason: 807 }]);
  });

  it('asks for instruments as Dhan’s page writes the request', () => {
    expect(JSON.parse(depthRequest([{ segment: 'NSE_FNO', securityId: '43919' }], true))).toEqual({ RequestCode: 23, InstrumentCount: 1, InstrumentList: [{ ExchangeSegment: 'NSE_FNO', SecurityId: '43919' }] });
    expect(JSON.parse(depthRequest([{ segment: 'NSE_FNO', securityId: '43919' }], false))).toMatchObject({ RequestCode: 24 });
  });
});

describe.each(testBackends)("the live desk's 20-level depth on Dhan on %s", (backend) => {
  let stack: DhanStack;
  let desk: DhanDesk;

  beforeAll(async () => {
    stack = await startDhanStack(backend);
    desk = await openDhanDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await stack.close();
  });

  const depthOf = (tradingsymbol: string, accountNumber = desk.account.account_number, levels?: 200) =>
    stack.call<Depth>('getMarketDepth', { token: desk.token, params: { accountNumber }, query: { exchange: 'NFO', tradingsymbol, ...(levels === undefined ? {} : { levels: String(levels) }) } });
  /** Reads until Dhan's levels have come (the first read only follows the contract). */
  async function levelsOf(tradingsymbol: string, ready: (depth: Depth) => boolean, levels?: 200): Promise<Depth> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const answer = await depthOf(tradingsymbol, desk.account.account_number, levels);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      if (answer.body.updated_at !== null && ready(answer.body)) return answer.body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no depth of ${tradingsymbol}`);
  }
  const shown = (last: number, sideName: 'bids' | 'asks', levels: 20 | 200 = 20) => serverDepthRows(last, sideName, levels).filter((row) => row.price > 0);

  it("shows the contract's 20 bids and asks as Dhan sent them, and follows a price move", async () => {
    const first = await depthOf('NIFTY26JAN26000CE');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ exchange: 'NFO', tradingsymbol: 'NIFTY26JAN26000CE', levels: 20, stale: false });
    const depth = await levelsOf('NIFTY26JAN26000CE', () => true);
    expect(depth.bids).toEqual(shown(100, 'bids'));
    expect(depth.asks).toEqual(shown(100, 'asks'));
    expect(stack.dhan.control.depthRequests()).toEqual([{ RequestCode: 23, InstrumentCount: 1, InstrumentList: [{ ExchangeSegment: 'NSE_FNO', SecurityId: '43919' }] }]);

    // A thin premium: the bids below a rupee stop at ₹0.05, the levels under it empty.
    stack.dhan.control.setLast('43919', 0.6);
    const thin = await levelsOf('NIFTY26JAN26000CE', (read) => read.asks[0]?.price === 0.65);
    expect(thin.bids).toEqual(shown(0.6, 'bids'));
    expect(thin.bids).toHaveLength(11);
    // One connection for the account, the contract followed once.
    expect(stack.dhan.control.depthConnections()).toBe(1);
    expect(stack.dhan.control.depthRequests()).toHaveLength(1);
  });

  it('gives 200 levels one contract at a time: another contract closes the first one’s connection', async () => {
    stack.dhan.control.setLast('43920', 100);
    const first = await levelsOf('NIFTY26JAN26000PE', () => true, 200);
    expect(first).toMatchObject({ levels: 200, stale: false });
    expect(first.bids).toEqual(shown(100, 'bids', 200));
    expect(first.asks).toEqual(shown(100, 'asks', 200));
    expect(first.bids).toHaveLength(200);
    expect(stack.dhan.control.fullDepthRequests()).toEqual([{ RequestCode: 23, ExchangeSegment: 'NSE_FNO', SecurityId: '43920' }]);

    stack.dhan.control.setLast('43921', 50);
    const second = await levelsOf('NIFTY26JAN25900PE', () => true, 200);
    expect(second.asks[0]).toEqual({ price: 50.05, quantity: 65, orders: 1 });
    expect(stack.dhan.control.fullDepthRequests().at(-1)).toEqual({ RequestCode: 23, ExchangeSegment: 'NSE_FNO', SecurityId: '43921' });
    await expect.poll(() => stack.dhan.control.fullDepthConnections()).toBe(1);
    // The 20-level connection is apart from it, unchanged.
    expect(stack.dhan.control.depthConnections()).toBe(1);
  });

  it('refuses a contract Dhan does not list and an account whose broker streams no depth', async () => {
    const unlisted = await depthOf('NIFTY26JAN30000CE');
    expect([unlisted.status, unlisted.body.code]).toEqual([422, 'unknown_instrument']);
    const paper = await createBrokerAccount(stack.call, desk.token);
    const onPaper = await depthOf('NIFTY26JAN26000CE', paper.account.account_number);
    expect([onPaper.status, onPaper.body.code]).toEqual([400, 'validation_failed']);
    expect(onPaper.body.message).toContain('market depth comes from a Dhan, Shoonya or Flattrade account');
  });
});
