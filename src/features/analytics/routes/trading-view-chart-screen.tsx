import { defineMessages, useIntl } from 'react-intl';
import { ChartPanel } from '@/features/analytics/components/chart-panel';

const messages = defineMessages({
  title: { id: 'charts.chartTitle', defaultMessage: 'Chart' },
  description: { id: 'charts.chartDescription', defaultMessage: 'Candles of an index at 1, 5 or 15 minutes or by day, with volume and moving averages.' },
});

/** /app/trading_view_chart: an index's candlestick chart inside the page. */
export function TradingViewChartScreen() {
  const intl = useIntl();
  return <ChartPanel size="inline" title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />;
}
