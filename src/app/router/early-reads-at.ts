// An options chart's first read, started by boot on a cold open of its address (issue 61). The screen table starts
// it too when it loads the screen (screens.ts), but that table is in the shell's file, the largest of the first open:
// the read went out only once that file had arrived and run on the phone's slow CPU, and its answer was one of the
// last things the chart waited for. This module is in the early reads' chunk, preloaded with the page beside the
// entry. A read started twice goes out once (lib/api/early-read.ts).
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

/** Starts the first read of that chart screen, for its address's query (`search`). */
export function startEarlyReadsOf(screen: EarlyReadScreen, search: string): void {
  starters[screen](search);
}
