// The paper broker's holdings of delivered shares (issue 63) and the equity delivery (CNC) trades against them.
//
// A stock future or an in-the-money stock option held into expiry leaves the account holding shares (or owing them,
// for a short delivery: paper_deliveries, migration 123). The trader sells the held shares, or buys back the owed
// ones, as an equity delivery order on the stock (paper_holding_trades, migration 130): never more than the holding,
// filled at once at the stock's price now (the simulator quotes a stock's spot without a book, so a MARKET fills at
// that price and its protection cannot bind; a LIMIT fills only if that price reaches it: nothing rests), charged
// as equity delivery (equity-charges.ts), its P&L realised against what a share of the holding cost.
//
// What a share cost is the average-cost method over the holding's events in time order: shares added on the
// holding's side (deliveries) average in at their price, shares taken off (trades, a delivery the other way) leave
// the average as it is, and a holding that goes through nothing starts again from the next event's price.
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import type { IndexName } from '../../market/index-config.ts';
import { istDate, istInstant } from '../../market/ist.ts';
import { addDays } from '../../market/trading-calendar.ts';
import { refusalTexts } from '../../texts/refusal-texts.ts';
import { holdingTexts } from '../../texts/holding-texts.ts';
import type { HoldingOrder, HoldingRecord, HoldingTradeRecord, Side, TradingAccount } from '../broker-trading.ts';
import { equityChargeRates, equityCharges, totalOf } from './equity-charges.ts';
import type { PaperFunds } from './funds.ts';
import { lockAccount } from './order-rows.ts';
import type { PriceSource } from './price-source.ts';

/** A change of a holding in time order: shares received (BUY) or given (SELL) at a price. */
export type HoldingEvent = { symbol: string; side: Side; shares: number; pricePaise: number; at: Date; delivery: boolean };

type HoldingState = { shares: number; averagePaise: number; lastDeliveryAt: Date | null };

/** Each stock's shares (signed) and average cost after its events, which must be in time order. */
export function foldHoldings(events: readonly HoldingEvent[]): Map<string, HoldingState> {
  const books = new Map<string, { shares: number; sideShares: number; sideValue: number; lastDeliveryAt: Date | null }>();
  for (const event of events) {
    const book = books.get(event.symbol) ?? { shares: 0, sideShares: 0, sideValue: 0, lastDeliveryAt: null };
    const signed = event.side === 'BUY' ? event.shares : -event.shares;
    const after = book.shares + signed;
    if (book.shares === 0 || Math.sign(signed) === Math.sign(book.shares)) {
      book.sideShares += event.shares;
      book.sideValue += event.shares * event.pricePaise;
    } else if (after === 0 || Math.sign(after) !== Math.sign(book.shares)) {
      // Through nothing: what is left (if anything) was bought or sold at this event's price.
      book.sideShares = Math.abs(after);
      book.sideValue = Math.abs(after) * event.pricePaise;
    }
    book.shares = after;
    if (event.delivery) book.lastDeliveryAt = event.at;
    books.set(event.symbol, book);
  }
  const held = new Map<string, HoldingState>();
  for (const [symbol, book] of books) {
    if (book.shares !== 0) held.set(symbol, { shares: book.shares, averagePaise: Math.round(book.sideValue / book.sideShares), lastDeliveryAt: book.lastDeliveryAt });
  }
  return held;
}

type TradeRow = {
  idempotency_key: string;
  symbol: string;
  side: Side;
  order_type: 'MARKET' | 'LIMIT';
  limit_price_paise: string | null;
  shares: number;
  price_paise: string;
  value_paise: string;
  average_paise: string;
  realised_paise: string;
  brokerage_paise: string;
  stt_paise: string;
  stamp_paise: string;
  exchange_paise: string;
  sebi_paise: string;
  dp_paise: string;
  gst_paise: string;
  traded_at: Date;
  order_id: string;
  exchange_order_id: string;
  trade_id: string;
};

const tradeColumns = `idempotency_key, symbol, side, order_type, limit_price_paise, shares, price_paise, value_paise, average_paise, realised_paise,
  brokerage_paise, stt_paise, stamp_paise, exchange_paise, sebi_paise, dp_paise, gst_paise, traded_at, order_id, exchange_order_id, trade_id`;

function toTrade(row: TradeRow): HoldingTradeRecord {
  return {
    symbol: row.symbol,
    side: row.side,
    orderType: row.order_type,
    limitPaise: row.limit_price_paise === null ? null : Number(row.limit_price_paise),
    shares: Number(row.shares),
    pricePaise: Number(row.price_paise),
    valuePaise: Number(row.value_paise),
    averagePaise: Number(row.average_paise),
    realisedPaise: Number(row.realised_paise),
    charges: {
      brokerage: Number(row.brokerage_paise),
      stt: Number(row.stt_paise),
      stamp: Number(row.stamp_paise),
      exchange: Number(row.exchange_paise),
      sebi: Number(row.sebi_paise),
      dp: Number(row.dp_paise),
      gst: Number(row.gst_paise),
    },
    tradedAt: new Date(row.traded_at),
    orderId: row.order_id,
    key: row.idempotency_key,
    exchangeOrderId: row.exchange_order_id,
    tradeId: row.trade_id,
  };
}

const sameOrder = (row: TradeRow, order: HoldingOrder) =>
  row.symbol === order.symbol && row.side === order.side && Number(row.shares) === order.shares && row.order_type === order.orderType &&
  (row.limit_price_paise === null ? null : Number(row.limit_price_paise)) === order.limitPaise;

type HoldingBookOptions = { clock: Clock; prices: PriceSource; funds: Pick<PaperFunds, 'fundsAt'> };

export function createHoldingBook({ clock, prices, funds }: HoldingBookOptions) {
  async function eventsOf(q: Queryable, accountId: number): Promise<HoldingEvent[]> {
    const { rows } = await q.query<{ symbol: string; side: Side; shares: number; price_paise: string; at: Date; delivery: boolean }>(
      `SELECT symbol, side, shares, price_paise, settled_at AS at, true AS delivery, id FROM paper_deliveries WHERE broker_account_id = $1
       UNION ALL
       SELECT symbol, side, shares, price_paise, traded_at, false, id FROM paper_holding_trades WHERE broker_account_id = $1
       ORDER BY at, delivery DESC, id`,
      [accountId],
    );
    return rows.map((row) => ({ symbol: row.symbol, side: row.side, shares: Number(row.shares), pricePaise: Number(row.price_paise), at: new Date(row.at), delivery: row.delivery }));
  }

  /** The shares held or owed by stock, valued at the stock's price now (null without one: out of F&O, no quote yet). */
  async function holdings(q: Queryable, account: TradingAccount): Promise<HoldingRecord[]> {
    const held: HoldingRecord[] = [];
    const states = [...foldHoldings(await eventsOf(q, account.id))].sort(([a], [b]) => (a < b ? -1 : 1));
    for (const [symbol, state] of states) {
      const lastPaise = await prices.spotPaise(symbol as IndexName, q).catch(() => null);
      // Every holding starts with a delivery, so its last one is known.
      held.push({ symbol, shares: state.shares, averagePaise: state.averagePaise, lastPaise, lastDeliveryAt: state.lastDeliveryAt ?? new Date(0) });
    }
    return held;
  }

  /** The account's trades against its holdings, newest first (the last 50). */
  async function trades(q: Queryable, account: TradingAccount): Promise<HoldingTradeRecord[]> {
    const { rows } = await q.query<TradeRow>(
      `SELECT ${tradeColumns} FROM paper_holding_trades WHERE broker_account_id = $1 ORDER BY traded_at DESC, id DESC LIMIT 50`,
      [account.id],
    );
    return rows.map(toTrade);
  }

  /**
   * The account's trades against its holdings on an IST day (with `since`, those made at or after it), newest first:
   * each is an order of the order book, filled in full when placed, and its one fill.
   */
  async function tradesOn(q: Queryable, account: TradingAccount, day: string, since: Date | null): Promise<HoldingTradeRecord[]> {
    const { rows } = await q.query<TradeRow>(
      `SELECT ${tradeColumns} FROM paper_holding_trades WHERE broker_account_id = $1 AND traded_at >= $2::timestamptz AND traded_at < $3::timestamptz
         AND ($4::timestamptz IS NULL OR traded_at >= $4) ORDER BY traded_at DESC, id DESC`,
      [account.id, istInstant(day, '00:00'), istInstant(addDays(day, 1), '00:00'), since],
    );
    return rows.map(toTrade);
  }

  /**
   * Sells held shares or buys back owed ones now, in the caller's transaction, under the account's lock (so two
   * sales cannot both take the same shares); a repeated key answers its first trade.
   */
  async function trade(q: Queryable, account: TradingAccount, order: HoldingOrder, key: string): Promise<{ trade: HoldingTradeRecord; replayed: boolean }> {
    await lockAccount(q, account.id);
    const before = await q.query<TradeRow>(`SELECT ${tradeColumns} FROM paper_holding_trades WHERE broker_account_id = $1 AND idempotency_key = $2`, [account.id, key]);
    const first = before.rows[0];
    if (first !== undefined) {
      if (!sameOrder(first, order)) throw DomainError.said('idempotency_key_reused', refusalTexts.idempotencyKeyReused);
      return { trade: toTrade(first), replayed: true };
    }
    const now = clock();
    const state = foldHoldings(await eventsOf(q, account.id)).get(order.symbol);
    const held = state?.shares ?? 0;
    // A sale takes shares held, a purchase covers shares owed: a CNC order never opens a position of its own.
    const room = order.side === 'SELL' ? Math.max(0, held) : Math.max(0, -held);
    if (state === undefined || room === 0) throw DomainError.said('order_refused', holdingTexts.nothingTo(order.side, order.symbol), { field: 'symbol' });
    if (order.shares > room) throw DomainError.said('order_refused', holdingTexts.moreThan(order.side, order.symbol, order.shares, room), { field: 'quantity' });
    if (!(await prices.marketOpen('NFO', now, q))) throw DomainError.said('order_refused', holdingTexts.marketClosed);
    const pricePaise = await prices.spotPaise(order.symbol as IndexName, q).catch(() => null);
    if (pricePaise === null) throw DomainError.said('order_refused', refusalTexts.noPrice(order.symbol));
    if (order.limitPaise !== null && (order.side === 'SELL' ? pricePaise < order.limitPaise : pricePaise > order.limitPaise)) {
      throw DomainError.said('order_refused', holdingTexts.limitNotReached(order.side, order.symbol, pricePaise, order.limitPaise), { field: 'price' });
    }
    const valuePaise = order.shares * pricePaise;
    const day = istDate(now);
    const lastSale = await q.query<{ traded_at: Date }>(
      `SELECT traded_at FROM paper_holding_trades WHERE broker_account_id = $1 AND symbol = $2 AND side = 'SELL' ORDER BY traded_at DESC LIMIT 1`,
      [account.id, order.symbol],
    );
    const soldToday = lastSale.rows[0] !== undefined && istDate(new Date(lastSale.rows[0].traded_at)) === day;
    const charges = equityCharges(await equityChargeRates(q, day), order.side, valuePaise, !soldToday);
    if (order.side === 'BUY') {
      const { availablePaise } = await funds.fundsAt(q, account, now);
      const requiredPaise = valuePaise + totalOf(charges);
      if (requiredPaise > availablePaise) throw DomainError.said('order_refused', holdingTexts.insufficientFunds(requiredPaise, availablePaise));
    }
    const averagePaise = state.averagePaise;
    const realisedPaise = (order.side === 'SELL' ? pricePaise - averagePaise : averagePaise - pricePaise) * order.shares;
    // The ids every paper order and fill has (order-rows.ts insertOrder, tradeInsertSql), from the same sequences.
    const { rows } = await q.query<TradeRow>(
      `WITH seq AS (SELECT nextval('paper_order_seq') AS n, nextval('paper_trade_seq') AS t)
       INSERT INTO paper_holding_trades (broker_account_id, idempotency_key, symbol, side, order_type, limit_price_paise, shares, price_paise, value_paise,
         average_paise, realised_paise, brokerage_paise, stt_paise, stamp_paise, exchange_paise, sebi_paise, dp_paise, gst_paise, traded_at,
         order_id, exchange_order_id, trade_id)
       SELECT $1::int, $2::text, $3::text, $4::text, $5::text, $6::bigint, $7::int, $8::bigint, $9::bigint, $10::bigint, $11::bigint, $12::bigint, $13::bigint,
         $14::bigint, $15::bigint, $16::bigint, $17::bigint, $18::bigint, $19::timestamptz,
         $20::text || CASE WHEN seq.n < 1000000000 THEN lpad(seq.n::text, 9, '0') ELSE seq.n::text END, (1100000000000000 + seq.n)::text, (10000000 + seq.t)::text
       FROM seq
       RETURNING ${tradeColumns}`,
      [account.id, key, order.symbol, order.side, order.orderType, order.limitPaise, order.shares, pricePaise, valuePaise, averagePaise, realisedPaise,
        charges.brokerage, charges.stt, charges.stamp, charges.exchange, charges.sebi, charges.dp, charges.gst, now, day.slice(2).replaceAll('-', '')],
    );
    return { trade: toTrade(rows[0] as TradeRow), replayed: false };
  }

  return { holdings, trades, tradesOn, trade };
}

export type HoldingBook = ReturnType<typeof createHoldingBook>;
