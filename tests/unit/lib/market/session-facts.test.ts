// @vitest-environment node
// The app's session hours are the server's word (issue 60: NSE's F&O close moved from 15:30 to 15:40 IST on
// 3 August 2026): an expiry stops trading at the close the server gave it, else at today's close as the price
// stream said it, else at the end of its IST day; never at a close the app assumed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createStore } from 'jotai/vanilla';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  closeOfExpiryMs,
  expiryCloseMs,
  learnExpiryCloses,
  learnTodaySession,
  sessionFactsAtom,
  todayCloseMs,
  type SessionFacts,
} from '@/lib/market/session-facts';
import { tradingDayEnd } from '@/features/market/api/cached-market-facts';
import { store } from '@/lib/store';
import { repoRoot } from '../../../../server/paths.ts';

const nothingKnown: SessionFacts = { closes: {}, today: null };
const today = { day: '2026-12-01', open: '09:15', close: '15:40', mis_square_off: '15:25' };

beforeEach(() => store.set(sessionFactsAtom, nothingKnown));

describe('when an expiry stops trading', () => {
  it('is the close the server gave that expiry, a 2025 one at 15:30 and one since August 2026 at 15:40', () => {
    learnExpiryCloses([
      { date: '2025-11-25', closes_at: '2025-11-25T10:00:00.000Z' },
      { date: '2026-12-01', closes_at: '2026-12-01T10:10:00.000Z' },
    ]);
    expect(new Date(expiryCloseMs('2025-11-25')).toISOString()).toBe('2025-11-25T10:00:00.000Z');
    expect(new Date(expiryCloseMs('2026-12-01')).toISOString()).toBe('2026-12-01T10:10:00.000Z');
  });

  it('falls back on today’s close as the price stream said it, for an expiry no answer described', () => {
    learnTodaySession(today);
    expect(new Date(expiryCloseMs('2026-12-08')).toISOString()).toBe('2026-12-08T10:10:00.000Z');
    // A session that says 15:30 (a day before August 2026) moves it: the hour is the server's, not the app's.
    learnTodaySession({ ...today, day: '2026-07-31', close: '15:30' });
    expect(new Date(expiryCloseMs('2026-12-08')).toISOString()).toBe('2026-12-08T10:00:00.000Z');
  });

  it('knowing nothing, is the end of the expiry’s IST day: never over before its day has ended', () => {
    expect(new Date(closeOfExpiryMs(nothingKnown, '2026-12-08')).toISOString()).toBe('2026-12-08T18:30:00.000Z');
  });

  it('is learnt in the store it is given (the price feed’s), the app’s store otherwise', () => {
    const other = createStore();
    learnTodaySession(today, other);
    expect(other.get(sessionFactsAtom).today).toEqual(today);
    expect(store.get(sessionFactsAtom).today).toBeNull();
  });
});

describe('today’s close, for what is kept for the trading day', () => {
  const morning = Date.parse('2026-12-01T10:00:00+05:30');

  it('is the stream’s session of today, or an expiry of today’s close, or unknown', () => {
    expect(todayCloseMs(morning)).toBeNull();
    learnExpiryCloses([{ date: '2026-12-01', closes_at: '2026-12-01T10:10:00.000Z' }]);
    expect(todayCloseMs(morning)).toBe(Date.parse('2026-12-01T15:40:00+05:30'));
    // Yesterday's session says nothing of today's close.
    store.set(sessionFactsAtom, { closes: {}, today: { ...today, day: '2026-11-30' } });
    expect(todayCloseMs(morning)).toBeNull();
    learnTodaySession(today);
    expect(todayCloseMs(morning)).toBe(Date.parse('2026-12-01T15:40:00+05:30'));
  });

  it('keeps the chain’s expiries until today’s close (15:40 since August 2026), then until tomorrow’s', () => {
    learnTodaySession(today);
    expect(tradingDayEnd(morning)).toBe('2026-12-01T10:10:00.000Z');
    expect(tradingDayEnd(Date.parse('2026-12-01T15:35:00+05:30'))).toBe('2026-12-01T10:10:00.000Z');
    expect(tradingDayEnd(Date.parse('2026-12-01T15:45:00+05:30'))).toBe('2026-12-02T10:10:00.000Z');
  });

  it('keeps them until the end of the IST day while no close is known', () => {
    expect(tradingDayEnd(morning)).toBe('2026-12-01T18:30:00.000Z');
  });
});

describe('the app’s code', () => {
  it('holds no session hour of its own where expiries and the chain’s copy are judged', () => {
    const files = [
      'src/lib/market/session-facts.ts',
      'src/features/market/api/cached-market-facts.ts',
      'src/features/strategies/model/builder-leg.ts',
      'src/features/portfolios/model/market-hours.ts',
      'src/features/replay/components/replay-start-dialog.tsx',
      'src/lib/replay/replay-atom.ts',
      'src/features/alerts/components/condition-alert-dialog.tsx',
    ];
    const literal = /15:[234]\d|T10:00:00Z|T10:10:00Z|'09:15'/;
    expect(files.filter((file) => literal.test(readFileSync(join(repoRoot, file), 'utf8').replace(/^\s*(\/\/|\*|\/\*\*).*$/gm, '')))).toEqual([]);
  });
});
