// One live account's price feed on this instance, whichever broker's: its socket (the broker's connection on
// feed-socket.ts), subscribed to what the account's price streams and paper accounts watch, and the last quote
// of each instrument that ticked, keyed as StrikeDesk names it ("NFO:NIFTY26JAN26000CE", "NSE:NIFTY 50"). The
// broker says which of the wanted instruments it follows, by its own ids and modes, within its limits (the
// indices first, then the streams' instruments in the order they asked): what is left over gets no live price
// (the stream leaves it out rather than show the simulator's for a live account), and the feed says which those
// are (`unfollowed`): a contract the broker does not list (Dhan's scrip master has only the nearest expiry on a
// Saturday) will never be priced, and the trader is told so rather than asked to wait (issue 64).
import type { LastPrice } from '../../market/market-service.ts';
import type { FeedSocketState } from './feed-socket.ts';

/** A broker's feed connection as the account's feed drives it (Kite's ticker-connection, Upstox's feed-connection). */
export type FeedLink<Id, Mode> = {
  connect: () => void;
  subscribe: (ids: readonly Id[], mode: Mode) => void;
  unsubscribe: (ids: readonly Id[]) => void;
  subscriptions: () => ReadonlyMap<Id, Mode>;
  state: () => FeedSocketState;
  isStale: () => boolean;
  close: () => void;
};

/** One instrument the broker follows: StrikeDesk's key, the broker's id for it and the mode it is followed in. */
export type FollowedInstrument<Id, Mode> = { key: string; id: Id; mode: Mode };

/**
 * What the broker follows of the wanted instruments. `undecided`: those it could not look up now (its instrument
 * file not read yet, asked again at the next follow): not yet known to be unstreamed, so never named as such.
 */
export type Chosen<Id, Mode> = { followed: FollowedInstrument<Id, Mode>[]; undecided?: readonly string[] };

export type FeedHooks<Id> = {
  /** Quotes as they came, by the broker's ids (merged onto what was held). */
  onQuotes: (quotes: ReadonlyArray<readonly [Id, LastPrice]>) => void;
  onReconnect: (attempt: number, delayMs: number) => void;
};

export type AccountFeedOptions<Id, Mode> = {
  accessToken: string;
  /** Which of `wanted` (in priority order) the broker follows, within its limits; unknown instruments left out. */
  choose: (wanted: readonly string[]) => Promise<Chosen<Id, Mode>>;
  /** The broker's connection, not yet connected, handing its quotes to the hooks. */
  open: (hooks: FeedHooks<Id>) => FeedLink<Id, Mode>;
  /** Instruments that ticked, their quotes already held. */
  onPrices: (moved: string[]) => void;
  onReconnect?: ((attempt: number, delayMs: number) => void) | undefined;
};

export function createAccountFeed<Id, Mode>(options: AccountFeedOptions<Id, Mode>) {
  const prices = new Map<string, LastPrice>();
  const keyOf = new Map<Id, string>();
  /** What the last follow asked for: of these, what the broker did not choose is not streamed. */
  let asked: ReadonlySet<string> = new Set();
  let lastReconnect: { attempt: number; delayMs: number } | null = null;
  const link = options.open({
    onQuotes: (quotes) => {
      const moved: string[] = [];
      for (const [id, quote] of quotes) {
        const key = keyOf.get(id);
        // No last price is not a price of zero: Dhan's feed reads 0 for an index it does not stream and a
        // contract untraded since it was listed, and the desk showed BANKNIFTY at 0.00, −100 %. It stays unpriced.
        if (key === undefined || !(quote.last_price > 0)) continue;
        // Merged onto what was held: a broker may answer a (re)subscription in a leaner mode before the full
        // one applies, and a quote that lost its bid and ask for a moment would make every stream resync.
        const held = prices.get(key);
        const merged = { ...held, ...quote };
        // One socket delivers in order, so a later message is never older news, though its stamp may read older:
        // Kite stamps a full tick with the exchange's whole second and a quote packet on arrival, to the
        // millisecond. The desk keeps the newest stamp it holds, so a stamp going back would hide the new price.
        if (held !== undefined && Date.parse(merged.timestamp) < Date.parse(held.timestamp)) merged.timestamp = held.timestamp;
        prices.set(key, merged);
        moved.push(key);
      }
      if (moved.length > 0) options.onPrices(moved);
    },
    onReconnect: (attempt, delayMs) => {
      lastReconnect = { attempt, delayMs };
      options.onReconnect?.(attempt, delayMs);
    },
  });

  /** Subscribes to what the broker follows of `wanted` and drops what is no longer wanted. */
  async function follow(wanted: readonly string[]): Promise<void> {
    const { followed, undecided = [] } = await options.choose(wanted);
    const chosen = new Map(followed.map((instrument) => [instrument.id, instrument]));
    const unknown = new Set(undecided);
    asked = new Set(wanted.filter((key) => !unknown.has(key)));
    const current = link.subscriptions();
    const gone = [...current.keys()].filter((id) => !chosen.has(id));
    if (gone.length > 0) link.unsubscribe(gone);
    for (const id of gone) {
      const key = keyOf.get(id);
      keyOf.delete(id);
      if (key !== undefined) prices.delete(key);
    }
    const added = new Map<Mode, Id[]>();
    for (const { id, key, mode } of chosen.values()) {
      keyOf.set(id, key);
      if (current.get(id) !== mode) added.set(mode, [...(added.get(mode) ?? []), id]);
    }
    for (const [mode, ids] of added) link.subscribe(ids, mode);
  }

  return {
    accessToken: options.accessToken,
    start: () => link.connect(),
    follow,
    /** The held quotes of these instruments (those that ticked at least once). */
    quotes(keys: readonly string[]): Record<string, LastPrice> {
      const data: Record<string, LastPrice> = {};
      for (const key of keys) {
        const quote = prices.get(key);
        if (quote !== undefined) data[key] = quote;
      }
      return data;
    },
    /**
     * Those of `keys` the broker was asked for and did not choose (no id in its instrument master, or past its
     * cap): they get no price until a later follow chooses them. A key not asked for yet, or whose lookup could
     * not be made (`undecided`), is not counted.
     */
    unfollowed(keys: readonly string[]): string[] {
      const followed = new Set(keyOf.values());
      return [...new Set(keys)].filter((key) => asked.has(key) && !followed.has(key));
    },
    /** Every instrument the feed follows (what the broker was asked for, within its limits). */
    followed: (): string[] => [...keyOf.values()],
    /** Open and hearing from the broker (ticks, heartbeats, pings): a quiet stream then only means quiet instruments. */
    live: () => link.state() === 'open' && !link.isStale(),
    status: () => ({ state: link.state(), delayed: link.isStale() || link.state() !== 'open', subscribed: link.subscriptions().size, lastReconnect }),
    close: () => link.close(),
  };
}

export type AccountFeed = ReturnType<typeof createAccountFeed>;
