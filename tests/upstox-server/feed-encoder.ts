// Market feed frames encoded with protobufjs from Upstox's own MarketDataFeedV3.proto, read from the
// workspace's shared/ copy of upstox-js-sdk's schema (UPSTOX_PROTO_DIR overrides where), not from the copy the
// product decodes with: a frame the product reads is one Upstox's schema wrote.
// https://upstox.com/developer/api-documentation/v3/get-market-data-feed
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import type { Quote, ServerInstrument } from './market.ts';

const protoDir = process.env.UPSTOX_PROTO_DIR ?? fileURLToPath(new URL('../../../shared/upstox-js-sdk/', import.meta.url));
const feedResponse = protobuf.loadSync(`${protoDir.replace(/\/?$/, '/')}MarketDataFeedV3.proto`).lookupType('com.upstox.marketdatafeederv3udapi.rpc.proto.FeedResponse');

export type FeedMode = 'ltpc' | 'full' | 'option_greeks';
export type FrameKind = 'initial_feed' | 'live_feed';

/** Upstox's RequestMode enum names the mode a feed entry was sent in. */
const requestMode = { ltpc: 'ltpc', full: 'full_d5', option_greeks: 'option_greeks' } as const;

function ltpc(quote: Quote) {
  return { ltp: quote.last, ltt: quote.tradedAt, ltq: 75, cp: quote.close };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Five levels a side around the last price, a tick apart, best first. */
function depth(quote: Quote, tick: number) {
  return Array.from({ length: 5 }, (_, level) => ({
    bidQ: 750 * (level + 1),
    bidP: Math.max(0, round2(quote.last - tick * (level + 1))),
    askQ: 600 * (level + 1),
    askP: round2(quote.last + tick * (level + 1)),
  }));
}

function dayCandle(quote: Quote) {
  return { interval: '1d', open: quote.open, high: quote.high, low: quote.low, close: quote.last, vol: quote.volume, ts: quote.tradedAt };
}

export function feedEntry(instrument: ServerInstrument, quote: Quote, mode: FeedMode) {
  if (mode === 'ltpc') return { ltpc: ltpc(quote), requestMode: requestMode.ltpc };
  if (instrument.index) return { fullFeed: { indexFF: { ltpc: ltpc(quote), marketOHLC: { ohlc: [dayCandle(quote)] } } }, requestMode: requestMode[mode] };
  const levels = depth(quote, instrument.tick_size);
  if (mode === 'option_greeks') {
    return { firstLevelWithGreeks: { ltpc: ltpc(quote), firstDepth: levels[0], optionGreeks: quote.greeks, vtt: quote.volume, oi: quote.oi, iv: quote.iv }, requestMode: requestMode.option_greeks };
  }
  const marketFF = {
    ltpc: ltpc(quote), marketLevel: { bidAskQuote: levels }, optionGreeks: quote.greeks, marketOHLC: { ohlc: [dayCandle(quote)] },
    atp: quote.last, vtt: quote.volume, oi: quote.oi, iv: quote.iv, tbq: 3750, tsq: 3000,
  };
  return { fullFeed: { marketFF }, requestMode: requestMode.full };
}

function encode(object: Record<string, unknown>): Uint8Array {
  // fromObject reads enum names ('live_feed', 'full_d5'); verify then checks the message against the schema.
  const message = feedResponse.fromObject(object);
  const problem = feedResponse.verify(message);
  if (problem) throw new Error(`Test server built a frame its schema refuses: ${problem}`);
  return feedResponse.encode(message).finish();
}

export function encodeFeeds(kind: FrameKind, feeds: Record<string, unknown>, now: number): Uint8Array {
  return encode({ type: kind, feeds, currentTs: now });
}

/** The first frame of every connection: each segment's state. */
export function encodeMarketInfo(segments: Record<string, string>, now: number): Uint8Array {
  return encode({ type: 'market_info', currentTs: now, marketInfo: { segmentStatus: segments } });
}
