import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/** The screen, the account chooser and the portfolios part. */
export const portfolioMessages = defineMessages({
  title: { id: 'portfolios.title', defaultMessage: 'Portfolios and bots' },
  description: {
    id: 'portfolios.description',
    defaultMessage: 'Group your bots into portfolios under each broker account.',
  },
  account: { id: 'portfolios.account', defaultMessage: 'Broker account' },
  accountsLoading: { id: 'portfolios.accountsLoading', defaultMessage: 'Loading your broker accounts…' },
  accountsFailed: { id: 'portfolios.accountsFailed', defaultMessage: 'Your broker accounts could not be loaded.' },
  noAccountsTitle: { id: 'portfolios.noAccountsTitle', defaultMessage: 'No broker account yet' },
  noAccountsText: {
    id: 'portfolios.noAccountsText',
    defaultMessage: 'Portfolios live under a broker account. Link one, then come back to create portfolios and bots.',
  },
  noAccountsAction: { id: 'portfolios.noAccountsAction', defaultMessage: 'Link a broker account first' },
  portfolios: { id: 'portfolios.heading', defaultMessage: 'Portfolios' },
  newPortfolio: { id: 'portfolios.new', defaultMessage: 'New portfolio' },
  loading: { id: 'portfolios.loading', defaultMessage: 'Loading the portfolios…' },
  loadFailed: { id: 'portfolios.loadFailed', defaultMessage: 'The portfolios could not be loaded.' },
  emptyTitle: { id: 'portfolios.emptyTitle', defaultMessage: 'No portfolios in this account yet' },
  emptyText: {
    id: 'portfolios.emptyText',
    defaultMessage: 'A portfolio sets capital aside for a group of bots, for example one per strategy or per index.',
  },
  emptyAction: { id: 'portfolios.emptyAction', defaultMessage: 'Create your first portfolio' },
  capital: { id: 'portfolios.capital', defaultMessage: 'Capital' },
  noDescription: { id: 'portfolios.noDescription', defaultMessage: 'No description' },
  showBots: { id: 'portfolios.showBots', defaultMessage: 'Show bots' },
  showingBots: { id: 'portfolios.showingBots', defaultMessage: 'Showing bots' },
  offline: {
    id: 'portfolios.offline',
    defaultMessage: 'You are offline: portfolios and bots can be changed again once you are back online.',
  },
  // Notification titles: formatted by the toaster with the values passed to notify().
  created: { id: 'portfolios.created', defaultMessage: 'Portfolio “{name}” created' },
  updated: { id: 'portfolios.updated', defaultMessage: 'Portfolio “{name}” updated' },
  deleted: { id: 'portfolios.deleted', defaultMessage: 'Portfolio “{name}” deleted' },
});

export const portfolioFormMessages = defineMessages({
  createTitle: { id: 'portfolios.form.createTitle', defaultMessage: 'New portfolio' },
  name: { id: 'portfolios.form.name', defaultMessage: 'Name' },
  nameHint: { id: 'portfolios.form.nameHint', defaultMessage: 'For example “Weekly expiry”' },
  description: { id: 'portfolios.form.description', defaultMessage: 'Description' },
  descriptionHint: { id: 'portfolios.form.descriptionHint', defaultMessage: 'Optional: what its bots are for' },
  capital: { id: 'portfolios.form.capital', defaultMessage: 'Capital (₹)' },
  capitalTooHigh: {
    id: 'portfolios.form.capitalTooHigh',
    defaultMessage: '{label} cannot be more than the {free} still free in this account',
  },
  create: { id: 'portfolios.form.create', defaultMessage: 'Create portfolio' },
  save: { id: 'portfolios.form.save', defaultMessage: 'Save portfolio' },
});

export const allocatedText = defineMessage<{ allocated: MessageValue; capital: MessageValue }>({
  id: 'portfolios.allocated',
  defaultMessage: '{allocated} of {capital} allocated',
});
export const accountOption = defineMessage<{ name: MessageValue; number: MessageValue }>({
  id: 'portfolios.accountOption',
  defaultMessage: '{name} ({number})',
});
export const editTitle = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.form.editTitle',
  defaultMessage: 'Edit “{name}”',
});
export const underAccount = defineMessage<{ account: MessageValue }>({
  id: 'portfolios.form.underAccount',
  defaultMessage: 'Under the account “{account}”',
});
export const capitalHint = defineMessage<{ free: MessageValue }>({
  id: 'portfolios.form.capitalHint',
  defaultMessage: '{free} of the account’s capital is still free',
});
export const editLabel = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.editLabel',
  defaultMessage: 'Edit {name}',
});
export const deleteLabel = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.deleteLabel',
  defaultMessage: 'Delete {name}',
});
export const deleteTitle = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.deleteTitle',
  defaultMessage: 'Delete the portfolio “{name}”?',
});
export const deleteText = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.deleteText',
  defaultMessage:
    '“{name}” is deleted with all its bots: its trading bots and daily bots are deleted too. Its capital goes back to the account. This cannot be undone.',
});
export const deleteConfirm = defineMessage({ id: 'portfolios.deleteConfirm', defaultMessage: 'Delete portfolio' });
