import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const complianceMessages = defineMessages({
  title: { id: 'brokers.compliance.title', defaultMessage: 'SEBI compliance' },
  session: { id: 'brokers.compliance.session', defaultMessage: 'Session' },
  orders: { id: 'brokers.compliance.orders', defaultMessage: 'Orders a second' },
  algo: { id: 'brokers.compliance.algo', defaultMessage: 'Algo ID' },
  staticIp: { id: 'brokers.compliance.staticIp', defaultMessage: 'Static IP' },
  loggedOut: { id: 'brokers.compliance.loggedOut', defaultMessage: 'Logged out: log in to the broker before you trade' },
  noAlgoField: {
    id: 'brokers.compliance.noAlgoField',
    defaultMessage: "This broker's order API carries no algo ID: the broker marks orders from its API itself",
  },
  staticIpUnset: {
    id: 'brokers.compliance.staticIpUnset',
    defaultMessage: "Not set: register your server's static IP at the broker, then enter it here",
  },
  staticIpCheck: {
    id: 'brokers.compliance.staticIpCheck',
    defaultMessage: 'StrikeDesk cannot see the address its orders leave from: check with your broker that it is this one.',
  },
  above: {
    id: 'brokers.compliance.above',
    defaultMessage: 'More orders a second than this needs an algo registered with the exchange through your broker.',
  },
  loading: { id: 'brokers.compliance.loading', defaultMessage: 'Reading the compliance state…' },
  failed: { id: 'brokers.compliance.failed', defaultMessage: 'The compliance state could not be read' },
  edit: { id: 'brokers.compliance.edit', defaultMessage: 'Edit static IP and algo ID' },
  saved: { id: 'brokers.compliance.saved', defaultMessage: 'Compliance settings saved' },
  ipLabel: { id: 'brokers.compliance.ipLabel', defaultMessage: 'Static IP registered at the broker' },
  ipHint: { id: 'brokers.compliance.ipHint', defaultMessage: "IPv4 or IPv6, as in the broker's developer console. Leave empty to clear." },
  algoLabel: { id: 'brokers.compliance.algoLabel', defaultMessage: 'Algo ID' },
  algoHint: {
    id: 'brokers.compliance.algoHint',
    defaultMessage: 'The ID the broker gave your registered strategy. Leave empty if you have none.',
  },
  warning: { id: 'brokers.compliance.warning', defaultMessage: 'Warning: ' },
});

type Values = Record<string, MessageValue>;

export const validUntil = defineMessage<Values>({ id: 'brokers.compliance.validUntil', defaultMessage: 'Valid until {date}, {time} IST' });
export const expiredAt = defineMessage<Values>({
  id: 'brokers.compliance.expiredAt',
  defaultMessage: 'Expired at {date}, {time} IST: log in to the broker again',
});
export const peakOfLimit = defineMessage<Values>({
  id: 'brokers.compliance.peakOfLimit',
  defaultMessage: 'Busiest second today: {peak} of {limit}',
});
export const limitsLine = defineMessage<Values>({ id: 'brokers.compliance.limits', defaultMessage: "Broker's limits: {limits}" });
export const perWindow = defineMessage<Values>({
  id: 'brokers.compliance.perWindow',
  defaultMessage:
    '{seconds, select, day {{count} a day} 1 {{count} a second} 60 {{count} a minute} other {{count} in {minutes} minutes}}',
});
export const algoSent = defineMessage<Values>({ id: 'brokers.compliance.algoSent', defaultMessage: '{id}, sent as {field} with every order' });
export const algoUnset = defineMessage<Values>({
  id: 'brokers.compliance.algoUnset',
  defaultMessage: 'Not set: orders carry {sent} as {field}, no registered algo ID',
});
export const algoKept = defineMessage<Values>({ id: 'brokers.compliance.algoKept', defaultMessage: '{id} (yours, kept here)' });
export const summary = defineMessage<Values>({
  id: 'brokers.compliance.summary',
  defaultMessage: 'Compliance: {count, plural, =0 {in order} one {# warning} other {# warnings}}',
});
