// A chart screen's first read, started by boot on a cold open of its address (issue 40). The screen table starts
// it too when the screen is loaded (screens.ts), but that table is in the app shell's file, the largest of the
// first open: on Slow 4G the read went out at 2.95 s, 1.4 s after this chunk (preloaded with the page) was in,
// and its answer was the last thing the chart waited for. A read started twice goes out once (early-read.ts).
import type { EarlyReadScreen } from '@/app/router/early-read-paths';
import { startEarlyParticipantRead } from '@/features/analytics/api/participant-reads';
import { startEarlyPremiumRead } from '@/features/analytics/premium/api/get-strategy-premium';
import { startEarlyIvReads } from '@/features/analytics/volatility/iv-reads';
import { startEarlyOiRead } from '@/features/open-interest/api/oi-reads';

const starters: Readonly<Record<EarlyReadScreen, (search: string) => void>> = {
  premium: startEarlyPremiumRead,
  open_interest: startEarlyOiRead,
  volatility: startEarlyIvReads,
  participants: startEarlyParticipantRead,
};

/** Starts the first read of that chart screen, for its address's `search`. */
export function startEarlyReadsOf(screen: EarlyReadScreen, search: string): void {
  starters[screen](search);
}
