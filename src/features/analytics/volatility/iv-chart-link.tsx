import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { ivMessages as m } from '@/features/analytics/volatility/iv-messages';

/** The option chain's way to the IV charts, opened on its underlying (an index or a stock, issue 63) and expiry. */
export function IvChartLink({ index, expiry }: { index: string; expiry: string }) {
  const intl = useIntl();
  const query = new URLSearchParams({ index, expiry });
  return (
    <Link to={`/app/volatility?${query.toString()}`} className="text-sm font-medium text-brand underline" data-testid="chain-iv-link">
      {intl.formatMessage(m.chainLink)}
    </Link>
  );
}
