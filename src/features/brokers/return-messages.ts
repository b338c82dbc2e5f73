import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const returnDescription = defineMessage<{ broker: MessageValue }>({
  id: 'brokers.loginDescription',
  defaultMessage: 'Broker: {broker}',
});

export const returnMessages = defineMessages({
  title: { id: 'brokers.loginTitle', defaultMessage: 'Broker login' },
  completing: { id: 'brokers.return.completing', defaultMessage: 'Completing broker login…' },
  cancelled: { id: 'brokers.return.cancelled', defaultMessage: 'Broker login cancelled' },
  cancelledHint: {
    id: 'brokers.return.cancelledHint',
    defaultMessage: 'You left the broker’s login page before finishing, so no broker session was opened.',
  },
  brokerFailed: { id: 'brokers.return.brokerFailed', defaultMessage: 'The broker did not log you in' },
  brokerFailedHint: {
    id: 'brokers.return.brokerFailedHint',
    defaultMessage: 'The broker’s login page reported a problem. Log in to the broker again.',
  },
  noToken: { id: 'brokers.return.noToken', defaultMessage: 'The broker sent no valid login token' },
  noTokenHint: {
    id: 'brokers.return.noTokenHint',
    defaultMessage: 'This address has no usable request token, so the login cannot be completed. Log in to the broker again.',
  },
  noAccount: { id: 'brokers.return.noAccount', defaultMessage: 'Broker login could not be completed' },
  noAccountHint: {
    id: 'brokers.return.noAccountHint',
    defaultMessage: 'We could not tell which account was logging in. Start the broker login again from Broker accounts.',
  },
});
