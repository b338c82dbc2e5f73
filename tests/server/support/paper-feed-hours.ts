// A paper account on a live feed that goes quiet out of the exchange's hours (Dhan's, Noren's: the last price on
// subscribing, then nothing until the open), as Kite's paper accounts already trade out of hours (issue 64): just
// after the close an order is refused with the after-market rules' reason, never "prices delayed"; from 15:45 it is
// held as an AMO, checked on the feed's last price (a paper account too small for it refused for funds), nothing
// sent to the broker; at Monday's open, the feed talking again, it fills at the feed's ask.
import { expect } from 'vitest';
import { openPriceStream, settle } from '../kite-live/price-stream-client.ts';
import type { ContractCall } from './contract-client.ts';
import { placePaperOrder, type Paper } from './paper-feed.ts';
import type { TestServer } from './test-server.ts';

/** The live broker's test server and feed, as the quiet-feed scenario drives them. */
export type QuietFeed = {
  /** The contract's last price at the broker (its test server quotes a tick either side of it). */
  setLast: (price: number) => void;
  silence: (on: boolean) => void;
  /** Steps the feed's timers past its silence limit. */
  goStale: () => void;
  /** The feed's held last price of the contract (undefined before its first tick). */
  heldLast: () => number | undefined;
  delayed: () => boolean;
  /** The broker's session anew (sessions end with the day) and its feed started on it. */
  logInAgain: () => Promise<void>;
  orderWrites: () => readonly unknown[];
};

type Stack = { call: ContractCall; server: TestServer; services: { paperTrading: { onTick: (now: Date) => Promise<unknown> } } };

const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);

/**
 * Runs from Friday 16 Jan 2026 15:35 IST (the stack's clock already there, the feed logged in and open): `paper`
 * (₹5,00,000) and `small` (₹5,000) trade on the feed.
 */
export async function holdsAfterMarketOnQuietFeed(stack: Stack, token: string, paper: Paper, small: Paper, tradingsymbol: string, feed: QuietFeed) {
  expect(stack.server.clock.now()).toEqual(ist('2026-01-16', '15:35'));
  const place = (account: Paper) => placePaperOrder(stack, token, account, { tradingsymbol, transaction_type: 'BUY', quantity: 65 });
  // The chain open on the paper account follows the contract: the broker answers the subscription with its last price.
  feed.setLast(160);
  const stream = await openPriceStream(stack.server, token, { instruments: [`NFO:${tradingsymbol}`], account_id: paper.id });
  expect((await stream.next()).event).toBe('snapshot');
  await settle(() => feed.heldLast() === 160);
  feed.silence(true);
  feed.goStale();
  await settle(feed.delayed);

  // 15:35: after the close, before the AMO window: the after-market rules' refusal, as on the simulator.
  const early = await place(paper);
  expect(early.status, JSON.stringify(early.body)).toBe(200);
  expect(early.body.orders[0]).toMatchObject({ status: 'REJECTED', status_message_i18n: { code: 'order.amo_not_yet' } });
  expect(early.body.orders[0]!.status_message).toContain('Markets are closed. After-market orders for F&O are taken from 15:45 IST');

  // 15:50: held as an AMO for Monday's open, checked on the feed's last price.
  stack.server.clock.advance(15 * 60_000);
  const held = await place(paper);
  expect(held.status, JSON.stringify(held.body)).toBe(200);
  const order = held.body.orders[0]!;
  expect(order).toMatchObject({ status: 'OPEN', variety: 'amo', status_message_i18n: { code: 'order.amo_held_last_price', params: { open_time: '09:15', open_day: '2026-01-19', last: 160 } } });
  expect(order.status_message).toBe("Market closed: held as an after-market order (AMO) until the next open (09:15 IST on 2026-01-19). Checked on the feed's last price (₹160.00); it fills at the prices of the open.");
  // 65 at the last 160 is ₹10,400 of premium: more than ₹5,000.
  const poor = await place(small);
  expect(poor.status, JSON.stringify(poor.body)).toBe(200);
  expect(poor.body.orders[0]).toMatchObject({ status: 'REJECTED', status_message_i18n: { code: 'order.insufficient_funds' } });
  expect(feed.orderWrites()).toHaveLength(0);
  await stream.close();

  // Monday 19 Jan 09:16: a new session at the broker, the feed talking at the open's price: the AMO fills at its ask.
  stack.server.clock.advance(ist('2026-01-19', '09:16').getTime() - stack.server.clock.now().getTime());
  feed.silence(false);
  feed.setLast(170);
  await feed.logInAgain();
  const filled = async () => {
    const { rows } = await stack.server.db.query<{ status: string; filled_value_paise: string | number; status_message: string | null }>(
      'SELECT status, filled_value_paise, status_message FROM paper_orders WHERE order_id = $1',
      [order.order_id],
    );
    return rows[0]!;
  };
  await settle(async () => {
    await stack.services.paperTrading.onTick(stack.server.clock.now());
    return (await filled()).status === 'COMPLETE';
  });
  const done = await filled();
  // Its ask at the open (170.05), the held note gone with the hold.
  expect([Number(done.filled_value_paise), done.status_message]).toEqual([65 * 17005, null]);
  expect(feed.orderWrites()).toHaveLength(0);
}
