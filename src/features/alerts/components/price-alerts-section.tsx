import { useIntl } from 'react-intl';
import { LoadStatus } from '@/components/ui/load-status';
import { StaleNote } from '@/components/ui/stale-note';
import { priceMessages as messages } from '@/features/alerts/alert-messages';
import { ConditionAlertsSection } from '@/features/alerts/components/condition-alert-list';
import { PriceAlertForm } from '@/features/alerts/components/price-alert-form';
import { PriceAlertList } from '@/features/alerts/components/price-alert-list';
import { usePriceAlerts } from '@/features/alerts/hooks/use-price-alerts';

/** The alerts page's price alerts; `priceOf` is the live price of an index, from the quotes the app shows. */
export function PriceAlertsSection({ priceOf }: { priceOf: (symbol: string) => number | null }) {
  const intl = useIntl();
  const { list, asOf, failed, reload, create, remove } = usePriceAlerts();
  return (
    <section aria-labelledby="price-alerts-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="price-alerts-heading" className="text-lg font-semibold">
          {intl.formatMessage(messages.title)}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{intl.formatMessage(messages.description)}</p>
      </div>
      <PriceAlertForm onCreate={create} priceOf={priceOf} />
      {list === null ? (
        <LoadStatus loadingText={intl.formatMessage(messages.loading)} failedText={intl.formatMessage(messages.failed)} failed={failed} onRetry={reload} />
      ) : (
        <>
          {asOf !== null && <StaleNote asOf={asOf} />}
          <PriceAlertList alerts={list} onDelete={remove} />
        </>
      )}
      <ConditionAlertsSection />
    </section>
  );
}
