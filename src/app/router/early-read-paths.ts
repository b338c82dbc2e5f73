import { APP_BASE } from '@/app/router/paths';

/**
 * The options charts whose first read boot starts itself on a cold open of their address (early-reads-at.ts, issue 61).
 * Part of the entry, so kept to a list of names: the reads' code is in the early reads' chunk, which the page
 * preloads for these addresses only (vite.config.ts, analysisScreenRoots); no other address loads it.
 */
const earlyReadScreens = ['premium', 'open_interest', 'volatility', 'participants'] as const;

export type EarlyReadScreen = (typeof earlyReadScreens)[number];

/** The chart screen at this address whose first read boot starts, or null. */
export function earlyReadScreenAt(pathname: string): EarlyReadScreen | null {
  const address = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return earlyReadScreens.find((screen) => address === `${APP_BASE}/${screen}`) ?? null;
}
