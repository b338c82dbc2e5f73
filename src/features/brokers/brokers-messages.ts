import { defineMessages } from 'react-intl';

/** Words several broker screens share. */
export const brokersMessages = defineMessages({
  title: { id: 'brokers.title', defaultMessage: 'Broker accounts' },
  description: {
    id: 'brokers.description',
    defaultMessage: 'Link your broker accounts and log in to them each trading day.',
  },
  addAccount: { id: 'brokers.addAccount', defaultMessage: 'Add account' },
  logIn: { id: 'brokers.logIn', defaultMessage: 'Log in to broker' },
  logInAgain: { id: 'brokers.logInAgain', defaultMessage: 'Log in to the broker again' },
  logOut: { id: 'brokers.logOut', defaultMessage: 'Log out of broker' },
  backToAccounts: { id: 'brokers.backToAccounts', defaultMessage: 'Back to broker accounts' },
});
