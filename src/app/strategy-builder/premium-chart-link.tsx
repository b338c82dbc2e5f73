import { defineMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { BuilderLeg } from '@/features/strategies/model/builder-leg';
import { premiumChartPath } from '@/lib/charts/premium-link';

const openPremium = defineMessage({ id: 'premium.openFromBuilder', defaultMessage: 'Premium chart of these legs' });

/** The builder's enabled legs opened on the strategy premium chart (at most 8 legs: the chart's limit). */
export function PremiumChartLink({ index, legs }: { index: string; legs: readonly BuilderLeg[] }) {
  const intl = useIntl();
  const enabled = legs.filter((leg) => leg.enabled);
  if (enabled.length === 0 || enabled.length > 8) return null;
  // The premium chart draws options' premiums: a strategy with a future leg has none to draw for it.
  const options = enabled.flatMap((leg) => (leg.kind === 'FUT' ? [] : [{ index, expiry: leg.expiry, strike: leg.strike, type: leg.kind, side: leg.side, lots: leg.lots }]));
  if (options.length < enabled.length) return null;
  const path = premiumChartPath(options);
  return (
    <Link to={path} data-testid="builder-premium-chart" className="inline-flex min-h-11 items-center text-sm font-medium text-brand underline">
      {intl.formatMessage(openPremium)}
    </Link>
  );
}
