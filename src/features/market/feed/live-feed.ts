/**
 * The app's one price feed: the reference server's event stream (with the trader's bearer token, which only
 * fetch can send) and the analytics market_data call as its fallback. It pauses while the page is hidden or
 * offline and resumes on return, and one tab runs it for all the tabs of the app. Its last quotes are kept on
 * the device, and shown with their age when the connection is gone (kept-quotes.ts).
 */
import { analyticsApi, runtimeConfig } from '@/lib/api/clients';
import { reportAnswered, reportUnanswered } from '@/lib/network/network-atom';
import { watchStream } from '@/lib/network/watch-stream';
import { openReplay, openReplayAtom, type HeldReplay } from '@/lib/replay/replay-atom';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { brokerAccountsAtom, selectedAccountAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import { keepQuotes, restoreWhenCut } from '@/features/market/feed/kept-quotes';
import { createPriceFeed, type FeedTransport, type MarketSnapshot, type PriceFeed } from '@/features/market/feed/price-feed';
import { followOrderNotices, shownAccountAtom } from '@/features/market/feed/order-notices';

/** The analytics contract's limit per market_data call. */
const marketDataLimit = 500;

/** The account the screens show: the trader's choice, else the one a screen of orders or positions follows. */
function shownAccount(): { id: number; broker: string } | null {
  return store.get(selectedAccountAtom) ?? store.get(shownAccountAtom);
}

/** The live account a paper account takes its prices from (issue 38), as the accounts list has it; else null. */
function feedAccountOf(accountId: number): { id: number; broker: string } | null {
  const accounts = store.get(brokerAccountsAtom);
  const feedId = accounts.find((account) => account.id === accountId)?.market_account_id ?? null;
  return feedId === null ? null : (accounts.find((account) => account.id === feedId) ?? null);
}

/**
 * The live account whose prices the stream carries: the shown account when it is live, or the live account a
 * shown paper account trades on; never the simulator's then. Live is any broker but paper
 * (lib/trading/trading-mode.ts's rule, written out here: importing that module into this chunk moves it into
 * the first visit's entry, which is at its budget).
 */
function liveAccount(): { id: number; broker: string } | null {
  const account = shownAccount();
  // A replay's own account (broker `replay`) has no feed: its prices are the replay's (followReplay).
  if (account === null || account.broker === 'replay') return null;
  return account.broker !== 'paper' ? { id: account.id, broker: account.broker } : feedAccountOf(account.id);
}

/** The shown account, paper or live: its stream tells its order changes (order-notices.ts). */
function chosenAccountId(): number | null {
  return shownAccount()?.id ?? null;
}

/** What the open stream depends on: the account named, and where a paper one's prices come from. */
function streamKey(): string {
  const id = chosenAccountId();
  return id === null ? '' : `${id}:${feedAccountOf(id)?.id ?? ''}`;
}

/**
 * Whose prices the shown account reads: a live account's (its own, or the feed a paper account is on: the same
 * market, so a Kite account and a paper account on its feed share their quotes), the simulator's, or null before
 * any account is known (the account held by the selection knows its feed before the accounts list has loaded).
 */
function priceSourceKey(): string | null {
  const account = shownAccount();
  if (account === null) return null;
  if (account.broker !== 'paper') return `live:${account.id}`;
  const feedId = ('market_account_id' in account ? account.market_account_id : null) ?? feedAccountOf(account.id)?.id ?? null;
  return feedId === null ? 'simulator' : `live:${feedId}`;
}

/** The account the stream being opened was asked for. */
let streamAccountId: number | null = null;

const transport: FeedTransport = {
  async openStream(instruments, signal) {
    // A replay's market is read, never streamed: the feed polls it (below).
    if (openReplay() !== null) throw new Error('a replay has no price stream');
    const token = store.get(tokenAtom);
    const accountId = chosenAccountId();
    let response: Response;
    try {
      response = await fetch(`${runtimeConfig().apiBaseUrl}/api/market/stream/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        // The chosen account: a live one's prices are its broker's (a paper one's and none's the simulator's),
        // and its order changes come on the stream. JSON leaves out an undefined account_id. The compact
        // encoding: names once, integers after (a quarter fewer bytes on a phone's data plan, after gzip).
        body: JSON.stringify({ instruments, account_id: accountId ?? undefined, format: 'compact' }),
        signal,
      });
    } catch (error) {
      // A stream that cannot open is the server unreachable, for trading as for prices (lib/network).
      if (!signal.aborted) reportUnanswered();
      throw error;
    }
    // A refusal's body says whether the server itself answered (its 503 when the broker is unavailable).
    reportAnswered(response, response.ok ? undefined : await response.clone().json().catch(() => undefined));
    if (!response.ok || response.body === null) throw new Error(`the price stream answered ${response.status}`);
    streamAccountId = accountId;
    return watchStream(response.body, signal);
  },
  async poll(instruments, signal) {
    const replay = openReplay();
    if (replay !== null) {
      // Loaded only when a replay is open: the first visit's entry stays as it was.
      const { pollReplay } = await import('@/lib/replay/replay-quotes');
      return pollReplay(replay, instruments);
    }
    // market_data takes at most 500 instruments a call (every strike of a chain is more): one call per 500.
    const parts: string[][] = [];
    for (let start = 0; start < instruments.length; start += marketDataLimit) parts.push(instruments.slice(start, start + marketDataLimit));
    // A live account's broker named (a paper account's feed's too): whether the market is open is then its
    // exchange's, as the stream says, and no simulator price stands in for the broker's (a Kite account's desk
    // must not read the demo simulator's always-open market while the stream is down).
    const broker = liveAccount()?.broker;
    const answers = await Promise.all(
      parts.map(async (part) => {
        const body = broker === undefined ? { instruments: part } : { instruments: part, broker };
        const { data, error } = await analyticsApi().POST('/functions/v1/market_data', { body, signal });
        if (data === undefined) throw error instanceof Error ? error : new Error('market_data failed');
        return data as MarketSnapshot;
      }),
    );
    const merged: MarketSnapshot = { data: {} };
    for (const answer of answers) {
      Object.assign(merged.data, answer.data);
      if (answer.market !== undefined) merged.market = answer.market;
    }
    return merged;
  },
};

let feed: PriceFeed | null = null;

/** The app's feed if a screen has started it, else null (a test file's clean-up, which must not start one). */
export function startedLiveFeed(): PriceFeed | null {
  return feed;
}

type TabMessage =
  | { type: 'wanted'; tabId: string; instruments: string[] }
  | { type: 'snapshot'; snapshot: MarketSnapshot }
  | { type: 'leader' };

/**
 * One tab holds the Web Lock and runs the connection for every tab; the lock passes to another tab when it
 * closes. Without Web Locks or BroadcastChannel each tab simply runs its own.
 */
function shareAcrossTabs(shared: PriceFeed): void {
  if (typeof BroadcastChannel === 'undefined' || typeof navigator.locks === 'undefined') return;
  const channel = new BroadcastChannel('strikedesk-prices');
  const tabId = crypto.randomUUID();
  const post = (message: TabMessage) => channel.postMessage(message);
  shared.shareWith(
    {
      sendWanted: (instruments) => post({ type: 'wanted', tabId, instruments: [...instruments] }),
      sendSnapshot: (snapshot) => post({ type: 'snapshot', snapshot }),
    },
    false,
  );
  channel.onmessage = (event: MessageEvent<TabMessage>) => {
    const message = event.data;
    if (message.type === 'wanted') shared.tabWants(message.tabId, message.instruments);
    else if (message.type === 'snapshot') shared.fromLeader(message.snapshot);
    // A new leader: say again what this tab wants.
    else shared.setLeader(false);
  };
  window.addEventListener('pagehide', () => post({ type: 'wanted', tabId, instruments: [] }));
  void navigator.locks.request('strikedesk-price-feed', () => {
    shared.setLeader(true);
    post({ type: 'leader' });
    // Held for the tab's life: the lock is released when the tab goes.
    return new Promise<never>(() => undefined);
  });
}

/**
 * A replay opened or ended: another market, nothing of the last one kept. The trader moved its clock: read it
 * again now (the desk shows the minute sought to at once), dropping what is held when the clock went back.
 */
function followReplay(shared: PriceFeed): void {
  let last: HeldReplay | null = store.get(openReplayAtom) ?? null;
  store.sub(openReplayAtom, () => {
    const held = store.get(openReplayAtom) ?? null;
    const before = last;
    last = held;
    if ((before?.replay.id ?? null) !== (held?.replay.id ?? null)) shared.restart(true);
    else if (held !== null && before !== null && held.move !== before.move) shared.restart(Date.parse(held.replay.at) < Date.parse(before.replay.at));
  });
}

export function liveFeed(): PriceFeed {
  if (feed !== null) return feed;
  // A stream silent past its heartbeats is the server not answering, for trading as for prices.
  const notices = followOrderNotices(store);
  const created = createPriceFeed({ store, transport, onSilent: reportUnanswered, onStreamOpen: () => notices.opened(streamAccountId), onOrderNotice: notices.told, onNotice: notices.notice });
  shareAcrossTabs(created);
  // The last quotes, kept on the device and shown with their age when no price can arrive (kept-quotes.ts).
  keepQuotes(created, store);
  restoreWhenCut(created, store);
  const follow = () => {
    if (document.visibilityState === 'hidden' || !navigator.onLine) created.pause();
    else created.resume();
  };
  document.addEventListener('visibilitychange', follow);
  window.addEventListener('online', follow);
  window.addEventListener('offline', follow);
  follow();
  // Another account chosen, or a paper account's market changed: its orders, and maybe another source of
  // prices (a live broker's or the simulator's).
  let chosen = streamKey();
  let source = priceSourceKey();
  const followAccount = () => {
    const now = priceSourceKey();
    // Another market's prices: none of the old one's may stand in for the new one's (a simulated price on a
    // live desk until its broker quotes the contract, or kept there by being newer than the broker's last trade).
    if (source !== null && now !== null && now !== source) created.restart(true);
    else if (streamKey() !== chosen) created.reconnect();
    chosen = streamKey();
    source = now ?? source;
  };
  store.sub(selectedAccountAtom, followAccount);
  store.sub(shownAccountAtom, followAccount);
  store.sub(brokerAccountsAtom, followAccount);
  followReplay(created);
  // No stream open (polling, paused, another tab's): nothing is told here; the screens poll.
  store.sub(created.modeAtom, () => {
    if (store.get(created.modeAtom) !== 'stream') notices.closed();
  });
  feed = created;
  return created;
}
