// NSE's regular sessions as migration 075 enters them, for tests that build a trading calendar without a database
// (tests/server/market/regular-sessions.test.ts holds this copy to the migration's rows).
import type { RegularSession } from '../../../server/services/market/trading-calendar.ts';

const misSource = 'Zerodha support, "What are the auto square-off timings for open intraday positions?": F&O 15:25';

export const nseRegularSessions: readonly RegularSession[] = [
  {
    effectiveFrom: '2000-01-01',
    open: '09:15',
    close: '15:30',
    closePrice: { from: '15:00', to: '15:30' },
    preOpen: null,
    modificationUntil: '16:15',
    misSquareOff: '15:25',
    source: 'NSE market timings (09:15–15:30 normal market; trade modification to 16:15); close price the VWAP of 15:00–15:30',
    misSource,
  },
  {
    effectiveFrom: '2025-12-08',
    open: '09:15',
    close: '15:30',
    closePrice: { from: '15:00', to: '15:30' },
    preOpen: { from: '09:00', to: '09:08' },
    modificationUntil: '16:15',
    misSquareOff: '15:25',
    source:
      "NSE: F&O pre-open session for current-month index and stock futures, 09:00–09:08 order entry, from 8 Dec 2025 (NSE/FAOP/71092 of 3 Nov 2025: current-month futures, next month's in the last five trading days before its expiry; no options, no stop-loss orders)",
    misSource,
  },
  {
    effectiveFrom: '2026-08-03',
    open: '09:15',
    close: '15:40',
    closePrice: { from: '15:10', to: '15:40' },
    preOpen: { from: '09:00', to: '09:08' },
    modificationUntil: '16:15',
    misSquareOff: '15:25',
    source: 'NSE circular 74/2026: equity derivatives close at 15:40 from 3 Aug 2026; close price the VWAP of 15:10–15:40; trade modification to 16:15',
    misSource: `${misSource} (no later notice found)`,
  },
];
