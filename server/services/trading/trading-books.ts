// What a signed-in user reads of their trading: the order book, the position book with margins, a
// portfolio's positions (overall and per bot) and its summary, and what orders would need in margin, from
// the account's broker through the broker-neutral interface, in the contract's shapes (rupees at the edge).
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../db/database.ts';
import { lateCommitMs, type DeliveryRecord, type HoldingRecord, type HoldingTradeRecord, type PositionDeliveryOutlook } from '../brokers/broker-trading.ts';
import { maxDrawdown, positionFigures, realisedByDay } from '../brokers/paper/position-math.ts';
import { toPaise, toRupees } from '../brokers/paper/paise.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { notFoundTexts } from '../texts/not-found-texts.ts';
import { istDate } from '../market/ist.ts';
import { checkPortfolio } from '../portfolios/portfolio-check.ts';
import { holdingFill, holdingOrder, intentOf, toOrder, toPosition, toTrade, totalChargesStatus } from './order-answers.ts';
import { repricingOf } from '../execution/repricing-book.ts';
import type { TradingAccounts } from './trading-accounts.ts';
import { brokerHoldingsOf } from './live-holdings.ts';

type Schemas = components['schemas'];

/**
 * The lot size of each listed contract among the orders', by exchange and tradingsymbol (a live broker's
 * instrument tokens are its own); an expired contract may be gone from the list: left out.
 */
async function lotSizesOf(db: Database, orders: ReadonlyArray<{ exchange: string; tradingsymbol: string }>): Promise<Map<string, number>> {
  const symbols = [...new Set(orders.map((order) => order.tradingsymbol))];
  if (symbols.length === 0) return new Map();
  const { rows } = await db.query<{ exchange: string; tradingsymbol: string; lot_size: number }>(
    'SELECT exchange, tradingsymbol, lot_size FROM instruments WHERE tradingsymbol = ANY($1::text[])',
    [symbols],
  );
  return new Map(rows.map((row) => [`${row.exchange}:${row.tradingsymbol}`, Number(row.lot_size)]));
}

const moneyOrNull = (paise: number | null) => (paise === null ? null : toRupees(paise));

function withDelivery(position: Schemas['Position'], outlook: PositionDeliveryOutlook | null): Schemas['Position'] {
  if (outlook === null) return position;
  const { obligation } = outlook;
  return {
    ...position,
    delivery: {
      days_to_expiry: outlook.daysToExpiry,
      obligation: obligation === null ? null : { side: obligation.side, shares: obligation.shares, symbol: obligation.symbol, price: toRupees(obligation.pricePaise), value: toRupees(obligation.valuePaise) },
      margin_now: moneyOrNull(outlook.marginNowPaise),
      days: outlook.days.map((day) => ({ date: day.date, days_to_expiry: day.daysToExpiry, margin: moneyOrNull(day.marginPaise) })),
    },
  };
}

function toDelivery(record: DeliveryRecord): Schemas['Delivery'] {
  return {
    tradingsymbol: record.tradingsymbol,
    symbol: record.symbol,
    expiry: record.expiry,
    side: record.side,
    shares: record.shares,
    price: toRupees(record.pricePaise),
    value: toRupees(record.valuePaise),
    charges: toRupees(record.chargesPaise),
    settled_at: record.settledAt.toISOString(),
    portfolio_id: record.portfolioId,
  };
}

/** A holding of delivered shares, valued now (value and P&L signed: shares owed are worth less as the price rises). */
function toHolding(record: HoldingRecord): Schemas['Holding'] {
  const priced = record.lastPaise !== null;
  return {
    symbol: record.symbol,
    shares: record.shares,
    average_price: toRupees(record.averagePaise),
    last_price: priced ? toRupees(record.lastPaise as number) : null,
    value: priced ? toRupees(record.shares * (record.lastPaise as number)) : null,
    pnl: priced ? toRupees(record.shares * ((record.lastPaise as number) - record.averagePaise)) : null,
    last_delivery_at: record.lastDeliveryAt.toISOString(),
  };
}

/** A trade against a delivered holding, in the contract's rupees. */
export function toHoldingTrade(record: HoldingTradeRecord): Schemas['HoldingTrade'] {
  const parts = record.charges;
  return {
    symbol: record.symbol,
    side: record.side,
    order_type: record.orderType,
    limit_price: moneyOrNull(record.limitPaise),
    quantity: record.shares,
    price: toRupees(record.pricePaise),
    value: toRupees(record.valuePaise),
    average_price: toRupees(record.averagePaise),
    realised_pnl: toRupees(record.realisedPaise),
    charges: toRupees(parts.brokerage + parts.stt + parts.stamp + parts.exchange + parts.sebi + parts.dp + parts.gst),
    charge_parts: {
      brokerage: toRupees(parts.brokerage),
      stt: toRupees(parts.stt),
      stamp: toRupees(parts.stamp),
      exchange: toRupees(parts.exchange),
      sebi: toRupees(parts.sebi),
      dp: toRupees(parts.dp),
      gst: toRupees(parts.gst),
    },
    traded_at: record.tradedAt.toISOString(),
    order_id: record.orderId,
  };
}

export function createTradingBooks({ db, clock, accounts }: { db: Database; clock: Clock; accounts: TradingAccounts }) {
  const { findAccount, dataStatus } = accounts;
  const portfolioOf = (body: { portfolio_id?: number | undefined }) => body.portfolio_id ?? null;

  const dayOf = (startDate: string | undefined) => startDate ?? istDate(clock());

  async function orderBook(userId: number, accountNumber: string, startDate: string | undefined, updatedSince?: string): Promise<Schemas['OrderBookResponse']> {
    const found = await findAccount(userId, accountNumber);
    // Back by lateCommitMs: a change stamped before the previous answer but committed after it must be in this one.
    const since = updatedSince === undefined ? null : new Date(Date.parse(updatedSince) - lateCommitMs);
    const { orders, trades } = await found.broker.orderBook(found.account, dayOf(startDate), since);
    const lotSizes = await lotSizesOf(db, orders);
    // Only a LIMIT order can be one the execution policy placed and re-prices.
    const repricing = await repricingOf(db, found.account.id, orders.filter((row) => row.order_type === 'LIMIT' && row.tag !== null).map((row) => row.order_id));
    const number = found.account.accountNumber;
    const orderBook = orders.map((row) => {
      const lotSize = lotSizes.get(`${row.exchange}:${row.tradingsymbol}`);
      const repriced = repricing.get(row.order_id);
      return { ...toOrder(row, number), ...(lotSize === undefined ? {} : { lot_size: lotSize }), ...(repriced === undefined ? {} : { repricing: repriced }) };
    });
    const tradeBook = trades.map((row) => toTrade(row, number));
    // Sales of delivered shares are orders and fills of the day too (issue 63), in time order among the rest.
    const holdingTrades = (await found.broker.holdingOrders?.(found.account, dayOf(startDate), since)) ?? [];
    if (holdingTrades.length > 0) {
      orderBook.push(...holdingTrades.map((record) => holdingOrder(record, number)));
      tradeBook.push(...holdingTrades.map((record) => holdingFill(record, number)));
      orderBook.sort((a, b) => Date.parse(b.order_timestamp) - Date.parse(a.order_timestamp));
      tradeBook.sort((a, b) => Date.parse(b.fill_timestamp) - Date.parse(a.fill_timestamp));
    }
    return { order_book: orderBook, trades: tradeBook, ...dataStatus(found) };
  }

  async function positionBook(userId: number, accountNumber: string, startDate: string | undefined): Promise<Schemas['PositionBookResponse']> {
    const found = await findAccount(userId, accountNumber);
    const day = dayOf(startDate);
    const entries = await found.broker.positionTotals(found.account, day, null);
    const today = entries.filter((entry) => entry.totals.dayBuyQuantity + entry.totals.daySellQuantity > 0);
    const funds = await found.broker.funds(found.account);
    // A stock contract in its last four trading days shows what it will deliver (issue 63); the paper broker's deliveries at expiry beside.
    const outlooks = (await found.broker.positionDeliveries?.(found.account, entries)) ?? [];
    const deliveries = await found.broker.deliveries?.(found.account);
    const holdings = await found.broker.holdings?.(found.account);
    const holdingTrades = await found.broker.holdingTrades?.(found.account);
    const brokerHoldings = await brokerHoldingsOf(found, clock);
    return {
      position_book: {
        net: entries.map((entry, i) => withDelivery(toPosition(entry, false), outlooks[i] ?? null)),
        day: today.map((entry) => toPosition(entry, true)),
        ...(deliveries === undefined ? {} : { deliveries: deliveries.map(toDelivery) }),
        ...(holdings === undefined ? {} : { holdings: holdings.map(toHolding) }),
        ...(holdingTrades === undefined ? {} : { holding_trades: holdingTrades.map(toHoldingTrade) }),
        ...(brokerHoldings === undefined ? {} : { broker_holdings: brokerHoldings }),
        margins: { available: toRupees(funds.availablePaise), used: toRupees(funds.usedPaise), equity: toRupees(funds.equityPaise) },
        ...dataStatus(found),
      },
    };
  }

  async function portfolioAccount(userId: number, portfolioId: number) {
    const { rows } = await db.query<{ account_number: string; capital: string }>(
      `SELECT a.account_number, p.capital FROM portfolios p JOIN broker_accounts a ON a.id = p.broker_account_id WHERE p.id = $1 AND a.user_id = $2`,
      [portfolioId, userId],
    );
    const row = rows[0];
    if (row === undefined) throw DomainError.said('not_found', notFoundTexts.thing('portfolio'));
    return { found: await findAccount(userId, row.account_number), capital: Number(row.capital) };
  }

  async function positions(userId: number, portfolioId: number, startDate: string | undefined): Promise<Schemas['PositionsResponse']> {
    const { found } = await portfolioAccount(userId, portfolioId);
    const entries = await found.broker.positionTotals(found.account, dayOf(startDate), portfolioId);
    const outlooks = (await found.broker.positionDeliveries?.(found.account, entries)) ?? [];
    return { data: { positions: entries.map((entry, i) => withDelivery(toPosition(entry, false), outlooks[i] ?? null)), ...dataStatus(found) } };
  }

  /** The portfolio's positions netted per bot (from the bot of each trade's order); the trader's own orders form the group without one. */
  async function positionsByBot(userId: number, portfolioId: number, startDate: string | undefined): Promise<Schemas['PositionsByBotResponse']> {
    const { found } = await portfolioAccount(userId, portfolioId);
    const entries = await found.broker.positionTotals(found.account, dayOf(startDate), portfolioId, { byBot: true });
    const outlooks = (await found.broker.positionDeliveries?.(found.account, entries)) ?? [];
    const { rows: names } = await db.query<{ kind: 'trading' | 'daily'; id: number; name: string }>(
      `SELECT 'daily' AS kind, id, name FROM daily_bots WHERE portfolio_id = $1 UNION ALL SELECT 'trading' AS kind, id, name FROM trading_bots WHERE portfolio_id = $1`,
      [portfolioId],
    );
    const nameOf = new Map(names.map((row) => [`${row.kind}:${row.id}`, row.name]));
    const groups = new Map<string, Schemas['BotPositionGroup']>();
    for (const [i, entry] of entries.entries()) {
      const key = entry.bot === null ? 'trader' : `${entry.bot.kind}:${entry.bot.id}`;
      const bot = entry.bot === null ? null : { ...entry.bot, name: nameOf.get(key) ?? `Deleted ${entry.bot.kind} bot ${entry.bot.id}` };
      const group = groups.get(key) ?? { bot, positions: [], pnl: 0 };
      const position = withDelivery(toPosition(entry, false), outlooks[i] ?? null);
      group.positions.push(position);
      group.pnl = toRupees(toPaise(group.pnl) + toPaise(position.pnl));
      groups.set(key, group);
    }
    // The trader's own group first, then the bots in the order they were made.
    const ordered = [...groups.values()].sort((a, b) => (a.bot === null ? -1 : b.bot === null ? 1 : a.bot.kind.localeCompare(b.bot.kind) || a.bot.id - b.bot.id));
    return { data: { groups: ordered, ...dataStatus(found) } };
  }

  async function summary(userId: number, portfolioId: number, startDate: string | undefined): Promise<Schemas['PositionSummaryResponse']> {
    const { found, capital } = await portfolioAccount(userId, portfolioId);
    const entries = await found.broker.positionTotals(found.account, dayOf(startDate), portfolioId);
    const figures = entries.map((entry) => positionFigures(entry.totals, entry.lastPaise, entry.closePaise));
    const sum = (pick: (f: (typeof figures)[number]) => number) => toRupees(figures.reduce((total, f) => total + pick(f), 0));
    const days = realisedByDay(await found.broker.ledger(found.account, portfolioId, dayOf(startDate)));
    return {
      data: {
        portfolio_id: portfolioId,
        capital,
        realised: sum((f) => f.realisedPaise),
        unrealised: sum((f) => f.unrealisedPaise),
        pnl: sum((f) => f.pnlPaise),
        charges: sum((f) => f.chargesPaise),
        // `charges` count only what is priced: a position's fills without a figure, or its brokerage not priced, make the total not whole.
        charges_status: totalChargesStatus(entries),
        net_pnl: sum((f) => f.netPnlPaise),
        // A closed position's P&L needs no price; an open one marked at its last trade's makes the totals not live.
        priced: entries.every((entry, i) => entry.priced || figures[i]?.quantity === 0),
        margin_used: toRupees(await found.broker.portfolioMargin(found.account, portfolioId)),
        open_positions: figures.filter((f) => f.quantity !== 0).length,
        days: days.map((day) => ({ date: day.day, net_realised: toRupees(day.netRealisedPaise), cumulative: toRupees(day.cumulativePaise) })),
        // One curve with net_pnl: the open positions' unrealised P&L counts in its last point (position-math.ts).
        max_drawdown: toRupees(maxDrawdown(days, figures.reduce((total, f) => total + f.unrealisedPaise, 0))),
        ...dataStatus(found),
      },
    };
  }

  /**
   * What an order placed within a portfolio has: the capital the trader set aside for it less the margin its
   * positions and working orders use (the positions summary's margin_used), never more than the account has
   * available. Without a portfolio: the account's available funds.
   */
  async function availableFor(found: Awaited<ReturnType<typeof findAccount>>, portfolioId: number | null, accountPaise: number): Promise<number> {
    if (portfolioId === null) return accountPaise;
    const { rows } = await db.query<{ capital: string }>('SELECT capital FROM portfolios WHERE id = $1', [portfolioId]);
    const capitalPaise = toPaise(Number(rows[0]?.capital ?? 0));
    const leftPaise = capitalPaise - (await found.broker.portfolioMargin(found.account, portfolioId));
    return Math.min(accountPaise, leftPaise);
  }

  async function orderMargins(userId: number, body: Schemas['OrderMarginsRequest']): Promise<Schemas['OrderMarginsResponse']> {
    const found = await findAccount(userId, body.account_number);
    // As the order calls check it: a portfolio that is not this account's is refused, not priced.
    const portfolioId = portfolioOf(body);
    await checkPortfolio(db, found.account.id, portfolioId);
    const margin = await found.broker.orderMargin(found.account, body.orders.map(intentOf));
    return {
      margins: {
        required: toRupees(margin.requiredPaise),
        available: toRupees(await availableFor(found, portfolioId, margin.availablePaise)),
        margin: toRupees(margin.marginPaise),
        premium: toRupees(margin.premiumPaise),
        charges: toRupees(margin.chargesPaise),
        margin_released: toRupees(margin.releasedPaise),
        standalone: {
          required: toRupees(margin.standalone.requiredPaise),
          margin: toRupees(margin.standalone.marginPaise),
          hedge_benefit: toRupees(margin.standalone.hedgeBenefitPaise),
        },
        charge_breakdown: {
          brokerage: margin.brokerageNotPriced === true ? null : toRupees(margin.chargeParts.brokerage),
          brokerage_status: margin.brokerageNotPriced === true ? 'not_priced' : 'priced',
          stt: toRupees(margin.chargeParts.stt),
          exchange: toRupees(margin.chargeParts.exchange),
          sebi: toRupees(margin.chargeParts.sebi),
          stamp_duty: toRupees(margin.chargeParts.stamp),
          gst: toRupees(margin.chargeParts.gst),
          call_and_trade: toRupees(margin.chargeParts.callAndTrade),
        },
      },
    };
  }

  return { orderBook, positionBook, positions, positionsByBot, summary, orderMargins };
}
