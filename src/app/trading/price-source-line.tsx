import { useIntl } from 'react-intl';
import { priceSourceMessages } from '@/components/trading/price-source-messages';
import { PriceSourceNote } from '@/components/trading/price-source-note';
import { Button } from '@/components/ui/button';
import type { TradingDesk } from '@/app/trading/use-trading-desk';
import { useChooseMarket } from '@/features/brokers/hooks/use-choose-market';
import { useOnlineStatus } from '@/lib/network/use-online-status';
import { priceSourceOf } from '@/lib/trading/price-source';

/**
 * Under the account a trading screen shows: whose prices a paper account's screen shows and fills at
 * ("Prices: Kite · AB1234 (live)"), and, once that live account has logged out, the way
 * back to the simulated market (issue 38).
 */
export function PriceSourceLine({ desk, account }: { desk: TradingDesk; account: NonNullable<TradingDesk['account']> }) {
  const intl = useIntl();
  const { choose, loading } = useChooseMarket(account);
  const online = useOnlineStatus();
  const source = priceSourceOf(account, desk.accounts);
  // The simulated market is said by the index strip on every screen; under the account it would take a line
  // of the desk's height from the chain (one strike fewer at 1280 x 800). A live feed is said here too.
  if (source.kind === 'own' || source.kind === 'simulator') return null;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <PriceSourceNote source={source} />
      {source.kind === 'feed' && source.feed !== null && !source.loggedIn ? (
        <Button
          variant="secondary"
          className="min-h-9 px-2 text-sm"
          busy={loading}
          disabled={!online}
          onClick={() => void choose(null).then(() => desk.reload())}
        >
          {intl.formatMessage(priceSourceMessages.switchToSimulator)}
        </Button>
      ) : null}
    </span>
  );
}
