import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/** Whose prices a paper account shows and fills at (lib/trading/price-source.ts), in words. */
export const priceSourceMessages = defineMessages({
  simulated: { id: 'common.priceSource.simulated', defaultMessage: 'Simulated market' },
  simulatedHint: {
    id: 'common.priceSource.simulatedHint',
    defaultMessage: "This paper account's prices come from StrikeDesk's simulated market, not the exchange.",
  },
  feedHint: {
    id: 'common.priceSource.feedHint',
    defaultMessage: "Real prices from a live account's feed. Orders on this paper account fill at its bid and ask; nothing is sent to the broker.",
  },
  switchToSimulator: { id: 'common.priceSource.switchToSimulator', defaultMessage: 'Use the simulated market' },
});

export const feedLiveText = defineMessage<{ broker: MessageValue; account: MessageValue }>({
  id: 'common.priceSource.feedLive',
  defaultMessage: 'Prices: {broker} · {account} (live)',
});

export const feedLoggedOutText = defineMessage<{ broker: MessageValue; account: MessageValue }>({
  id: 'common.priceSource.feedLoggedOut',
  defaultMessage: 'Prices: {broker} · {account} is logged out. Paper orders are paused until it logs in again.',
});

export const feedMissingText = defineMessage({
  id: 'common.priceSource.feedMissing',
  defaultMessage: "Prices: a live account's feed",
});
