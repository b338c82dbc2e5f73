// The simulated market's ticks to every price stream of this instance that names no account. One
// subscription to the market feed for all of them: each tick, the instruments it moved across every channel
// (price-channel.ts: the streams watching one list of instruments in one encoding) are quoted in one call,
// each instrument once, and each channel takes its share. Three hundred desks on NIFTY's chain cost one quote
// of each of its contracts, one delta, one encoding and one compression a tick.
import { movedInstruments } from '../services/brokers/paper/paper-stream.ts';
import type { IndexName } from '../services/market/index-config.ts';
import type { MarketFeed, MarketUpdate } from '../services/market/market-feed.ts';
import type { MarketService } from '../services/market/market-service.ts';
import { createPriceChannel, type Membership, type PriceChannel } from './price-channel.ts';
import type { FullSnapshot, StreamFormat } from './market-stream.ts';
import type { StreamMember } from './stream-member.ts';

type FanoutOptions = {
  market: Pick<MarketService, 'quotes' | 'states' | 'status' | 'indicesOfInstruments'>;
  feed: Pick<MarketFeed, 'subscribe'>;
  onError: (error: unknown) => void;
  heartbeatMs: number;
  /** Notes each channel's instruments while it is open (the market recorder's watched stocks); answers the forgetting. */
  follow?: (instruments: readonly string[]) => () => void;
};

type Entry = { channel: PriceChannel; instruments: readonly string[]; indexOf: ReadonlyMap<string, IndexName | null>; unfollow: () => void };

export function createPriceFanout({ market, feed, onError, heartbeatMs, follow = () => () => undefined }: FanoutOptions) {
  const channels = new Map<string, Entry>();
  let unsubscribe: (() => void) | null = null;

  /** Settled once every channel has sent the update to its streams (the market loop waits for it). */
  function onUpdate(update: MarketUpdate): Promise<unknown> {
    const sent: Promise<unknown>[] = [];
    if (update.status !== null) for (const { channel } of channels.values()) sent.push(channel.market(update.status));
    const moved = new Map<Entry, string[]>();
    const union = new Set<string>();
    for (const entry of channels.values()) {
      const instruments = movedInstruments(entry.instruments, entry.indexOf, update.moved);
      if (instruments.length === 0) continue;
      moved.set(entry, instruments);
      for (const instrument of instruments) union.add(instrument);
    }
    if (union.size === 0) return Promise.all(sent);
    const seq = Math.max(0, ...[...update.moved].map((name) => update.states.get(name)?.seq ?? 0));
    // Once for every channel: each instrument quoted once, whoever watches it.
    const quoted = market.quotes([...union], update.states);
    for (const [{ channel }, instruments] of moved) {
      sent.push(
        channel.tick(async () => {
          const all = await quoted;
          return { seq, data: Object.fromEntries(instruments.flatMap((key) => (all[key] === undefined ? [] : [[key, all[key]]]))) };
        }),
      );
    }
    return Promise.all(sent);
  }

  async function loadSnapshot(instruments: readonly string[]): Promise<FullSnapshot> {
    const states = await market.states();
    const seq = Math.max(0, ...[...states.values()].map((state) => state.seq));
    return { seq, market: await market.status(), data: await market.quotes(instruments, states) };
  }

  /** Where a stream of these instruments will join (which index moves each is read first, once). */
  async function prepare(instruments: readonly string[], format: StreamFormat): Promise<{ join: (member: StreamMember) => Membership }> {
    const key = `${format} ${instruments.join(',')}`;
    const indexOf = channels.get(key)?.indexOf ?? (await market.indicesOfInstruments(instruments));
    return {
      join: (member) => {
        let entry = channels.get(key);
        if (entry === undefined) {
          const channel = createPriceChannel({ format, loadSnapshot: () => loadSnapshot(instruments), onError, heartbeatMs, onQuiet: (quiet) => void quiet.heartbeat() });
          entry = { channel, instruments, indexOf, unfollow: follow(instruments) };
          channels.set(key, entry);
        }
        unsubscribe ??= feed.subscribe(onUpdate);
        const { channel } = entry;
        const membership = channel.join(member);
        return {
          ...membership,
          leave: () => {
            membership.leave();
            if (channel.size() > 0 || channels.get(key)?.channel !== channel) return;
            channels.delete(key);
            entry.unfollow();
            channel.close();
            if (channels.size > 0) return;
            unsubscribe?.();
            unsubscribe = null;
          },
        };
      },
    };
  }

  return { prepare, channels: () => channels.size };
}

export type PriceFanout = ReturnType<typeof createPriceFanout>;
