import { defineMessages, useIntl } from 'react-intl';
import { PageHeader } from '@/components/ui/page-header';
import { ChartPanel } from '@/features/analytics/components/chart-panel';

const messages = defineMessages({
  title: { id: 'charts.fullChartTitle', defaultMessage: 'Chart (full)' },
  description: { id: 'charts.fullChartDescription', defaultMessage: 'The chart with the whole height of the screen, for a closer read before you trade.' },
});

/** /app/tv_chart: the same chart, reaching down to the bottom of the screen (at least 20 rem on a short phone). */
export function TvChartScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <ChartPanel size="screen" />
    </div>
  );
}
