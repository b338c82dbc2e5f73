import ShieldCheckIcon from '@heroicons/react/20/solid/ShieldCheckIcon';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { LoadStatus } from '@/components/ui/load-status';
import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { ComplianceDetails } from '@/features/brokers/components/compliance-details';
import { complianceMessages as messages } from '@/features/brokers/components/compliance-messages';
import { ComplianceSettings } from '@/features/brokers/components/compliance-settings';
import { useAccountCompliance } from '@/features/brokers/hooks/use-account-compliance';

type Account = Pick<BrokerAccount, 'id' | 'name' | 'is_logged_in' | 'session_expires_at'>;

type Props = {
  account: Account;
  /** The live desk's line beside the Live badge: a button opening the same details (read when opened); no editing there. */
  compact?: boolean;
  offline?: boolean;
};

/** The server's read, with its settings where the trader can change them. */
function ComplianceReadout({ account, editable, offline }: { account: Account; editable: boolean; offline: boolean }) {
  const intl = useIntl();
  const { compliance, failed, reload } = useAccountCompliance(account);
  if (compliance === null) {
    return <LoadStatus loadingText={intl.formatMessage(messages.loading)} failedText={intl.formatMessage(messages.failed)} failed={failed} onRetry={reload} />;
  }
  return (
    <>
      <ComplianceDetails compliance={compliance} wide={editable} />
      {editable ? (
        <ComplianceSettings key={`${compliance.static_ip}:${compliance.algo.algo_id}`} account={account} compliance={compliance} offline={offline} onSaved={reload} />
      ) : null}
    </>
  );
}

/**
 * A live account's compliance state (issue 38), for Kite and Upstox alike: what the server's one read says
 * (the session, the busiest second against the broker's limits, the algo ID sent, the static IP), nothing
 * known here about which broker it is. On the broker accounts screen with its settings; on the desk compact.
 */
export function ComplianceState({ account, compact = false, offline = false }: Props) {
  const intl = useIntl();
  const headingId = useId();

  if (compact) {
    return (
      <Popover className="inline-flex">
        <PopoverButton className="inline-flex min-h-11 items-center gap-1 rounded-md text-sm font-medium text-fg underline decoration-dotted underline-offset-4 hover:text-brand focus-visible:outline-2 focus-visible:outline-brand">
          <ShieldCheckIcon aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
          {intl.formatMessage(messages.title)}
        </PopoverButton>
        <PopoverPanel
          anchor={{ to: 'bottom start', gap: 8, padding: 8 }}
          className="z-40 max-h-[70dvh] w-80 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-line bg-surface-raised p-4 text-fg shadow-lg"
        >
          <p className="mb-3 font-semibold">{intl.formatMessage(messages.title)}</p>
          <ComplianceReadout account={account} editable={false} offline={offline} />
        </PopoverPanel>
      </Popover>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3 rounded-md border border-line p-3">
      {/* h3: under the account's h2. */}
      <h3 id={headingId} className="text-sm font-semibold text-fg">
        {intl.formatMessage(messages.title)}
      </h3>
      <ComplianceReadout account={account} editable offline={offline} />
    </section>
  );
}
