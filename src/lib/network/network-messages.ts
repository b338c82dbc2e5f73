import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/**
 * The one way the app words a network cause (issue 24: one cause, one message): the header's badge says it
 * once for every screen, trading controls repeat it as their reason, and data shows its "as of" time.
 */
export const networkMessages = defineMessages({
  offlineBadge: { id: 'network.offlineBadge', defaultMessage: 'Offline' },
  unreachableBadge: { id: 'network.unreachableBadge', defaultMessage: 'No connection' },
  tradingOffline: { id: 'network.tradingOffline', defaultMessage: 'You are offline: trading is disabled until the connection returns.' },
});

export const networkText = {
  offlineHint: defineMessage<{ time: MessageValue }>({
    id: 'network.offlineHint',
    defaultMessage: 'Offline since {time} IST: screens show their last saved copy; trading needs a connection.',
  }),
  unreachableHint: defineMessage<{ time: MessageValue }>({
    id: 'network.unreachableHint',
    defaultMessage: 'No answer from the server since {time} IST, though the device reports a connection: screens show their last saved copy; trading is disabled.',
  }),
  tradingUnreachable: defineMessage<{ time: MessageValue }>({
    id: 'network.tradingUnreachable',
    defaultMessage: 'No answer from the server since {time} IST: trading is disabled until it answers again.',
  }),
};
