// The paper broker's books, read from its trades and orders: open legs, one position's quantity, the day's
// order book, position totals (by portfolio or bot) and a portfolio's ledger.
import type { Database, Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { ledgerTradeOf, type BrokerTrade, type LedgerRow, type LedgerTrade, type OrderBot, type PositionEntry, type Product, type TradingAccount } from '../broker-trading.ts';
import { keyOf, type Contract, type Contracts } from './contracts.ts';
import { orderColumns, type OrderRow } from './order-rows.ts';
import type { PriceSource } from './price-source.ts';

export type OpenLeg = { contract: Contract; portfolioId: number | null; product: Product; quantity: number; bot?: OrderBot | null };

/** Open quantities per instrument, product and portfolio: the account's running positions (migration 044). */
export const openLegsSql = `SELECT instrument_token, portfolio_id, product, NULL::text AS bot_kind, NULL::integer AS bot_id, quantity
  FROM paper_positions WHERE broker_account_id = $1 AND quantity <> 0`;
export type OpenLegRow = { instrument_token: number; portfolio_id: number | null; product: Product; quantity: string | number; bot_kind: OrderBot['kind'] | null; bot_id: number | null };

/** The bot an order's columns name; its kind and id are written together (order-entry.ts), so the id says whether a bot placed it. */
const botOf = (row: { bot_kind: OrderBot['kind'] | null; bot_id: number | null }): OrderBot | null =>
  row.bot_id === null ? null : { kind: row.bot_kind!, id: Number(row.bot_id) };

/** Open legs split further by the bot whose orders opened them (the kill switch closes each share under its bot's name). */
export const openLegsByBotSql = `SELECT t.instrument_token, t.portfolio_id, t.product, o.bot_kind, o.bot_id,
    sum(CASE WHEN t.transaction_type = 'BUY' THEN t.quantity ELSE -t.quantity END) AS quantity
  FROM paper_trades t LEFT JOIN paper_orders o ON o.order_id = t.order_id WHERE t.broker_account_id = $1
  GROUP BY t.instrument_token, t.portfolio_id, t.product, o.bot_kind, o.bot_id
  HAVING sum(CASE WHEN t.transaction_type = 'BUY' THEN t.quantity ELSE -t.quantity END) <> 0`;

type TotalsRow = {
  instrument_token: number;
  portfolio_id: number | null;
  product: Product;
  buy_quantity: string;
  buy_value: string;
  sell_quantity: string;
  sell_value: string;
  day_buy_quantity: string;
  day_buy_value: string;
  day_sell_quantity: string;
  day_sell_value: string;
  charges: string;
  day_charges: string;
  last_trade_price: string;
};

export function createBooks({ db, clock, prices, contracts }: { db: Database; clock: Clock; prices: PriceSource; contracts: Contracts }) {
  const { contractsByToken } = contracts;

  async function legsOf(q: Queryable, rows: readonly OpenLegRow[], now: Date): Promise<OpenLeg[]> {
    const contracts = await contractsByToken(q, rows.map((row) => row.instrument_token), now);
    return rows.flatMap((row) => {
      const contract = contracts.get(row.instrument_token);
      return contract === undefined ? [] : [{ contract, portfolioId: row.portfolio_id, product: row.product, quantity: Number(row.quantity), bot: botOf(row) }];
    });
  }

  async function openLegs(q: Queryable, accountId: number, now: Date): Promise<OpenLeg[]> {
    return legsOf(q, (await q.query<OpenLegRow>(openLegsSql, [accountId])).rows, now);
  }

  /** Signed open quantity of one position (a portfolio's share, or the account-level one when portfolioId is null). */
  async function positionQuantity(q: Queryable, accountId: number, portfolioId: number | null, instrumentToken: number, product: Product): Promise<number> {
    const { rows } = await q.query<{ quantity: string | null }>(
      `SELECT quantity FROM paper_positions
       WHERE broker_account_id = $1 AND portfolio_id IS NOT DISTINCT FROM $2 AND instrument_token = $3 AND product = $4`,
      [accountId, portfolioId, instrumentToken, product],
    );
    return Number(rows[0]?.quantity ?? 0);
  }

  /** How many entry orders the account placed on a day (rejected ones not counted): the trades-today limit. */
  async function entriesOn(q: Queryable, accountId: number, day: string): Promise<number> {
    const { rows } = await q.query<{ count: string }>(
      `SELECT count(*) AS count FROM paper_orders WHERE broker_account_id = $1 AND trading_day = $2::date AND purpose = 'entry' AND status <> 'REJECTED'`,
      [accountId, day],
    );
    return Number(rows[0]!.count);
  }

  /** The orders carrying `tag`, placed at or after `since` when given, oldest first. */
  async function ordersByTag(account: TradingAccount, tag: string, since: Date | null = null): Promise<OrderRow[]> {
    const { rows } = await db.query<OrderRow>(
      `SELECT ${orderColumns} FROM paper_orders o WHERE o.broker_account_id = $1 AND o.tag = $2 AND ($3::timestamptz IS NULL OR o.placed_at >= $3)
       ORDER BY o.id`,
      [account.id, tag, since],
    );
    return rows;
  }

  /**
   * A day's orders and trades, newest first, with the after-market orders still waiting for the open (placed
   * on an earlier day, they trade on the next session's); with `since`, only those changed (or made) at or after it.
   */
  async function orderBook(account: TradingAccount, day: string, since: Date | null = null): Promise<{ orders: OrderRow[]; trades: BrokerTrade[] }> {
    const { rows: orders } = await db.query<OrderRow>(
      `SELECT ${orderColumns} FROM paper_orders o WHERE o.broker_account_id = $1
         AND (o.trading_day = $2::date OR (o.amo_release_at IS NOT NULL AND o.status IN ('OPEN', 'TRIGGER PENDING')))
         AND ($3::timestamptz IS NULL OR o.updated_at >= $3) ORDER BY o.id DESC`,
      [account.id, day, since],
    );
    const { rows: trades } = await db.query<BrokerTrade>(
      `SELECT trade_id, order_id, broker_account_id, portfolio_id, instrument_token, exchange, tradingsymbol, product, transaction_type,
         quantity, price_paise, kind, filled_at, brokerage_paise + stt_paise + exchange_paise + sebi_paise + gst_paise + stamp_paise + call_and_trade_paise AS charges_paise,
         call_and_trade_paise
       FROM paper_trades WHERE broker_account_id = $1 AND trading_day = $2::date
         AND ($3::timestamptz IS NULL OR filled_at >= $3) ORDER BY id DESC`,
      [account.id, day, since],
    );
    return { orders, trades };
  }

  /**
   * Trade totals per position up to the end of `day`: a portfolio's own (portfolioId given), or the whole
   * account netted across portfolios. Positions still open, or traded on `day`.
   */
  async function positionTotals(account: TradingAccount, day: string, portfolioId: number | null, { byBot = false }: { byBot?: boolean } = {}): Promise<PositionEntry[]> {
    const byPortfolio = portfolioId !== null;
    // Grouped by bot, each trade carries the bot of its order (settlements, which have none, are the trader's).
    const source = byBot
      ? '(SELECT t.*, o.bot_kind, o.bot_id FROM paper_trades t LEFT JOIN paper_orders o ON o.order_id = t.order_id) paper_trades'
      : 'paper_trades';
    const botColumns = byBot ? 'bot_kind, bot_id' : 'NULL::text AS bot_kind, NULL::integer AS bot_id';
    const { rows } = await db.query<TotalsRow & { bot_kind: 'trading' | 'daily' | null; bot_id: number | null }>(
      `SELECT instrument_token, ${byPortfolio ? 'portfolio_id' : 'NULL::integer AS portfolio_id'}, product, ${botColumns},
         sum(quantity) FILTER (WHERE transaction_type = 'BUY') AS buy_quantity,
         sum(quantity * price_paise) FILTER (WHERE transaction_type = 'BUY') AS buy_value,
         sum(quantity) FILTER (WHERE transaction_type = 'SELL') AS sell_quantity,
         sum(quantity * price_paise) FILTER (WHERE transaction_type = 'SELL') AS sell_value,
         sum(quantity) FILTER (WHERE transaction_type = 'BUY' AND trading_day = $2::date) AS day_buy_quantity,
         sum(quantity * price_paise) FILTER (WHERE transaction_type = 'BUY' AND trading_day = $2::date) AS day_buy_value,
         sum(quantity) FILTER (WHERE transaction_type = 'SELL' AND trading_day = $2::date) AS day_sell_quantity,
         sum(quantity * price_paise) FILTER (WHERE transaction_type = 'SELL' AND trading_day = $2::date) AS day_sell_value,
         sum(brokerage_paise + stt_paise + exchange_paise + sebi_paise + gst_paise + stamp_paise + call_and_trade_paise) AS charges,
         sum(brokerage_paise + stt_paise + exchange_paise + sebi_paise + gst_paise + stamp_paise + call_and_trade_paise) FILTER (WHERE trading_day = $2::date) AS day_charges,
         (array_agg(price_paise ORDER BY id DESC))[1] AS last_trade_price
       FROM ${source} WHERE broker_account_id = $1 AND trading_day <= $2::date ${byPortfolio ? 'AND portfolio_id = $3' : ''}
       GROUP BY instrument_token, ${byPortfolio ? 'portfolio_id, ' : ''}${byBot ? 'bot_kind, bot_id, ' : ''}product
       HAVING sum(CASE WHEN transaction_type = 'BUY' THEN quantity ELSE -quantity END) <> 0 OR bool_or(trading_day = $2::date)
       ORDER BY instrument_token, product`,
      byPortfolio ? [account.id, day, portfolioId] : [account.id, day],
    );
    const contracts = await contractsByToken(db, rows.map((row) => row.instrument_token), clock());
    const quotes = await prices.quotes([...contracts.values()].map(keyOf), db);
    return rows.flatMap((row) => {
      const contract = contracts.get(row.instrument_token);
      if (contract === undefined) return [];
      const n = (value: string | null) => Number(value ?? 0);
      const totals = {
        buyQuantity: n(row.buy_quantity),
        buyValuePaise: n(row.buy_value),
        sellQuantity: n(row.sell_quantity),
        sellValuePaise: n(row.sell_value),
        dayBuyQuantity: n(row.day_buy_quantity),
        dayBuyValuePaise: n(row.day_buy_value),
        daySellQuantity: n(row.day_sell_quantity),
        daySellValuePaise: n(row.day_sell_value),
        chargesPaise: n(row.charges),
        dayChargesPaise: n(row.day_charges),
      };
      // A closed position's P&L needs no price; an open one is marked at the market's last price.
      const quote = quotes.get(keyOf(contract));
      const lastPaise = quote?.lastPaise ?? n(row.last_trade_price);
      return [{ contract, portfolioId: row.portfolio_id, product: row.product, bot: botOf(row), totals, lastPaise, closePaise: quote?.closePaise ?? lastPaise, priced: quote !== undefined }];
    });
  }

  /** A portfolio's trades up to the end of `day`, in the order they happened (its daily P&L history). */
  async function ledger(account: TradingAccount, portfolioId: number, day: string): Promise<LedgerTrade[]> {
    const { rows } = await db.query<LedgerRow>(
      `SELECT to_char(trading_day, 'YYYY-MM-DD') AS day, instrument_token, product, transaction_type, quantity, price_paise,
         brokerage_paise + stt_paise + exchange_paise + sebi_paise + gst_paise + stamp_paise + call_and_trade_paise AS charges
       FROM paper_trades WHERE broker_account_id = $1 AND portfolio_id = $2 AND trading_day <= $3::date ORDER BY id`,
      [account.id, portfolioId, day],
    );
    return rows.map(ledgerTradeOf);
  }

  return { legsOf, openLegs, positionQuantity, entriesOn, ordersByTag, orderBook, positionTotals, ledger };
}

export type Books = ReturnType<typeof createBooks>;
