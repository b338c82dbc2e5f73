// The broker-neutral trading interface (ARCHITECTURE.md, "One broker interface, several brokers"): what the
// routes' services, the kill switch, the risk limits and the bot engine ask of a broker, whichever it is.
// The paper broker (paper/paper-trading.ts) implements it; a live broker's adapter maps the same calls onto
// its API. Orders and trades are Kite-shaped records in integer paise; `tag` is how an intent finds its
// orders again after a lost answer.
//
// No call takes a transaction: a real broker is never called inside one (ARCHITECTURE.md). Callers claim
// the intent first and record the answer after (trading/order-pipeline.ts, trading/paced-intent.ts); each
// call of the paper broker runs in its own transaction under the account's lock.
//
// Orders are placed from a plan: the broker says what an intent goes out as (planOrders, planSquareOff,
// beginFlatten: sliced at the freeze quantity, at most 20 slices an order, as Kite's autoslice), and the
// caller sends the planned orders in as many calls as the rate limits need (10 a second per account, counted
// by the caller in trading/order-rate.ts, on the broker's own timestamps), each order numbered in its intent
// so that it is placed at most once.
import type { components } from '../../../openapi/main.d.ts';
import type { Queryable } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { killSwitchText, orderTexts } from '../texts/order-texts.ts';
import { holdingTexts } from '../texts/holding-texts.ts';
import type { LocalText, Said } from '../texts/said.ts';
import type { IndexName } from '../market/index-config.ts';
import type { LastPrice, MarketStatus } from '../market/market-service.ts';
import type { ProtectShare } from './protective-shares.ts';
import type { EntryGuards } from './entry-guards.ts';

export type Side = 'BUY' | 'SELL';
export type OrderType = 'MARKET' | 'LIMIT' | 'SL' | 'SL-M';
export type Exchange = 'NFO' | 'BFO';
export type Product = 'MIS' | 'NRML';
/** What an order may go out as: an F&O product, or CNC, a sale of a live account's demat holdings (issue 63). */
export type OrderProduct = Product | 'CNC';
export type OrderStatus = 'OPEN' | 'TRIGGER PENDING' | 'COMPLETE' | 'CANCELLED' | 'REJECTED';
export type OrderPurpose = 'entry' | 'stoploss' | 'target' | 'squareoff' | 'auto_squareoff';

/** The broker account an action is for, already checked to be the caller's. */
export type TradingAccount = {
  id: number;
  accountNumber: string;
  capitalPaise: number;
  /**
   * A paper account's market (issue 38): null for the simulator, else the live account whose feed it trades
   * on. Given when the caller read it with the account (trading-accounts.ts); absent, the paper broker reads it.
   */
  marketAccountId?: number | null;
  /**
   * A paper account's limit-only broker whose rules it follows (issue 60, execution/paper-rules.ts): null for
   * none. Given when the caller read it with the account; absent, the paper broker reads it for a MARKET order.
   */
  paperRulesOf?: string | null;
};

/** Dhan's AMO times (DhanHQ v2 Orders, `amoTime`): at the pre-open, at the open, 30 or 60 minutes after it; the API's enum. */
export type AfterMarketTime = NonNullable<components['schemas']['OrderRequest']['after_market_time']>;

export type OrderIntent = {
  exchange: string;
  tradingsymbol: string;
  side: Side;
  orderType: OrderType;
  product: OrderProduct;
  quantity: number;
  pricePaise: number;
  triggerPaise: number;
  /** The trader chose an after-market order (AMO): where the broker asks for that choice (LiveWire.afterMarketByChoice). */
  afterMarket?: boolean;
  /** When the chosen AMO goes to the exchange, on a broker that takes it (BrokerTrading.afterMarketTimes; checkAfterMarketTime below). */
  afterMarketTime?: AfterMarketTime;
};

/** An order as the broker last reported it (Kite's fields, money in paise). */
export type BrokerOrder = {
  order_id: string;
  exchange_order_id: string | null;
  broker_account_id: number;
  portfolio_id: number | null;
  instrument_token: number;
  exchange: Exchange;
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
  /** status_message as a code and parameters (texts/said.ts); null or absent when the words are a live broker's own. */
  status_message_i18n?: LocalText | null;
  tag: string | null;
  purpose: OrderPurpose;
  oco_group: string | null;
  modifications: number;
  placed_at: Date;
  exchange_at: Date | null;
  /** When the order last changed; in an order history, when it entered that state. */
  updated_at?: Date | undefined;
  /** The intent this order was planned for and its number in the plan (placeOrders), null for the broker's own and the kill switch's orders. */
  intent_ref: string | null;
  intent_slice: number | null;
  /** A live broker's own status when it says more than `status` (Kite: "OPEN PENDING", "MODIFY PENDING", "AMO REQ RECEIVED"). */
  broker_status?: string | null;
  /** Kite's variety: "amo" for an after-market order (placed while the exchange was closed, sent at the open). */
  variety?: 'regular' | 'amo';
  /** The order this one is a slice of (Kite's autoslice answers the parent's id with its children). */
  parent_order_id?: string | null;
  /** Percent sent with a MARKET or SL-M order to a live broker (-1: the broker's automatic protection). */
  market_protection?: number | null;
  /** The broker turned this MARKET order into a LIMIT at `price_paise` (Kite's market protection). */
  converted_to_limit?: boolean;
};

/** A fill, or an expiry's settlement (no order). */
export type BrokerTrade = {
  trade_id: string;
  order_id: string | null;
  broker_account_id: number;
  portfolio_id: number | null;
  instrument_token: number;
  exchange: Exchange;
  tradingsymbol: string;
  product: Product;
  transaction_type: Side;
  quantity: number;
  price_paise: string;
  kind: 'fill' | 'settlement';
  filled_at: Date;
  /** What this fill cost (its share of the order's charges), null while the broker has not said (a live order not yet complete). */
  charges_paise: string | null;
  /** Those charges are StrikeDesk's at the broker's tariff with no brokerage dated (Flattrade): the statutory ones alone. */
  brokerage_not_priced?: boolean;
  /**
   * Of those charges, Zerodha's call-and-trade charge (₹50 an order the broker squared off itself; its GST is
   * in the fill's GST), its own line; absent or null when the broker does not report it (Kite's charges API).
   */
  call_and_trade_paise?: string | null;
};

/** A listed option contract. */
export type Instrument = {
  instrumentToken: number;
  exchange: Exchange;
  tradingsymbol: string;
  index: IndexName;
  expiry: string;
  strike: number;
  /** An option's type, or FUT for a future (whose strike is 0). */
  kind: 'CE' | 'PE' | 'FUT';
  lotSize: number;
};

/** Which bot placed an order (null or absent: the trader), so positions can be grouped by bot. */
export type OrderBot = { kind: 'trading' | 'daily'; id: number };

/** Whose orders an intent makes: its portfolio, why (an entry opens risk), and the bot placing them. */
export type PlanOptions = {
  portfolioId: number | null;
  purpose: OrderPurpose;
  bot?: OrderBot | null;
  /** The account's kill switch and risk limits read with the account (trading-accounts.ts), unlocked as the plan would read them: not read again. */
  guards?: EntryGuards | undefined;
  /**
   * The order pipeline's transaction, holding the account's lock, to plan in (only where the broker said it
   * can: BrokerTrading.plansInTransaction); absent, the plan reads outside any transaction.
   */
  tx?: Queryable | undefined;
};

/** One order of an intent's plan: no larger than the broker takes in one order. Stored as JSON with the intent's key while it goes out. */
export type PlannedOrder = OrderIntent & {
  portfolioId: number | null;
  purpose: OrderPurpose;
  bot: OrderBot | null;
  /**
   * The leg this order is a slice of, when the broker sends a leg's slices as one call (Kite's autoslice:
   * one request, one child order per slice); absent when each order goes on its own (the paper broker). The
   * order pipeline sends a group's slices in the same step, within one second's room, each keeping its number.
   */
  sliceGroup?: number;
};

/**
 * What an intent goes out as, in order; `cancel`: working orders to cancel before the first is placed (a
 * square-off's, on the positions it closes, so none of them fills while the exits go out).
 */
export type IntentPlan = { orders: PlannedOrder[]; cancel: string[] };

/** Which intent orders belong to: `ref` names it (with each order's number, unique per account), `tag` goes on every order. */
export type IntentRef = { ref: string; tag: string };

/** A planned order and its number in its intent's plan. */
export type NumberedOrder = PlannedOrder & { slice: number };

export type PositionRef = { exchange: string; tradingsymbol: string; product: Product; quantity?: number | undefined };

export type OrderChanges = { quantity?: number | undefined; pricePaise?: number | undefined; triggerPaise?: number | undefined; orderType?: OrderType | undefined };

export type Funds = {
  /** Capital + the trades' cash flow − charges + open positions at their last price. */
  equityPaise: number;
  /** Margin (SPAN + exposure) blocked for positions and working entry orders, plus long options' value, less short options' value (which equity already owes). */
  usedPaise: number;
  availablePaise: number;
  marginPaise: number;
};

/** Charges by kind, in paise (a contract note's lines). */
/**
 * `callAndTrade`: Zerodha's call-and-trade charge (₹50 an order the broker squares off itself; its 18 % GST is
 * in `gst`), never on an order the trader places, so 0 before a trade.
 */
export type ChargeParts = { brokerage: number; stt: number; exchange: number; sebi: number; gst: number; stamp: number; callAndTrade: number };

/**
 * What orders would need together (margin change with hedge benefit, premium, charges) against what is
 * available; `chargeParts` is `chargesPaise` by kind, as the ticket shows it. `requiredPaise` is never less
 * than the premium and charges: an order that frees margin (buying puts against short puts) still pays its
 * premium before the hedge is in place, and says what it frees in `releasedPaise`.
 */
export type MarginQuote = {
  requiredPaise: number;
  availablePaise: number;
  chargesPaise: number;
  chargeParts: ChargeParts;
  premiumPaise: number;
  /** The change in blocked margin (SPAN + exposure) after the account's positions and working orders; negative when it frees margin. */
  marginPaise: number;
  /** Margin the orders free once filled (−marginPaise when negative, else 0). */
  releasedPaise: number;
  /**
   * True when the broker's brokerage is not priced (a broker with no charges call and no dated tariff): then
   * `chargeParts.brokerage` is 0 and no figure, and `chargesPaise` (and what includes it) leaves the brokerage out.
   */
  brokerageNotPriced?: boolean;
};

/**
 * What orders need on their own, as on an account with nothing open (the strategy builder's own margin;
 * Kite's basket margins without consider_positions): margin (SPAN + exposure) with the orders' offsets
 * between each other, what that saves against each order alone, and margin + premium + charges.
 */
export type StandaloneMargin = { marginPaise: number; hedgeBenefitPaise: number; requiredPaise: number };

/** What the ticket and the builder show: the orders after the account's positions, and on their own. */
export type OrderMarginQuote = MarginQuote & { standalone: StandaloneMargin };

/** The margin figures of a change in blocked margin: required at least premium + charges, and what is freed. */
export function marginFigures(marginChangePaise: number, premiumPaise: number, chargesPaise: number): { requiredPaise: number; releasedPaise: number } {
  return { requiredPaise: Math.max(0, marginChangePaise) + premiumPaise + chargesPaise, releasedPaise: Math.max(0, -marginChangePaise) };
}

/** Bought and sold quantities and values of one position, overall and on the day asked. */
export type TradeTotals = {
  buyQuantity: number;
  buyValuePaise: number;
  sellQuantity: number;
  sellValuePaise: number;
  dayBuyQuantity: number;
  dayBuyValuePaise: number;
  daySellQuantity: number;
  daySellValuePaise: number;
  chargesPaise: number;
  dayChargesPaise: number;
};

/** One position's trade totals and prices (a portfolio's share, a bot's share, or the account's). */
export type PositionEntry = {
  contract: Instrument;
  portfolioId: number | null;
  product: Product;
  bot: OrderBot | null;
  totals: TradeTotals;
  lastPaise: number;
  closePaise: number;
  /** False when the market had no price for it (lastPaise is then the last trade's). */
  priced: boolean;
  /** Some of its trades' charges leave the brokerage out, not priced (a live broker with no tariff dated: Flattrade). */
  brokerageNotPriced?: boolean;
  /** How much of its fills' charges are counted; absent: all of them (`priced`). */
  chargesStatus?: Exclude<ChargesStatus, 'priced'>;
};

/**
 * - `priced`: every fill's charges counted.
 * - `partial`: the charges of StrikeDesk's own fills of it today, every one priced; the rest of its fills (placed
 *   in the broker's own app, carried) have none: a lower bound (live-position charges, broker-position-charges.ts).
 * - `not_priced`: some fills have no charges figure and 0 is counted for them, possibly for all: fills the broker
 *   reports but StrikeDesk did not price (placed outside StrikeDesk, an order its broker has not priced yet).
 */
export type ChargesStatus = 'priced' | 'partial' | 'not_priced';

/** A physically settled position's last trading days (issue 63): what it delivers if held, its delivery margin now and each day left. */
export type PositionDeliveryOutlook = {
  daysToExpiry: number;
  obligation: { side: Side; shares: number; symbol: string; pricePaise: number; valuePaise: number } | null;
  marginNowPaise: number | null;
  days: Array<{ date: string; daysToExpiry: number; marginPaise: number | null }>;
};

/** A position settled by delivery at its expiry. */
export type DeliveryRecord = {
  tradingsymbol: string;
  symbol: string;
  expiry: string;
  side: Side;
  shares: number;
  pricePaise: number;
  valuePaise: number;
  chargesPaise: number;
  settledAt: Date;
  portfolioId: number | null;
};

/**
 * Shares an account holds (positive) or owes (negative) after its deliveries at expiry (issue 63), by stock: the
 * deliveries received less those made. `averagePaise` is what the held shares cost (the received deliveries' mean
 * price; for shares owed, the made deliveries' mean price); `lastPaise` the stock's price now, null without one.
 */
export type HoldingRecord = { symbol: string; shares: number; averagePaise: number; lastPaise: number | null; lastDeliveryAt: Date };

/**
 * A sale of delivered shares held (SELL) or a purchase of shares owed (BUY), as an equity delivery (CNC) order on the
 * stock: MARKET, or LIMIT at `limitPaise` (filled only if the stock's price reaches it now).
 */
export type HoldingOrder = { symbol: string; side: Side; shares: number; orderType: 'MARKET' | 'LIMIT'; limitPaise: number | null };

/** An equity delivery trade's charges (paise), each rounded half up to the paisa. */
export type EquityCharges = { brokerage: number; stt: number; stamp: number; exchange: number; sebi: number; dp: number; gst: number };

/** A trade against a delivered holding: at what price, what a share of the holding cost then, the P&L realised, the charges. */
export type HoldingTradeRecord = {
  symbol: string;
  side: Side;
  orderType: 'MARKET' | 'LIMIT';
  limitPaise: number | null;
  shares: number;
  pricePaise: number;
  valuePaise: number;
  averagePaise: number;
  realisedPaise: number;
  charges: EquityCharges;
  tradedAt: Date;
  /** Its ids in the order and trade books (the paper broker's, from its order and trade sequences), and the Idempotency-Key it was placed under. */
  orderId: string;
  key: string;
  exchangeOrderId: string;
  tradeId: string;
};

/**
 * A stock in a live account's demat holdings at its broker (issue 63), money in paise: `shares` with those not yet
 * delivered (T+1), `sellable` what a CNC sale may take now; `key` the broker's own name for it where it names
 * instruments by its own key (null on Kite, which takes the exchange and tradingsymbol).
 */
export type BrokerHolding = {
  exchange: string;
  tradingsymbol: string;
  isin: string | null;
  shares: number;
  sellable: number;
  averagePaise: number;
  lastPaise: number | null;
  key: string | null;
};

/** One trade of a portfolio's history, for its daily P&L. `key` names the position (instrument and product). */
export type LedgerTrade = { day: string; key: string; side: Side; quantity: number; pricePaise: number; chargesPaise: number };

/** A trade as a book's ledger query selects it (paper's and a live broker's alike), paise in numeric text. */
export type LedgerRow = { day: string; instrument_token: number; product: string; transaction_type: Side; quantity: number; price_paise: string; charges: string };

export function ledgerTradeOf(row: LedgerRow): LedgerTrade {
  return { day: row.day, key: `${row.instrument_token}:${row.product}`, side: row.transaction_type, quantity: row.quantity, pricePaise: Number(row.price_paise), chargesPaise: Number(row.charges) };
}

/**
 * An AMO time is refused, before anything is planned or sent, on an order that is no AMO and on a broker whose API
 * does not take that time (BrokerTrading.afterMarketTimes: none on any broker but Dhan, paper included): never
 * dropped in silence.
 */
export function checkAfterMarketTime(broker: Pick<BrokerTrading, 'afterMarketTimes'>, intents: readonly OrderIntent[]): void {
  for (const intent of intents) {
    if (intent.afterMarketTime === undefined) continue;
    if (intent.afterMarket !== true) throw DomainError.said('validation_failed', orderTexts.amoTimeWithoutAmo, { field: 'after_market_time' });
    if (!(broker.afterMarketTimes ?? []).includes(intent.afterMarketTime)) throw DomainError.said('validation_failed', orderTexts.amoTimeNotTaken, { field: 'after_market_time' });
  }
}

/** An F&O order's product: CNC (a sale of holdings, its own path) is refused where only MIS or NRML can be. */
export function foProduct(product: OrderProduct): Product {
  if (product === 'CNC') throw DomainError.said('validation_failed', holdingTexts.cncNotFo, { field: 'product' });
  return product;
}

/** What placing an entry answers while the account's kill switch is armed (exits stay allowed). */
export function killSwitchRefusal(accountNumber: string, armedAt: Date): DomainError {
  return DomainError.said('kill_switch_armed', killSwitchText(accountNumber, armedAt));
}

/**
 * A live broker stopped an intent mid-way: it refused an order after others of the same call were placed (a
 * basket's hedge may be what failed). `answered`: every order of the call, placed or in the book as REJECTED
 * with the reason; the order pipeline sends nothing more of the intent.
 */
export class IntentStopped extends DomainError {
  readonly answered: BrokerOrder[];

  constructor(message: string, answered: BrokerOrder[]) {
    super('order_refused', message);
    this.answered = answered;
  }
}

/** One instrument's quote on a broker's price feed, keyed `EXCHANGE:TRADINGSYMBOL` (the key both brokers share; their tokens differ). */
export type BrokerTick = { instrument: string; quote: LastPrice };

/** Hears what a broker reports for one account. */
export type BrokerListener = {
  /** An order of the account changed (placed, triggered, filled, modified, cancelled, rejected): the order as the broker has it now. */
  onOrder?: (order: BrokerOrder) => void;
  /** Instruments followed by this subscription that ticked, with their quotes. */
  onTick?: (ticks: readonly BrokerTick[]) => void;
  /** The stream's own trouble (a feed reconnecting, instruments it could not follow), for the caller's log. */
  warn?: (details: Record<string, unknown>, message: string) => void;
};

/**
 * How late a change of an order may become visible after the time it carries. A change is stamped when its work
 * began (a fill with its market pass's tick time, a live broker's update with its own clock), but a read sees it
 * only once committed or reported: anything that reads changes "since" a time it read before looks back this far
 * (the paper broker's stream, the order book's `updated_since`), and tells or merges what comes twice by its id.
 */
export const lateCommitMs = 30_000;

/**
 * One subscription to a broker's stream. A price stream needs more than an unsubscribe function: the quotes
 * held when it opens (its snapshot) and whether a quiet feed is alive or silent (its "prices delayed").
 */
export type BrokerStream = {
  /** The last quote of each followed instrument that has one. */
  quotes(): Promise<Record<string, LastPrice>>;
  /** True while a broker's own feed is heard from though nothing followed moved (Kite's heartbeats); false when only ticks say it is alive (the simulator). */
  feedAlive(): boolean;
  /**
   * Only a live broker's feed: those of the stream's instruments it does not stream (its instrument master has no
   * id for them, or they are past its cap), and the broker's name to say so. Absent: every instrument is priced.
   */
  unstreamed?(): { broker: string; instruments: string[] };
  /** Stops the listener; the broker lets go of instruments no other subscription follows. Repeating it is harmless. */
  close(): void;
};

/** BrokerTrading.placerInTransaction's answer. */
export type TransactionPlacer = {
  /**
   * Sends now, in `tx`, a read place() will need (the paper broker: the account's book), without waiting
   * for the statement sent before it: pipelined, it costs no round trip of its own (postgres-database.ts).
   * Called at most once, before place(); place() may then never come (the step refused or sent nothing).
   */
  readAhead?(tx: Queryable): void;
  /** `unplaced`: none of the intent's orders can be in the book yet (its key claimed new, its first step): none to look for. */
  place(tx: Queryable, intent: IntentRef, orders: readonly NumberedOrder[], sentAt: Date, unplaced: boolean): Promise<BrokerOrder[]>;
  placed(): void;
};

/** One side's levels best first (price in rupees, quantity in units, orders at that price). */
export type MarketDepth = {
  tradingsymbol: string;
  /** The levels the broker streams a side (20 on Dhan). */
  levels: number;
  bids: Array<{ price: number; quantity: number; orders: number }>;
  asks: Array<{ price: number; quantity: number; orders: number }>;
  /** When the broker last sent either side; null before it has. */
  updatedAt: Date | null;
  /** The broker's socket has been silent too long: what is shown is old. */
  stale: boolean;
};

export type BrokerTrading = {
  /** Paper trading or a real broker's: shown to the trader so the two can never be confused. */
  mode: 'paper' | 'live';
  /**
   * How much wider than a second the order pipeline keeps each window of the per-second limit's sends
   * (trading/send-windows.ts): 0 for a broker that stamps an order with the instant its send was admitted
   * (the paper broker), the network's margin for one that stamps it on arrival (Kite).
   */
  rateMarginMs: number;
  /**
   * The times an after-market order may name for going to the exchange (the order's `afterMarketTime`), as the
   * broker's API takes them (its live wire's, LiveWire.afterMarketTimes: Dhan's `amoTime`). Absent: the broker takes
   * none, and an order naming one is refused (checkAfterMarketTime).
   */
  afterMarketTimes?: readonly AfterMarketTime[];
  /**
   * An entry out of hours goes as an AMO only when the trader chose one (its live wire's, LiveWire.afterMarketByChoice:
   * Dhan's AMO switch, Noren's `amo`). Absent: every order placed in the AMO window goes as one (paper, Kite, Upstox).
   */
  afterMarketByChoice?: boolean;
  /**
   * What intents go out as, placing nothing: each sliced at the freeze quantity (an order of more than 20
   * slices refused with too_many_orders), unknown contracts refused; entries refused while the kill switch
   * is armed (killSwitchRefusal) or past the account's risk limits.
   */
  planOrders(account: TradingAccount, intents: readonly OrderIntent[], options: PlanOptions): Promise<IntentPlan>;
  /**
   * The exits that bring positions to zero (or reduce one by its quantity): the portfolio's share when a
   * portfolio is given, else every share in the account; shorts bought back before longs are sold, each
   * sliced at the freeze quantity; and the working orders on those positions, to cancel first. Flat
   * positions plan nothing, so repeating a square-off is harmless. Places and cancels nothing.
   */
  planSquareOff(account: TradingAccount, portfolioId: number | null, refs: readonly PositionRef[]): Promise<IntentPlan>;
  /**
   * Places planned orders, in order, each rejected with its reason, filled or left working, each tagged and
   * numbered in its intent; an order already placed under the same intent and number is answered as it is,
   * never placed again. Entries are refused while the kill switch is armed (the paper broker reads it again
   * under the account's lock). A live broker's adapter keeps the number in its mirror of the orders it
   * placed (found again by the tag after a lost answer: the orders go out one at a time, in order).
   * `sentAt`: the instant the caller admitted their send under the rate limits; the paper broker stamps the
   * orders with it, a live broker stamps them itself on arrival. An exit (a square-off's) never takes a
   * position past flat: with nothing left to close it is rejected, saying so.
   */
  placeOrders(account: TradingAccount, intent: IntentRef, orders: readonly NumberedOrder[], sentAt?: Date): Promise<BrokerOrder[]>;
  /**
   * Only a broker whose exchange is this database (the paper broker): placeOrders inside the caller's
   * transaction, which holds the account's lock and under it refused entries while the kill switch is armed
   * and held the orders' portfolios (the order pipeline's pacing step, pacing-step.ts). The sends admitted
   * and the orders placed then commit together: no broker call lies between them to be lost, and one
   * transaction does the work of two. Asked for outside any transaction (a paper account on a live feed
   * follows the feed first); `placed` tells the account's subscribers once the transaction committed.
   */
  placerInTransaction?(account: TradingAccount): Promise<TransactionPlacer>;
  /**
   * Only a broker with placerInTransaction: whether an entry on `account` can be planned inside the order
   * pipeline's transaction too (PlanOptions.tx) and its placer asked for there, so that the intent's key is
   * claimed, its plan made and its orders placed in one transaction (paced-intent.ts runInOneTransaction).
   * The paper broker on the simulator's prices can; a paper account on a live feed follows the feed outside
   * any transaction first, so cannot.
   */
  plansInTransaction?(account: TradingAccount): boolean;
  /**
   * Puts planned orders that will not be sent in the book as REJECTED ("Not sent: <reason>"), so the trader
   * sees every order of an intent end: the kill switch armed, a limit used up or a portfolio deleted while
   * the intent went out. Nothing reaches the exchange.
   */
  recordUnsent(account: TradingAccount, intent: IntentRef, orders: ReadonlyArray<NumberedOrder & { reason: Said }>): Promise<BrokerOrder[]>;
  /** The orders carrying `tag` (placed at or after `since` when given), oldest first: how a claim is reconciled. */
  ordersByTag(account: TradingAccount, tag: string, since?: Date | null): Promise<BrokerOrder[]>;
  /** One order as the broker has it now. */
  order(account: TradingAccount, orderId: string): Promise<BrokerOrder>;
  /**
   * Every state the order went through, oldest first (Kite: GET /orders/:order_id; the paper broker: its
   * recorded transitions). A transient broker status reads as the contract's with the broker's word in
   * `broker_status`, as in the book. An order the account does not have: not_found.
   */
  orderHistory(account: TradingAccount, orderId: string): Promise<BrokerOrder[]>;
  /**
   * The option contracts the broker lists for an index (one expiry's when given), by expiry, strike and
   * kind, expired ones left out. Kite: its instruments dump of the day (empty before the first load).
   */
  instruments(account: TradingAccount, index: IndexName, expiry?: string): Promise<Instrument[]>;
  /**
   * The account's order changes and the ticks of `instruments` (`EXCHANGE:TRADINGSYMBOL`), as they come:
   * Kite's postbacks, ticker and book reads (the changes this server instance records), or the paper broker's
   * recorded order states (every instance's, at this instance's next fill-engine pass) and the simulator.
   * Alerts do not depend on it: they are written with the change, once, in the database.
   */
  subscribe(account: TradingAccount, listener: BrokerListener, instruments?: readonly string[]): Promise<BrokerStream>;
  /**
   * Only a broker with a kill switch of its own (Dhan's): turned on after StrikeDesk's has cancelled and
   * flattened the account (the broker's refuses every order for the rest of the day, and turns on only once
   * nothing is open), and its state read for the kill switch screen. Failures in the trader's words.
   */
  brokerKillSwitch?: { name: string; arm(account: TradingAccount): Promise<void>; isOn(account: TradingAccount): Promise<boolean> };
  /**
   * A contract's market depth beyond the best bid and ask, where the broker streams it (Dhan's 20 levels, or 200 for
   * one contract at a time): what the broker last sent, none before it has. Absent: the broker offers no deeper book.
   */
  marketDepth?(account: TradingAccount, exchange: string, tradingsymbol: string, levels?: number): Promise<MarketDepth>;
  /** The levels a side marketDepth takes, its default first (Dhan's 20, then 200); absent with marketDepth. */
  marketDepthLevels?: readonly number[];
  /** Refuses a change that changes nothing (nothing_to_modify), which would spend one of the order's 25. */
  modifyOrder(account: TradingAccount, orderId: string, changes: OrderChanges): Promise<BrokerOrder>;
  /** Final orders are answered as they are, so repeating a cancel is harmless. `reason`: shown on each cancelled order. */
  cancelOrders(account: TradingAccount, orderIds: readonly string[], reason?: Said): Promise<BrokerOrder[]>;
  /**
   * The shares a stop-loss or target that reduces a position goes on (protective-shares.ts): the portfolio's
   * share when a portfolio is given, else the account's position netted across its shares (as the position
   * book shows it), split over the shares on its side. Refused (order_not_reducing) when it would not reduce
   * the position. Places nothing.
   */
  planProtect(account: TradingAccount, kind: 'stoploss' | 'target', intent: OrderIntent, portfolioId: number | null): Promise<ProtectShare[]>;
  /**
   * One stop-loss or target per planned share, each paired with its share's other protective order (one
   * cancels the other); `sentAt` as for placeOrders.
   */
  protect(account: TradingAccount, kind: 'stoploss' | 'target', intent: OrderIntent, shares: readonly ProtectShare[], tag: string, sentAt?: Date): Promise<BrokerOrder[]>;
  /**
   * The kill switch's first step: every working order cancelled (never refused for the rate limits: a broker's
   * own kill switch is no API client, and an order left working could fill), and the MARKET exits that close
   * every open position planned (shorts bought back before longs are sold, each sliced at the freeze quantity,
   * one order a slice), placing nothing: the caller sends them paced (trading/flatten.ts). Repeating it finds
   * nothing left to do.
   */
  beginFlatten(account: TradingAccount): Promise<{ cancelled: BrokerOrder[]; orders: PlannedOrder[] }>;
  /** Entry orders placed on a day, rejected ones not counted (the trades-today limit). */
  entriesOn(account: TradingAccount, day: string): Promise<number>;
  /** A day's orders and trades, newest first; with `since`, only those changed at or after it. */
  orderBook(account: TradingAccount, day: string, since?: Date | null): Promise<{ orders: BrokerOrder[]; trades: BrokerTrade[] }>;
  /** Positions open or traded on `day`: a portfolio's own, or the account's netted across portfolios. */
  positionTotals(account: TradingAccount, day: string, portfolioId: number | null, options?: { byBot?: boolean }): Promise<PositionEntry[]>;
  ledger(account: TradingAccount, portfolioId: number, day: string): Promise<LedgerTrade[]>;
  funds(account: TradingAccount): Promise<Funds>;
  /**
   * Only a broker that settles stock contracts itself (the paper broker): for each position, its delivery outlook
   * in its last four trading days before expiry (null otherwise, and for index contracts), in the entries' order.
   */
  positionDeliveries?(account: TradingAccount, entries: readonly PositionEntry[]): Promise<Array<PositionDeliveryOutlook | null>>;
  /** Only the paper broker: the account's deliveries at expiry, newest first (the last 50). */
  deliveries?(account: TradingAccount): Promise<DeliveryRecord[]>;
  /** Only the paper broker: the shares its deliveries left the account holding or owing, by stock. */
  holdings?(account: TradingAccount): Promise<HoldingRecord[]>;
  /**
   * Only the paper broker: sells shares a delivery left the account holding, or buys back shares it owes, as an equity
   * delivery (CNC) order filled at once; a repeated Idempotency-Key answers the first trade (`replayed`).
   */
  tradeHolding?(account: TradingAccount, order: HoldingOrder, idempotencyKey: string): Promise<{ trade: HoldingTradeRecord; replayed: boolean }>;
  /** Only the paper broker: the account's trades against its holdings, newest first (the last 50). */
  holdingTrades?(account: TradingAccount): Promise<HoldingTradeRecord[]>;
  /**
   * Only the paper broker: those trades made on an IST day (with `since`, at or after it), newest first: each an order
   * of the day's order book (product CNC, filled when placed) and its fill, beside the F&O orders.
   */
  holdingOrders?(account: TradingAccount, day: string, since: Date | null): Promise<HoldingTradeRecord[]>;
  /**
   * Only a live broker whose holdings StrikeDesk reads (Kite): the account's demat holdings as the broker has them now
   * (shared for a second). A sale of them is a CNC order placed with placeOrders like any other.
   */
  brokerHoldings?(account: TradingAccount): Promise<BrokerHolding[]>;
  /**
   * What orders would need together now, without placing them, after the account's positions and on their
   * own (Kite: basket margins with and without consider_positions, and charges).
   */
  orderMargin(account: TradingAccount, intents: readonly OrderIntent[]): Promise<OrderMarginQuote>;
  /** Margin blocked by one portfolio's open positions plus its long options' value. */
  portfolioMargin(account: TradingAccount, portfolioId: number): Promise<number>;
  /**
   * A live broker's own last prices in paise, by `EXCHANGE:TRADINGSYMBOL`, for a bot's decisions on that
   * account (its stop-loss, target, trailing): the paper broker has none, its prices are the simulator's.
   */
  lastPrices?(account: TradingAccount, keys: readonly string[]): Promise<Map<string, number>>;
  /**
   * Whether the exchange a live broker sends orders to trades now, and its next open, by the exchange's own
   * calendar and hours (Kite: the real NSE, whatever the simulator's demo mode): what the account's screens
   * show, and whether an order placed now is an after-market order. The paper broker has none: it trades on
   * the simulator, whose status is the market service's.
   */
  marketStatus?(): Promise<MarketStatus>;
};
