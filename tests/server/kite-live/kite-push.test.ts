// A push after a live fill on Kite offers "Square off…" exactly when the position is still open, as it does
// for the paper broker: read from the mirror of the account's fills, never from the paper broker's tables.
import { describe, expect, it } from 'vitest';
import { createPushDispatcher } from '../../../server/services/alerts/push-dispatcher.ts';
import { topicOf } from '../../../server/services/alerts/push-payload.ts';
import { testBackends } from '../support/test-database.ts';
import { useKiteDesk } from './kite-desk.ts';

describe.each(testBackends)('push after a live fill on %s', (backend) => {
  const live = useKiteDesk(backend);

  it('offers to square off a Kite position the fill left open, and not once it is flat', async () => {
    const { stack, desk } = live;
    const { db, clock } = stack.server;
    const { rows } = await db.query<{ user_id: number }>('SELECT user_id FROM broker_accounts WHERE id = $1', [desk.account.id]);
    await db.query(
      `INSERT INTO push_devices (user_id, endpoint, p256dh, auth, label, topics, created_at) VALUES ($1, 'https://fcm.googleapis.com/fcm/send/kite', 'key', 'auth', 'Phone', ARRAY[$2], $3)`,
      [rows[0]!.user_id, topicOf('order_filled'), clock.now()],
    );
    const pushed: { title: string; actions: { action: string }[] }[] = [];
    const dispatcher = createPushDispatcher({
      db,
      clock: clock.now,
      send: async (_device, payload) => {
        pushed.push(JSON.parse(payload) as (typeof pushed)[number]);
        return { ok: true, status: 201 };
      },
    });
    const call = desk.symbol(desk.atm, 'CE');
    stack.kite.control.setPrice(`NFO:${call}`, 100);

    expect((await desk.place([desk.order(call, 'SELL', desk.lotSize)])).status).toBe(200);
    await dispatcher.dispatch(clock.now());
    expect(pushed.map((push) => [push.title, push.actions.map((action) => action.action)])).toEqual([[`Sold ${desk.lotSize} ${call}`, ['open', 'square_off']]]);

    clock.advance(1000);
    expect((await desk.place([desk.order(call, 'BUY', desk.lotSize)])).status).toBe(200);
    await dispatcher.dispatch(clock.now());
    expect(pushed.slice(1).map((push) => [push.title, push.actions.map((action) => action.action)])).toEqual([[`Bought ${desk.lotSize} ${call}`, ['open']]]);
  });
});
