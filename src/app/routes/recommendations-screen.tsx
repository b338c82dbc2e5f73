import { defineMessages, useIntl } from 'react-intl';
import { PageHeader } from '@/components/ui/page-header';
import { analyticsMessages as m } from '@/features/analytics/analytics-messages';
import { getRecommendations } from '@/features/analytics/api/analytics-reads';
import { AnalyticsPanel } from '@/features/analytics/components/analytics-status';
import { RecommendationCard } from '@/features/analytics/components/recommendation-card';
import { useAnalyticsRead } from '@/features/analytics/hooks/use-analytics-read';
import { RecommendationActions } from '@/app/recommendations/recommendation-actions';

const messages = defineMessages({
  title: { id: 'analytics.recommendationsTitle', defaultMessage: 'Recommendations' },
  description: {
    id: 'analytics.recommendationsDescription',
    defaultMessage: 'Trade ideas from the analytics desk, in its order, with why and what each can make or lose. Open one in the strategy builder, trade it as one basket, or trade a leg on the desk.',
  },
});

/**
 * /app/recommendations: the screener's setups by display_order, with their rationale and legs, each to
 * open in the strategy builder or to trade as one basket.
 */
export function RecommendationsScreen() {
  const intl = useIntl();
  const read = useAnalyticsRead(getRecommendations, 'recommendations', 60_000);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <AnalyticsPanel read={read}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="text-sm text-fg-muted">{intl.formatMessage(m.noRows)}</p>
          ) : (
            <ol className="grid grid-cols-1 gap-4 xl:grid-cols-2">
              {rows.map((item) => (
                <li key={item.id}><RecommendationCard item={item} level={2} actions={<RecommendationActions item={item} />} /></li>
              ))}
            </ol>
          )
        }
      </AnalyticsPanel>
    </div>
  );
}
