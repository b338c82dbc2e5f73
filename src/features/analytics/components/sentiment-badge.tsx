import ArrowTrendingDownIcon from '@heroicons/react/20/solid/ArrowTrendingDownIcon';
import ArrowTrendingUpIcon from '@heroicons/react/20/solid/ArrowTrendingUpIcon';
import ArrowsRightLeftIcon from '@heroicons/react/20/solid/ArrowsRightLeftIcon';
import ArrowsUpDownIcon from '@heroicons/react/20/solid/ArrowsUpDownIcon';
import { useIntl } from 'react-intl';
import { analyticsMessages as m, type SentimentOrView } from '@/features/analytics/analytics-messages';

const looks: Record<SentimentOrView, { icon: typeof ArrowTrendingUpIcon; tone: string }> = {
  bullish: { icon: ArrowTrendingUpIcon, tone: 'bg-profit/10 text-profit' },
  bearish: { icon: ArrowTrendingDownIcon, tone: 'bg-loss/10 text-loss' },
  neutral: { icon: ArrowsRightLeftIcon, tone: 'bg-surface-raised text-fg-muted' },
  volatile: { icon: ArrowsUpDownIcon, tone: 'bg-warn/10 text-warn' },
};

/** A market view in words with its own icon: the colour only repeats what they say. */
export function SentimentBadge({ value }: { value: SentimentOrView }) {
  const intl = useIntl();
  const { icon: Icon, tone } = looks[value];
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>
      <Icon aria-hidden="true" className="size-3.5" />
      {intl.formatMessage(m[value])}
    </span>
  );
}
