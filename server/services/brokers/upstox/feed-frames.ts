// Upstox's market data feed v3 sends binary protobuf frames, one FeedResponse each, decoded here with
// protobufjs from Upstox's own schema (market-data-feed-v3.proto, copied unchanged from upstox-js-sdk 2.31.0,
// MIT) and read into typed records. int64 fields (times in epoch ms, quantities) become numbers: they stay far
// below 2^53. A field proto3 leaves at its default is absent on the wire and read as 0 or null.
// https://upstox.com/developer/api-documentation/v3/get-market-data-feed
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { isObject, type JsonObject } from './upstox-json.ts';

export const feedProtoPath = fileURLToPath(new URL('./market-data-feed-v3.proto', import.meta.url));
const feedResponseType = protobuf.loadSync(feedProtoPath).lookupType('com.upstox.marketdatafeederv3udapi.rpc.proto.FeedResponse');

export type FeedMode = 'ltpc' | 'full' | 'option_greeks' | 'full_d30';
export type FrameType = 'initial_feed' | 'live_feed' | 'market_info';
export type Greeks = { delta: number; theta: number; gamma: number; vega: number; rho: number };
export type DepthQuote = { bidQ: number; bidP: number; askQ: number; askP: number };
export type Candle = { interval: string; open: number; high: number; low: number; close: number; vol: number; ts: number };

/** One instrument's update, whichever of Upstox's three shapes (ltpc, full, first level with greeks) carried it. */
export type FeedUpdate = {
  kind: 'ltpc' | 'market_full' | 'index_full' | 'first_level_with_greeks';
  /** Last traded price, its time (epoch ms) and quantity; `cp` is the previous session's close. */
  ltpc: { ltp: number; ltt: number; ltq: number; cp: number } | null;
  /** Best bid and ask first (five or thirty levels in full modes, one with greeks). */
  depth: DepthQuote[];
  greeks: Greeks | null;
  candles: Candle[];
  /** Volume traded today, open interest, implied volatility, average traded price. */
  vtt: number;
  oi: number;
  iv: number;
  atp: number;
};

export type FeedFrame = {
  type: FrameType;
  /** Upstox's time for the frame, epoch ms. */
  currentTs: number;
  feeds: Map<string, FeedUpdate>;
  /** market_info frames: each segment's state (NORMAL_OPEN, NORMAL_CLOSE…). */
  segmentStatus: Map<string, string>;
};

export class FeedFrameError extends Error {
  override name = 'FeedFrameError';
}

export function decodeFeedFrame(bytes: Uint8Array): FeedFrame {
  let object: JsonObject;
  try {
    object = feedResponseType.toObject(feedResponseType.decode(bytes), { longs: Number, enums: String, oneofs: true });
  } catch (error) {
    throw new FeedFrameError(`Unreadable market feed frame: ${error instanceof Error ? error.message : String(error)}`);
  }
  const feeds = new Map<string, FeedUpdate>();
  for (const [key, feed] of Object.entries(objectOr(object.feeds))) feeds.set(key, readFeed(objectOr(feed)));
  const segmentStatus = new Map<string, string>();
  for (const [segment, status] of Object.entries(objectOr(objectOr(object.marketInfo).segmentStatus))) segmentStatus.set(segment, String(status));
  const type = object.type === 'live_feed' || object.type === 'market_info' ? object.type : 'initial_feed';
  return { type, currentTs: num(object.currentTs), feeds, segmentStatus };
}

function readFeed(feed: JsonObject): FeedUpdate {
  const update: FeedUpdate = { kind: 'ltpc', ltpc: null, depth: [], greeks: null, candles: [], vtt: 0, oi: 0, iv: 0, atp: 0 };
  if (feed.FeedUnion === 'ltpc') return { ...update, ltpc: readLtpc(feed.ltpc) };
  if (feed.FeedUnion === 'firstLevelWithGreeks') {
    const first = objectOr(feed.firstLevelWithGreeks);
    return { ...update, kind: 'first_level_with_greeks', ltpc: readLtpc(first.ltpc), depth: isObject(first.firstDepth) ? [readQuote(first.firstDepth)] : [], greeks: readGreeks(first.optionGreeks), vtt: num(first.vtt), oi: num(first.oi), iv: num(first.iv) };
  }
  const full = objectOr(feed.fullFeed);
  if (full.FullFeedUnion === 'indexFF') {
    const index = objectOr(full.indexFF);
    return { ...update, kind: 'index_full', ltpc: readLtpc(index.ltpc), candles: readCandles(index.marketOHLC) };
  }
  const market = objectOr(full.marketFF);
  const levels = objectOr(market.marketLevel).bidAskQuote;
  return {
    kind: 'market_full',
    ltpc: readLtpc(market.ltpc),
    depth: Array.isArray(levels) ? levels.map((level) => readQuote(objectOr(level))) : [],
    greeks: readGreeks(market.optionGreeks),
    candles: readCandles(market.marketOHLC),
    vtt: num(market.vtt),
    oi: num(market.oi),
    iv: num(market.iv),
    atp: num(market.atp),
  };
}

function readLtpc(value: unknown): FeedUpdate['ltpc'] {
  if (!isObject(value)) return null;
  return { ltp: num(value.ltp), ltt: num(value.ltt), ltq: num(value.ltq), cp: num(value.cp) };
}

function readQuote(value: JsonObject): DepthQuote {
  return { bidQ: num(value.bidQ), bidP: num(value.bidP), askQ: num(value.askQ), askP: num(value.askP) };
}

function readGreeks(value: unknown): Greeks | null {
  if (!isObject(value)) return null;
  return { delta: num(value.delta), theta: num(value.theta), gamma: num(value.gamma), vega: num(value.vega), rho: num(value.rho) };
}

function readCandles(value: unknown): Candle[] {
  const list = objectOr(value).ohlc;
  if (!Array.isArray(list)) return [];
  return list.map((item) => {
    const o = objectOr(item);
    return { interval: typeof o.interval === 'string' ? o.interval : '', open: num(o.open), high: num(o.high), low: num(o.low), close: num(o.close), vol: num(o.vol), ts: num(o.ts) };
  });
}

function objectOr(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
