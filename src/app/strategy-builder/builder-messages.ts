import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const builderMessages = defineMessages({
  title: { id: 'strategies.builderTitle', defaultMessage: 'Strategy builder' },
  description: { id: 'strategies.builderDescription', defaultMessage: 'Assemble option legs and see the payoff before you trade.' },
  openedMissing: { id: 'strategies.builder.openedMissing', defaultMessage: 'The recommended contracts are no longer listed: build the strategy again from the chain.' },
  expiry: { id: 'strategies.builder.expiry', defaultMessage: 'Expiry' },
  presets: { id: 'strategies.builder.presets', defaultMessage: 'Start from a preset' },
  addLeg: { id: 'strategies.builder.addLeg', defaultMessage: 'Add a leg' },
  add: { id: 'strategies.builder.add', defaultMessage: 'Add at the money' },
  clear: { id: 'strategies.builder.clear', defaultMessage: 'Clear all legs' },
  toTrade: { id: 'strategies.builder.toTrade', defaultMessage: 'Go to Trade all' },
  loading: { id: 'strategies.builder.loading', defaultMessage: 'Loading the option chain…' },
  failed: { id: 'strategies.builder.failed', defaultMessage: 'The option chain could not be loaded.' },
  waitPrices: { id: 'strategies.builder.waitPrices', defaultMessage: 'Prices for these strikes have not arrived yet. Try again in a moment.' },
  snapshotTitle: { id: 'strategies.builder.snapshotTitle', defaultMessage: 'A saved strategy, read-only' },
  goLive: { id: 'strategies.builder.goLive', defaultMessage: 'Use current prices and edit' },
  portfolio: { id: 'strategies.builder.portfolio', defaultMessage: 'Portfolio' },
  accountOnly: { id: 'strategies.builder.accountOnly', defaultMessage: 'No portfolio (account only)' },
});

export const snapshotText = defineMessage<{ name: MessageValue; time: MessageValue }>({
  id: 'strategies.builder.snapshot',
  defaultMessage: '“{name}”: prices as of {time}, as it was saved. Nothing here follows the market.',
});

/** The contracts the account's broker does not stream (issue 64): never priced, so no "try again". */
export const unstreamedText = defineMessage<{ broker: MessageValue; contracts: MessageValue; count: number }>({
  id: 'strategies.builder.unstreamed',
  defaultMessage: '{broker} does not stream prices for {contracts}: {count, plural, one {it cannot be priced or added here.} other {they cannot be priced or added here.}}',
});
