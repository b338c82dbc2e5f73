// The F&O close as the day had it (issue 60): since 3 August 2026 NSE's equity derivatives trade until 15:40 IST
// (circular 74/2026), before it until 15:30. On exchange hours (demo off) the simulated market, the paper broker and
// the market status follow the day's own session from market_sessions (migration 075): an order at 15:35 on a day
// of November 2026 fills, one at 15:35 on a day of 2025 is after the close.
import { describe, expect, it } from 'vitest';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { openDesk } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';

const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);

describe.each(testBackends)('the F&O close on exchange hours on %s', (backend) => {
  it('trades until 15:40 IST on a day since 3 August 2026: the market ticks and the expiring contract fills at 15:35, and both stop at 15:40', async () => {
    // Monday 23 November 2026, 15:35 IST.
    const server = await startTestServer({ backend, clock: manualClock(ist('2026-11-23', '15:35')), market: { demo: false, tickMs: 60_000 } });
    try {
      const { market } = server.app.getDecorator<Services>(servicesDecorator);
      expect(await market.status()).toMatchObject({ status: 'open', session: { day: '2026-11-23', open: '09:15', close: '15:40', mis_square_off: '15:25' } });
      await market.states();
      server.clock.advance(60_000);
      expect(await market.tick()).toBe(true);
      const desk = await openDesk(server, guardedClient(server.app));
      // The nearest expiry is today's (the November monthly, moved off Tuesday's holiday): it trades until 15:40.
      expect(desk.expiry).toBe('2026-11-23');
      const symbol = desk.contract(desk.atm, 'CE').tradingsymbol;
      const order = await desk.place(symbol, 'BUY', desk.lotSize);
      expect(order).toMatchObject({ status: 'COMPLETE', variety: 'regular' });

      server.clock.advance(ist('2026-11-23', '15:40').getTime() - server.clock.now().getTime());
      // Tuesday the 24th is a holiday (Guru Nanak Jayanti): the next session is Wednesday's.
      expect(await market.status()).toMatchObject({ status: 'closed', next_open: ist('2026-11-25', '09:15').toISOString() });
      expect(await market.tick()).toBe(false);
      const after = await desk.trade('placeTrades', { orders: [desk.order(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 1 })] });
      expect(after.body.orders[0]).toMatchObject({ status: 'REJECTED', status_message_i18n: { code: 'order.expired' } });
    } finally {
      await server.close();
    }
  }, 180_000);

  it('had closed at 15:30 IST on a day of 2025: at 15:35 the market is shut and says so', async () => {
    // Monday 3 November 2025, 15:35 IST.
    const server = await startTestServer({ backend, clock: manualClock(ist('2025-11-03', '15:35')), market: { demo: false, tickMs: 60_000 } });
    try {
      const { market } = server.app.getDecorator<Services>(servicesDecorator);
      expect(await market.status()).toMatchObject({ status: 'closed', session: { day: '2025-11-03', close: '15:30' }, next_open: ist('2025-11-04', '09:15').toISOString() });
      await market.states();
      server.clock.advance(60_000);
      expect(await market.tick()).toBe(false);
    } finally {
      await server.close();
    }
  }, 180_000);
});
