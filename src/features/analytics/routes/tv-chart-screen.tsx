import { defineMessages, useIntl } from 'react-intl';
import { ChartPanel } from '@/features/analytics/components/chart-panel';

const messages = defineMessages({
  title: { id: 'charts.fullChartTitle', defaultMessage: 'Chart (full)' },
  description: { id: 'charts.fullChartDescription', defaultMessage: 'The chart with the whole height of the screen, for a closer read before you trade.' },
});

/** /app/tv_chart: the same chart, reaching down to the bottom of the screen (at least 20 rem on a short phone). */
export function TvChartScreen() {
  const intl = useIntl();
  return <ChartPanel size="screen" title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />;
}
