import { useAtomValue } from 'jotai';
import { sessionFactsAtom, type TodaySession } from '@/lib/market/session-facts';
import { store } from '@/lib/store';

/** Today's session as the server said it (session-facts.ts), or null before it has: then name no hours. */
export function useTodaySession(): TodaySession | null {
  return useAtomValue(sessionFactsAtom, { store }).today;
}
