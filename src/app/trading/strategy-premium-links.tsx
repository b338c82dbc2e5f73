import PresentationChartBarIcon from '@heroicons/react/24/outline/PresentationChartBarIcon';
import { useEffect, useState } from 'react';
import { defineMessage, type MessageValue, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { instrumentsForTheDay } from '@/features/market/api/cached-market-facts';
import type { IndexName } from '@/features/market/api/get-expiries';
import type { Position } from '@/features/positions/api/position-calls';
import { premiumChartPath } from '@/lib/charts/premium-link';
import { useFormat } from '@/lib/format/use-format';
import { bookStrategies } from '@/app/trading/book-strategies';

const label = defineMessage({ id: 'positions.strategyPremium.label', defaultMessage: 'Premium charts of the strategies held' });
const linkText = defineMessage<{ index: MessageValue; expiry: MessageValue; legs: number }>({
  id: 'positions.strategyPremium.link',
  defaultMessage: 'Premium chart: {index} {expiry} ({legs, plural, one {# leg} other {# legs}})',
});

/**
 * The live book's strategies, each a link to its combined premium chart (issue 40): a trader holding a straddle or
 * an iron condor opens the net premium of all its legs, where each row's own chart button opens one leg's. The legs'
 * lot sizes come from the day's listed contracts (kept for the day); until they arrive, or where they cannot be read,
 * the legs are in the ratio of their quantities, which charts the same premium.
 */
export function StrategyPremiumLinks({ positions, day }: { positions: readonly Position[]; /** A past trading day's book opens its chart on that day. */ day?: string | undefined }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const [lotSizes, setLotSizes] = useState<ReadonlyMap<string, number>>(new Map());
  const strategies = bookStrategies(positions, (symbol) => lotSizes.get(symbol));
  const wanted = strategies.map((strategy) => `${strategy.index}:${strategy.expiry}`).join(',');

  useEffect(() => {
    let current = true;
    for (const key of wanted === '' ? [] : wanted.split(',')) {
      const [index, expiry] = key.split(':') as [IndexName, string];
      instrumentsForTheDay(index, expiry)
        .then((chain) => {
          if (!current) return;
          setLotSizes((known) => {
            const next = new Map(known);
            for (const instrument of chain.instruments) next.set(instrument.tradingsymbol, instrument.lot_size);
            return next;
          });
        })
        .catch(() => undefined);
    }
    return () => {
      current = false;
    };
  }, [wanted]);

  if (strategies.length === 0) return null;
  return (
    <nav aria-label={intl.formatMessage(label)} className="flex flex-wrap gap-2">
      {strategies.map((strategy) => (
        <Link
          key={`${strategy.index}:${strategy.expiry}`}
          to={premiumChartPath(strategy.legs, day)}
          data-testid="strategy-premium-link"
          className="inline-flex min-h-11 items-center gap-2 rounded-md border border-line px-3 text-sm font-medium text-brand hover:bg-surface-raised"
        >
          <PresentationChartBarIcon aria-hidden="true" className="size-4 shrink-0" />
          {intl.formatMessage(linkText, { index: strategy.index, expiry: formatDate(strategy.expiry), legs: strategy.legs.length })}
        </Link>
      ))}
    </nav>
  );
}
