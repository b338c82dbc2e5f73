import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const basketMessages = defineMessages({
  title: { id: 'strategies.basket.title', defaultMessage: 'Trade the strategy' },
  confirmTitle: { id: 'strategies.basket.confirmTitle', defaultMessage: 'Place every leg at market?' },
  confirm: { id: 'strategies.basket.confirm', defaultMessage: 'Place the orders' },
  partialTitle: { id: 'strategies.basket.partialTitle', defaultMessage: 'Only part of the strategy was traded' },
  partialBody: {
    id: 'strategies.basket.partialBody',
    defaultMessage: 'Some legs filled and others did not: the position is not the strategy you built. Retry the failed legs, or exit what filled.',
  },
  retry: { id: 'strategies.basket.retry', defaultMessage: 'Retry the failed legs' },
  exit: { id: 'strategies.basket.exit', defaultMessage: 'Exit what filled' },
  exitTitle: { id: 'strategies.basket.exitTitle', defaultMessage: 'Square off the filled legs?' },
  exitBody: { id: 'strategies.basket.exitBody', defaultMessage: 'Each filled leg is closed at market in this portfolio.' },
  exited: { id: 'strategies.basket.exited', defaultMessage: 'The filled legs were sent to be squared off.' },
  offline: { id: 'strategies.basket.offline', defaultMessage: 'You are offline: trading is disabled.' },
  noAccount: { id: 'strategies.basket.noAccount', defaultMessage: 'Set up a broker account to trade.' },
  noSession: { id: 'strategies.basket.noSession', defaultMessage: 'Log in to the broker to trade.' },
  snapshot: { id: 'strategies.basket.snapshot', defaultMessage: 'Take the strategy live (current prices) before trading it.' },
  noLegs: { id: 'strategies.basket.noLegs', defaultMessage: 'Switch on at least one leg to trade.' },
  resolving: { id: 'strategies.basket.resolving', defaultMessage: 'A leg’s contract is still being looked up.' },
  unpriced: { id: 'strategies.basket.unpriced', defaultMessage: 'A leg has no price: switch it off or remove it to trade the others.' },
  deskLoading: { id: 'strategies.basket.deskLoading', defaultMessage: 'The account’s portfolios are still loading.' },
});

export const tradeAllText = defineMessage<{ count: MessageValue }>({
  id: 'strategies.basket.tradeAll',
  defaultMessage: 'Trade all ({count, plural, one {# leg} other {# legs}})',
});
export const confirmBodyText = defineMessage<{ count: MessageValue }>({
  id: 'strategies.basket.confirmBody',
  defaultMessage: '{count, plural, one {# order goes} other {# orders go}} to the broker as one basket, hedges (buys) first.',
});
export const failedLegText = defineMessage<{ symbol: MessageValue; reason: MessageValue }>({
  id: 'strategies.basket.failedLeg',
  defaultMessage: '{symbol}: failed — {reason}',
});
export const notSentText = defineMessage<{ symbol: MessageValue }>({ id: 'strategies.basket.notSent', defaultMessage: '{symbol}: not sent' });
export const productText = defineMessage<{ product: MessageValue }>({ id: 'strategies.basket.product', defaultMessage: 'Every leg as {product}.' });
