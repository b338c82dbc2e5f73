import { defineMessages } from 'react-intl';

/**
 * The widths of the account list's columns from 768 px, shared by the header row and every account row
 * so they line up like a table: flex proportions (no gaps; cells carry their own padding).
 */
export const columns = {
  account: 'md:min-w-0 md:basis-0 md:grow-[3] md:px-3',
  details: 'md:flex md:min-w-0 md:basis-0 md:grow-[8]',
  number: 'md:min-w-0 md:basis-0 md:grow-[2] md:px-3',
  capital: 'md:min-w-0 md:basis-0 md:grow-[2.5] md:px-3 md:text-end',
  session: 'md:min-w-0 md:basis-0 md:grow-[3.5] md:px-3',
  actions: 'md:w-20 md:shrink-0 md:px-3',
} as const;

/** The columns' names: the header row's text and each card's labels. */
export const columnMessages = defineMessages({
  account: { id: 'brokers.column.account', defaultMessage: 'Account' },
  number: { id: 'brokers.column.number', defaultMessage: 'Account number' },
  capital: { id: 'brokers.column.capital', defaultMessage: 'Capital' },
  session: { id: 'brokers.column.session', defaultMessage: 'Broker session' },
  actions: { id: 'brokers.column.actions', defaultMessage: 'Actions' },
  list: { id: 'brokers.list', defaultMessage: 'Your broker accounts' },
});
