// Where one price stream's quotes come from: the simulated market when no account or a paper account is named
// (the instance's fan-out, price-fanout.ts, shared by every stream watching the same instruments), or a live
// account's broker through the broker-neutral stream (BrokerTrading.subscribe: a logged-in Kite account's
// ticker), a channel of its own. Both speak to the stream the same way (a snapshot, then
// per move only what changed), so the PWA cannot tell them apart by shape; it is told by the account it chose.
// A heartbeat is the stream's "still here"; when the broker's feed says it is alive though nothing moved (Kite's
// heartbeats) an empty delta says "and the broker is talking", so a silent Kite feed lets the PWA's "prices
// delayed" notice appear as it does for a stalled simulator.
// A live broker's stream also names the instruments its feed does not stream (`unstreamed`: no id in the
// broker's instrument master, or past its cap), once after the snapshot and again when that changes: their
// price will never come, and the PWA says so instead of asking the trader to wait (issue 64).
import type { BrokerTick, BrokerTrading, TradingAccount } from '../services/brokers/broker-trading.ts';
import type { Warn } from '../services/brokers/kite-broker/instrument-load.ts';
import type { MarketFeed } from '../services/market/market-feed.ts';
import type { MarketService, MarketStatus } from '../services/market/market-service.ts';
import type { StreamFormat } from './market-stream.ts';
import { createPriceChannel, type Membership, type PriceChannel } from './price-channel.ts';
import type { StreamMember } from './stream-member.ts';

export type PriceStreamSource = {
  /** The stream joins its channel: its snapshot is on its way; the membership lets it go. */
  join: (member: StreamMember) => Membership;
};

/**
 * Where a broker's screens read whether the market is open: its own exchange's calendar and hours when it
 * has them (BrokerTrading.marketStatus: Kite's real NSE), else the simulator's (the paper broker, or no broker
 * named). The price stream and the market_data fallback poll both ask here, so they never disagree.
 */
export function brokerMarketStatus(trading: BrokerTrading | undefined, market: MarketService): () => Promise<MarketStatus> {
  const ownStatus = trading?.marketStatus;
  return ownStatus === undefined ? () => market.status() : () => ownStatus();
}

type BrokerSourceOptions = {
  trading: BrokerTrading;
  account: TradingAccount;
  market: MarketService;
  feed: MarketFeed;
  instruments: string[];
  format: StreamFormat;
  heartbeatMs: number;
  warn: Warn;
  onError: (error: unknown) => void;
};

/**
 * How often a broker's channel, when nothing moved, says whether the feed is alive: at most twice this apart
 * (quiet for this long, checked this often), inside the 5 s after which the PWA's ticket no longer trades on
 * a price its feed has not vouched for (order-ticket.tsx). A quiet contract on Kite or Upstox sends nothing.
 */
const brokerKeepAliveMs = 2000;

/**
 * A named account's stream: its broker's own ticks (BrokerTrading.subscribe), whichever broker it is (Kite's
 * ticker for a live account, the simulator for a paper one). The market's opening and closing are the
 * broker's exchange's (BrokerTrading.marketStatus: a Kite account's the real exchange's hours, even while the
 * simulator runs its always-open demo market), else the simulator's. A broker's own status is read again at
 * each pass of the market feed and each quiet heartbeat, and sent when it changed (the open, the close).
 */
export async function brokerSource({ trading, account, market, feed, instruments, format, heartbeatMs, warn, onError }: BrokerSourceOptions): Promise<PriceStreamSource & { beat: (quiet: Pick<PriceChannel, 'keepAlive' | 'heartbeat' | 'market'>) => void }> {
  let channel: PriceChannel | null = null;
  // A broker's ticks carry no sequence: the stream counts its own events.
  let seq = 0;
  const onTick = (ticks: readonly BrokerTick[]) => {
    if (channel === null) return;
    seq += 1;
    const tickSeq = seq;
    void channel.tick(async () => ({ seq: tickSeq, data: Object.fromEntries(ticks.map((tick) => [tick.instrument, tick.quote])) }));
  };
  const stream = await trading.subscribe(account, { onTick, warn }, instruments);
  const ownStatus = trading.marketStatus;
  const marketStatus = brokerMarketStatus(trading, market);
  // The broker's status as last told on this stream: told again only when it changes.
  let told: string | null = null;
  const said = (status: MarketStatus) => `${status.status} ${status.next_open ?? ''} ${status.mis_closed ?? ''} ${status.session?.day ?? ''}`;
  const retell = (to: Pick<PriceChannel, 'market'>) => {
    void (async () => {
      const status = await marketStatus();
      if (said(status) === told) return;
      told = said(status);
      void to.market(status);
    })().catch((error: unknown) => warn({ err: error }, 'the market status could not be read'));
  };
  const own = createPriceChannel({
    format,
    heartbeatMs: Math.min(heartbeatMs, brokerKeepAliveMs),
    onError,
    loadSnapshot: async () => {
      const status = await marketStatus();
      told = said(status);
      return { seq, market: status, data: await stream.quotes() };
    },
    onQuiet: (quiet) => beat(quiet),
  });
  /** Nothing sent for a heartbeat's time: the broker's status if it changed, and whether its feed is alive. */
  function beat(quiet: Pick<PriceChannel, 'keepAlive' | 'heartbeat' | 'market'>): void {
    if (ownStatus !== undefined) retell(quiet);
    if (member !== null) tellUnstreamed(member);
    if (stream.feedAlive()) void quiet.keepAlive();
    else void quiet.heartbeat();
  }
  // What this stream was last told its broker does not stream: told again only when it changes.
  let member: Pick<Membership, 'send'> | null = null;
  let toldUnstreamed = '';
  function tellUnstreamed(to: Pick<Membership, 'send'>): void {
    const unstreamed = stream.unstreamed?.() ?? { broker: '', instruments: [] };
    const said = unstreamed.instruments.join(',');
    if (said === toldUnstreamed) return;
    toldUnstreamed = said;
    to.send('unstreamed', unstreamed);
  }
  return {
    beat,
    join: (joining) => {
      // Ticks count from here: the snapshot is queued first, so no move (Kite answers a subscription at once) can overtake it.
      const membership = own.join(joining);
      channel = own;
      member = membership;
      tellUnstreamed(membership);
      const unsubscribe = feed.subscribe((update) => {
        if (ownStatus !== undefined) retell(own);
        else if (update.status !== null) return own.market(update.status);
        return undefined;
      });
      return {
        ...membership,
        leave: () => {
          channel = null;
          member = null;
          unsubscribe();
          stream.close();
          membership.leave();
          own.close();
        },
      };
    },
  };
}
