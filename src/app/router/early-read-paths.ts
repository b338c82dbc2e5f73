import { APP_BASE } from '@/app/router/paths';

/**
 * Issue 40's chart screens, whose first read boot starts itself on a cold open of their address (early-reads-at.ts).
 * Their index.html preloads the early reads' chunk (vite.config.ts, analysisScreenRoots); no other address loads it.
 */
const earlyReadScreens = ['premium', 'open_interest', 'volatility', 'participants'] as const;

export type EarlyReadScreen = (typeof earlyReadScreens)[number];

/** The chart screen at this address whose first read boot starts, or null. */
export function earlyReadScreenAt(pathname: string): EarlyReadScreen | null {
  return earlyReadScreens.find((screen) => pathname === `${APP_BASE}/${screen}`) ?? null;
}
