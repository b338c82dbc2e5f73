// Why a bot with an entry condition did not enter on a day (issue 62): the engine notes what its last look at
// the condition found (condition-reads.ts ConditionMiss), and the lowest and highest premium its looks read, so
// a backtest's or a replay's day without a trade names the condition and why it failed (no_trade.condition_*),
// not just "The bot did not enter.". Memory only, one note a bot (its day's, replaced the next day): the live
// engine's notes are read by nobody and stay as small as its list of bots.
import type { ConditionMiss } from './condition-reads.ts';

export type EntryMissNote = {
  day: string;
  /** The last look's finding. */
  miss: ConditionMiss;
  /** The straddle's lowest and highest premium the day's looks read after its fixing minute (rupees); null without one. */
  low: number | null;
  high: number | null;
};

export function createEntryMisses() {
  const notes = new Map<string, EntryMissNote>();
  return {
    note(key: string, day: string, miss: ConditionMiss): void {
      const before = notes.get(key);
      const kept = before?.day === day ? before : { low: null, high: null };
      const last = miss.why === 'not_met' ? miss.last : undefined;
      notes.set(key, {
        day,
        miss,
        low: last === undefined ? kept.low : Math.min(kept.low ?? last, last),
        high: last === undefined ? kept.high : Math.max(kept.high ?? last, last),
      });
    },
    /** The bot's note of `day`, or null when its condition was not looked at that day. */
    of(key: string, day: string): EntryMissNote | null {
      const note = notes.get(key);
      return note?.day === day ? note : null;
    },
  };
}
