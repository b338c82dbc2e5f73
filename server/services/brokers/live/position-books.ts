// A live account's positions. The account's own are the broker's (carried over and today's, whoever placed
// them). A portfolio's share, and a bot's within it, exist only in StrikeDesk: they are summed from the
// mirrored fills of the orders placed for them, marked at the broker's last price for the contract. Without a
// session (and for past days) the mirror answers for the account too: what StrikeDesk traded, as last seen.
import type { Database, Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { istDate } from '../../market/ist.ts';
import { ledgerTradeOf, type LedgerRow, type LedgerTrade, type OrderBot, type PositionEntry, type Product, type TradingAccount } from '../broker-trading.ts';
import { brokerPositionCharges, type MirroredFills } from './broker-position-charges.ts';
import type { LiveContracts, LiveWire, WirePosition } from './live-wire.ts';
import { isShown } from './order-mapping.ts';

type TotalsRow = {
  instrument_token: number;
  exchange: string;
  tradingsymbol: string;
  portfolio_id: number | null;
  product: Product;
  bot_kind: OrderBot['kind'] | null;
  bot_id: number | null;
  brokerage_not_priced: boolean;
  charges_not_priced: boolean;
  day_brokerage_not_priced: boolean;
  day_charges_not_priced: boolean;
} & Record<'buy_quantity' | 'buy_value' | 'sell_quantity' | 'sell_value' | 'day_buy_quantity' | 'day_buy_value' | 'day_sell_quantity' | 'day_sell_value' | 'charges' | 'day_charges' | 'last_trade_price', string | null>;

/** A fill's share of its order's charges (known once the order completed). */
const chargeShare = `CASE WHEN o.charges_paise IS NULL OR o.filled_quantity = 0 THEN 0 ELSE o.charges_paise::numeric * t.quantity / o.filled_quantity END`;

/** A sum or count the database answers as text (null where no row counted). */
const n = (value: string | null) => Number(value ?? 0);

const mirroredFills = (row: TotalsRow): MirroredFills => ({
  buyQuantity: n(row.buy_quantity),
  sellQuantity: n(row.sell_quantity),
  dayBuyQuantity: n(row.day_buy_quantity),
  daySellQuantity: n(row.day_sell_quantity),
  chargesPaise: n(row.charges),
  dayChargesPaise: n(row.day_charges),
  chargesNotPriced: row.charges_not_priced,
  dayChargesNotPriced: row.day_charges_not_priced,
  brokerageNotPriced: row.brokerage_not_priced,
  dayBrokerageNotPriced: row.day_brokerage_not_priced,
});

export function createPositionBooks({ db, clock, wire, contracts }: { db: Database; clock: Clock; wire: LiveWire; contracts: LiveContracts }) {
  async function mirroredTotals(account: TradingAccount, day: string, portfolioId: number | null, byBot: boolean): Promise<TotalsRow[]> {
    const byPortfolio = portfolioId !== null;
    const { rows } = await db.query<TotalsRow>(
      `SELECT t.instrument_token, t.exchange, t.tradingsymbol, ${byPortfolio ? 't.portfolio_id' : 'NULL::integer AS portfolio_id'}, t.product,
         ${byBot ? 'o.bot_kind, o.bot_id' : 'NULL::text AS bot_kind, NULL::integer AS bot_id'},
         sum(t.quantity) FILTER (WHERE t.transaction_type = 'BUY') AS buy_quantity,
         sum(t.quantity * t.price_paise) FILTER (WHERE t.transaction_type = 'BUY') AS buy_value,
         sum(t.quantity) FILTER (WHERE t.transaction_type = 'SELL') AS sell_quantity,
         sum(t.quantity * t.price_paise) FILTER (WHERE t.transaction_type = 'SELL') AS sell_value,
         sum(t.quantity) FILTER (WHERE t.transaction_type = 'BUY' AND t.trading_day = $2::date) AS day_buy_quantity,
         sum(t.quantity * t.price_paise) FILTER (WHERE t.transaction_type = 'BUY' AND t.trading_day = $2::date) AS day_buy_value,
         sum(t.quantity) FILTER (WHERE t.transaction_type = 'SELL' AND t.trading_day = $2::date) AS day_sell_quantity,
         sum(t.quantity * t.price_paise) FILTER (WHERE t.transaction_type = 'SELL' AND t.trading_day = $2::date) AS day_sell_value,
         round(sum(${chargeShare})) AS charges, round(sum(${chargeShare}) FILTER (WHERE t.trading_day = $2::date)) AS day_charges,
         (array_agg(t.price_paise ORDER BY t.filled_at DESC, t.id DESC))[1] AS last_trade_price,
         coalesce(bool_or(o.brokerage_priced = false), false) AS brokerage_not_priced,
         coalesce(bool_or(o.charges_paise IS NULL), false) AS charges_not_priced,
         coalesce(bool_or(o.brokerage_priced = false) FILTER (WHERE t.trading_day = $2::date), false) AS day_brokerage_not_priced,
         coalesce(bool_or(o.charges_paise IS NULL) FILTER (WHERE t.trading_day = $2::date), false) AS day_charges_not_priced
       FROM kite_trades t JOIN kite_orders o ON o.broker_account_id = t.broker_account_id AND o.order_id = t.order_id
       WHERE t.broker_account_id = $1 AND t.trading_day <= $2::date ${byPortfolio ? 'AND t.portfolio_id = $3' : ''}
       GROUP BY t.instrument_token, t.exchange, t.tradingsymbol, ${byPortfolio ? 't.portfolio_id, ' : ''}${byBot ? 'o.bot_kind, o.bot_id, ' : ''}t.product
       HAVING sum(CASE WHEN t.transaction_type = 'BUY' THEN t.quantity ELSE -t.quantity END) <> 0 OR bool_or(t.trading_day = $2::date)
       ORDER BY t.instrument_token, t.product`,
      byPortfolio ? [account.id, day, portfolioId] : [account.id, day],
    );
    return rows;
  }

  /** The broker's net positions of the account (only the index options and futures StrikeDesk shows). */
  async function brokerPositions(account: TradingAccount): Promise<WirePosition[]> {
    return (await wire.positions(account)).filter((position) => isShown(position));
  }

  async function fromMirror(account: TradingAccount, day: string, portfolioId: number | null, byBot: boolean, marks: Map<string, WirePosition>): Promise<PositionEntry[]> {
    const now = clock();
    const entries: PositionEntry[] = [];
    for (const row of await mirroredTotals(account, day, portfolioId, byBot)) {
      const contract = await contracts.contractOf(row.exchange, row.tradingsymbol, now, Number(row.instrument_token));
      if (contract === null) continue;
      const mark = marks.get(`${row.exchange}:${row.tradingsymbol}`);
      const lastPaise = mark === undefined ? n(row.last_trade_price) : mark.last_paise;
      entries.push({
        contract,
        portfolioId: row.portfolio_id,
        product: row.product,
        bot: row.bot_kind === null || row.bot_id === null ? null : { kind: row.bot_kind, id: Number(row.bot_id) },
        totals: {
          buyQuantity: n(row.buy_quantity), buyValuePaise: n(row.buy_value), sellQuantity: n(row.sell_quantity), sellValuePaise: n(row.sell_value),
          dayBuyQuantity: n(row.day_buy_quantity), dayBuyValuePaise: n(row.day_buy_value), daySellQuantity: n(row.day_sell_quantity),
          daySellValuePaise: n(row.day_sell_value), chargesPaise: n(row.charges), dayChargesPaise: n(row.day_charges),
        },
        lastPaise,
        closePaise: mark === undefined ? lastPaise : mark.close_paise,
        priced: mark !== undefined,
        ...(row.brokerage_not_priced ? { brokerageNotPriced: true } : {}),
        ...(row.charges_not_priced ? { chargesStatus: 'not_priced' as const } : {}),
      });
    }
    return entries;
  }

  /**
   * The broker's positions carry no charges: what StrikeDesk's own fills of each say of them, all, part (a lower
   * bound) or nothing, is decided by brokerPositionCharges, never a figure of StrikeDesk's own making.
   */
  async function fromBroker(account: TradingAccount, day: string, positions: readonly WirePosition[]): Promise<PositionEntry[]> {
    const now = clock();
    const entries: PositionEntry[] = [];
    const mirrored = new Map((await mirroredTotals(account, day, null, false)).map((row) => [`${row.exchange}:${row.tradingsymbol}:${row.product}`, row]));
    for (const position of positions) {
      const row = mirrored.get(`${position.exchange}:${position.tradingsymbol}:${position.product}`);
      const charges = brokerPositionCharges(row === undefined ? undefined : mirroredFills(row), position);
      const contract = await contracts.contractOf(position.exchange, position.tradingsymbol, now, position.instrument_token);
      if (contract === null) continue;
      entries.push({
        contract,
        portfolioId: null,
        product: position.product as Product,
        bot: null,
        totals: {
          buyQuantity: position.buy_quantity, buyValuePaise: position.buy_value_paise, sellQuantity: position.sell_quantity,
          sellValuePaise: position.sell_value_paise, dayBuyQuantity: position.day_buy_quantity, dayBuyValuePaise: position.day_buy_value_paise,
          daySellQuantity: position.day_sell_quantity, daySellValuePaise: position.day_sell_value_paise,
          chargesPaise: charges.chargesPaise,
          dayChargesPaise: charges.dayChargesPaise,
        },
        lastPaise: position.last_paise,
        closePaise: position.close_paise,
        priced: true,
        ...(charges.brokerageNotPriced ? { brokerageNotPriced: true } : {}),
        ...(charges.status === 'priced' ? {} : { chargesStatus: charges.status }),
      });
    }
    return entries;
  }

  async function positionTotals(account: TradingAccount, day: string, portfolioId: number | null, { byBot = false }: { byBot?: boolean } = {}): Promise<PositionEntry[]> {
    const live = day === istDate(clock()) && (await wire.hasSession(account));
    const positions = live ? await brokerPositions(account) : [];
    if (portfolioId === null && live) return fromBroker(account, day, positions);
    const marks = new Map(positions.map((position) => [`${position.exchange}:${position.tradingsymbol}`, position]));
    return fromMirror(account, day, portfolioId, byBot, marks);
  }

  async function ledger(account: TradingAccount, portfolioId: number, day: string): Promise<LedgerTrade[]> {
    const { rows } = await db.query<LedgerRow>(
      `SELECT to_char(t.trading_day, 'YYYY-MM-DD') AS day, t.instrument_token, t.product, t.transaction_type, t.quantity, t.price_paise,
         round(${chargeShare}) AS charges
       FROM kite_trades t JOIN kite_orders o ON o.broker_account_id = t.broker_account_id AND o.order_id = t.order_id
       WHERE t.broker_account_id = $1 AND t.portfolio_id = $2 AND t.trading_day <= $3::date ORDER BY t.filled_at, t.id`,
      [account.id, portfolioId, day],
    );
    return rows.map(ledgerTradeOf);
  }

  return { positionTotals, ledger, brokerPositions };
}

export type PositionBooks = ReturnType<typeof createPositionBooks>;

/** One contract a portfolio holds at the broker, as the mirror's fills net it: quantity signed, long above 0. */
export type OpenLeg = { exchange: string; tradingsymbol: string; instrument_token: number; product: Product; quantity: number };

/** The portfolio's open legs from the mirror, which the broker's margin calculator prices as "the portfolio alone". */
export async function portfolioOpenLegs(q: Queryable, accountId: number, portfolioId: number): Promise<OpenLeg[]> {
  const { rows } = await q.query<{ exchange: string; tradingsymbol: string; instrument_token: string; product: Product; quantity: string }>(
    `SELECT exchange, tradingsymbol, instrument_token, product, sum(CASE WHEN transaction_type = 'BUY' THEN quantity ELSE -quantity END) AS quantity
     FROM kite_trades WHERE broker_account_id = $1 AND portfolio_id = $2 GROUP BY exchange, tradingsymbol, instrument_token, product
     HAVING sum(CASE WHEN transaction_type = 'BUY' THEN quantity ELSE -quantity END) <> 0`,
    [accountId, portfolioId],
  );
  return rows.map((row) => ({ ...row, instrument_token: Number(row.instrument_token), quantity: Number(row.quantity) }));
}
