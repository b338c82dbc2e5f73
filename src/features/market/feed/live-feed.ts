/**
 * The app's one price feed: the reference server's event stream (with the trader's bearer token, which only
 * fetch can send) and the analytics market_data call as its fallback. It pauses while the page is hidden or
 * offline and resumes on return.
 */
import { analyticsApi, runtimeConfig } from '@/lib/api/clients';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';
import { createPriceFeed, type FeedTransport, type MarketSnapshot, type PriceFeed } from '@/features/market/feed/price-feed';

const transport: FeedTransport = {
  async openStream(instruments, signal) {
    const token = store.get(tokenAtom);
    const response = await fetch(`${runtimeConfig().apiBaseUrl}/api/market/stream/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ instruments }),
      signal,
    });
    if (!response.ok || response.body === null) throw new Error(`the price stream answered ${response.status}`);
    return response.body;
  },
  async poll(instruments, signal) {
    const { data, error } = await analyticsApi().POST('/functions/v1/market_data', { body: { instruments: [...instruments] }, signal });
    if (data === undefined) throw error instanceof Error ? error : new Error('market_data failed');
    return data as MarketSnapshot;
  },
};

let feed: PriceFeed | null = null;

export function liveFeed(): PriceFeed {
  if (feed !== null) return feed;
  const created = createPriceFeed({ store, transport });
  const follow = () => {
    if (document.visibilityState === 'hidden' || !navigator.onLine) created.pause();
    else created.resume();
  };
  document.addEventListener('visibilitychange', follow);
  window.addEventListener('online', follow);
  window.addEventListener('offline', follow);
  follow();
  feed = created;
  return created;
}
