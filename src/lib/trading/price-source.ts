/**
 * Whose prices an account's screens show and its orders fill at (issue 38): a live account's are its own
 * broker's; a paper account's the simulated market's, or the feed of one of the trader's live accounts
 * (`market_account_id`). The one place that says so, for the strip, the desk and the account settings.
 */
import type { BrokerAccount } from '@/lib/session/user-profile-atoms';
import { tradingModeOf } from '@/lib/trading/trading-mode';

export type PriceSource =
  | { kind: 'simulator' }
  | { kind: 'own' }
  /** `feed`: the live account, null when the list does not hold it (being read again); `loggedIn`: it streams now. */
  | { kind: 'feed'; feed: BrokerAccount | null; loggedIn: boolean };

export function priceSourceOf(account: Pick<BrokerAccount, 'broker' | 'market_account_id'>, accounts: readonly BrokerAccount[]): PriceSource {
  if (tradingModeOf(account) === 'live') return { kind: 'own' };
  const feedId = account.market_account_id ?? null;
  if (feedId === null) return { kind: 'simulator' };
  const feed = accounts.find((candidate) => candidate.id === feedId) ?? null;
  return { kind: 'feed', feed, loggedIn: feed?.is_logged_in === true };
}

/** The brand a trader knows each live broker by, short enough for the price strip (the same in every language). */
const feedBrands: Readonly<Record<string, string>> = { kite: 'Kite', upstox: 'Upstox', dhan: 'Dhan', shoonya: 'Shoonya', flattrade: 'Flattrade' };

/** A broker's name as the price source says it ("Prices: Kite · AB1234 (live)"); a broker not listed by its slug. */
export function feedBrokerName(slug: string): string {
  return Object.hasOwn(feedBrands, slug) ? feedBrands[slug]! : slug;
}
