// The broker-neutral trading interface (ARCHITECTURE.md, "One broker interface, several brokers"): what the
// routes' services, the kill switch, the risk limits and the bot engine ask of a broker, whichever it is.
// The paper broker (paper/paper-trading.ts) implements it; a live broker's adapter maps the same calls onto
// its API. Orders and trades are Kite-shaped records in integer paise; `tag` is how an intent finds its
// orders again after a lost answer.
//
// No call takes a transaction: a real broker is never called inside one (ARCHITECTURE.md). Callers claim
// the intent first and record the answer after (trading/order-pipeline.ts); each call of the paper broker
// runs in its own transaction under the account's lock.
import { DomainError } from '../domain-error.ts';
import type { IndexName } from '../market/index-config.ts';
import { istClock } from '../market/ist.ts';

export type Side = 'BUY' | 'SELL';
export type OrderType = 'MARKET' | 'LIMIT' | 'SL' | 'SL-M';
export type Exchange = 'NFO' | 'BFO';
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
  tag: string | null;
  purpose: OrderPurpose;
  oco_group: string | null;
  modifications: number;
  placed_at: Date;
  exchange_at: Date | null;
  /** A live broker's own status when it says more than `status` (Kite: "OPEN PENDING", "MODIFY PENDING"). */
  broker_status?: string | null;
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
};

/** A listed option contract. */
export type Instrument = {
  instrumentToken: number;
  exchange: Exchange;
  tradingsymbol: string;
  index: IndexName;
  expiry: string;
  strike: number;
  kind: 'CE' | 'PE';
  lotSize: number;
};

/** Which bot placed an order (null or absent: the trader), so positions can be grouped by bot. */
export type OrderBot = { kind: 'trading' | 'daily'; id: number };

export type PlaceOptions = { portfolioId: number | null; tag: string; purpose: OrderPurpose; ocoGroup?: string | null; bot?: OrderBot | null };

export type PositionRef = { exchange: string; tradingsymbol: string; product: Product; quantity?: number | undefined };

export type OrderChanges = { quantity?: number | undefined; pricePaise?: number | undefined; triggerPaise?: number | undefined; orderType?: OrderType | undefined };

export type Funds = {
  /** Capital + the trades' cash flow − charges + open positions at their last price. */
  equityPaise: number;
  /** Margin blocked for positions and working entry orders, plus the value of long options held. */
  usedPaise: number;
  availablePaise: number;
  marginPaise: number;
};

/** What orders would need together (margin change with hedge benefit, premium, charges) against what is available. */
export type MarginQuote = { requiredPaise: number; availablePaise: number; chargesPaise: number; premiumPaise: number; marginPaise: number };

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
};

/** One trade of a portfolio's history, for its daily P&L. `key` names the position (instrument and product). */
export type LedgerTrade = { day: string; key: string; side: Side; quantity: number; pricePaise: number; chargesPaise: number };

/** What placing an entry answers while the account's kill switch is armed (exits stay allowed). */
export function killSwitchRefusal(accountNumber: string, armedAt: Date): DomainError {
  return new DomainError(
    'kill_switch_armed',
    `The kill switch of account ${accountNumber} is on since ${istClock(armedAt)} IST: new orders are blocked until you turn it off. Exits still work.`,
  );
}

export type BrokerTrading = {
  /** Paper trading or a real broker's: shown to the trader so the two can never be confused. */
  mode: 'paper' | 'live';
  /**
   * Each intent rejected with its reason, filled or left working; sliced above the freeze quantity. Entries
   * are refused while the account's kill switch is armed (killSwitchRefusal). `options.tag` is on every
   * order, so ordersByTag finds them after a lost answer.
   */
  placeOrders(account: TradingAccount, intents: readonly OrderIntent[], options: PlaceOptions): Promise<BrokerOrder[]>;
  /** The orders carrying `tag` (placed at or after `since` when given), oldest first: how a claim is reconciled. */
  ordersByTag(account: TradingAccount, tag: string, since?: Date | null): Promise<BrokerOrder[]>;
  modifyOrder(account: TradingAccount, orderId: string, changes: OrderChanges): Promise<BrokerOrder>;
  /** Final orders are answered as they are, so repeating a cancel is harmless. */
  cancelOrders(account: TradingAccount, orderIds: readonly string[]): Promise<BrokerOrder[]>;
  /** Brings positions to zero (or reduces one by its quantity); flat positions place nothing. */
  squareOff(account: TradingAccount, portfolioId: number | null, refs: readonly PositionRef[], tag: string): Promise<BrokerOrder[]>;
  /** A stop-loss or target that reduces a position, paired with its other protective order (one cancels the other). */
  protect(account: TradingAccount, kind: 'stoploss' | 'target', intent: OrderIntent, portfolioId: number | null, tag: string): Promise<BrokerOrder[]>;
  /** The kill switch's work: every working order cancelled, every position closed at market. Repeating it is harmless. */
  flattenAccount(account: TradingAccount, tag: string): Promise<{ cancelled: BrokerOrder[]; exits: BrokerOrder[] }>;
  /** Entry orders placed on a day, rejected ones not counted (the trades-today limit). */
  entriesOn(account: TradingAccount, day: string): Promise<number>;
  /** A day's orders and trades, newest first; with `since`, only those changed at or after it. */
  orderBook(account: TradingAccount, day: string, since?: Date | null): Promise<{ orders: BrokerOrder[]; trades: BrokerTrade[] }>;
  /** Positions open or traded on `day`: a portfolio's own, or the account's netted across portfolios. */
  positionTotals(account: TradingAccount, day: string, portfolioId: number | null, options?: { byBot?: boolean }): Promise<PositionEntry[]>;
  ledger(account: TradingAccount, portfolioId: number, day: string): Promise<LedgerTrade[]>;
  funds(account: TradingAccount): Promise<Funds>;
  /** What orders would need together now, without placing them (Kite: basket margins and charges). */
  orderMargin(account: TradingAccount, intents: readonly OrderIntent[]): Promise<MarginQuote>;
  /** Margin blocked by one portfolio's open positions plus its long options' value. */
  portfolioMargin(account: TradingAccount, portfolioId: number): Promise<number>;
};
