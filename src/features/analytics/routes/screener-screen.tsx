import { defineMessages, useIntl } from 'react-intl';
import { PageHeader } from '@/components/ui/page-header';
import { analyticsMessages as m } from '@/features/analytics/analytics-messages';
import { getRecommendations, getScreenerSignals } from '@/features/analytics/api/analytics-reads';
import { AnalyticsPanel } from '@/features/analytics/components/analytics-status';
import { RecommendationCard } from '@/features/analytics/components/recommendation-card';
import { SignalTicker } from '@/features/analytics/components/signal-ticker';
import { useAnalyticsRead } from '@/features/analytics/hooks/use-analytics-read';

const messages = defineMessages({
  title: { id: 'analytics.screenerTitle', defaultMessage: 'Screener' },
  description: { id: 'analytics.screenerDescription', defaultMessage: 'The signals of the day scrolling by, and the screener’s setups in its order.' },
  signals: { id: 'analytics.screenerSignals', defaultMessage: 'Signals' },
  setups: { id: 'analytics.screenerSetups', defaultMessage: 'Setups' },
});

/** /app/screener_ticker: the screener's signals as a ticker (10, newest first) and its setups by display_order. */
export function ScreenerScreen() {
  const intl = useIntl();
  const signals = useAnalyticsRead(getScreenerSignals, 'signals', 15_000);
  const setups = useAnalyticsRead(getRecommendations, 'setups', 60_000);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <section aria-labelledby="screener-signals" className="flex min-w-0 flex-col gap-2">
        <h2 id="screener-signals" className="text-base font-semibold text-fg">{intl.formatMessage(messages.signals)}</h2>
        <AnalyticsPanel read={signals}>
          {(rows) => (rows.length === 0 ? <p className="text-sm text-fg-muted">{intl.formatMessage(m.noRows)}</p> : <SignalTicker rows={rows} />)}
        </AnalyticsPanel>
      </section>
      <section aria-labelledby="screener-setups" className="flex min-w-0 flex-col gap-2">
        <h2 id="screener-setups" className="text-base font-semibold text-fg">{intl.formatMessage(messages.setups)}</h2>
        <AnalyticsPanel read={setups}>
          {(rows) =>
            rows.length === 0 ? (
              <p className="text-sm text-fg-muted">{intl.formatMessage(m.noRows)}</p>
            ) : (
              <ol className="grid grid-cols-1 gap-3 lg:grid-cols-2">
                {rows.map((item) => (
                  <li key={item.id}><RecommendationCard item={item} compact /></li>
                ))}
              </ol>
            )
          }
        </AnalyticsPanel>
      </section>
    </div>
  );
}
