// What the price stream tells the PWA of MIS (issue 60): while the market is open, the day's MIS cut-off from
// the exchange calendar and whether a fresh MIS order is refused now, so the ticket and the strategy builder
// say "MIS is closed for today" and default to NRML before the trader reviews an order, not after a refusal.
// The stream tells the change when it happens (15:25), though the market stays open.
import { describe, expect, it } from 'vitest';
import { marketStatusOf, sessionAt } from '../../../server/services/market/exchange-session.ts';
import { createMarketFeed } from '../../../server/services/market/market-feed.ts';
import type { MarketStatus } from '../../../server/services/market/market-service.ts';
import type { TradingCalendar } from '../../../server/services/market/trading-calendar.ts';
import { nseRegularSessions } from '../support/regular-sessions.ts';

const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);
const friday = '2026-11-20';
const muhurat = '2026-11-08';
const calendar: TradingCalendar = {
  regular: nseRegularSessions,
  holidays: new Map(),
  specialSessions: new Map([[muhurat, { open: '18:00', close: '19:00', description: 'Muhurat trading', misSquareOff: '18:50' }]]),
};

/** The status the simulator sends at `now` on the exchange's hours (demo false) or in demo mode. */
const statusAt = (now: Date, demo = false) =>
  marketStatusOf(demo ? { open: true, nextOpen: null, closedAt: null } : sessionAt(calendar, now), now, demo, calendar);

describe('the MIS cut-off in the market status', () => {
  it('is open until 15:25 IST on a regular day and closed from then to the close, with the cut-off named', () => {
    expect(statusAt(ist(friday, '15:24'))).toMatchObject({ status: 'open', session: { mis_square_off: '15:25' }, mis_closed: false });
    expect(statusAt(ist(friday, '15:25'))).toMatchObject({ status: 'open', session: { mis_square_off: '15:25' }, mis_closed: true });
    // Until the close, 15:40 since 3 August 2026.
    expect(statusAt(ist(friday, '15:39'))).toMatchObject({ status: 'open', mis_closed: true });
  });

  it('says nothing of MIS while the market is closed: an order then is an AMO for the next session, where MIS is open', () => {
    const closed = statusAt(ist(friday, '19:00'));
    expect(closed.status).toBe('closed');
    expect(closed).not.toHaveProperty('mis_closed');
    // The day's hours are still said: the app reads its close and square-off from them.
    expect(closed.session).toEqual({ day: friday, open: '09:15', close: '15:40', mis_square_off: '15:25' });
  });

  it("follows a special session's own cut-off (a Muhurat evening's 18:50)", () => {
    expect(statusAt(ist(muhurat, '18:30'))).toMatchObject({ status: 'open', session: { mis_square_off: '18:50' }, mis_closed: false });
    expect(statusAt(ist(muhurat, '18:50'))).toMatchObject({ status: 'open', session: { mis_square_off: '18:50' }, mis_closed: true });
  });

  it('never closes MIS in demo mode, at any hour, and still names the hour of its daily square-off', () => {
    for (const time of ['15:24', '15:25', '16:00', '23:59', '03:00']) {
      expect(statusAt(ist(friday, time), true)).toMatchObject({ status: 'open', demo: true, session: { mis_square_off: '15:25' }, mis_closed: false });
    }
  });
});

describe('the market feed', () => {
  it('tells its listeners when MIS closes though the market stays open', async () => {
    let now = ist(friday, '15:24');
    const market = { readStates: async () => new Map(), status: async (): Promise<MarketStatus> => statusAt(now) };
    const feed = createMarketFeed(market);
    const told: (MarketStatus | null)[] = [];
    feed.subscribe((update) => told.push(update.status));
    await feed.poll();
    now = ist(friday, '15:24');
    await feed.poll();
    expect(told).toEqual([]);
    now = ist(friday, '15:25');
    await feed.poll();
    expect(told).toEqual([expect.objectContaining({ status: 'open', mis_closed: true })]);
  });
});
