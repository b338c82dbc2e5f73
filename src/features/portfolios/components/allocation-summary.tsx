import { useIntl } from 'react-intl';
import { StaleNote } from '@/components/ui/stale-note';
import type { BrokerAccount, Portfolio } from '@/features/portfolios/api/portfolio-types';
import { allocatedText } from '@/features/portfolios/portfolio-messages';
import { allocatedCapital } from '@/features/portfolios/model/capital';
import { useFormat } from '@/lib/format/use-format';
import { figureOf, type LoadState } from '@/lib/load/load-state';

type AllocationSummaryProps = { account: BrokerAccount; portfolios: LoadState<readonly Portfolio[]> };

/**
 * How much of the account's capital its portfolios hold, in words and as a bar (the words carry it). Only
 * from portfolios that came from the server: without them it shows nothing (the list's own status says
 * why), and from the last known list it says as of when, never "₹0 allocated" from a list that failed.
 */
export function AllocationSummary({ account, portfolios }: AllocationSummaryProps) {
  const intl = useIntl();
  const { formatInr } = useFormat();
  const allocated = figureOf(portfolios, allocatedCapital);
  if (!allocated.known) return null;
  const share = account.capital > 0 ? Math.min(1, allocated.value / account.capital) : 0;
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm text-fg">
        {intl.formatMessage(allocatedText, {
          allocated: formatInr(allocated.value, { maximumFractionDigits: 0 }),
          capital: formatInr(account.capital, { maximumFractionDigits: 0 }),
        })}
      </p>
      <div aria-hidden="true" className="h-1.5 w-full overflow-hidden rounded-full bg-surface-muted sm:max-w-md">
        <div className="h-full rounded-full bg-brand" style={{ width: `${share * 100}%` }} />
      </div>
      {allocated.asOf === null ? null : <StaleNote asOf={allocated.asOf} />}
    </div>
  );
}
