import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { ivMessages as m } from '@/features/analytics/volatility/iv-messages';
import { ivIndices } from '@/features/analytics/volatility/iv-reads';

/** The option chain's way to the IV charts, opened on its index and expiry (indices market history keeps only). */
export function IvChartLink({ index, expiry }: { index: string; expiry: string }) {
  const intl = useIntl();
  if (!(ivIndices as readonly string[]).includes(index)) return null;
  const query = new URLSearchParams({ index, expiry });
  return (
    <Link to={`/app/volatility?${query.toString()}`} className="text-sm font-medium text-brand underline" data-testid="chain-iv-link">
      {intl.formatMessage(m.chainLink)}
    </Link>
  );
}
