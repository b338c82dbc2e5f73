// Prices the test moves. Each instrument has a last price (integer paise, so matching never meets float
// drift), the day's open, high, low and previous close, and traded volume; ticks, quotes and LTPs are built
// from that state in Kite's shapes, with a synthetic five-level book one tick either side.
import type { FullTick, IndexTick, KiteTick, TickMode } from '../../server/services/brokers/kite/ticker-packets.ts';
import { formatKiteTime } from '../../server/services/brokers/kite/kite-json.ts';
import type { ServerInstrument } from './instruments-data.ts';

type PriceState = {
  last: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  lastQuantity: number;
  oi: number;
  lastTradeTime: Date | null;
};

export type Market = ReturnType<typeof createMarket>;

export function createMarket(instruments: readonly ServerInstrument[], clock: () => Date) {
  const listed = [...instruments];
  const byToken = new Map(instruments.map((row) => [row.instrument_token, row]));
  const byKey = new Map(instruments.map((row) => [`${row.exchange}:${row.tradingsymbol}`, row]));
  const prices = new Map<number, PriceState>();

  function state(token: number): PriceState {
    let current = prices.get(token);
    if (!current) {
      const paise = Math.round((byToken.get(token)?.last_price ?? 0) * 100);
      current = { last: paise, open: paise, high: paise, low: paise, close: paise, volume: 0, lastQuantity: 0, oi: 0, lastTradeTime: null };
      prices.set(token, current);
    }
    return current;
  }

  /** `token` or "EXCHANGE:TRADINGSYMBOL". */
  function find(instrument: number | string): ServerInstrument | undefined {
    return typeof instrument === 'number' ? byToken.get(instrument) : byKey.get(instrument);
  }

  function setPrice(token: number, rupees: number, quantity = 0): void {
    const current = state(token);
    current.last = Math.round(rupees * 100);
    current.high = Math.max(current.high, current.last);
    current.low = Math.min(current.low, current.last);
    current.volume += quantity;
    current.lastQuantity = quantity || current.lastQuantity;
    current.lastTradeTime = clock();
  }

  function tick(token: number, mode: TickMode): KiteTick {
    const current = state(token);
    const rupees = (paise: number) => paise / 100;
    const last = rupees(current.last);
    const ohlc = { open: rupees(current.open), high: rupees(current.high), low: rupees(current.low), close: rupees(current.close) };
    const tradable = (token & 0xff) !== 9;
    if (mode === 'ltp') return { mode, tradable, instrument_token: token, last_price: last };
    if (!tradable) {
      const index: IndexTick = { mode, tradable: false, instrument_token: token, last_price: last, ohlc, change: last - ohlc.close, timestamp: mode === 'full' ? clock() : null };
      return index;
    }
    const quote = {
      tradable: true as const,
      instrument_token: token,
      last_price: last,
      last_quantity: current.lastQuantity,
      average_price: last,
      volume: current.volume,
      buy_quantity: 5000,
      sell_quantity: 5000,
      ohlc,
      change: last - ohlc.close,
    };
    if (mode === 'quote') return { ...quote, mode };
    const full: FullTick = {
      ...quote,
      mode,
      last_trade_time: current.lastTradeTime,
      oi: current.oi,
      oi_day_high: current.oi,
      oi_day_low: current.oi,
      timestamp: clock(),
      depth: depth(current.last),
    };
    return full;
  }

  function depth(lastPaise: number): FullTick['depth'] {
    const level = (offset: number) => ({ quantity: 1000, price: Math.max(0, lastPaise + offset) / 100, orders: 5 });
    return { buy: [1, 2, 3, 4, 5].map((step) => level(-5 * step)), sell: [1, 2, 3, 4, 5].map((step) => level(5 * step)) };
  }

  /** One instrument's /quote entry. */
  function quote(token: number): Record<string, unknown> {
    const current = state(token);
    const full = tick(token, 'full');
    const book = full.mode === 'full' && full.tradable ? full.depth : { buy: [], sell: [] };
    return {
      instrument_token: token,
      timestamp: formatKiteTime(clock()),
      last_trade_time: current.lastTradeTime ? formatKiteTime(current.lastTradeTime) : null,
      last_price: current.last / 100,
      last_quantity: current.lastQuantity,
      buy_quantity: 5000,
      sell_quantity: 5000,
      volume: current.volume,
      average_price: current.last / 100,
      oi: current.oi,
      oi_day_high: current.oi,
      oi_day_low: current.oi,
      net_change: (current.last - current.close) / 100,
      lower_circuit_limit: (current.close * 0.5) / 100,
      upper_circuit_limit: (current.close * 1.5) / 100,
      ohlc: { open: current.open / 100, high: current.high / 100, low: current.low / 100, close: current.close / 100 },
      depth: book,
    };
  }

  /** More contracts listed (a test lists the ones its server's market offers). */
  function list(rows: readonly ServerInstrument[]): void {
    for (const row of rows) {
      if (byToken.has(row.instrument_token)) continue;
      listed.push(row);
      byToken.set(row.instrument_token, row);
      byKey.set(`${row.exchange}:${row.tradingsymbol}`, row);
    }
  }

  return { instruments: listed, find, state, setPrice, tick, quote, list, lastPaise: (token: number) => state(token).last };
}
