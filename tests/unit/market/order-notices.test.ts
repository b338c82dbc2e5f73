// @vitest-environment node
// A desk that pushes (issue 37): the price stream's `order` events move the chosen account's order notices, so
// the desk reads its orders and positions when told: once when the stream opens, once per burst of notices
// (three legs filling in one pass are one read), and none of it while no stream is open (the desk polls then).
// The stream's other notices: an account's (its session ended, positions settled) read like an order change
// when it is the account the stream carries; the alerts, the kill switches and the bots move their own stamps.
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { followOrderNotices, noticeBurstMs, orderNoticesAtom } from '@/features/market/feed/order-notices';
import { streamNoticesAtom } from '@/lib/network/stream-notices-atom';
import { createPriceFeed } from '@/features/market/feed/price-feed';
import { streamOf } from '../support/event-stream.ts';

const snapshot = `event: snapshot\ndata: ${JSON.stringify({ data: { 'NSE:NIFTY 50': { last_price: 26050, timestamp: '2026-11-20T04:30:00.000Z' } } })}\n\n`;
const notice = (topic: string, accountId: number | null) => `event: notice\ndata: ${JSON.stringify({ topic, account_id: accountId })}\n\n`;
const order = (id: string, status: string) => `event: order\ndata: ${JSON.stringify({ account_id: 7, order_id: id, status, filled_quantity: 75 })}\n\n`;

function desk(stream: () => ReadableStream<Uint8Array> | null) {
  const store = createStore();
  const timers: { at: number; run: () => void }[] = [];
  let clock = 0;
  const setTimer = (run: () => void, ms: number) => {
    const timer = { at: clock + ms, run };
    timers.push(timer);
    return timer as unknown as ReturnType<typeof setTimeout>;
  };
  const notices = followOrderNotices(store, setTimer);
  const feed = createPriceFeed({
    store,
    transport: {
      openStream: () => {
        const body = stream();
        return body === null ? Promise.reject(new Error('refused')) : Promise.resolve(body);
      },
      poll: () => Promise.resolve({ data: {} }),
    },
    now: () => clock,
    requestFrame: () => undefined,
    setTimer,
    clearTimer: (timer) => {
      const i = timers.indexOf(timer as unknown as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
    onStreamOpen: () => notices.opened(7),
    onOrderNotice: notices.told,
    onNotice: notices.notice,
  });
  store.sub(feed.modeAtom, () => {
    if (store.get(feed.modeAtom) !== 'stream') notices.closed();
  });
  const advance = async (ms: number) => {
    clock += ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= clock).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      timers.splice(timers.indexOf(due), 1);
      due.run();
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    }
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  };
  return { store, feed, advance, notices: () => store.get(orderNoticesAtom), told: () => store.get(streamNoticesAtom) };
}

describe("the chosen account's order notices", () => {
  it('move once when the stream opens and once for a burst of order changes, for the account the stream carries', async () => {
    const { feed, advance, notices } = desk(() => streamOf([snapshot, order('1', 'COMPLETE'), order('2', 'COMPLETE'), order('3', 'COMPLETE')]));
    expect(notices()).toEqual({ accountId: null, stamp: 0 });
    feed.subscribe(['NSE:NIFTY 50']);
    await advance(0);
    // Opened: one read of what changed while no stream was open; the three fills are still within their burst.
    expect(notices()).toEqual({ accountId: 7, stamp: 1 });
    await advance(noticeBurstMs);
    expect(notices()).toEqual({ accountId: 7, stamp: 2 });
  });

  it('carry no account while the stream is refused, so the desk polls', async () => {
    const { feed, advance, notices } = desk(() => null);
    feed.subscribe(['NSE:NIFTY 50']);
    await advance(0);
    expect(notices().accountId).toBeNull();
    expect(notices().stamp).toBe(0);
  });

  it("read the carried account again on its own notice (its session ended), not on another account's", async () => {
    const { feed, advance, notices } = desk(() => streamOf([snapshot, notice('account', 8), notice('account', 7)]));
    feed.subscribe(['NSE:NIFTY 50']);
    await advance(0);
    expect(notices()).toEqual({ accountId: 7, stamp: 1 });
    await advance(noticeBurstMs);
    // Account 8's notice alone would have moved nothing: one read, for account 7's.
    expect(notices()).toEqual({ accountId: 7, stamp: 2 });
  });

  it("read the accounts list on any account's notice (the shell's banner of ended sessions), once per burst", async () => {
    const { feed, advance, told } = desk(() => streamOf([snapshot, notice('account', 8), notice('account', 7)]));
    feed.subscribe(['NSE:NIFTY 50']);
    await advance(0);
    expect(told().accounts).toBe(1);
    await advance(noticeBurstMs);
    // Account 8 is not the one the stream carries: its session's end is still read, once for both notices.
    expect(told().accounts).toBe(2);
  });

  it("move the alerts' and the kill switches' stamps once per burst, and once when the stream opens", async () => {
    const { feed, advance, notices, told } = desk(() => streamOf([snapshot, notice('alerts', null), notice('alerts', null), notice('kill_switch', 7)]));
    expect(told()).toEqual({ open: false, alerts: 0, killSwitch: 0, accounts: 0, bots: 0 });
    feed.subscribe(['NSE:NIFTY 50']);
    await advance(0);
    expect(told()).toEqual({ open: true, alerts: 1, killSwitch: 1, accounts: 1, bots: 1 });
    await advance(noticeBurstMs);
    expect(told()).toEqual({ open: true, alerts: 2, killSwitch: 2, accounts: 1, bots: 1 });
    // Neither is an order change.
    expect(notices().stamp).toBe(1);
  });

  it("move the bots' stamp once per burst of bot notices (a bot saved on another device, the engine's entries), and nothing else", async () => {
    const { feed, advance, notices, told } = desk(() => streamOf([snapshot, notice('bots', 7), notice('bots', 8)]));
    feed.subscribe(['NSE:NIFTY 50']);
    await advance(0);
    expect(told().bots).toBe(1);
    await advance(noticeBurstMs);
    expect(told()).toEqual({ open: true, alerts: 1, killSwitch: 1, accounts: 1, bots: 2 });
    expect(notices().stamp).toBe(1);
  });
});
