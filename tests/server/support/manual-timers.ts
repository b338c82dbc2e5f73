// Timers the test fires by hand (the hash line's waits), so no test sleeps for them.
import type { StartTimer } from '../../../server/services/accounts/hash-slots.ts';

export type ManualTimers = {
  startTimer: StartTimer;
  /** Timers started and neither fired nor cancelled. */
  pending: () => number;
  /** Fires every pending timer. */
  fireAll: () => void;
};

export function manualTimers(): ManualTimers {
  let timers: { fire: () => void; live: boolean }[] = [];
  return {
    startTimer: (_ms, fire) => {
      const timer = { fire, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    },
    pending: () => timers.filter((timer) => timer.live).length,
    fireAll: () => {
      const due = timers.filter((timer) => timer.live);
      timers = [];
      for (const timer of due) {
        timer.live = false;
        timer.fire();
      }
    },
  };
}
