// Dhan's feed packets as the price stream's quote (LastPrice, the shape the simulator's, Kite's and Upstox's
// have), so the PWA reads every source alike. Dhan sends an instrument's facts in separate packets (the previous
// close once on subscribing, OI apart in quote mode, the price in each ticker, quote or full packet): what
// each instrument last told is held per connection, and every packet with a price gives a whole quote. The
// quote is stamped when it arrived: it is that fresh even when the contract last traded minutes ago.
import type { LastPrice } from '../../market/market-service.ts';
import { feedIdOf, type FeedId } from './feed-connection.ts';
import type { FeedPacket } from './feed-packets.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

type Figure = number | undefined;
type Held = { ltp?: Figure; prevClose?: Figure; oi?: Figure; volume?: Figure; open?: Figure; high?: Figure; low?: Figure; bid?: Figure; ask?: Figure };

export function createFeedQuotes() {
  const held = new Map<FeedId, Held>();

  function quoteOf(facts: Held, receivedAt: Date): LastPrice | null {
    if (facts.ltp === undefined) return null;
    const quote: LastPrice = { last_price: facts.ltp, timestamp: receivedAt.toISOString() };
    if (facts.prevClose !== undefined && facts.prevClose > 0) {
      quote.close = facts.prevClose;
      quote.change = round2(facts.ltp - facts.prevClose);
      quote.change_percent = round2(((facts.ltp - facts.prevClose) / facts.prevClose) * 100);
    }
    // A session's open, high and low read 0 before its first trade: no figure is not a figure of zero.
    if (facts.open && facts.high && facts.low) Object.assign(quote, { open: facts.open, high: facts.high, low: facts.low });
    if (facts.volume !== undefined) quote.volume = facts.volume;
    if (facts.oi !== undefined) quote.oi = facts.oi;
    if (facts.bid !== undefined) quote.bid = facts.bid;
    if (facts.ask !== undefined) quote.ask = facts.ask;
    return quote;
  }

  return {
    /** The quotes these packets bring, by feed id (an instrument without a price yet has none). */
    read(packets: readonly FeedPacket[], receivedAt: Date): Array<readonly [FeedId, LastPrice]> {
      const moved = new Set<FeedId>();
      for (const packet of packets) {
        const id = feedIdOf(packet.segment, packet.securityId);
        const facts = held.get(id) ?? {};
        held.set(id, facts);
        switch (packet.kind) {
          case 'ticker':
            facts.ltp = packet.ltp;
            break;
          case 'quote':
            Object.assign(facts, { ltp: packet.ltp, volume: packet.volume, open: packet.open, high: packet.high, low: packet.low });
            break;
          case 'full': {
            Object.assign(facts, { ltp: packet.ltp, volume: packet.volume, oi: packet.oi, open: packet.open, high: packet.high, low: packet.low });
            const best = packet.depth[0];
            // An empty side of the book reads 0 in Dhan's depth: no bid is not a bid of zero.
            facts.bid = best !== undefined && best.bidQty > 0 ? best.bidPrice : undefined;
            facts.ask = best !== undefined && best.askQty > 0 ? best.askPrice : undefined;
            break;
          }
          case 'oi':
            facts.oi = packet.oi;
            break;
          case 'prev_close':
            facts.prevClose = packet.prevClose;
            break;
          default:
            continue;
        }
        moved.add(id);
      }
      return [...moved].flatMap((id) => {
        const quote = quoteOf(held.get(id)!, receivedAt);
        return quote === null ? [] : [[id, quote] as const];
      });
    },
  };
}
