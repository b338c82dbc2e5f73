// A live account's stream (BrokerTrading.subscribe), whichever broker's: the ticks of the account's price feed
// on this instance (live-prices.ts: one socket per account, following what every subscription watches) and the
// changes of its orders as its broker reports them. Every report goes through order-updates.ts, which tells
// this stream what it changed in the mirror: a postback or webhook received here, an order update on the
// broker's socket, the leader's periodic book read, or a book read after a call. A report that reached another
// instance is heard here when this instance next reads the book.
import type { BrokerListener, BrokerOrder, BrokerStream, TradingAccount } from '../broker-trading.ts';
import type { LivePrices } from './live-prices.ts';

/** `prices`: the broker's live prices; without them (a test of orders alone) the stream carries order changes only. */
export function createLiveStream({ prices }: { prices?: LivePrices | undefined }) {
  const listeners = new Map<number, Set<BrokerListener>>();

  /** An order of the account changed in the mirror (order-updates.ts). */
  function orderChanged(accountId: number, order: BrokerOrder): void {
    for (const listener of [...(listeners.get(accountId) ?? [])]) listener.onOrder?.(order);
  }

  async function subscribe(account: TradingAccount, listener: BrokerListener, instruments: readonly string[] = []): Promise<BrokerStream> {
    const own = listeners.get(account.id) ?? new Set<BrokerListener>();
    own.add(listener);
    listeners.set(account.id, own);
    const warn = listener.warn ?? (() => undefined);
    let watch: Awaited<ReturnType<LivePrices['watch']>> | null = null;
    let open = true;
    if (instruments.length > 0 && prices !== undefined) {
      watch = await prices.watch(
        account.id,
        instruments,
        (moved) => {
          // A tick may come before watch() has answered: its quote is in the snapshot the caller reads next.
          if (watch === null || !open) return;
          const held = watch.quotes();
          const ticks = moved.flatMap((instrument) => (held[instrument] === undefined ? [] : [{ instrument, quote: held[instrument] }]));
          if (ticks.length > 0) listener.onTick?.(ticks);
        },
        warn,
      );
    }
    return {
      quotes: async () => watch?.quotes() ?? {},
      feedAlive: () => watch?.live() ?? false,
      unstreamed: () => watch?.unstreamed() ?? { broker: '', instruments: [] },
      close: () => {
        if (!open) return;
        open = false;
        own.delete(listener);
        if (own.size === 0 && listeners.get(account.id) === own) listeners.delete(account.id);
        void watch?.stop().catch((error: unknown) => warn({ err: error, accountId: account.id }, 'a live stream could not let go of its instruments'));
      },
    };
  }

  return { orderChanged, subscribe };
}

export type LiveStream = ReturnType<typeof createLiveStream>;
