import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/** The words of a live account's holdings at its broker and their sale as CNC orders (issue 63). */
export const brokerHoldingMessages = {
  ...defineMessages({
    title: { id: 'positions.brokerHoldings.title', defaultMessage: 'Holdings at the broker' },
    unknown: {
      id: 'positions.brokerHoldings.unknown',
      defaultMessage: 'Not known now: the broker session is over or the broker did not answer. Log in to the broker again to see them.',
    },
    none: { id: 'positions.brokerHoldings.none', defaultMessage: 'No shares held at the broker.' },
    note: {
      id: 'positions.brokerHoldings.note',
      defaultMessage: 'The demat holdings as the broker reports them, shares delivered at expiry among them. A sale goes to the broker as an equity delivery (CNC) order and appears in the order book.',
    },
    ticketHint: {
      id: 'positions.brokerHoldings.ticketHint',
      defaultMessage:
        'An equity delivery (CNC) sell order placed at the broker like any order: a limit order rests until the price reaches it, and the broker charges it as equity delivery. Follow it in the order book.',
    },
  }),
  sellable: defineMessage<{ sellable: MessageValue }>({ id: 'positions.brokerHoldings.sellable', defaultMessage: '{sellable} can be sold now' }),
  placed: defineMessage<{ symbol: MessageValue }>({
    id: 'positions.brokerHoldings.placed',
    defaultMessage: 'Sale of {symbol} sent to the broker: follow it in the order book.',
  }),
};
