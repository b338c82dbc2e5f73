import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/** Positions grouped by the bot that made them. */
export const groupMessages = defineMessages({
  ownOrders: { id: 'positions.groups.ownOrders', defaultMessage: 'Your own orders' },
  groupPnl: { id: 'positions.groups.netPnl', defaultMessage: 'Net P&L' },
  none: { id: 'positions.groups.none', defaultMessage: 'No positions today.' },
  heading: { id: 'positions.groups.heading', defaultMessage: 'Positions by bot' },
});

export const botKindMessage = defineMessage<{ kind: MessageValue }>({
  id: 'positions.groups.kind',
  defaultMessage: '{kind, select, daily {Daily bot} other {Trading bot}}',
});
