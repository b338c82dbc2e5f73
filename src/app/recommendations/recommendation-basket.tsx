import { useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import type { Recommendation } from '@/features/analytics/api/analytics-reads';
import { placeTrades } from '@/features/orders/api/trading-calls';
import type { Product } from '@/features/orders/api/trading-types';
import { ProductChoice } from '@/features/orders/components/product-choice';
import { defaultProduct } from '@/features/orders/model/product-default';
import { useMisWindow } from '@/features/market/hooks/use-mis-window';
import { IntentOutcomeView } from '@/features/orders/components/intent-outcome';
import { LiveOrderDialog } from '@/features/orders/components/live-order-dialog';
import { OrderAccount } from '@/features/orders/components/order-account';
import { ticketText } from '@/features/orders/components/order-ticket-messages';
import { useOrderIntent } from '@/features/orders/hooks/use-order-intent';
import { intentMessages, productMessages, sideMessages } from '@/features/orders/order-messages';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { commonMessages } from '@/i18n/common-messages';
import { useFormat } from '@/lib/format/use-format';
import { useOnlineStatus } from '@/lib/network/use-online-status';
import { useTradingDesk } from '@/app/trading/use-trading-desk';
import { basketMessages, confirmBodyText } from '@/app/strategy-builder/basket-messages';
import { basketRequests } from '@/app/recommendations/recommendation-legs';
import { useLotSizes } from '@/app/recommendations/use-lot-sizes';

const messages = defineMessages({
  trade: { id: 'recommendations.basket.trade', defaultMessage: 'Trade as basket' },
  lotsFailed: { id: 'recommendations.basket.lotsFailed', defaultMessage: 'The contracts could not be looked up: open it in the builder instead.' },
});

const titleText = defineMessage<{ title: MessageValue }>({ id: 'recommendations.basket.title', defaultMessage: 'Review the basket: {title}' });
const placeText = defineMessage<{ count: MessageValue }>({
  id: 'recommendations.basket.place',
  defaultMessage: 'Place {count, plural, one {# order} other {# orders}}',
});

/** "Trade as basket": every leg in one request, reviewed first like the ticket's orders. */
export function RecommendationBasket({ item }: { item: Recommendation }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>{intl.formatMessage(messages.trade)}</Button>
      {open && <BasketReview item={item} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The legs as market orders, hedges first, on the desk's account (named with its Paper or Live badge) and
 * portfolio: each order in the ticket's review words, then one place_trades call under one Idempotency-Key
 * (useOrderIntent, behind the first-live-order-of-the-day question), and each order's final state.
 */
function BasketReview({ item, onClose }: { item: Recommendation; onClose: () => void }) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  const online = useOnlineStatus();
  const desk = useTradingDesk();
  const lotSizes = useLotSizes(item);
  const account = desk.account;
  const intent = useOrderIntent(account);
  // MIS or NRML for every leg: the trade defaults' until the trader picks, NRML once MIS closes for the day.
  const mis = useMisWindow();
  const [chosenProduct, setChosenProduct] = useState<Product | null>(null);
  const product = chosenProduct ?? defaultProduct(desk.defaults.product, mis);
  const orders = lotSizes instanceof Map ? basketRequests(item, lotSizes, product) : null;
  const blocked = !online
    ? basketMessages.offline
    : desk.state === 'ready' && account === null
      ? basketMessages.noAccount
      : account !== null && !desk.sessionOpen
        ? basketMessages.noSession
        : desk.state !== 'ready'
          ? basketMessages.deskLoading
          : lotSizes === 'failed'
            ? messages.lotsFailed
            : null;
  const answered = intent.outcome?.kind === 'answered' || intent.outcome?.kind === 'found';
  const ready = blocked === null && account !== null && orders !== null && !answered;

  const send = async () => {
    if (account === null || orders === null) return;
    const portfolio = desk.portfolio === null ? {} : { portfolio_id: desk.portfolio.id };
    await intent.run((key) => placeTrades(key, { account_number: account.account_number, ...portfolio, orders }));
  };

  const actions = (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onClose} disabled={intent.pending}>
        {intl.formatMessage(answered ? commonMessages.close : commonMessages.cancel)}
      </Button>
      {!answered && (
        <Button onClick={() => void send()} disabled={!ready} busy={intent.pending}>
          {intl.formatMessage(placeText, { count: item.legs.length })}
        </Button>
      )}
    </div>
  );

  return (
    <Modal onClose={() => !intent.pending && onClose()} title={intl.formatMessage(titleText, { title: item.title })} actions={actions}>
      <div className="flex flex-col gap-3 text-sm">
        {account !== null && <OrderAccount account={account} />}
        {!answered && (
          <ProductChoice
            value={product}
            mis={mis}
            onChange={(picked) => {
              setChosenProduct(picked);
              // Other orders, another intent: a new key.
              intent.changed();
            }}
          />
        )}
        {orders === null ? (
          blocked === null && <p className="text-fg-muted">{intl.formatMessage(basketMessages.resolving)}</p>
        ) : (
          <ul className="flex flex-col gap-1" data-testid="basket-review">
            {orders.map((order) => (
              <li key={order.tradingsymbol} className={order.transaction_type === 'BUY' ? 'text-profit' : 'text-loss'}>
                {intl.formatMessage(ticketText.review, {
                  side: intl.formatMessage(sideMessages[order.transaction_type]),
                  quantity: formatNumber(order.quantity),
                  symbol: order.tradingsymbol,
                  how: intl.formatMessage(ticketText.atMarket),
                  product: intl.formatMessage(productMessages[product]),
                })}
              </li>
            ))}
          </ul>
        )}
        <p className="text-fg-muted">{intl.formatMessage(confirmBodyText, { count: item.legs.length })}</p>
        {blocked !== null && <p role="status" className="font-medium text-warn">{intl.formatMessage(blocked)}</p>}
        {intent.pending && <p className="text-fg-muted">{intl.formatMessage(intentMessages.sending)}</p>}
        <IntentOutcomeView outcome={intent.outcome} checking={intent.checking} />
      </div>
      <LiveOrderDialog {...intent.question} />
    </Modal>
  );
}
