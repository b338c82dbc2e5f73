import { useState } from 'react';
import { useLiveQuotes } from '@/app/trading/use-live-quotes';
import { usePolledWhenTold } from '@/app/trading/use-order-notices';
import { getPortfolioProtection, type ProtectionAnswer } from '@/features/positions/api/protection-calls';
import { followLive } from '@/features/positions/model/protection-distances';
import type { ProtectionRead } from '@/features/positions/components/protection-panel';

/** Read this often only while no price stream carries the account (another tab holds it, or it is closed). */
const withoutStreamMs = 3000;

/**
 * A portfolio's protection, followed without polling (issue 41): read when the screen opens and again when the
 * account's stream says its books changed (a hit fires with that notice, a fill moves the positions behind the
 * MTM); between two reads its MTM, peak and stop in force move with the live prices of the positions it was
 * marked on (followLive). The last read is kept on the device: offline it shows as last known, with its time,
 * and is not moved (its positions may have changed since).
 */
export function useProtection(account: { id: number; broker: string } | null, portfolioId: number): ProtectionRead & { reload: () => void } {
  const { data, asOf, reload } = usePolledWhenTold(account, () => getPortfolioProtection(portfolioId), `${portfolioId}`, { withoutStreamMs }, 'portfolio-protection');
  const marked = data === null || asOf !== null ? [] : (data.marks ?? []).map((mark) => `${mark.exchange}:${mark.tradingsymbol}`);
  const live = useLiveQuotes(marked);
  // The highest MTM shown since this read: a trailing step the screen took stays taken when the price falls
  // back before the server's notice of it brings the next read.
  const [peakSeen, setPeakSeen] = useState<{ of: ProtectionAnswer; peak: number } | null>(null);
  const seen = peakSeen !== null && peakSeen.of === data ? peakSeen.peak : null;
  const answer = data === null || asOf !== null ? data : followLive(data, live, seen);
  const peak = answer?.protection?.armed ? answer.protection.peak_mtm : null;
  // Kept during render (React's way to adjust state to a value that changed): once kept, peak === seen.
  if (data !== null && peak !== null && peak !== seen) setPeakSeen({ of: data, peak });
  return { answer, asOf, reload };
}
