// What the broker-neutral live core (this folder) needs from one real broker: its orders, trades and
// positions read in the mirror's shapes, and its place, modify and cancel calls. Each adapter (kite-broker/,
// upstox-broker/) implements it over its own wire layer and its own session calls; everything else (the
// mirror, sends written before each call, reconciliation by tag, order updates, the periodic read, rate
// limits counted in the database, exits and the kill switch, the books) is written once, here.
//
// The wire's failures are the core's contract: a call whose outcome is unknown throws the broker's
// BrokerOutcomeUnknownError subclass untouched (the core reads the book before anything else); every other
// failure it knows is a DomainError in the trader's words (a refusal, the session ended, the broker's 429);
// anything else is a bug and travels as it is.
import type { DomainError } from '../../domain-error.ts';
import type { MarketStatus } from '../../market/market-service.ts';
import type { Said } from '../../texts/said.ts';
import type { AfterMarketTime, Instrument, OrderChanges, OrderIntent, Product, Side, TradingAccount } from '../broker-trading.ts';

/**
 * A broker's order in the mirror's columns. `status` is the broker's own word in upper case (Kite's as it
 * is, Upstox's lower-case words raised), its final ones always COMPLETE, CANCELLED or REJECTED.
 */
export type WireOrder = {
  order_id: string;
  /** The tag StrikeDesk sent it with (null: none, an order from the broker's own app). */
  tag: string | null;
  /** The parent a slice child names (Kite's "autoslice:<parent>"); null when the broker names none. */
  slice_parent: string | null;
  exchange_order_id: string | null;
  parent_order_id: string | null;
  variety: string;
  exchange: string;
  tradingsymbol: string;
  instrument_token: number;
  transaction_type: Side;
  order_type: string;
  product: string;
  quantity: number;
  price_paise: number;
  trigger_price_paise: number;
  status: string;
  status_message: string | null;
  filled_quantity: number;
  pending_quantity: number;
  cancelled_quantity: number;
  /** The broker's average price × filled quantity, rounded to the paisa. */
  filled_value_paise: number;
  /** Percent sent with a MARKET order (Kite's -1: automatic); null when none. */
  market_protection: number | null;
  /** The broker turned a protected MARKET order into a LIMIT (Kite's "mktp" tag). */
  converted_to_limit: boolean;
  placed_at: Date | null;
  exchange_at: Date | null;
};

export type WireTrade = {
  trade_id: string;
  order_id: string;
  instrument_token: number;
  exchange: string;
  tradingsymbol: string;
  product: string;
  transaction_type: Side;
  quantity: number;
  price_paise: number;
  filled_at: Date | null;
};

/** The broker's net position of one contract and product, money in paise. */
export type WirePosition = {
  exchange: string;
  tradingsymbol: string;
  instrument_token: number;
  product: string;
  quantity: number;
  buy_quantity: number;
  buy_value_paise: number;
  sell_quantity: number;
  sell_value_paise: number;
  day_buy_quantity: number;
  day_buy_value_paise: number;
  day_sell_quantity: number;
  day_sell_value_paise: number;
  last_paise: number;
  close_paise: number;
};

/**
 * A stock in the account's demat holdings at the broker (issue 63: shares a delivery left there, or bought), money in
 * paise. `shares` counts those not yet delivered (T+1) too; `sellable` what a CNC sale may take today (the broker's
 * count less what was sold today); `key` the broker's own name for it, what a sale is placed with where the broker
 * names instruments by its own key (Upstox's instrument key, Dhan's security id, Noren's token); null on Kite.
 */
export type WireHolding = {
  exchange: string;
  tradingsymbol: string;
  isin: string | null;
  shares: number;
  sellable: number;
  average_paise: number;
  last_paise: number | null;
  key: string | null;
};

/** An order's charges StrikeDesk priced at the broker's tariff; `brokeragePriced` false: no tariff in force, statutory charges alone. */
export type TariffPriced = { paise: number; brokeragePriced: boolean };

/**
 * One place call: an order, or a leg the broker slices at the freeze quantity (`sliced`). `holdingKey`: for a CNC
 * sale of holdings, the broker's own name for the stock as its holdings read gave it (WireHolding.key: Upstox's
 * instrument key, Dhan's security id, Noren's trading symbol), which its equity order is placed with; null otherwise.
 */
export type PlaceRequest = { intent: OrderIntent; tag: string; variety: 'regular' | 'amo'; instrumentToken: number; sliced: boolean; holdingKey?: string | null };

/** A child of a place call: booked under its id, or refused (the refusal in the trader's words). */
export type PlacedChild = { order_id: string } | { refusal: DomainError };

/**
 * What a place call answered: `callId` names the call once answered (Kite's parent id, or its one order's;
 * Upstox's first order id), `parent` the id the children carry as their parent (null: none), and one child
 * per order booked or refused, in order.
 */
export type PlaceAnswer = { callId: string; parent: string | null; children: PlacedChild[] };

export type LiveContract = Instrument & { freezeQuantity: number };

export type LiveContracts = {
  contractOf: (exchange: string, tradingsymbol: string, now: Date, instrumentToken?: number) => Promise<LiveContract | null>;
};

export type LiveHours = {
  /** The variety an order goes out as now, or why none is taken now. */
  placementVariety: (exchange: string, now: Date) => Promise<{ variety: 'regular' | 'amo' } | { refusal: Said }>;
  marketStatus: (now: Date) => Promise<MarketStatus>;
};

export type LiveWire = {
  /** The broker's slug in `brokers` (its accounts, its periodic read). */
  slug: string;
  /** How many slices one place call may make (Zerodha's autoslice 10, Upstox's 25). */
  maxSlicesPerCall: number;
  /** Whether a slice child in the book names its parent (Kite's autoslice tag); else found by its tag alone. */
  childrenNameParent: boolean;
  /**
   * Whether an entry out of hours goes as an AMO only when the trader chose one (the order's `afterMarket`), as the
   * broker's own apps ask (Dhan's "AMO" toggle, Noren's `amo`); else refused. Absent: every order placed inside the
   * AMO window goes as one (Kite's and Upstox's tickets say so on the send button).
   */
  afterMarketByChoice?: boolean;
  /**
   * The times an AMO may name for going to the exchange, as the broker's API takes them (Dhan's `amoTime`), sent with
   * the order's `afterMarketTime`. Absent: the broker's API takes none, and an order naming one is refused before
   * anything is sent (BrokerTrading.afterMarketTimes, checkAfterMarketTime).
   */
  afterMarketTimes?: readonly AfterMarketTime[];
  /** Percent of market protection sent with a MARKET or SL-M order, null when the broker takes none. */
  marketProtection: (orderType: OrderIntent['orderType']) => number | null;
  /** The session to call with, or "log in again". */
  requireSession: (account: TradingAccount) => Promise<void>;
  hasSession: (account: TradingAccount) => Promise<boolean>;
  /** Drops the account's shared reads (after any write). */
  forget: (accountId: number) => void;
  /** The day's order book, shared for a second; failures in the trader's words. */
  orders: (account: TradingAccount) => Promise<WireOrder[]>;
  trades: (account: TradingAccount) => Promise<WireTrade[]>;
  positions: (account: TradingAccount) => Promise<WirePosition[]>;
  /** The account's demat holdings (equity delivery, CNC), shared for a second; absent where not read yet. */
  holdings?: (account: TradingAccount) => Promise<WireHolding[]>;
  /** Every state of one order, oldest first; null when the broker does not know it. */
  orderHistory: (account: TradingAccount, orderId: string) => Promise<WireOrder[] | null>;
  place: (account: TradingAccount, request: PlaceRequest) => Promise<PlaceAnswer>;
  /** `placedAs`: the variety the mirror sent it as (null: the trader's own order). */
  modify: (account: TradingAccount, order: WireOrder, placedAs: string | null, changes: OrderChanges) => Promise<void>;
  cancel: (account: TradingAccount, order: WireOrder, placedAs: string | null) => Promise<void>;
  /**
   * Completed orders' charges in paise, in order (null: not priced): the broker's own figure, or StrikeDesk's at the
   * broker's tariff (`tariff`), whose brokerage may not be priced (then the charges are the statutory ones alone).
   */
  chargesOf: (account: TradingAccount, completed: readonly CompletedOrder[]) => Promise<Array<number | TariffPriced | null>>;
  /** "The broker did not confirm …: read the book", as the broker's texts say it. */
  outcomeUnknown: (what: Said) => DomainError;
};

export type CompletedOrder = {
  order_id: string;
  exchange: string;
  tradingsymbol: string;
  instrument_token: number;
  transaction_type: Side;
  product: Product | string;
  order_type: string;
  filled_quantity: number;
  average_paise: number;
};
