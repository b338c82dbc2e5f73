import { useIntl } from 'react-intl';
import { useState } from 'react';
import type { Order, Product } from '@/features/orders/api/trading-types';
import { ProductChoice } from '@/features/orders/components/product-choice';
import { defaultProduct } from '@/features/orders/model/product-default';
import type { BuilderLeg } from '@/features/strategies/model/builder-leg';
import { useBrokerCapabilities } from '@/features/brokers/hooks/use-broker-capabilities';
import { useMarketClosed } from '@/features/market/hooks/use-market-status';
import { useMisWindow } from '@/features/market/hooks/use-mis-window';
import { SelectField } from '@/components/ui/select-field';
import { useOnlineStatus } from '@/lib/network/use-online-status';
import { AccountChoice } from '@/app/trading/account-choice';
import type { TradingDesk } from '@/app/trading/use-trading-desk';
import { basketMessages } from '@/app/strategy-builder/basket-messages';
import { BasketTrade } from '@/app/strategy-builder/basket-trade';
import { builderMessages } from '@/app/strategy-builder/builder-messages';

type BuilderTradingProps = {
  desk: TradingDesk;
  legs: readonly BuilderLeg[];
  readOnly: boolean;
  /**
   * Whether a leg the trader has on has no price (builder-screen's `unpricedLeg`). The basket then waits: sent
   * without it, the position would not be the strategy built (a wing missing is a naked short), so the trader
   * switches it off or removes it, a choice of their own, before the rest can be traded.
   */
  unpricedOn: boolean;
  onFilled: (fills: ReadonlyMap<string, Order>) => void;
};

/** Which account and portfolio the basket trades for (the desk's choice, kept across screens), and the basket. */
export function BuilderTrading({ desk, legs, readOnly, unpricedOn, onFilled }: BuilderTradingProps) {
  const intl = useIntl();
  const online = useOnlineStatus();
  const account = desk.account;
  const capabilities = useBrokerCapabilities(account);
  // Closed market: the basket's legs go as after-market orders (AMO), which the basket says (and asks for, on the
  // brokers that make it the trader's choice).
  const afterMarket = useMarketClosed();
  // MIS or NRML for every leg: the trade defaults' until the trader picks, NRML once MIS closes for the day.
  const mis = useMisWindow();
  const [chosenProduct, setChosenProduct] = useState<Product | null>(null);
  const product = chosenProduct ?? defaultProduct(desk.defaults.product, mis);
  const blocked = !online
    ? basketMessages.offline
    : account === null
      ? basketMessages.noAccount
      : !desk.sessionOpen
        ? basketMessages.noSession
        : desk.state !== 'ready'
          ? basketMessages.deskLoading
          : readOnly
          ? basketMessages.snapshot
          : unpricedOn
            ? basketMessages.unpriced
          : !legs.some((leg) => leg.enabled)
            ? basketMessages.noLegs
            : legs.some((leg) => leg.enabled && leg.tradingsymbol === '')
              ? basketMessages.resolving
              : null;
  return (
    <div className="flex flex-col gap-3">
      {account !== null && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-3xl">
          <AccountChoice desk={desk} />
          <SelectField
            label={intl.formatMessage(builderMessages.portfolio)}
            value={desk.portfolio?.id ?? ''}
            onChange={(event) => desk.choosePortfolio(event.target.value === '' ? null : Number(event.target.value))}
          >
            {desk.portfolios.length === 0 && <option value="">{intl.formatMessage(builderMessages.accountOnly)}</option>}
            {desk.portfolios.map((item) => (
              <option key={item.id} value={item.id}>{item.name}</option>
            ))}
          </SelectField>
          <ProductChoice value={product} onChange={setChosenProduct} mis={mis} />
        </div>
      )}
      <BasketTrade
        legs={legs}
        account={account}
        capabilities={capabilities}
        portfolioId={desk.portfolio?.id ?? null}
        product={product}
        blocked={blocked === null ? null : intl.formatMessage(blocked)}
        afterMarket={afterMarket}
        onFilled={(fills) => onFilled(new Map([...fills].map(([id, result]) => [id, result.order])))}
      />
    </div>
  );
}
