import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { useLiveQuotes } from '@/app/trading/use-live-quotes';
import { PageHeader } from '@/components/ui/page-header';
import { alertMessages as messages } from '@/features/alerts/alert-messages';
import { AlertFeed } from '@/features/alerts/components/alert-feed';
import { PriceAlertsSection } from '@/features/alerts/components/price-alerts-section';
import { indexInstruments } from '@/features/market/market-messages';
import { useNetworkState } from '@/lib/network/use-online-status';

const viewParam = 'view';
const priceView = 'price';

function viewLinkClass(current: boolean) {
  const base = 'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium';
  return current ? `${base} bg-brand-soft text-brand` : `${base} text-fg-muted hover:bg-surface-muted hover:text-fg`;
}

const indexQuotes = indexInstruments.map((item) => item.instrument);

/**
 * The price alerts, an index's level checked against its live price: the quote the market strip above shows.
 * Without a connection the strip shows the last price kept, with its age: not a live price to check against.
 */
function IndexPriceAlerts() {
  const quotes = useLiveQuotes(indexQuotes);
  const live = useNetworkState().kind === 'reachable';
  const priceOf = (symbol: string) => {
    if (!live) return null;
    const instrument = indexInstruments.find((item) => item.index === symbol)?.instrument;
    return instrument === undefined ? null : (quotes.get(instrument)?.last_price ?? null);
  };
  return <PriceAlertsSection priceOf={priceOf} />;
}

/** /app/strategy_alerts: the feed of everything that happened, and the trader's price alerts (?view=price). */
export function StrategyAlertsScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const price = params.get(viewParam) === priceView;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <nav aria-label={intl.formatMessage(messages.views)}>
        <ul className="flex flex-wrap gap-1 border-b border-line pb-2">
          <li>
            <Link to="?" replace aria-current={price ? undefined : 'page'} className={viewLinkClass(!price)}>
              {intl.formatMessage(messages.viewFeed)}
            </Link>
          </li>
          <li>
            <Link to={`?${viewParam}=${priceView}`} replace aria-current={price ? 'page' : undefined} className={viewLinkClass(price)}>
              {intl.formatMessage(messages.viewPrice)}
            </Link>
          </li>
        </ul>
      </nav>
      {price ? <IndexPriceAlerts /> : <AlertFeed />}
    </div>
  );
}
