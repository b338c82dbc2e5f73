/**
 * Upstox's market feed frames decoded a second: live_feed FeedResponse frames in full mode (five levels of
 * depth, greeks, the day's candle), encoded with protobufjs from Upstox's own .proto by the test server's
 * encoder, then decoded by the wire layer (feed-frames.ts) and turned into the price stream's quotes
 * (feed-quotes.ts). Kite's binary full packets of the same instruments are parsed alongside for scale, the two
 * alternating round by round on the same machine. A benchmark, not a test.
 *
 *   npm run bench -- upstox-feed                       frames of 1 and 50 instruments, 9 rounds
 *   npm run bench -- upstox-feed --rounds 15 --ms 500
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { decodeFeedFrame } from '../../server/services/brokers/upstox/feed-frames.ts';
import { quoteOfFeed } from '../../server/services/brokers/upstox/feed-quotes.ts';
import { parseTickerFrame, type FullTick } from '../../server/services/brokers/kite/ticker-packets.ts';
import { encodePacket, encodeFrame } from '../kite-server/ticker-encoder.ts';
import { encodeFeeds, feedEntry } from '../upstox-server/feed-encoder.ts';
import type { Quote, ServerInstrument } from '../upstox-server/market.ts';
import { median, table } from './support/stats.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '9' }, ms: { type: 'string', default: '300' } } });
const rounds = Number(values.rounds);
const roundMs = Number(values.ms);
const now = Date.parse('2026-01-15T04:00:00Z');

function upstoxFrame(count: number): Uint8Array {
  const feeds: Record<string, unknown> = {};
  for (let index = 0; index < count; index++) {
    const instrument: ServerInstrument = { instrument_key: `NSE_FO|${40_000 + index}`, trading_symbol: `NIFTY26JAN${25_000 + index * 50}CE`, exchange: 'NFO', segment: 'NSE_FO', lot_size: 65, tick_size: 0.05, freeze_quantity: 1800, index: false, option: null };
    const last = 100 + index * 0.5;
    const quote: Quote = { last, close: last - 3, open: last - 2, high: last + 4, low: last - 5, volume: 1_500_000, oi: 2_476_650, iv: 0.1432, greeks: { delta: 0.51, theta: -12.4, gamma: 0.0011, vega: 9.87, rho: 0.5 }, tradedAt: now };
    feeds[instrument.instrument_key] = feedEntry(instrument, quote, 'full');
  }
  return encodeFeeds('live_feed', feeds, now);
}

function kiteFrame(count: number): Uint8Array {
  const level = (price: number) => ({ quantity: 750, price, orders: 3 });
  const ticks = Array.from({ length: count }, (_, index): FullTick => {
    const last = 100 + index * 0.5;
    return {
      mode: 'full', tradable: true, instrument_token: 12_345_600 + index * 256 + 2, last_price: last, last_quantity: 75, average_price: last, volume: 1_500_000,
      buy_quantity: 3750, sell_quantity: 3000, ohlc: { open: last - 2, high: last + 4, low: last - 5, close: last - 3 }, change: 3, last_trade_time: new Date(now),
      oi: 2_476_650, oi_day_high: 2_500_000, oi_day_low: 2_400_000, timestamp: new Date(now),
      depth: { buy: [1, 2, 3, 4, 5].map((step) => level(last - step * 0.05)), sell: [1, 2, 3, 4, 5].map((step) => level(last + step * 0.05)) },
    };
  });
  return encodeFrame(ticks.map(encodePacket));
}

/** Frames handled in `roundMs` of wall time, as frames a second. */
function rate(handle: () => void): number {
  let frames = 0;
  const start = performance.now();
  while (performance.now() - start < roundMs) {
    for (let batch = 0; batch < 50; batch++) handle();
    frames += 50;
  }
  return (frames * 1000) / (performance.now() - start);
}

const receivedAt = new Date(now);
const rows: string[][] = [];
for (const count of [1, 50]) {
  const upstox = upstoxFrame(count);
  const kite = kiteFrame(count);
  const upstoxRates: number[] = [];
  const kiteRates: number[] = [];
  for (let round = 0; round < rounds; round++) {
    upstoxRates.push(rate(() => {
      for (const update of decodeFeedFrame(upstox).feeds.values()) quoteOfFeed(update, receivedAt);
    }));
    kiteRates.push(rate(() => parseTickerFrame(kite)));
  }
  const format = (value: number) => Math.round(value).toLocaleString('en-IN');
  rows.push([String(count), `${upstox.byteLength} B`, format(median(upstoxRates)), format(median(upstoxRates) * count), `${kite.byteLength} B`, format(median(kiteRates))]);
}
console.log(table(['instruments a frame', 'Upstox frame', 'Upstox frames/s (decoded + quotes)', 'Upstox updates/s', 'Kite frame', 'Kite frames/s (parsed)'], rows));
console.log(`\n${rounds} rounds of ${roundMs} ms each, alternating; medians. Load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}.`);
