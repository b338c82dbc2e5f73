// Trading for a signed-in user: finds their broker account by its number, checks the broker session,
// hands the intent to the account's broker (the adapter's `trading`; the paper broker's today) under one
// Idempotency-Key, and turns the broker's rows into the contract's Order and Position (rupees at the edge).
// Transport-free: refusals are DomainErrors that server/http maps to statuses.
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../db/database.ts';
import type { BrokerRegistry } from '../brokers/broker-adapter.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { istDate } from '../market/ist.ts';
import { averagePaise, dayTotals, maxDrawdown, positionFigures, realisedByDay } from '../brokers/paper/position-math.ts';
import { toPaise, toRupees } from '../brokers/paper/paise.ts';
import type { OrderIntent, OrderRow, PaperTrading, PlannedSlice, Product, TradeRow, TradingAccount } from '../brokers/paper/paper-trading.ts';
import { createIdempotency, requestHash, tagOfKey } from './idempotency.ts';
import { createPacedIntents, timerWait, type Wait } from './paced-intent.ts';

type Schemas = components['schemas'];
type Order = Schemas['Order'];
type Trade = Schemas['Trade'];
type Position = Schemas['Position'];
type OrdersResponse = Schemas['OrdersResponse'];

export type IdempotentAnswer = { status: number; body: unknown; replayed: boolean };

type AccountRow = { id: number; account_number: string; capital: string; broker: string; session_expires_at: Date | null };

type OrderRequestBody = Pick<Schemas['OrderRequest'], 'tradingsymbol' | 'exchange' | 'transaction_type' | 'order_type' | 'product' | 'quantity' | 'price' | 'trigger_price'>;

function intentOf(body: OrderRequestBody): OrderIntent {
  return {
    exchange: body.exchange,
    tradingsymbol: body.tradingsymbol,
    side: body.transaction_type,
    orderType: body.order_type,
    product: body.product,
    quantity: body.quantity,
    pricePaise: toPaise(body.price ?? 0),
    triggerPaise: toPaise(body.trigger_price ?? 0),
  };
}

export function toOrder(row: OrderRow, accountNumber: string): Order {
  return {
    order_id: row.order_id,
    exchange_order_id: row.exchange_order_id,
    account_number: accountNumber,
    portfolio_id: row.portfolio_id,
    tradingsymbol: row.tradingsymbol,
    instrument_token: row.instrument_token,
    exchange: row.exchange,
    transaction_type: row.transaction_type,
    order_type: row.order_type,
    product: row.product,
    variety: 'regular',
    validity: 'DAY',
    quantity: row.quantity,
    price: toRupees(Number(row.price_paise)),
    trigger_price: toRupees(Number(row.trigger_price_paise)),
    average_price: toRupees(averagePaise(Number(row.filled_value_paise), row.filled_quantity)),
    filled_quantity: row.filled_quantity,
    pending_quantity: row.status === 'OPEN' || row.status === 'TRIGGER PENDING' ? row.quantity - row.filled_quantity - row.cancelled_quantity : 0,
    cancelled_quantity: row.cancelled_quantity,
    status: row.status,
    status_message: row.status_message,
    tag: row.tag,
    order_timestamp: new Date(row.placed_at).toISOString(),
    exchange_timestamp: row.exchange_at === null ? null : new Date(row.exchange_at).toISOString(),
    modifications: row.modifications,
  };
}

function toTrade(row: TradeRow, accountNumber: string): Trade {
  return {
    trade_id: row.trade_id,
    order_id: row.order_id ?? `settlement-${row.trade_id}`,
    account_number: accountNumber,
    portfolio_id: row.portfolio_id,
    tradingsymbol: row.tradingsymbol,
    instrument_token: row.instrument_token,
    exchange: row.exchange,
    product: row.product,
    transaction_type: row.transaction_type,
    quantity: row.quantity,
    average_price: toRupees(Number(row.price_paise)),
    fill_timestamp: new Date(row.filled_at).toISOString(),
  };
}

/** "2 orders placed, 1 rejected": what the trader reads first; every order's own outcome follows. */
function ordersMessage(orders: readonly Order[], verb: string): string {
  if (orders.length === 0) return 'Nothing to do: no open quantity';
  const rejected = orders.filter((order) => order.status === 'REJECTED').length;
  const cancelled = orders.filter((order) => order.status === 'CANCELLED').length;
  const done = orders.length - rejected - cancelled;
  const parts = [`${done} ${done === 1 ? 'order' : 'orders'} ${verb}`];
  if (rejected > 0) parts.push(`${rejected} rejected`);
  if (cancelled > 0) parts.push(`${cancelled} cancelled`);
  return parts.join(', ');
}

/** `wait`: how a paced intent waits for the next second (tests pass one that moves their clock). */
export function createTradingService({ db, clock, brokers, wait = timerWait }: { db: Database; clock: Clock; brokers: BrokerRegistry; wait?: Wait }) {
  const idempotency = createIdempotency({ db, clock });
  const paced = createPacedIntents({ db, idempotency, wait });

  async function findAccount(userId: number, accountNumber: string): Promise<{ account: TradingAccount; broker: PaperTrading; sessionOpen: boolean; sessionEndedAt: Date | null }> {
    const { rows } = await db.query<AccountRow>(
      `SELECT a.id, a.account_number, a.capital, b.slug AS broker, a.session_expires_at FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id
       WHERE a.user_id = $1 AND upper(a.account_number) = upper($2) ORDER BY a.id LIMIT 1`,
      [userId, accountNumber],
    );
    const row = rows[0];
    if (row === undefined) throw new DomainError('not_found', `Broker account ${accountNumber} not found`, { field: 'account_number' });
    const broker = brokers.get(row.broker)?.trading;
    if (broker === undefined) throw new DomainError('live_trading_unavailable', `Trading through the "${row.broker}" broker is not available yet`);
    const expiresAt = row.session_expires_at === null ? null : new Date(row.session_expires_at);
    const sessionOpen = expiresAt !== null && expiresAt.getTime() > clock().getTime();
    return {
      account: { id: row.id, accountNumber: row.account_number, capitalPaise: toPaise(Number(row.capital)) },
      broker,
      sessionOpen,
      sessionEndedAt: sessionOpen ? null : expiresAt,
    };
  }

  async function tradingAccount(userId: number, accountNumber: string) {
    const found = await findAccount(userId, accountNumber);
    if (!found.sessionOpen) {
      throw new DomainError('broker_session_expired', 'Your broker session has expired. Log in to the broker again to trade.', { field: 'account_number' });
    }
    return found;
  }

  type TradingCall = { userId: number; key: string; operation: string; body: { account_number: string } };

  /** Every trading POST: the account's broker session open, one answer per Idempotency-Key. */
  async function idempotentOrders(
    call: TradingCall,
    verb: string,
    act: (tx: Parameters<Parameters<typeof idempotency.run>[3]>[0], found: Awaited<ReturnType<typeof tradingAccount>>, tag: string) => Promise<OrderRow[]>,
  ): Promise<IdempotentAnswer> {
    const found = await tradingAccount(call.userId, call.body.account_number);
    return idempotency.run(call.userId, call.key, requestHash(call.operation, call.body), async (tx) => {
      const rows = await act(tx, found, tagOfKey(call.key));
      const orders = rows.map((row) => toOrder(row, found.account.accountNumber));
      const body: OrdersResponse = { message: ordersMessage(orders, verb), orders };
      return { status: 200, body };
    });
  }

  /** A POST that places orders: planned under the key, then placed over as many seconds as the rate limit needs (paced-intent.ts). */
  async function pacedOrders(
    call: TradingCall,
    plan: (tx: Parameters<Parameters<typeof idempotency.run>[3]>[0], found: Awaited<ReturnType<typeof tradingAccount>>, tag: string) => Promise<PlannedSlice[]>,
  ): Promise<IdempotentAnswer> {
    const found = await tradingAccount(call.userId, call.body.account_number);
    return paced.run({
      userId: call.userId,
      key: call.key,
      hash: requestHash(call.operation, call.body),
      account: found.account,
      broker: found.broker,
      plan: (tx) => plan(tx, found, tagOfKey(call.key)),
      answer: (rows): OrdersResponse => {
        const orders = rows.map((row) => toOrder(row, found.account.accountNumber));
        return { message: ordersMessage(orders, 'placed'), orders };
      },
    });
  }

  const portfolioOf = (body: { portfolio_id?: number | undefined }) => body.portfolio_id ?? null;

  function placeTrades(userId: number, key: string, body: Schemas['PlaceTradesRequest']) {
    return pacedOrders({ userId, key, operation: 'placeTrades', body }, (tx, found, keyTag) =>
      found.broker.planOrders(tx, found.account, body.orders.map(intentOf), { portfolioId: portfolioOf(body), tag: body.orders[0]?.tag ?? keyTag, purpose: 'entry' }),
    );
  }

  function executeOrder(userId: number, key: string, body: Schemas['ExecuteOrderRequest']) {
    if (body.action === 'open') {
      return pacedOrders({ userId, key, operation: 'executeOrder', body }, (tx, found, keyTag) =>
        found.broker.planOrders(tx, found.account, [intentOf(body)], { portfolioId: portfolioOf(body), tag: body.tag ?? keyTag, purpose: 'entry' }),
      );
    }
    const position = { exchange: body.exchange, tradingsymbol: body.tradingsymbol, product: body.product, quantity: body.quantity };
    return pacedOrders({ userId, key, operation: 'executeOrder', body }, (tx, found, keyTag) =>
      found.broker.planSquareOff(tx, found.account, portfolioOf(body), [position], keyTag),
    );
  }

  function squareoffTrades(userId: number, key: string, body: Schemas['SquareoffTradesRequest']) {
    return pacedOrders({ userId, key, operation: 'squareoffTrades', body }, (tx, found, keyTag) =>
      found.broker.planSquareOff(tx, found.account, portfolioOf(body), body.positions, keyTag),
    );
  }

  function placeStopLoss(userId: number, key: string, body: Schemas['StopLossOrderRequest']) {
    return idempotentOrders({ userId, key, operation: 'placeStopLossOrder', body }, 'placed', (tx, found, keyTag) =>
      found.broker.protect(tx, found.account, 'stoploss', intentOf(body), portfolioOf(body), body.tag ?? keyTag),
    );
  }

  function placeTarget(userId: number, key: string, body: Schemas['TargetOrderRequest']) {
    return idempotentOrders({ userId, key, operation: 'placeTargetOrder', body }, 'placed', (tx, found, keyTag) =>
      found.broker.protect(tx, found.account, 'target', intentOf({ ...body, order_type: 'LIMIT' }), portfolioOf(body), body.tag ?? keyTag),
    );
  }

  function modifyOrder(userId: number, key: string, body: Schemas['ModifyOrderRequest']) {
    return idempotentOrders({ userId, key, operation: 'modifyOrder', body }, 'modified', async (tx, found) => [
      await found.broker.modifyOrder(tx, found.account, body.order_id, {
        quantity: body.quantity,
        pricePaise: body.price === undefined ? undefined : toPaise(body.price),
        triggerPaise: body.trigger_price === undefined ? undefined : toPaise(body.trigger_price),
        orderType: body.order_type,
      }),
    ]);
  }

  function cancelOrders(userId: number, key: string, body: Schemas['CancelOrderRequest']) {
    return idempotentOrders({ userId, key, operation: 'cancelOrder', body }, 'cancelled', (tx, found) => found.broker.cancelOrders(tx, found.account, body.order_ids));
  }

  const dayOf = (startDate: string | undefined) => startDate ?? istDate(clock());

  /** The broker's data is unknown while its session is over: said so, never presented as fresh. */
  function dataStatus(found: { sessionOpen: boolean; sessionEndedAt: Date | null }) {
    return found.sessionOpen
      ? { status: 'OK' as const, as_of: clock().toISOString() }
      : { status: 'UNKNOWN' as const, as_of: found.sessionEndedAt === null ? null : found.sessionEndedAt.toISOString() };
  }

  async function orderBook(userId: number, accountNumber: string, startDate: string | undefined, updatedSince?: string): Promise<Schemas['OrderBookResponse']> {
    const found = await findAccount(userId, accountNumber);
    const { orders, trades } = await found.broker.orderBook(found.account, dayOf(startDate), updatedSince === undefined ? null : new Date(updatedSince));
    return {
      order_book: orders.map((row) => toOrder(row, found.account.accountNumber)),
      trades: trades.map((row) => toTrade(row, found.account.accountNumber)),
      ...dataStatus(found),
    };
  }

  type Totals = Awaited<ReturnType<PaperTrading['positionTotals']>>[number];

  function toPosition(entry: Totals, day: boolean): Position {
    const totals = day ? dayTotals(entry.totals) : entry.totals;
    const figures = positionFigures(totals, entry.lastPaise, entry.closePaise);
    return {
      tradingsymbol: entry.contract.tradingsymbol,
      exchange: entry.contract.exchange,
      instrument_token: entry.contract.instrumentToken,
      product: entry.product as Product,
      quantity: figures.quantity,
      overnight_quantity: day ? 0 : figures.overnightQuantity,
      average_price: toRupees(figures.averagePricePaise),
      last_price: toRupees(entry.lastPaise),
      close_price: toRupees(entry.closePaise),
      pnl: toRupees(figures.pnlPaise),
      realised: toRupees(figures.realisedPaise),
      unrealised: toRupees(figures.unrealisedPaise),
      m2m: toRupees(figures.m2mPaise),
      charges: toRupees(figures.chargesPaise),
      net_pnl: toRupees(figures.netPnlPaise),
      buy_quantity: totals.buyQuantity,
      buy_price: toRupees(figures.buyPricePaise),
      buy_value: toRupees(totals.buyValuePaise),
      sell_quantity: totals.sellQuantity,
      sell_price: toRupees(figures.sellPricePaise),
      sell_value: toRupees(totals.sellValuePaise),
      day_buy_quantity: totals.dayBuyQuantity,
      day_sell_quantity: totals.daySellQuantity,
      lot_size: entry.contract.lotSize,
      expiry: entry.contract.expiry,
      portfolio_id: entry.portfolioId,
    };
  }

  async function positionBook(userId: number, accountNumber: string, startDate: string | undefined): Promise<Schemas['PositionBookResponse']> {
    const found = await findAccount(userId, accountNumber);
    const day = dayOf(startDate);
    const entries = await found.broker.positionTotals(found.account, day, null);
    const today = entries.filter((entry) => entry.totals.dayBuyQuantity + entry.totals.daySellQuantity > 0);
    const funds = await found.broker.funds(found.account);
    return {
      position_book: {
        net: entries.map((entry) => toPosition(entry, false)),
        day: today.map((entry) => toPosition(entry, true)),
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
    if (row === undefined) throw new DomainError('not_found', 'Portfolio not found');
    return { found: await findAccount(userId, row.account_number), capital: Number(row.capital) };
  }

  async function positions(userId: number, portfolioId: number, startDate: string | undefined): Promise<Schemas['PositionsResponse']> {
    const { found } = await portfolioAccount(userId, portfolioId);
    const entries = await found.broker.positionTotals(found.account, dayOf(startDate), portfolioId);
    return { data: { positions: entries.map((entry) => toPosition(entry, false)), ...dataStatus(found) } };
  }

  /** The portfolio's positions netted per bot (from the bot of each trade's order); the trader's own orders form the group without one. */
  async function positionsByBot(userId: number, portfolioId: number, startDate: string | undefined): Promise<Schemas['PositionsByBotResponse']> {
    const { found } = await portfolioAccount(userId, portfolioId);
    const entries = await found.broker.positionTotals(found.account, dayOf(startDate), portfolioId, { byBot: true });
    const { rows: names } = await db.query<{ kind: 'trading' | 'daily'; id: number; name: string }>(
      `SELECT 'daily' AS kind, id, name FROM daily_bots WHERE portfolio_id = $1 UNION ALL SELECT 'trading' AS kind, id, name FROM trading_bots WHERE portfolio_id = $1`,
      [portfolioId],
    );
    const nameOf = new Map(names.map((row) => [`${row.kind}:${row.id}`, row.name]));
    const groups = new Map<string, Schemas['BotPositionGroup']>();
    for (const entry of entries) {
      const key = entry.bot === null ? 'trader' : `${entry.bot.kind}:${entry.bot.id}`;
      const bot = entry.bot === null ? null : { ...entry.bot, name: nameOf.get(key) ?? `Deleted ${entry.bot.kind} bot ${entry.bot.id}` };
      const group = groups.get(key) ?? { bot, positions: [], pnl: 0 };
      const position = toPosition(entry, false);
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
        net_pnl: sum((f) => f.netPnlPaise),
        margin_used: toRupees(await found.broker.portfolioMargin(found.account, portfolioId)),
        open_positions: figures.filter((f) => f.quantity !== 0).length,
        days: days.map((day) => ({ date: day.day, net_realised: toRupees(day.netRealisedPaise), cumulative: toRupees(day.cumulativePaise) })),
        max_drawdown: toRupees(maxDrawdown(days)),
        ...dataStatus(found),
      },
    };
  }

  async function orderMargins(userId: number, body: Schemas['OrderMarginsRequest']): Promise<Schemas['OrderMarginsResponse']> {
    const found = await findAccount(userId, body.account_number);
    const margin = await found.broker.orderMargin(found.account, body.orders.map(intentOf), portfolioOf(body));
    return {
      margins: {
        required: toRupees(margin.requiredPaise),
        available: toRupees(margin.availablePaise),
        margin: toRupees(margin.marginPaise),
        premium: toRupees(margin.premiumPaise),
        charges: toRupees(margin.chargesPaise),
      },
    };
  }

  return { placeTrades, executeOrder, squareoffTrades, placeStopLoss, placeTarget, modifyOrder, cancelOrders, orderBook, positionBook, positions, positionsByBot, summary, orderMargins };
}

export type TradingService = ReturnType<typeof createTradingService>;
