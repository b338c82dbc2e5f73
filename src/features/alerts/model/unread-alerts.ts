import { atom } from 'jotai';

/**
 * How many alerts the trader has not read, as the server last said (every poll of the notifier, the feed's
 * first page, marking it read): null until then and after sign-out, when no badge is shown.
 */
export const unreadAlertsAtom = atom<number | null>(null);
