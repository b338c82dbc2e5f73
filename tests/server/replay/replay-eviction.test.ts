// A replay's book costs nothing once idle (issue 61): a book nobody read for five minutes is closed (its worker
// thread ended, its memory returned) and the next read rebuilds it from the replay's log, with no visible
// difference: the same orders (ids, statuses, prices), the same positions and the same P&L, and it trades on.
import { describe, expect, it } from 'vitest';
import { servicesDecorator } from '../../../server/app.ts';
import { replayBookIdleMs } from '../../../server/services/analysis/replay/replay-books.ts';
import type { Services } from '../../../server/services/services.ts';
import { testBackends } from '../support/test-database.ts';
import { openReplayDesk } from './replay-fixture.ts';

const order = (symbol: string, side: 'BUY' | 'SELL', type: 'MARKET' | 'LIMIT', price?: number) => ({
  tradingsymbol: symbol, exchange: 'NFO', transaction_type: side, order_type: type, product: 'NRML', quantity: 75, ...(price === undefined ? {} : { price }),
});

describe.each(testBackends)('an idle replay book on %s', (backend) => {
  it('is closed after five idle minutes and reopens from the log as the same book', async () => {
    const desk = await openReplayDesk(backend);
    const { server } = desk;
    try {
      const books = server.app.getDecorator<Services>(servicesDecorator).replayBooks;
      expect((await desk.place('evict-sell-call', order('NIFTY26O1325050CE', 'SELL', 'MARKET'))).status).toBe(200);
      await desk.seek('11:30');
      expect((await desk.place('evict-buy-put', order('NIFTY26O1325350PE', 'BUY', 'MARKET'))).status).toBe(200);
      // A buy far below the market works on.
      expect((await desk.place('evict-limit', order('NIFTY26O1325050CE', 'BUY', 'LIMIT', 1))).status).toBe(200);
      await desk.seek('13:00');
      const before = { orders: (await desk.orderBook()).order_book, positions: await desk.positions() };
      expect(before.orders.map((placed) => placed.status).sort()).toEqual(['COMPLETE', 'COMPLETE', 'OPEN']);
      expect(before.positions.net.some((position) => position.pnl !== 0)).toBe(true);

      // Read a minute ago: kept.
      server.clock.advance(replayBookIdleMs - 60_000);
      expect(await books.evictIdle()).toBe(0);
      expect(books.isOpen(desk.id)).toBe(true);
      server.clock.advance(60_000);
      expect(await books.evictIdle()).toBe(1);
      expect(books.isOpen(desk.id)).toBe(false);

      const after = { orders: (await desk.orderBook()).order_book, positions: await desk.positions() };
      expect(books.isOpen(desk.id)).toBe(true);
      expect(after).toEqual(before);
      // It trades on from there.
      expect((await desk.place('evict-buy-back', order('NIFTY26O1325050CE', 'BUY', 'MARKET'))).status).toBe(200);
      expect((await desk.orderBook()).order_book).toHaveLength(4);
    } finally {
      await server.close();
    }
  }, 300_000);
});
