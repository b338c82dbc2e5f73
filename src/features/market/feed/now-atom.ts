import { atom } from 'jotai';

/** The time, refreshed once a second while something shows an age (one timer for every badge). */
export const nowAtom = atom(Date.now());
nowAtom.onMount = (set) => {
  const timer = setInterval(() => set(Date.now()), 1000);
  return () => clearInterval(timer);
};

/** A price older than this shows its age. */
export const staleAfterMs = 5000;
/** A feed silent for this long shows the "prices delayed" banner. */
export const delayedAfterMs = 10_000;
