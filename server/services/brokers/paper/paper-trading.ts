// The paper broker's order book, trades and positions: Kite's order model on the simulated market.
//
// Consistency: every change to an account's orders runs in one transaction that first locks the account's
// row. Placements, modifications, cancellations and fills of one account therefore happen one at a time,
// on every server instance alike, so the rate limits and the margin check count what is really there, and
// an order can never fill twice. A MARKET or marketable LIMIT order fills inside the transaction that
// places it (never later on a tick as well); resting orders fill on the market's ticks (fillWorkingOrders),
// each fill in its own transaction.
//
// Fills: MARKET at the other side of the simulated bid/ask within the exchange's market protection, else
// cancelled with the reason; LIMIT when the market reaches it, at the limit or better; SL triggers on the
// last price and then works as a LIMIT. Fills are whole (the simulator has no depth to fill partially).
import type { Database, Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { clockMinutes, istClock, istDate, istMinutes } from '../../market/ist.ts';
import type { IndexName } from '../../market/index-config.ts';
import { expiryInstantMs } from '../../market/simulator.ts';
import { chargeRatesOn, exerciseCharges, fillCharges, noCharges, totalCharges, type ChargeRates, type Charges } from './charges.ts';
import { underlyingMargin, type MarginLeg, type MarginParams } from './margin.ts';
import { limitFill, marketFill, orderRefusal, stopTriggered, type FillDecision, type OrderType, type Quote, type Side } from './order-rules.ts';
import { formatPaise } from './paise.ts';
import { freezeQuantity } from './market-prices.ts';
import { checkIntentRoom, checkRateLimits as checkLimits, kiteRateLimits, perSecondRefusal, rateCounts, roomNow, type RateLimits } from './order-rate.ts';

export { kiteRateLimits, type RateLimits } from './order-rate.ts';

export type Product = 'MIS' | 'NRML';
export type OrderStatus = 'OPEN' | 'TRIGGER PENDING' | 'COMPLETE' | 'CANCELLED' | 'REJECTED';
export type OrderPurpose = 'entry' | 'stoploss' | 'target' | 'squareoff' | 'auto_squareoff';

/** The broker account an action is for, already checked to be the caller's. */
export type TradingAccount = { id: number; accountNumber: string; capitalPaise: number };

export type OrderIntent = {
  exchange: string;
  tradingsymbol: string;
  side: Side;
  orderType: OrderType;
  product: Product;
  quantity: number;
  pricePaise: number;
  triggerPaise: number;
};

export type OrderRow = {
  id: string;
  order_id: string;
  exchange_order_id: string | null;
  broker_account_id: number;
  portfolio_id: number | null;
  instrument_token: number;
  exchange: 'NFO' | 'BFO';
  tradingsymbol: string;
  transaction_type: Side;
  order_type: OrderType;
  product: Product;
  quantity: number;
  price_paise: string;
  trigger_price_paise: string;
  filled_quantity: number;
  filled_value_paise: string;
  cancelled_quantity: number;
  status: OrderStatus;
  status_message: string | null;
  tag: string | null;
  purpose: OrderPurpose;
  oco_group: string | null;
  modifications: number;
  placed_at: Date;
  exchange_at: Date | null;
};

export type TradeRow = {
  trade_id: string;
  order_id: string | null;
  broker_account_id: number;
  portfolio_id: number | null;
  instrument_token: number;
  exchange: 'NFO' | 'BFO';
  tradingsymbol: string;
  product: Product;
  transaction_type: Side;
  quantity: number;
  price_paise: string;
  kind: 'fill' | 'settlement';
  filled_at: Date;
};

export type Contract = {
  instrumentToken: number;
  exchange: 'NFO' | 'BFO';
  tradingsymbol: string;
  index: IndexName;
  expiry: string;
  strike: number;
  kind: 'CE' | 'PE';
  lotSize: number;
  freezeQuantity: number;
};

/** Where prices come from: the simulated market by default, scripted quotes in tests. Reads go through `q`. */
export type PriceSource = {
  /** Quotes keyed `EXCHANGE:TRADINGSYMBOL`; instruments without a price are left out. */
  quotes: (keys: readonly string[], q: Queryable) => Promise<Map<string, Quote>>;
  /** The index's spot in paise (expiry settlement). */
  spotPaise: (index: IndexName, q: Queryable) => Promise<number>;
  /** What margin is priced with for an index. */
  pricing: (index: IndexName, q: Queryable) => Promise<{ spot: number; rate: number; nowMs: number; volatility: (strike: number, expiry: string) => number }>;
  /** Whether the exchange takes orders now (always in demo mode). */
  marketOpen: (exchange: 'NFO' | 'BFO', now: Date, q: Queryable) => Promise<boolean>;
  demo: boolean;
};

export type Funds = {
  /** Capital + the trades' cash flow − charges + open positions at their last price. */
  equityPaise: number;
  /** Margin blocked for positions and working entry orders, plus the value of long options held. */
  usedPaise: number;
  availablePaise: number;
  marginPaise: number;
};

/** What an entry must respect, read under the account's lock. */
type EntryGuards = { killedAt: Date | null; maxTradesToday: number | null; maxLotsPerOrder: number | null; maxOpenPositions: number | null };

/** Which bot placed an order (null or absent: the trader), so positions can be grouped by bot. */
export type OrderBot = { kind: 'trading' | 'daily'; id: number };

export type PaperPlaceOptions = {
  portfolioId: number | null;
  tag: string | null;
  purpose: OrderPurpose;
  ocoGroup?: string | null;
  bot?: OrderBot | null;
  /** A paced intent's order: the intent (its Idempotency-Key and claim) and slice number, unique per account: placed at most once. */
  intent?: { key: string; slice: number } | null;
};

/**
 * One order of a trader's intent, planned but not yet placed: what placePlanned needs to place it in a later
 * transaction (stored as JSON with the intent's key while the intent is paced).
 */
export type PlannedSlice = { intent: OrderIntent; portfolioId: number | null; tag: string | null; purpose: OrderPurpose; bot: OrderBot | null };

export type PositionRef = { exchange: string; tradingsymbol: string; product: Product; quantity?: number | undefined };

export type OrderChanges = { quantity?: number | undefined; pricePaise?: number | undefined; triggerPaise?: number | undefined; orderType?: OrderType | undefined };

export const maxModifications = 25;
/** Kite's autoslice: an order above the freeze quantity is split into at most this many orders. */
export const maxSlicesPerOrder = 20;
/** MIS positions are squared off by the broker at this IST time (outside demo mode). */
export const misSquareOffTime = '15:20';

const working: readonly OrderStatus[] = ['OPEN', 'TRIGGER PENDING'];
const orderColumns = `o.id, o.order_id, o.exchange_order_id, o.broker_account_id, o.portfolio_id, o.instrument_token, o.exchange,
  o.tradingsymbol, o.transaction_type, o.order_type, o.product, o.quantity, o.price_paise, o.trigger_price_paise,
  o.filled_quantity, o.filled_value_paise, o.cancelled_quantity, o.status, o.status_message, o.tag, o.purpose, o.oco_group,
  o.modifications, o.placed_at, o.exchange_at`;
const contractColumns = `instrument_token, exchange, tradingsymbol, name, to_char(expiry, 'YYYY-MM-DD') AS expiry, strike,
  instrument_type, lot_size`;

type PricingCache = Map<IndexName, Awaited<ReturnType<PriceSource['pricing']>>>;

type ContractRow = {
  instrument_token: number;
  exchange: 'NFO' | 'BFO';
  tradingsymbol: string;
  name: IndexName;
  expiry: string;
  strike: number;
  instrument_type: 'CE' | 'PE';
  lot_size: number;
};

export const pendingOf = (row: Pick<OrderRow, 'quantity' | 'filled_quantity' | 'cancelled_quantity'>) =>
  row.quantity - row.filled_quantity - row.cancelled_quantity;

const sideSign = (side: Side) => (side === 'BUY' ? 1 : -1);
const keyOf = (c: { exchange: string; tradingsymbol: string }) => `${c.exchange}:${c.tradingsymbol}`;

type PaperTradingOptions = {
  db: Database;
  clock: Clock;
  prices: PriceSource;
  rateLimits?: RateLimits;
};

export function createPaperTrading({ db, clock, prices, rateLimits = kiteRateLimits }: PaperTradingOptions) {
  // ---- reference data ------------------------------------------------------------------------------

  const tokenBySymbol = new Map<string, number>();
  async function contractOf(q: Queryable, exchange: string, tradingsymbol: string, now: Date): Promise<Contract | null> {
    const known = tokenBySymbol.get(`${exchange}:${tradingsymbol}`);
    if (known !== undefined) return (await contractsByToken(q, [known], now)).get(known) ?? null;
    const { rows } = await q.query<ContractRow>(`SELECT ${contractColumns} FROM instruments WHERE exchange = $1 AND tradingsymbol = $2`, [
      exchange,
      tradingsymbol,
    ]);
    const row = rows[0];
    if (row === undefined) return null;
    contractRows.set(row.instrument_token, row);
    tokenBySymbol.set(`${exchange}:${tradingsymbol}`, row.instrument_token);
    return contractFromRow(row, await freezeOn(q, row.name, now));
  }

  function contractFromRow(row: ContractRow, freeze: number): Contract {
    return {
      instrumentToken: row.instrument_token,
      exchange: row.exchange,
      tradingsymbol: row.tradingsymbol,
      index: row.name,
      expiry: row.expiry,
      strike: row.strike,
      kind: row.instrument_type,
      lotSize: row.lot_size,
      freezeQuantity: freeze,
    };
  }

  /** Listed contracts never change: a row read once is kept (the freeze quantity is looked up per day). */
  const contractRows = new Map<number, ContractRow>();
  async function contractsByToken(q: Queryable, tokens: readonly number[], now: Date): Promise<Map<number, Contract>> {
    const missing = tokens.filter((token) => !contractRows.has(token));
    if (missing.length > 0) {
      const { rows } = await q.query<ContractRow>(`SELECT ${contractColumns} FROM instruments WHERE instrument_token = ANY($1::int[])`, [missing]);
      for (const row of rows) contractRows.set(row.instrument_token, row);
    }
    const found = new Map<number, Contract>();
    for (const token of tokens) {
      const row = contractRows.get(token);
      if (row !== undefined) found.set(token, contractFromRow(row, await freezeOn(q, row.name, now)));
    }
    return found;
  }

  const freezeCache = new Map<string, number>();
  async function freezeOn(q: Queryable, index: IndexName, now: Date): Promise<number> {
    const key = `${index}:${istDate(now)}`;
    const known = freezeCache.get(key);
    if (known !== undefined) return known;
    const freeze = await freezeQuantity(q, index, now);
    freezeCache.set(key, freeze);
    return freeze;
  }

  const ratesCache = new Map<string, ChargeRates>();
  async function ratesFor(q: Queryable, exchange: 'NFO' | 'BFO', day: string): Promise<ChargeRates> {
    const key = `${exchange}:${day}`;
    const known = ratesCache.get(key);
    if (known !== undefined) return known;
    const rates = await chargeRatesOn(q, exchange, day);
    ratesCache.set(key, rates);
    return rates;
  }

  const marginParamsCache = new Map<string, MarginParams>();
  async function marginParams(q: Queryable, index: IndexName, day: string): Promise<MarginParams> {
    const cached = marginParamsCache.get(`${index}:${day}`);
    if (cached !== undefined) return cached;
    const { rows } = await q.query<{ price_scan: string; volatility_scan: string; exposure_rate: string; short_option_minimum: string }>(
      `SELECT price_scan, volatility_scan, exposure_rate, short_option_minimum FROM margin_params
       WHERE index_name = $1 AND effective_from <= $2::date ORDER BY effective_from DESC LIMIT 1`,
      [index, day],
    );
    const row = rows[0];
    if (row === undefined) throw new Error(`margin_params has no row for ${index} in force on ${day}`);
    const params = {
      priceScan: Number(row.price_scan),
      volatilityScan: Number(row.volatility_scan),
      exposureRate: Number(row.exposure_rate),
      shortOptionMinimum: Number(row.short_option_minimum),
    };
    marginParamsCache.set(`${index}:${day}`, params);
    return params;
  }

  // ---- ids ---------------------------------------------------------------------------------------------

  // ---- locks, limits ---------------------------------------------------------------------------------

  /**
   * Serialises everything that changes this account's orders (see the top of the file), and reads what an
   * entry must respect: since when its kill switch is armed (null: not armed; arming writes the row this
   * locks, so an order that waited here reads the armed switch — 009-kill-switch-risk-limits.sql) and the
   * account's per-order risk limits.
   */
  async function lockAccount(q: Queryable, accountId: number): Promise<EntryGuards> {
    const { rows } = await q.query<{ kill_switch_armed_at: Date | null; max_trades_today: number | null; max_lots_per_order: number | null; max_open_positions: number | null }>(
      `SELECT a.kill_switch_armed_at, r.max_trades_today, r.max_lots_per_order, r.max_open_positions
       FROM broker_accounts a LEFT JOIN risk_limits r ON r.broker_account_id = a.id WHERE a.id = $1 FOR UPDATE OF a`,
      [accountId],
    );
    const row = rows[0];
    const armedAt = row?.kill_switch_armed_at ?? null;
    return {
      killedAt: armedAt === null ? null : new Date(armedAt),
      maxTradesToday: row?.max_trades_today ?? null,
      maxLotsPerOrder: row?.max_lots_per_order ?? null,
      maxOpenPositions: row?.max_open_positions ?? null,
    };
  }

  /** How many entry orders the account placed on a day (rejected ones not counted): the trades-today limit. */
  async function entriesOn(q: Queryable, accountId: number, day: string): Promise<number> {
    const { rows } = await q.query<{ count: string }>(
      `SELECT count(*) AS count FROM paper_orders WHERE broker_account_id = $1 AND trading_day = $2::date AND purpose = 'entry' AND status <> 'REJECTED'`,
      [accountId, day],
    );
    return Number(rows[0]!.count);
  }

  const killSwitchMessage = (account: TradingAccount, killedAt: Date) =>
    `The kill switch of account ${account.accountNumber} is on since ${istClock(killedAt)} IST: new orders are blocked until you turn it off. Exits still work.`;

  /** Refuses entries while the kill switch is armed, and entries that would go past a per-order risk limit. */
  async function guardEntries(q: Queryable, account: TradingAccount, guards: EntryGuards, resolved: ReadonlyArray<{ intent: OrderIntent; contract: Contract }>, now: Date) {
    if (guards.killedAt !== null) throw new DomainError('kill_switch_armed', killSwitchMessage(account, guards.killedAt));
    const refuse = (message: string, field?: string) => {
      throw new DomainError('risk_limit_exceeded', `${message} Change your risk limits in settings if you mean it.`, { field });
    };
    if (guards.maxLotsPerOrder !== null) {
      resolved.forEach(({ intent, contract }, index) => {
        const lots = intent.quantity / contract.lotSize;
        if (lots > guards.maxLotsPerOrder!) {
          refuse(`${lots} lots of ${contract.tradingsymbol} is more than your limit of ${guards.maxLotsPerOrder} lots per order.`, resolved.length === 1 ? 'quantity' : `orders.${index}.quantity`);
        }
      });
    }
    if (guards.maxTradesToday !== null) {
      const today = await entriesOn(q, account.id, istDate(now));
      if (today + resolved.length > guards.maxTradesToday) {
        refuse(`You have placed ${today} of your ${guards.maxTradesToday} trades today.`);
      }
    }
    if (guards.maxOpenPositions !== null) {
      const open = await openLegs(q, account.id, now);
      const held = new Set(open.map((leg) => `${leg.contract.instrumentToken}:${leg.product}`));
      const adding = new Set(resolved.map(({ intent, contract }) => `${contract.instrumentToken}:${intent.product}`).filter((key) => !held.has(key)));
      if (held.size + adding.size > guards.maxOpenPositions) {
        refuse(`This would hold ${held.size + adding.size} positions at once; your limit is ${guards.maxOpenPositions}.`);
      }
    }
  }

  const checkRateLimits = (q: Queryable, accountId: number, count: number, now: Date) => checkLimits(q, accountId, count, now, rateLimits);

  // ---- positions and money ---------------------------------------------------------------------------

  type OpenLeg = { contract: Contract; portfolioId: number | null; product: Product; quantity: number; bot?: OrderBot | null };

  /** Open quantities per instrument, product and portfolio, from the account's trades. */
  const openLegsSql = `SELECT instrument_token, portfolio_id, product, sum(CASE WHEN transaction_type = 'BUY' THEN quantity ELSE -quantity END) AS quantity
    FROM paper_trades WHERE broker_account_id = $1 GROUP BY instrument_token, portfolio_id, product
    HAVING sum(CASE WHEN transaction_type = 'BUY' THEN quantity ELSE -quantity END) <> 0`;
  type OpenLegRow = { instrument_token: number; portfolio_id: number | null; product: Product; quantity: string | number; bot_kind?: OrderBot['kind'] | null; bot_id?: number | null };

  /** Open legs split further by the bot whose orders opened them (the kill switch closes each share under its bot's name). */
  const openLegsByBotSql = `SELECT t.instrument_token, t.portfolio_id, t.product, o.bot_kind, o.bot_id,
      sum(CASE WHEN t.transaction_type = 'BUY' THEN t.quantity ELSE -t.quantity END) AS quantity
    FROM paper_trades t LEFT JOIN paper_orders o ON o.order_id = t.order_id WHERE t.broker_account_id = $1
    GROUP BY t.instrument_token, t.portfolio_id, t.product, o.bot_kind, o.bot_id
    HAVING sum(CASE WHEN t.transaction_type = 'BUY' THEN t.quantity ELSE -t.quantity END) <> 0`;

  async function legsOf(q: Queryable, rows: readonly OpenLegRow[], now: Date): Promise<OpenLeg[]> {
    const contracts = await contractsByToken(q, rows.map((row) => row.instrument_token), now);
    return rows.flatMap((row) => {
      const contract = contracts.get(row.instrument_token);
      const bot = row.bot_kind === undefined || row.bot_kind === null || row.bot_id === undefined || row.bot_id === null ? null : { kind: row.bot_kind, id: Number(row.bot_id) };
      return contract === undefined ? [] : [{ contract, portfolioId: row.portfolio_id, product: row.product, quantity: Number(row.quantity), bot }];
    });
  }

  async function openLegs(q: Queryable, accountId: number, now: Date): Promise<OpenLeg[]> {
    return legsOf(q, (await q.query<OpenLegRow>(openLegsSql, [accountId])).rows, now);
  }

  /** Margin (SPAN-like scan risk + exposure) for a set of signed quantities per contract, in paise. */
  async function marginFor(q: Queryable, legs: ReadonlyArray<{ contract: Contract; quantity: number }>, now: Date, pricingCache: PricingCache = new Map()): Promise<number> {
    const byIndex = new Map<IndexName, Map<number, { contract: Contract; quantity: number }>>();
    for (const leg of legs) {
      const perContract = byIndex.get(leg.contract.index) ?? new Map<number, { contract: Contract; quantity: number }>();
      const held = perContract.get(leg.contract.instrumentToken);
      perContract.set(leg.contract.instrumentToken, { contract: leg.contract, quantity: (held?.quantity ?? 0) + leg.quantity });
      byIndex.set(leg.contract.index, perContract);
    }
    let total = 0;
    for (const [index, perContract] of byIndex) {
      let pricing = pricingCache.get(index);
      if (pricing === undefined) {
        pricing = await prices.pricing(index, q);
        pricingCache.set(index, pricing);
      }
      const params = await marginParams(q, index, istDate(now));
      const marginLegs: MarginLeg[] = [...perContract.values()].map(({ contract, quantity }) => ({
        strike: contract.strike,
        kind: contract.kind,
        expiryMs: expiryInstantMs(contract.expiry),
        quantity,
        volatility: pricing.volatility(contract.strike, contract.expiry),
      }));
      total += underlyingMargin({ spot: pricing.spot, rate: pricing.rate, nowMs: pricing.nowMs, params, legs: marginLegs }).totalPaise;
    }
    return total;
  }

  type WorkingEntry = { contract: Contract; side: Side; pending: number; pricePaise: number };

  /** What the account holds, read once: the trades' cash flow and charges, open legs, their quotes, working entries. */
  type AccountBook = { flowPaise: number; chargesPaise: number; legs: OpenLeg[]; quotes: Map<string, Quote>; entries: WorkingEntry[] };

  type EntryRow = { instrument_token: number; transaction_type: Side; pending: number; price_paise: number };
  const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

  /** One round trip for the whole book: every order placed reads it for its margin check. */
  async function readBook(q: Queryable, account: TradingAccount, now: Date): Promise<AccountBook> {
    const { rows } = await q.query<{ flow: string | null; charges: string | null; legs: unknown; entries: unknown }>(
      `SELECT t.flow, t.charges,
         (SELECT coalesce(json_agg(l), '[]'::json) FROM (${openLegsSql}) l) AS legs,
         (SELECT coalesce(json_agg(e), '[]'::json) FROM (
            SELECT instrument_token, transaction_type, quantity - filled_quantity - cancelled_quantity AS pending, price_paise FROM paper_orders
            WHERE broker_account_id = $1 AND status IN ('OPEN', 'TRIGGER PENDING') AND purpose = 'entry') e) AS entries
       FROM (SELECT sum(CASE WHEN transaction_type = 'SELL' THEN quantity * price_paise ELSE -quantity * price_paise END) AS flow,
               sum(brokerage_paise + stt_paise + exchange_paise + sebi_paise + gst_paise + stamp_paise) AS charges
             FROM paper_trades WHERE broker_account_id = $1) t`,
      [account.id],
    );
    const row = rows[0]!;
    const legs = await legsOf(q, jsonOf<OpenLegRow[]>(row.legs), now);
    const entryRows = jsonOf<EntryRow[]>(row.entries);
    const contracts = await contractsByToken(q, entryRows.map((entry) => entry.instrument_token), now);
    const entries = entryRows.flatMap((entry) => {
      const contract = contracts.get(entry.instrument_token);
      return contract === undefined ? [] : [{ contract, side: entry.transaction_type, pending: Number(entry.pending), pricePaise: Number(entry.price_paise) }];
    });
    const quotes = await prices.quotes(legs.map((leg) => keyOf(leg.contract)), q);
    return { flowPaise: Number(row.flow ?? 0), chargesPaise: Number(row.charges ?? 0), legs, quotes, entries };
  }

  /** The account's funds from what it holds, with `extra` entry orders counted as if working. */
  async function fundsFrom(q: Queryable, account: TradingAccount, book: AccountBook, extra: readonly WorkingEntry[], now: Date, pricing: PricingCache): Promise<Funds> {
    let openValue = 0;
    let longValue = 0;
    for (const leg of book.legs) {
      const last = book.quotes.get(keyOf(leg.contract))?.lastPaise ?? 0;
      openValue += leg.quantity * last;
      if (leg.quantity > 0) longValue += leg.quantity * last;
    }
    const entries = [...book.entries, ...extra];
    const marginLegs = [
      ...book.legs.map((leg) => ({ contract: leg.contract, quantity: leg.quantity })),
      ...entries.map((entry) => ({ contract: entry.contract, quantity: sideSign(entry.side) * entry.pending })),
    ];
    const marginPaise = await marginFor(q, marginLegs, now, pricing);
    const entryPremium = entries.filter((entry) => entry.side === 'BUY').reduce((sum, entry) => sum + entry.pending * entry.pricePaise, 0);
    const equityPaise = account.capitalPaise + book.flowPaise - book.chargesPaise + openValue;
    const usedPaise = marginPaise + longValue + entryPremium;
    return { equityPaise, usedPaise, availablePaise: equityPaise - usedPaise, marginPaise };
  }

  async function fundsOf(q: Queryable, account: TradingAccount, now: Date): Promise<Funds> {
    return fundsFrom(q, account, await readBook(q, account, now), [], now, new Map());
  }

  // ---- placing -------------------------------------------------------------------------------------

  type PlaceOptions = PaperPlaceOptions;

  /** The most one order may hold: the freeze quantity rounded down to whole lots. */
  const maxPerOrderOf = (contract: Contract) => Math.max(contract.lotSize, Math.floor(contract.freezeQuantity / contract.lotSize) * contract.lotSize);

  /** Splits a quantity into orders no larger than the freeze quantity (whole lots each). */
  function slices(quantity: number, contract: Contract): number[] {
    const maxPerOrder = maxPerOrderOf(contract);
    if (quantity <= maxPerOrder || quantity % contract.lotSize !== 0) return [quantity];
    const parts: number[] = [];
    for (let left = quantity; left > 0; left -= maxPerOrder) parts.push(Math.min(left, maxPerOrder));
    return parts;
  }

  async function resolve(q: Queryable, intents: readonly OrderIntent[], now: Date): Promise<Array<{ intent: OrderIntent; contract: Contract }>> {
    const resolved: Array<{ intent: OrderIntent; contract: Contract }> = [];
    for (const [index, intent] of intents.entries()) {
      const contract = await contractOf(q, intent.exchange, intent.tradingsymbol, now);
      if (contract === null) {
        const field = intents.length === 1 ? 'tradingsymbol' : `orders.${index}.tradingsymbol`;
        throw new DomainError('unknown_instrument', `${intent.exchange}:${intent.tradingsymbol} is not a listed contract. Pick it from the option chain.`, { field });
      }
      resolved.push({ intent, contract });
    }
    return resolved;
  }

  /**
   * Places orders for an account inside the caller's transaction (which also records the idempotency
   * answer): each one is rejected with its reason, filled at once, or left working. Sliced above the
   * freeze quantity. Rate limits count every slice.
   */
  async function placeOrders(q: Queryable, account: TradingAccount, intents: readonly OrderIntent[], options: PlaceOptions): Promise<OrderRow[]> {
    const now = clock();
    const guards = await lockAccount(q, account.id);
    const resolved = await resolve(q, intents, now);
    if (options.purpose === 'entry') await guardEntries(q, account, guards, resolved, now);
    const planned = resolved.flatMap(({ intent, contract }) => slices(intent.quantity, contract).map((quantity) => ({ intent: { ...intent, quantity }, contract })));
    await checkRateLimits(q, account.id, planned.length, now);
    await checkPortfolio(q, account.id, options.portfolioId);
    const placed: OrderRow[] = [];
    for (const { intent, contract } of planned) placed.push(await placeOne(q, account, intent, contract, options, now));
    return placed;
  }

  async function checkPortfolio(q: Queryable, accountId: number, portfolioId: number | null): Promise<void> {
    if (portfolioId === null) return;
    // Held until the orders are in: a portfolio deleted meanwhile waits, instead of failing their foreign key.
    const { rows } = await q.query('SELECT 1 FROM portfolios WHERE id = $1 AND broker_account_id = $2 FOR KEY SHARE', [portfolioId, accountId]);
    if (rows.length === 0) {
      throw new DomainError('portfolio_mismatch', 'portfolio_id: this portfolio is not one of this broker account\'s portfolios', { field: 'portfolio_id' });
    }
  }

  /** Kite's autoslice splits one order into at most 20: a larger one is refused, never partly placed. */
  function refuseOversized(intent: OrderIntent, contract: Contract, field: string): void {
    const perOrder = maxPerOrderOf(contract);
    if (intent.quantity % contract.lotSize !== 0 || intent.quantity <= perOrder * maxSlicesPerOrder) return;
    throw new DomainError(
      'too_many_orders',
      `${intent.quantity} units of ${contract.tradingsymbol} would go out as ${Math.ceil(intent.quantity / perOrder)} orders of at most ${perOrder} ` +
        `(the exchange's freeze quantity); the broker slices one order into at most ${maxSlicesPerOrder}, that is ${perOrder * maxSlicesPerOrder} units. ` +
        'Place the rest as another order.',
      { field },
    );
  }

  /**
   * A trader's intent checked and sliced, not yet placed (placePlanned places it, over several seconds when
   * the second cannot take it all): under the account's lock, the kill switch and risk limits for entries, at
   * most 20 slices an order, room in the minute's and the day's limits for every slice, and the portfolio.
   */
  async function planOrders(q: Queryable, account: TradingAccount, intents: readonly OrderIntent[], options: PlaceOptions): Promise<PlannedSlice[]> {
    const now = clock();
    const guards = await lockAccount(q, account.id);
    const resolved = await resolve(q, intents, now);
    if (options.purpose === 'entry') await guardEntries(q, account, guards, resolved, now);
    resolved.forEach(({ intent, contract }, index) => refuseOversized(intent, contract, resolved.length === 1 ? 'quantity' : `orders.${index}.quantity`));
    const plan = resolved.flatMap(({ intent, contract }) =>
      slices(intent.quantity, contract).map((quantity) => ({ intent: { ...intent, quantity }, portfolioId: options.portfolioId, tag: options.tag, purpose: options.purpose, bot: options.bot ?? null })),
    );
    await checkIntentRoom(q, account.id, plan.length, now, rateLimits);
    await checkPortfolio(q, account.id, options.portfolioId);
    return plan;
  }

  /**
   * Places what the broker takes now of a planned intent, in its order, skipping the slices already placed
   * (by this request's earlier steps, or by the request a retry resumes): as many as the second has room
   * for. What can no longer go out is rejected with its reason, so every slice ends in the book: an entry
   * once the kill switch is armed, every slice once the minute's or the day's limit is used up (by other
   * orders since the plan), a slice whose portfolio was deleted meanwhile. `mustStart`: an intent not begun
   * that the second has no room for is refused (429, nothing placed), as a single order would be.
   */
  async function placePlanned(
    q: Queryable,
    account: TradingAccount,
    intentRef: string,
    plan: readonly PlannedSlice[],
    { mustStart }: { mustStart: boolean },
  ): Promise<{ remaining: number; waitMs: number }> {
    const now = clock();
    const guards = await lockAccount(q, account.id);
    const { rows } = await q.query<{ intent_slice: number }>('SELECT intent_slice FROM paper_orders WHERE broker_account_id = $1 AND intent_key = $2', [account.id, intentRef]);
    const placed = new Set(rows.map((row) => Number(row.intent_slice)));
    const todo = plan.flatMap((slice, number) => (placed.has(number) ? [] : [{ slice, number }]));
    if (todo.length === 0) return { remaining: 0, waitMs: 0 };
    const { room, stop, waitMs } = roomNow(await rateCounts(q, account.id, now), rateLimits);
    if (room === 0 && stop === null && mustStart) throw perSecondRefusal(rateLimits);
    const portfolioIds = [...new Set(todo.flatMap(({ slice }) => (slice.portfolioId === null ? [] : [slice.portfolioId])))];
    const { rows: live } = await q.query<{ id: number }>('SELECT id FROM portfolios WHERE broker_account_id = $1 AND id = ANY($2::int[]) FOR KEY SHARE', [account.id, portfolioIds]);
    const livePortfolios = new Set(live.map((row) => Number(row.id)));
    let handled = 0;
    let sent = 0;
    for (const { slice, number } of todo) {
      const gone = slice.portfolioId !== null && !livePortfolios.has(slice.portfolioId);
      const killed = slice.purpose === 'entry' && guards.killedAt !== null ? killSwitchMessage(account, guards.killedAt) : null;
      const refusal = killed ?? stop ?? (gone ? 'Its portfolio was deleted.' : null);
      if (refusal === null && sent >= room) break;
      const contract = await contractOf(q, slice.intent.exchange, slice.intent.tradingsymbol, now);
      if (contract === null) throw new Error(`${slice.intent.tradingsymbol} was planned but is no longer listed`);
      const options = { portfolioId: gone ? null : slice.portfolioId, tag: slice.tag, purpose: slice.purpose, bot: slice.bot, intent: { key: intentRef, slice: number } };
      if (refusal === null) {
        await placeOne(q, account, slice.intent, contract, options, now);
        sent += 1;
      } else {
        await insertOrder(q, account, slice.intent, contract, options, 'REJECTED', `Not sent: ${refusal}`, now);
      }
      handled += 1;
    }
    return { remaining: todo.length - handled, waitMs };
  }

  /** An intent's orders, in the order it planned them. */
  async function intentOrders(q: Queryable, account: TradingAccount, intentRef: string): Promise<OrderRow[]> {
    const { rows } = await q.query<OrderRow>(
      `SELECT ${orderColumns} FROM paper_orders o WHERE o.broker_account_id = $1 AND o.intent_key = $2 ORDER BY o.intent_slice`,
      [account.id, intentRef],
    );
    return rows;
  }

  async function insertOrder(
    q: Queryable,
    account: TradingAccount,
    intent: OrderIntent,
    contract: Contract,
    options: PlaceOptions,
    status: OrderStatus,
    message: string | null,
    now: Date,
  ): Promise<OrderRow> {
    const accepted = status !== 'REJECTED';
    // The Kite-like ids come from the order sequence inside the INSERT: the IST date (yymmdd) and 9 digits,
    // and an exchange order id for an order the exchange accepted.
    const { rows } = await q.query<OrderRow>(
      `WITH seq AS (SELECT nextval('paper_order_seq') AS n)
       INSERT INTO paper_orders AS o (order_id, exchange_order_id, broker_account_id, portfolio_id, instrument_token, exchange, tradingsymbol,
         transaction_type, order_type, product, quantity, price_paise, trigger_price_paise, status, status_message, tag, purpose,
         oco_group, trading_day, placed_at, exchange_at, updated_at, cancelled_quantity, bot_kind, bot_id, intent_key, intent_slice)
       SELECT $1::text || CASE WHEN seq.n < 1000000000 THEN lpad(seq.n::text, 9, '0') ELSE seq.n::text END,
         CASE WHEN $2::boolean THEN (1100000000000000 + seq.n)::text END, $3::int, $4::int, $5::int, $6::text, $7::text, $8::text, $9::text,
         $10::text, $11::int, $12::bigint, $13::bigint, $14::text, $15::text, $16::text, $17::text, $18::bigint, $19::date, $20::timestamptz,
         $21::timestamptz, $20::timestamptz, $22::int, $23::text, $24::int, $25::text, $26::int
       FROM seq
       RETURNING ${orderColumns}`,
      [
        istDate(now).slice(2).replaceAll('-', ''),
        accepted,
        account.id,
        options.portfolioId,
        contract.instrumentToken,
        contract.exchange,
        contract.tradingsymbol,
        intent.side,
        intent.orderType,
        intent.product,
        intent.quantity,
        intent.orderType === 'MARKET' || intent.orderType === 'SL-M' ? 0 : intent.pricePaise,
        intent.orderType === 'SL' || intent.orderType === 'SL-M' ? intent.triggerPaise : 0,
        status,
        message,
        options.tag,
        options.purpose,
        options.ocoGroup ?? null,
        istDate(now),
        now,
        accepted ? now : null,
        status === 'REJECTED' ? intent.quantity : 0,
        options.bot?.kind ?? null,
        options.bot?.id ?? null,
        options.intent?.key ?? null,
        options.intent?.slice ?? null,
      ],
    );
    return rows[0]!;
  }

  function expired(contract: Contract, now: Date): boolean {
    return now.getTime() >= expiryInstantMs(contract.expiry);
  }

  async function placeOne(q: Queryable, account: TradingAccount, intent: OrderIntent, contract: Contract, options: PlaceOptions, now: Date): Promise<OrderRow> {
    const reject = (message: string) => insertOrder(q, account, intent, contract, options, 'REJECTED', message, now);
    if (expired(contract, now)) return reject(`${contract.tradingsymbol} expired on ${contract.expiry}. Pick a current expiry.`);
    if (!(await prices.marketOpen(contract.exchange, now, q))) {
      return reject('Markets are closed. Orders are accepted from 09:15 to 15:30 IST on trading days.');
    }
    const quote = (await prices.quotes([keyOf(contract)], q)).get(keyOf(contract));
    if (quote === undefined) return reject(`No price for ${contract.tradingsymbol} right now. Try again in a moment.`);
    const refusal = orderRefusal({ ...intent, lotSize: contract.lotSize, tickPaise: 5 }, quote);
    if (refusal !== null) return reject(refusal);
    if (options.purpose === 'entry') {
      const refusedForMargin = await marginRefusal(q, account, intent, contract, quote, now);
      if (refusedForMargin !== null) return reject(refusedForMargin);
    }
    if (intent.orderType === 'MARKET') {
      const decision = marketFill(intent.side, quote);
      const order = await insertOrder(q, account, intent, contract, options, 'OPEN', null, now);
      return applyDecision(q, order, contract, decision, now);
    }
    if (intent.orderType === 'LIMIT') {
      const order = await insertOrder(q, account, intent, contract, options, 'OPEN', null, now);
      return applyDecision(q, order, contract, limitFill(intent.side, intent.pricePaise, quote), now);
    }
    return insertOrder(q, account, intent, contract, options, 'TRIGGER PENDING', null, now);
  }

  /** What an entry order needs (margin change + premium for a buy + charges) against what is available. */
  async function marginRefusal(q: Queryable, account: TradingAccount, intent: OrderIntent, contract: Contract, quote: Quote, now: Date): Promise<string | null> {
    const required = await requiredFor(q, account, [{ intent, contract, quote }], now);
    if (required.requiredPaise <= required.availablePaise) return null;
    return `Insufficient funds. Required margin is ${formatPaise(required.requiredPaise)} but available margin is ${formatPaise(required.availablePaise)}.`;
  }

  async function requiredFor(q: Queryable, account: TradingAccount, legs: ReadonlyArray<{ intent: OrderIntent; contract: Contract; quote: Quote }>, now: Date) {
    const book = await readBook(q, account, now);
    const pricing: PricingCache = new Map();
    const before = await fundsFrom(q, account, book, [], now, pricing);
    let chargesPaise = 0;
    let premiumPaise = 0;
    const entries: WorkingEntry[] = [];
    for (const { intent, contract, quote } of legs) {
      const pricePaise = intent.orderType === 'MARKET' ? (intent.side === 'BUY' ? quote.askPaise : quote.bidPaise) : intent.pricePaise;
      entries.push({ contract, side: intent.side, pending: intent.quantity, pricePaise });
      const rates = await ratesFor(q, contract.exchange, istDate(now));
      chargesPaise += totalCharges(fillCharges(rates, intent.side, intent.quantity, pricePaise, true));
      if (intent.side === 'BUY') premiumPaise += intent.quantity * pricePaise;
    }
    const after = await fundsFrom(q, account, book, entries, now, pricing);
    const requiredPaise = after.usedPaise - before.usedPaise + chargesPaise;
    return { requiredPaise, availablePaise: before.availablePaise, chargesPaise, premiumPaise, marginPaise: after.marginPaise - before.marginPaise };
  }

  /**
   * What orders would need together now (margin change with hedge benefit, premium, charges) against what
   * is available, without placing them: the ticket and the strategy builder show it before sending.
   */
  async function orderMargin(account: TradingAccount, intents: readonly OrderIntent[], portfolioId: number | null = null) {
    const now = clock();
    await checkPortfolio(db, account.id, portfolioId);
    const legs = [];
    for (const { intent, contract } of await resolve(db, intents, now)) {
      const quote = (await prices.quotes([keyOf(contract)], db)).get(keyOf(contract));
      if (quote === undefined) throw new DomainError('unknown_instrument', `No price for ${intent.tradingsymbol} right now`, { field: 'tradingsymbol' });
      legs.push({ intent, contract, quote });
    }
    return requiredFor(db, account, legs, now);
  }

  /** Margin blocked by one portfolio's open positions (its own legs, priced alone) plus its long options' value. */
  async function portfolioMargin(account: TradingAccount, portfolioId: number): Promise<number> {
    const now = clock();
    const legs = (await openLegs(db, account.id, now)).filter((leg) => leg.portfolioId === portfolioId);
    const quotes = await prices.quotes(legs.map((leg) => keyOf(leg.contract)), db);
    const longValue = legs.reduce((sum, leg) => sum + (leg.quantity > 0 ? leg.quantity * (quotes.get(keyOf(leg.contract))?.lastPaise ?? 0) : 0), 0);
    return (await marginFor(db, legs, now)) + longValue;
  }

  async function funds(account: TradingAccount): Promise<Funds> {
    return fundsOf(db, account, clock());
  }

  // ---- fills -------------------------------------------------------------------------------------------

  async function applyDecision(q: Queryable, order: OrderRow, contract: Contract, decision: FillDecision, now: Date): Promise<OrderRow> {
    if (decision.action === 'none') return order;
    if (decision.action === 'cancel') return cancelRow(q, order, decision.message, now);
    if (decision.action === 'trigger') {
      const { rows } = await q.query<OrderRow>(
        `UPDATE paper_orders o SET status = 'OPEN', order_type = 'SL', updated_at = $2 WHERE id = $1 RETURNING ${orderColumns}`,
        [order.id, now],
      );
      return rows[0]!;
    }
    return fill(q, order, contract, decision.pricePaise, now);
  }

  async function fill(q: Queryable, order: OrderRow, contract: Contract, pricePaise: number, now: Date): Promise<OrderRow> {
    const quantity = pendingOf(order);
    const rates = await ratesFor(q, contract.exchange, istDate(now));
    const charges = fillCharges(rates, order.transaction_type, quantity, pricePaise, order.filled_quantity === 0);
    // The trade and the order's fill in one statement, which also says whether another order protects the
    // position (most fills have none, and then there is nothing to refit).
    const { rows } = await q.query<OrderRow & { protected: boolean }>(
      `WITH trade AS (${tradeInsertSql(5)})
       UPDATE paper_orders o SET filled_quantity = filled_quantity + $2, filled_value_paise = filled_value_paise + $3, status = 'COMPLETE',
         updated_at = $4 WHERE id = $1
       RETURNING ${orderColumns}, EXISTS (SELECT 1 FROM paper_orders p WHERE p.broker_account_id = o.broker_account_id
         AND p.portfolio_id IS NOT DISTINCT FROM o.portfolio_id AND p.instrument_token = o.instrument_token AND p.product = o.product
         AND p.purpose IN ('stoploss', 'target') AND p.status IN ('OPEN', 'TRIGGER PENDING') AND p.id <> o.id) AS protected`,
      [order.id, quantity, quantity * pricePaise, now, ...tradeValues(order, contract, order.transaction_type, quantity, pricePaise, charges, 'fill', now)],
    );
    const { protected: isProtected, ...filled } = rows[0]!;
    if (filled.oco_group !== null && (filled.purpose === 'stoploss' || filled.purpose === 'target')) {
      const what = filled.purpose === 'stoploss' ? 'its stop-loss' : 'its target';
      await cancelGroup(q, filled, `Cancelled: ${what} filled (one cancels the other).`, now);
    }
    if (isProtected) await fitProtection(q, filled.broker_account_id, filled.portfolio_id, contract, filled.product, now);
    return filled;
  }

  type TradeOwner = { accountId: number; portfolioId: number | null; product: Product };

  /** A paper_trades INSERT whose 19 values start at parameter $first (the trade id comes from its sequence). */
  const tradeInsertSql = (first: number) => `INSERT INTO paper_trades (trade_id, order_id, broker_account_id, portfolio_id, instrument_token, exchange,
       tradingsymbol, product, transaction_type, quantity, price_paise, brokerage_paise, stt_paise, exchange_paise, sebi_paise, gst_paise,
       stamp_paise, kind, trading_day, filled_at)
     VALUES ((10000000 + nextval('paper_trade_seq'))::text, ${Array.from({ length: 19 }, (_, n) => `$${first + n}`).join(', ')})`;

  function tradeValues(
    order: Pick<OrderRow, 'order_id' | 'broker_account_id' | 'portfolio_id' | 'product'> | null,
    contract: Contract,
    side: Side,
    quantity: number,
    pricePaise: number,
    charges: Charges,
    kind: 'fill' | 'settlement',
    now: Date,
    owner?: TradeOwner,
  ): unknown[] {
    return [
      order?.order_id ?? null,
      order?.broker_account_id ?? owner?.accountId,
      order === null ? owner?.portfolioId ?? null : order.portfolio_id,
      contract.instrumentToken,
      contract.exchange,
      contract.tradingsymbol,
      order?.product ?? owner?.product,
      side,
      quantity,
      pricePaise,
      charges.brokerage,
      charges.stt,
      charges.exchange,
      charges.sebi,
      charges.gst,
      charges.stamp,
      kind,
      istDate(now),
      now,
    ];
  }

  async function cancelRow(q: Queryable, order: OrderRow, message: string | null, now: Date): Promise<OrderRow> {
    const { rows } = await q.query<OrderRow>(
      `UPDATE paper_orders o SET status = 'CANCELLED', status_message = $2, cancelled_quantity = quantity - filled_quantity, updated_at = $3
       WHERE id = $1 AND status IN ('OPEN', 'TRIGGER PENDING') RETURNING ${orderColumns}`,
      [order.id, message, now],
    );
    return rows[0] ?? order;
  }

  async function cancelGroup(q: Queryable, filled: OrderRow, message: string, now: Date): Promise<void> {
    const { rows } = await q.query<OrderRow>(
      `SELECT ${orderColumns} FROM paper_orders o WHERE o.oco_group = $1 AND o.id <> $2 AND o.status IN ('OPEN', 'TRIGGER PENDING')`,
      [filled.oco_group, filled.id],
    );
    for (const sibling of rows) await cancelRow(q, sibling, message, now);
  }

  /** Signed open quantity of one position (a portfolio's share, or the account-level one when portfolioId is null). */
  async function positionQuantity(q: Queryable, accountId: number, portfolioId: number | null, instrumentToken: number, product: Product): Promise<number> {
    const { rows } = await q.query<{ quantity: string | null }>(
      `SELECT sum(CASE WHEN transaction_type = 'BUY' THEN quantity ELSE -quantity END) AS quantity FROM paper_trades
       WHERE broker_account_id = $1 AND portfolio_id IS NOT DISTINCT FROM $2 AND instrument_token = $3 AND product = $4`,
      [accountId, portfolioId, instrumentToken, product],
    );
    return Number(rows[0]?.quantity ?? 0);
  }

  /**
   * Keeps a position's stop-loss and target orders no larger than the position: reduced by hand, they
   * shrink with it (Kite's GTT OCO); closed or flipped, they are cancelled.
   */
  async function fitProtection(q: Queryable, accountId: number, portfolioId: number | null, contract: Contract, product: Product, now: Date): Promise<void> {
    const { rows } = await q.query<OrderRow>(
      `SELECT ${orderColumns} FROM paper_orders o WHERE o.broker_account_id = $1 AND o.portfolio_id IS NOT DISTINCT FROM $2
         AND o.instrument_token = $3 AND o.product = $4 AND o.purpose IN ('stoploss', 'target') AND o.status IN ('OPEN', 'TRIGGER PENDING')
       ORDER BY o.id`,
      [accountId, portfolioId, contract.instrumentToken, product],
    );
    if (rows.length === 0) return;
    const open = await positionQuantity(q, accountId, portfolioId, contract.instrumentToken, product);
    for (const order of rows) {
      const reduces = open !== 0 && Math.sign(open) === -sideSign(order.transaction_type);
      if (!reduces) {
        await cancelRow(q, order, 'Cancelled: the position it protected is closed.', now);
        continue;
      }
      const pending = pendingOf(order);
      if (pending > Math.abs(open)) {
        await q.query(`UPDATE paper_orders SET quantity = filled_quantity + cancelled_quantity + $2, updated_at = $3 WHERE id = $1`, [
          order.id,
          Math.abs(open),
          now,
        ]);
      }
    }
  }

  /**
   * One pass of the fill engine: after a tick this instance led (`fills`), working orders whose price the
   * market reached fill and stop-losses trigger; on every pass, MIS positions are squared off from 15:20 IST
   * (outside demo mode) and contracts past their expiry settle (after the close, when no tick comes). Each
   * change is its own transaction under the account's lock that re-reads what it changes, so a second
   * instance doing the same pass finds nothing left to do.
   */
  async function onTick(now = clock(), { fills = true }: { fills?: boolean } = {}): Promise<{ filled: number; triggered: number; cancelled: number; settled: number }> {
    const counts = { filled: 0, triggered: 0, cancelled: 0, settled: 0 };
    if (fills) await fillWorking(now, counts);
    if (!prices.demo && istMinutes(now) >= clockMinutes(misSquareOffTime)) await squareOffMis(now);
    counts.settled = await settleExpired(now);
    return counts;
  }

  async function fillWorking(now: Date, counts: { filled: number; triggered: number; cancelled: number }): Promise<void> {
    const { rows } = await db.query<OrderRow>(
      `SELECT ${orderColumns} FROM paper_orders o WHERE o.status IN ('OPEN', 'TRIGGER PENDING') ORDER BY o.id`,
    );
    const contracts = await contractsByToken(db, [...new Set(rows.map((row) => row.instrument_token))], now);
    const quotes = await prices.quotes([...contracts.values()].map(keyOf), db);
    for (const candidate of rows) {
      const contract = contracts.get(candidate.instrument_token);
      const quote = contract === undefined ? undefined : quotes.get(keyOf(contract));
      if (contract === undefined || quote === undefined || expired(contract, now)) continue;
      if (decide(candidate, quote).action === 'none') continue;
      const outcome = await db.transaction(async (tx) => {
        await lockAccount(tx, candidate.broker_account_id);
        const { rows: current } = await tx.query<OrderRow>(`SELECT ${orderColumns} FROM paper_orders o WHERE o.id = $1`, [candidate.id]);
        let order = current[0];
        if (order === undefined || !working.includes(order.status)) return null;
        let decision = decide(order, quote);
        if (decision.action === 'trigger') {
          order = await applyDecision(tx, order, contract, decision, now);
          counts.triggered += 1;
          decision = decide(order, quote);
        }
        const after = await applyDecision(tx, order, contract, decision, now);
        return after.status;
      });
      if (outcome === 'COMPLETE') counts.filled += 1;
      if (outcome === 'CANCELLED') counts.cancelled += 1;
    }
  }

  function decide(order: OrderRow, quote: Quote): FillDecision {
    if (order.status === 'TRIGGER PENDING') {
      return stopTriggered(order.transaction_type, Number(order.trigger_price_paise), quote) ? { action: 'trigger' } : { action: 'none' };
    }
    if (order.order_type === 'MARKET') return marketFill(order.transaction_type, quote);
    return limitFill(order.transaction_type, Number(order.price_paise), quote);
  }

  /** The broker's own MIS square-off: today's intraday positions closed at market after 15:20 IST. */
  async function squareOffMis(now: Date): Promise<void> {
    const { rows } = await db.query<{ broker_account_id: number; account_number: string; capital: string }>(
      `SELECT DISTINCT t.broker_account_id, a.account_number, a.capital FROM paper_trades t JOIN broker_accounts a ON a.id = t.broker_account_id
       WHERE t.product = 'MIS' GROUP BY t.broker_account_id, a.account_number, a.capital, t.instrument_token, t.portfolio_id
       HAVING sum(CASE WHEN t.transaction_type = 'BUY' THEN t.quantity ELSE -t.quantity END) <> 0`,
    );
    for (const row of rows) {
      const account = { id: row.broker_account_id, accountNumber: row.account_number, capitalPaise: Math.round(Number(row.capital) * 100) };
      await db.transaction(async (tx) => {
        const legs = (await openLegs(tx, account.id, now)).filter((leg) => leg.product === 'MIS');
        await closeLegs(tx, account, legs, { tag: 'AUTO-SQOFF', purpose: 'auto_squareoff' }, now);
      });
    }
  }

  /** Contracts past 15:30 IST on their expiry day settle at intrinsic value against the index's spot. */
  async function settleExpired(now: Date): Promise<number> {
    const { rows } = await db.query<{ broker_account_id: number; instrument_token: number }>(
      `SELECT DISTINCT t.broker_account_id, t.instrument_token FROM paper_trades t JOIN instruments i ON i.instrument_token = t.instrument_token
       WHERE i.expiry <= $1::date GROUP BY t.broker_account_id, t.instrument_token, t.portfolio_id, t.product
       HAVING sum(CASE WHEN t.transaction_type = 'BUY' THEN t.quantity ELSE -t.quantity END) <> 0`,
      [istDate(now)],
    );
    let settled = 0;
    for (const row of rows) {
      const contract = (await contractsByToken(db, [row.instrument_token], now)).get(row.instrument_token);
      if (contract === undefined || !expired(contract, now)) continue;
      const spotPaise = await prices.spotPaise(contract.index, db);
      const strikePaise = contract.strike * 100;
      const intrinsicPaise = Math.max(0, contract.kind === 'CE' ? spotPaise - strikePaise : strikePaise - spotPaise);
      settled += await db.transaction(async (tx) => {
        await lockAccount(tx, row.broker_account_id);
        const { rows: working } = await tx.query<OrderRow>(
          `SELECT ${orderColumns} FROM paper_orders o WHERE o.broker_account_id = $1 AND o.instrument_token = $2 AND o.status IN ('OPEN', 'TRIGGER PENDING')`,
          [row.broker_account_id, row.instrument_token],
        );
        for (const order of working) await cancelRow(tx, order, 'Cancelled: the contract expired.', now);
        const legs = (await openLegs(tx, row.broker_account_id, now)).filter((leg) => leg.contract.instrumentToken === row.instrument_token);
        const rates = await ratesFor(tx, contract.exchange, istDate(now));
        for (const leg of legs) {
          const side: Side = leg.quantity > 0 ? 'SELL' : 'BUY';
          const quantity = Math.abs(leg.quantity);
          const charges = leg.quantity > 0 && intrinsicPaise > 0 ? exerciseCharges(rates, quantity, intrinsicPaise) : noCharges;
          const owner = { accountId: row.broker_account_id, portfolioId: leg.portfolioId, product: leg.product };
          await tx.query(tradeInsertSql(1), tradeValues(null, contract, side, quantity, intrinsicPaise, charges, 'settlement', now, owner));
        }
        return legs.length;
      });
    }
    return settled;
  }

  // ---- square-off, protection ------------------------------------------------------------------------

  /** Cancels the working orders on positions about to be closed. */
  async function cancelWorkingOn(q: Queryable, account: TradingAccount, legs: readonly OpenLeg[], now: Date): Promise<void> {
    for (const leg of legs) {
      const { rows } = await q.query<OrderRow>(
        `SELECT ${orderColumns} FROM paper_orders o WHERE o.broker_account_id = $1 AND o.portfolio_id IS NOT DISTINCT FROM $2
           AND o.instrument_token = $3 AND o.product = $4 AND o.status IN ('OPEN', 'TRIGGER PENDING')`,
        [account.id, leg.portfolioId, leg.contract.instrumentToken, leg.product],
      );
      for (const order of rows) await cancelRow(q, order, 'Cancelled before the position was squared off.', now);
    }
  }

  /** The MARKET orders that close legs: shorts bought back before longs are sold (never a naked short in between), each sliced at the freeze quantity. */
  function exitSlices(legs: readonly OpenLeg[], options: { tag: string | null; purpose: OrderPurpose }): Array<PlannedSlice & { contract: Contract }> {
    const ordered = [...legs.filter((leg) => leg.quantity < 0), ...legs.filter((leg) => leg.quantity > 0)];
    return ordered.flatMap((leg) =>
      slices(Math.abs(leg.quantity), leg.contract).map((quantity) => ({
        contract: leg.contract,
        intent: {
          exchange: leg.contract.exchange,
          tradingsymbol: leg.contract.tradingsymbol,
          side: leg.quantity < 0 ? ('BUY' as const) : ('SELL' as const),
          orderType: 'MARKET' as const,
          product: leg.product,
          quantity,
          pricePaise: 0,
          triggerPaise: 0,
        },
        portfolioId: leg.portfolioId,
        tag: options.tag,
        purpose: options.purpose,
        bot: leg.bot ?? null,
      })),
    );
  }

  /** Closes legs at market at once (the broker's own square-offs): their working orders cancelled first. */
  async function closeLegs(
    q: Queryable,
    account: TradingAccount,
    legs: readonly OpenLeg[],
    options: { tag: string | null; purpose: OrderPurpose },
    now: Date,
  ): Promise<OrderRow[]> {
    await cancelWorkingOn(q, account, legs, now);
    const placed: OrderRow[] = [];
    for (const { contract, intent, ...slice } of exitSlices(legs, options)) placed.push(await placeOne(q, account, intent, contract, slice, now));
    return placed;
  }

  /**
   * Plans bringing the named positions to zero (or reducing one by `quantity`): the portfolio's share when a
   * portfolio is given, else every share in the account. Their working orders are cancelled now; the exits
   * are placed by placePlanned (paced like any intent). Flat positions plan nothing, so repeating it is
   * harmless.
   */
  async function planSquareOff(q: Queryable, account: TradingAccount, portfolioId: number | null, refs: readonly PositionRef[], tag: string | null): Promise<PlannedSlice[]> {
    const now = clock();
    await lockAccount(q, account.id);
    await checkPortfolio(q, account.id, portfolioId);
    const open = await openLegs(q, account.id, now);
    const legs: OpenLeg[] = [];
    for (const ref of refs) {
      const matching = open.filter(
        (leg) =>
          leg.contract.exchange === ref.exchange &&
          leg.contract.tradingsymbol === ref.tradingsymbol &&
          leg.product === ref.product &&
          (portfolioId === null || leg.portfolioId === portfolioId),
      );
      let toClose = ref.quantity ?? Number.POSITIVE_INFINITY;
      for (const leg of matching) {
        const quantity = Math.min(Math.abs(leg.quantity), toClose);
        if (quantity <= 0) continue;
        toClose -= quantity;
        legs.push({ ...leg, quantity: Math.sign(leg.quantity) * quantity });
      }
    }
    const plan = exitSlices(legs, { tag, purpose: 'squareoff' });
    await checkIntentRoom(q, account.id, plan.length, now, rateLimits);
    await cancelWorkingOn(q, account, legs, now);
    return plan.map(({ contract: _contract, ...slice }) => slice);
  }

  /**
   * The kill switch's work inside the caller's transaction (which armed it under this account's lock): every
   * working order cancelled, then every open position closed at market, shorts first, sliced at the freeze
   * quantity. Not held to the API's order rate limits: a broker's own kill switch is not an API client, and
   * a flatten refused for speed would leave the trader exposed.
   */
  async function flattenAccount(q: Queryable, account: TradingAccount, tag: string): Promise<{ cancelled: OrderRow[]; exits: OrderRow[] }> {
    const now = clock();
    await lockAccount(q, account.id);
    const { rows: workingOrders } = await q.query<OrderRow>(
      `SELECT ${orderColumns} FROM paper_orders o WHERE o.broker_account_id = $1 AND o.status IN ('OPEN', 'TRIGGER PENDING') ORDER BY o.id FOR UPDATE`,
      [account.id],
    );
    const cancelled: OrderRow[] = [];
    for (const order of workingOrders) cancelled.push(await cancelRow(q, order, 'Cancelled by the kill switch.', now));
    const exits = await closeLegs(q, account, await legsOf(q, (await q.query<OpenLegRow>(openLegsByBotSql, [account.id])).rows, now), { tag, purpose: 'squareoff' }, now);
    return { cancelled, exits };
  }

  /**
   * A stop-loss (SL) or target (LIMIT) order that reduces a position, paired with the position's other
   * protective order so that one filling cancels the other.
   */
  async function protect(
    q: Queryable,
    account: TradingAccount,
    kind: 'stoploss' | 'target',
    intent: OrderIntent,
    portfolioId: number | null,
    tag: string | null,
  ): Promise<OrderRow[]> {
    const now = clock();
    await lockAccount(q, account.id);
    await checkPortfolio(q, account.id, portfolioId);
    const { contract } = (await resolve(q, [intent], now))[0]!;
    const open = await positionQuantity(q, account.id, portfolioId, contract.instrumentToken, intent.product);
    const reduces = open !== 0 && Math.sign(open) === -sideSign(intent.side);
    if (!reduces || intent.quantity > Math.abs(open)) {
      const what = kind === 'stoploss' ? 'A stop-loss' : 'A target';
      const position = open === 0 ? 'there is no open position' : `the position is ${open > 0 ? 'long' : 'short'} ${Math.abs(open)}`;
      const closing = open > 0 ? 'SELL' : 'BUY';
      throw new DomainError('order_not_reducing', `${what} must reduce the position (${closing} at most ${Math.abs(open)}): ${position}.`, {
        field: 'quantity',
      });
    }
    await checkRateLimits(q, account.id, 1, now);
    const { rows } = await q.query<{ oco_group: string | null; id: string }>(
      `SELECT oco_group, id FROM paper_orders WHERE broker_account_id = $1 AND portfolio_id IS NOT DISTINCT FROM $2 AND instrument_token = $3
         AND product = $4 AND purpose IN ('stoploss', 'target') AND status IN ('OPEN', 'TRIGGER PENDING') ORDER BY id LIMIT 1`,
      [account.id, portfolioId, contract.instrumentToken, intent.product],
    );
    const partner = rows[0];
    const placed = await placeOne(q, account, intent, contract, { portfolioId, tag, purpose: kind, ocoGroup: partner?.oco_group ?? partner?.id ?? null }, now);
    if (placed.oco_group === null && working.includes(placed.status)) {
      await q.query('UPDATE paper_orders SET oco_group = id WHERE id = $1', [placed.id]);
      placed.oco_group = placed.id;
    }
    if (partner !== undefined && partner.oco_group === null) await q.query('UPDATE paper_orders SET oco_group = $2 WHERE id = $1', [partner.id, partner.id]);
    return [placed];
  }

  // ---- modify, cancel ----------------------------------------------------------------------------------

  async function ownedOrder(q: Queryable, accountId: number, orderId: string, lock = false): Promise<OrderRow> {
    const { rows } = await q.query<OrderRow>(
      `SELECT ${orderColumns} FROM paper_orders o WHERE o.broker_account_id = $1 AND o.order_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [accountId, orderId],
    );
    const order = rows[0];
    if (order === undefined) throw new DomainError('not_found', `Order ${orderId} not found in this account's order book`, { field: 'order_id' });
    return order;
  }


  /**
   * A modification that would store the order as it is (the same values, or only a field its type ignores:
   * a trigger on a LIMIT order, a price on a MARKET one) is refused before it spends one of the 25.
   */
  function refuseNoChange(order: OrderRow, changes: OrderChanges): void {
    const orderType = changes.orderType ?? order.order_type;
    const pricePaise = orderType === 'MARKET' ? 0 : changes.pricePaise ?? Number(order.price_paise);
    const triggerPaise = orderType === 'SL' ? changes.triggerPaise ?? Number(order.trigger_price_paise) : 0;
    const same = orderType === order.order_type && (changes.quantity ?? order.quantity) === order.quantity
      && pricePaise === Number(order.price_paise) && triggerPaise === Number(order.trigger_price_paise);
    if (!same) return;
    const ignoredTrigger = changes.triggerPaise !== undefined && orderType !== 'SL';
    const ignoredPrice = changes.pricePaise !== undefined && orderType === 'MARKET';
    const why = ignoredTrigger ? ` (a ${orderType} order takes no trigger price)` : ignoredPrice ? ' (a MARKET order takes no price)' : '';
    throw new DomainError('nothing_to_modify', `Nothing would change on order ${order.order_id}${why}: it was not modified, and the modification was not counted.`, {
      field: ignoredTrigger ? 'trigger_price' : ignoredPrice ? 'price' : undefined,
    });
  }

  async function modifyOrder(q: Queryable, account: TradingAccount, orderId: string, changes: OrderChanges): Promise<OrderRow> {
    const now = clock();
    await lockAccount(q, account.id);
    const order = await ownedOrder(q, account.id, orderId, true);
    if (!working.includes(order.status)) {
      throw new DomainError('order_not_working', `Order ${orderId} is ${order.status} and can no longer be modified.`, { field: 'order_id' });
    }
    refuseNoChange(order, changes);
    if (order.modifications >= maxModifications) {
      throw new DomainError('modification_limit', `Order ${orderId} was already modified ${maxModifications} times, the most an order allows. Cancel it and place a new one.`, {
        field: 'order_id',
      });
    }
    await checkRateLimits(q, account.id, 0, now);
    const contract = (await contractsByToken(q, [order.instrument_token], now)).get(order.instrument_token)!;
    const orderType = changes.orderType ?? order.order_type;
    const intent: OrderIntent = {
      exchange: order.exchange,
      tradingsymbol: order.tradingsymbol,
      side: order.transaction_type,
      orderType,
      product: order.product,
      quantity: changes.quantity ?? order.quantity,
      pricePaise: changes.pricePaise ?? Number(order.price_paise),
      triggerPaise: changes.triggerPaise ?? Number(order.trigger_price_paise),
    };
    if (intent.quantity <= order.filled_quantity) {
      throw new DomainError('validation_failed', `quantity: ${order.filled_quantity} units are already filled; the new quantity must be larger.`, { field: 'quantity' });
    }
    const quote = (await prices.quotes([keyOf(contract)], q)).get(keyOf(contract));
    if (quote === undefined) throw new DomainError('validation_failed', `No price for ${contract.tradingsymbol} right now. Try again in a moment.`);
    // A triggered stop-loss already works as a limit order: its trigger no longer matters.
    const triggered = order.status === 'OPEN' && order.order_type === 'SL' && orderType === 'SL';
    const refusal = orderRefusal({ ...intent, orderType: triggered ? 'LIMIT' : orderType, lotSize: contract.lotSize, tickPaise: 5 }, quote);
    if (refusal !== null) throw new DomainError('order_refused', refusal, { field: changes.pricePaise !== undefined ? 'price' : undefined });
    const status: OrderStatus = orderType === 'SL' && !triggered ? 'TRIGGER PENDING' : 'OPEN';
    const { rows } = await q.query<OrderRow>(
      `UPDATE paper_orders o SET quantity = $2, price_paise = $3, trigger_price_paise = $4, order_type = $5, status = $6,
         modifications = modifications + 1, updated_at = $7 WHERE id = $1 RETURNING ${orderColumns}`,
      [
        order.id,
        intent.quantity,
        orderType === 'MARKET' ? 0 : intent.pricePaise,
        orderType === 'SL' ? intent.triggerPaise : 0,
        orderType,
        status,
        now,
      ],
    );
    const modified = rows[0]!;
    if (modified.status === 'OPEN') return applyDecision(q, modified, contract, decide(modified, quote), now);
    return modified;
  }

  /** Cancels working orders; final ones are answered as they are, so repeating a cancel is harmless. */
  async function cancelOrders(q: Queryable, account: TradingAccount, orderIds: readonly string[]): Promise<OrderRow[]> {
    const now = clock();
    await lockAccount(q, account.id);
    const answered: OrderRow[] = [];
    for (const orderId of orderIds) {
      const order = await ownedOrder(q, account.id, orderId, true);
      answered.push(working.includes(order.status) ? await cancelRow(q, order, 'Cancelled by you.', now) : order);
    }
    return answered;
  }

  // ---- reading ---------------------------------------------------------------------------------------

  /** A day's orders and trades, newest first; with `since`, only those changed (or made) at or after it. */
  async function orderBook(account: TradingAccount, day: string, since: Date | null = null): Promise<{ orders: OrderRow[]; trades: TradeRow[] }> {
    const { rows: orders } = await db.query<OrderRow>(
      `SELECT ${orderColumns} FROM paper_orders o WHERE o.broker_account_id = $1 AND o.trading_day = $2::date
         AND ($3::timestamptz IS NULL OR o.updated_at >= $3) ORDER BY o.id DESC`,
      [account.id, day, since],
    );
    const { rows: trades } = await db.query<TradeRow>(
      `SELECT trade_id, order_id, broker_account_id, portfolio_id, instrument_token, exchange, tradingsymbol, product, transaction_type,
         quantity, price_paise, kind, filled_at FROM paper_trades WHERE broker_account_id = $1 AND trading_day = $2::date
         AND ($3::timestamptz IS NULL OR filled_at >= $3) ORDER BY id DESC`,
      [account.id, day, since],
    );
    return { orders, trades };
  }

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

  /**
   * Trade totals per position up to the end of `day`: a portfolio's own (portfolioId given), or the whole
   * account netted across portfolios. Positions still open, or traded on `day`.
   */
  async function positionTotals(account: TradingAccount, day: string, portfolioId: number | null, { byBot = false }: { byBot?: boolean } = {}) {
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
         sum(brokerage_paise + stt_paise + exchange_paise + sebi_paise + gst_paise + stamp_paise) AS charges,
         sum(brokerage_paise + stt_paise + exchange_paise + sebi_paise + gst_paise + stamp_paise) FILTER (WHERE trading_day = $2::date) AS day_charges,
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
      const bot: OrderBot | null = row.bot_kind === null || row.bot_id === null ? null : { kind: row.bot_kind, id: Number(row.bot_id) };
      return [{ contract, portfolioId: row.portfolio_id, product: row.product, bot, totals, lastPaise, closePaise: quote?.closePaise ?? lastPaise, priced: quote !== undefined }];
    });
  }

  /** A portfolio's trades up to the end of `day`, in the order they happened (its daily P&L history). */
  async function ledger(account: TradingAccount, portfolioId: number, day: string) {
    const { rows } = await db.query<{ day: string; instrument_token: number; product: string; transaction_type: Side; quantity: number; price_paise: string; charges: string }>(
      `SELECT to_char(trading_day, 'YYYY-MM-DD') AS day, instrument_token, product, transaction_type, quantity, price_paise,
         brokerage_paise + stt_paise + exchange_paise + sebi_paise + gst_paise + stamp_paise AS charges
       FROM paper_trades WHERE broker_account_id = $1 AND portfolio_id = $2 AND trading_day <= $3::date ORDER BY id`,
      [account.id, portfolioId, day],
    );
    return rows.map((row) => ({
      day: row.day,
      key: `${row.instrument_token}:${row.product}`,
      side: row.transaction_type,
      quantity: row.quantity,
      pricePaise: Number(row.price_paise),
      chargesPaise: Number(row.charges),
    }));
  }

  return {
    ledger,
    placeOrders,
    modifyOrder,
    cancelOrders,
    planOrders,
    planSquareOff,
    placePlanned,
    intentOrders,
    flattenAccount,
    entriesOn,
    protect,
    orderBook,
    positionTotals,
    funds,
    orderMargin,
    portfolioMargin,
    onTick,
  };
}

export type PaperTrading = ReturnType<typeof createPaperTrading>;
