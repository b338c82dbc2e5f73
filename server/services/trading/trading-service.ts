// Trading for a signed-in user: finds their broker account by its number, checks the broker session,
// hands the intent to the account's broker (the adapter's `trading`, a BrokerTrading) through the order
// pipeline (claim, broker call, record: one answer per Idempotency-Key), and turns the broker's records into
// the contract's Order and Position (order-answers.ts, rupees at the edge).
// Transport-free: refusals are DomainErrors that server/http maps to statuses.
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../db/database.ts';
import type { BrokerRegistry } from '../brokers/broker-adapter.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { istDate } from '../market/ist.ts';
import { maxDrawdown, positionFigures, realisedByDay } from '../brokers/paper/position-math.ts';
import { toPaise, toRupees } from '../brokers/paper/paise.ts';
import type { BrokerOrder, BrokerTrading, TradingAccount } from '../brokers/broker-trading.ts';
import { requestHash, tagOfKey } from './idempotency.ts';
import { intentOf, ordersMessage, toOrder, toPosition, toTrade } from './order-answers.ts';
import { createOrderPipeline, type PipelineHooks } from './order-pipeline.ts';

type Schemas = components['schemas'];
type OrdersResponse = Schemas['OrdersResponse'];

export type IdempotentAnswer = { status: number; body: unknown; replayed: boolean };

type AccountRow = { id: number; account_number: string; capital: string; broker: string; session_expires_at: Date | null };

type TradingServiceOptions = { db: Database; clock: Clock; brokers: BrokerRegistry; hooks?: PipelineHooks | undefined };

export function createTradingService({ db, clock, brokers, hooks }: TradingServiceOptions) {
  const pipeline = createOrderPipeline({ db, clock, hooks });

  async function findAccount(userId: number, accountNumber: string): Promise<{ account: TradingAccount; broker: BrokerTrading; sessionOpen: boolean; sessionEndedAt: Date | null }> {
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
  type Found = Awaited<ReturnType<typeof tradingAccount>>;
  /** What an operation does with the broker: whether it opens risk, its portfolio, and its orders' own tag. */
  type Intent = { entry: boolean; portfolioId: number | null; tag?: string | undefined };

  /** Every trading POST: the account's broker session open, one answer per Idempotency-Key. */
  async function idempotentOrders(call: TradingCall, verb: string, intent: Intent, act: (found: Found, tag: string) => Promise<BrokerOrder[]>): Promise<IdempotentAnswer> {
    const found = await tradingAccount(call.userId, call.body.account_number);
    return pipeline.run({
      userId: call.userId,
      key: call.key,
      hash: requestHash(call.operation, call.body),
      account: found.account,
      broker: found.broker,
      entry: intent.entry,
      portfolioId: intent.portfolioId,
      tag: intent.tag ?? tagOfKey(call.key),
      place: (tag) => act(found, tag),
      answer: (rows, note) => {
        const orders = rows.map((row) => toOrder(row, found.account.accountNumber));
        const message = ordersMessage(orders, verb);
        const body: OrdersResponse = { message: note === null ? message : `${message}; ${note}`, orders };
        return { status: 200, body };
      },
    });
  }

  const portfolioOf = (body: { portfolio_id?: number | undefined }) => body.portfolio_id ?? null;
  const entry = (body: { portfolio_id?: number | undefined }, tag?: string): Intent => ({ entry: true, portfolioId: portfolioOf(body), tag });
  const exit = (body: { portfolio_id?: number | undefined }, tag?: string): Intent => ({ entry: false, portfolioId: portfolioOf(body), tag });
  const change: Intent = { entry: false, portfolioId: null };

  function placeTrades(userId: number, key: string, body: Schemas['PlaceTradesRequest']) {
    return idempotentOrders({ userId, key, operation: 'placeTrades', body }, 'placed', entry(body, body.orders[0]?.tag), (found, tag) =>
      found.broker.placeOrders(found.account, body.orders.map(intentOf), { portfolioId: portfolioOf(body), tag, purpose: 'entry' }),
    );
  }

  function executeOrder(userId: number, key: string, body: Schemas['ExecuteOrderRequest']) {
    if (body.action === 'open') {
      return idempotentOrders({ userId, key, operation: 'executeOrder', body }, 'placed', entry(body, body.tag), (found, tag) =>
        found.broker.placeOrders(found.account, [intentOf(body)], { portfolioId: portfolioOf(body), tag, purpose: 'entry' }),
      );
    }
    return idempotentOrders({ userId, key, operation: 'executeOrder', body }, 'placed', exit(body), (found, tag) =>
      found.broker.squareOff(found.account, portfolioOf(body), [{ exchange: body.exchange, tradingsymbol: body.tradingsymbol, product: body.product, quantity: body.quantity }], tag),
    );
  }

  function squareoffTrades(userId: number, key: string, body: Schemas['SquareoffTradesRequest']) {
    return idempotentOrders({ userId, key, operation: 'squareoffTrades', body }, 'placed', exit(body), (found, tag) =>
      found.broker.squareOff(found.account, portfolioOf(body), body.positions, tag),
    );
  }

  function placeStopLoss(userId: number, key: string, body: Schemas['StopLossOrderRequest']) {
    return idempotentOrders({ userId, key, operation: 'placeStopLossOrder', body }, 'placed', exit(body, body.tag), (found, tag) =>
      found.broker.protect(found.account, 'stoploss', intentOf(body), portfolioOf(body), tag),
    );
  }

  function placeTarget(userId: number, key: string, body: Schemas['TargetOrderRequest']) {
    return idempotentOrders({ userId, key, operation: 'placeTargetOrder', body }, 'placed', exit(body, body.tag), (found, tag) =>
      found.broker.protect(found.account, 'target', intentOf({ ...body, order_type: 'LIMIT' }), portfolioOf(body), tag),
    );
  }

  function modifyOrder(userId: number, key: string, body: Schemas['ModifyOrderRequest']) {
    return idempotentOrders({ userId, key, operation: 'modifyOrder', body }, 'modified', change, async (found) => [
      await found.broker.modifyOrder(found.account, body.order_id, {
        quantity: body.quantity,
        pricePaise: body.price === undefined ? undefined : toPaise(body.price),
        triggerPaise: body.trigger_price === undefined ? undefined : toPaise(body.trigger_price),
        orderType: body.order_type,
      }),
    ]);
  }

  function cancelOrders(userId: number, key: string, body: Schemas['CancelOrderRequest']) {
    return idempotentOrders({ userId, key, operation: 'cancelOrder', body }, 'cancelled', change, (found) => found.broker.cancelOrders(found.account, body.order_ids));
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
    const margin = await found.broker.orderMargin(found.account, body.orders.map(intentOf));
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
