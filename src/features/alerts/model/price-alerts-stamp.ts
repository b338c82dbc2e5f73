import { atom } from 'jotai';

/**
 * Moves whenever the trader's price alerts change outside the list: one fired (the alerts poller saw a new
 * price alert in the feed) or one was made from the option chain. The price-alert list reads them again.
 */
export const priceAlertsStampAtom = atom(0);
