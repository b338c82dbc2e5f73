import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Recommendation } from '@/features/analytics/api/analytics-reads';
import { RecommendationBasket } from '@/app/recommendations/recommendation-basket';
import { builderLink } from '@/app/recommendations/recommendation-legs';

const messages = defineMessages({
  openInBuilder: { id: 'recommendations.openInBuilder', defaultMessage: 'Open in builder' },
});

/** A multi-leg recommendation as a whole: read and adjust it in the strategy builder, or send every leg at once. */
export function RecommendationActions({ item }: { item: Recommendation }) {
  const intl = useIntl();
  return (
    <>
      <Link className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-medium text-brand-fg hover:opacity-90" to={builderLink(item)}>
        {intl.formatMessage(messages.openInBuilder)}
      </Link>
      <RecommendationBasket item={item} />
    </>
  );
}
