// A Noren broker (Shoonya, Flattrade) behind the live core's wire (../live/live-wire.ts): Noren's orders, trades
// and positions in the mirror's shapes, and what only Noren does: orders name Noren's trading symbol (`tsym`,
// from the scrip master by the contract's token) and the user (`uid`, `actid`); the tag travels as `remarks`,
// which Noren keeps on the order and answers in its books; products M/I for NRML/MIS, price types
// LMT/MKT/SL-LMT/SL-MKT, sides B/S; Noren's statuses in the core's words (CANCELED is CANCELLED,
// TRIGGER_PENDING is TRIGGER PENDING, PENDING is OPEN PENDING); numbers and times as Noren's text. Noren has no
// slicing call: a leg above the freeze quantity is sent as one PlaceOrder a slice, each with the tag, and a lost
// answer on any slice reads the book by the tag before anything else (the core's lost sliced call). The demat
// holdings (Holdings, prd C) and their sale (issue 63): product C on NSE (or BSE) with the holding's own trading
// symbol (RELIANCE-EQ), an equity row named by that symbol less its series (the scrip master read here is F&O's).
import type { OrderChanges, OrderIntent, Side, TradingAccount } from '../broker-trading.ts';
import type { LiveWire, PlaceRequest, PlacedChild, WireHolding, WireOrder, WirePosition, WireTrade } from '../live/live-wire.ts';
import { historyOrNull, orderWriter, sessionParts } from '../live/wire-parts.ts';
import { DomainError } from '../../domain-error.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../../db/database.ts';
import { istDate } from '../../market/ist.ts';
import { tariffCharges } from '../live/broker-tariffs.ts';
import { totalCharges } from '../paper/charges.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';
import { refusalTexts } from '../../texts/refusal-texts.ts';
import { slices } from '../order-slicing.ts';
import { BrokerOutcomeUnknownError } from '../outcome-unknown.ts';
import { isNoData } from '../noren/noren-errors.ts';
import { amount } from '../noren/noren-json.ts';
import type { NorenHolding, NorenOrder, NorenPosition, NorenPriceType, NorenTrade } from '../noren/noren-orders.ts';
import { cancelOrder, getOrderHistory, getQuote, modifyOrder, placeOrder } from '../noren/noren-orders.ts';
import type { NorenCalls } from './noren-calls.ts';
import type { NorenContracts } from './noren-contracts.ts';
import type { NorenFailures } from './noren-failures.ts';

const paise = (rupees: number) => Math.round(rupees * 100);
const rupees = (paise: number) => (paise / 100).toFixed(2);

const priceTypes: Record<OrderIntent['orderType'], NorenPriceType> = { LIMIT: 'LMT', MARKET: 'MKT', SL: 'SL-LMT', 'SL-M': 'SL-MKT' };
const ourOrderType = (type: string) => ({ LMT: 'LIMIT', MKT: 'MARKET', 'SL-LMT': 'SL', 'SL-MKT': 'SL-M' })[type] ?? type;
const productOf = (product: string) => (product === 'CNC' ? 'C' : product === 'MIS' ? 'I' : 'M');
const ourProduct = (product: string) => ({ I: 'MIS', M: 'NRML', C: 'CNC' })[product] ?? product;
const side = (type: string): Side => (type === 'S' ? 'SELL' : 'BUY');

const isEquity = (exch: string) => exch === 'NSE' || exch === 'BSE';

/** A stock's name on StrikeDesk from Noren's equity symbol: NSE's carries its series (RELIANCE-EQ, -BE), BSE's none. */
export const stockName = (tsym: string) => tsym.replace(/-(EQ|BE|BZ)$/, '');

/** The listing a holding is shown, quoted and sold on: NSE's where Noren lists it there. */
export const holdingListing = (holding: NorenHolding) => holding.listings.find((candidate) => candidate.exch === 'NSE') ?? holding.listings[0];

/**
 * A Noren holding in the core's shape, on its NSE listing where it has one: shares are what is held in demat
 * (holdqty, the larger of dpqty and npoadqty, benqty, unplgdqty, brkcolqty) and bought not yet delivered (btstqty);
 * what was sold today (usedqty) is not sellable. Noren's holdings carry no last price: `lastPaise` is the listing's
 * GetQuotes `lp`, null when it could not be read.
 */
export function wireHoldingOfNoren(holding: NorenHolding, lastPaise: number | null = null): WireHolding | null {
  const listing = holdingListing(holding);
  if (listing === undefined) return null;
  const q = (field: Exclude<keyof NorenHolding, 'listings'>) => amount(holding[field], field);
  const shares = q('holdqty') + Math.max(q('dpqty'), q('npoadqty')) + q('benqty') + q('unplgdqty') + q('brkcolqty') + q('btstqty');
  return {
    exchange: listing.exch,
    tradingsymbol: stockName(listing.tsym),
    isin: listing.isin === null || listing.isin === '' ? null : listing.isin,
    shares,
    sellable: Math.max(0, shares - q('usedqty')),
    average_paise: paise(q('upldprc')),
    last_paise: lastPaise,
    key: listing.tsym,
  };
}

/** Noren's IST "HH:MM:SS DD-MM-YYYY" (norentm) or "DD-MM-YYYY HH:MM:SS" (exch_tm, fltm), or null. */
export function norenStamp(text: string | null): Date | null {
  if (text === null || text === '') return null;
  const time = /(\d{2}):(\d{2}):(\d{2})/.exec(text);
  const date = /(\d{2})-(\d{2})-(\d{4})/.exec(text);
  if (time === null || date === null) return null;
  const stamp = new Date(`${date[3]}-${date[2]}-${date[1]}T${time[1]}:${time[2]}:${time[3]}+05:30`);
  return Number.isNaN(stamp.getTime()) ? null : stamp;
}

/** Noren's status in the core's words. */
export function coreStatus(status: string): string {
  switch (status.toUpperCase()) {
    case 'CANCELED':
    case 'CANCELLED':
      return 'CANCELLED';
    case 'TRIGGER_PENDING':
      return 'TRIGGER PENDING';
    case 'PENDING':
      return 'OPEN PENDING';
    default:
      return status.toUpperCase();
  }
}

export function wireOrderOfNoren(order: NorenOrder, name: string | null): WireOrder {
  const status = coreStatus(order.status);
  const quantity = amount(order.qty, 'qty');
  const filled = amount(order.fillshares, 'fillshares');
  const working = status === 'OPEN' || status === 'TRIGGER PENDING' || status === 'OPEN PENDING';
  return {
    order_id: order.norenordno,
    tag: order.remarks === null || order.remarks === '' ? null : order.remarks,
    slice_parent: null,
    exchange_order_id: order.exchordid,
    parent_order_id: null,
    variety: order.amo === 'Yes' ? 'amo' : 'regular',
    exchange: order.exch,
    tradingsymbol: name ?? order.tsym,
    instrument_token: Number(order.token) || 0,
    transaction_type: side(order.trantype),
    order_type: ourOrderType(order.prctyp),
    product: ourProduct(order.prd),
    quantity,
    price_paise: paise(amount(order.prc, 'prc')),
    trigger_price_paise: paise(amount(order.trgprc, 'trgprc')),
    status,
    status_message: order.rejreason === '' ? null : order.rejreason,
    filled_quantity: filled,
    pending_quantity: working ? quantity - filled : 0,
    cancelled_quantity: status === 'CANCELLED' ? quantity - filled : 0,
    filled_value_paise: Math.round(amount(order.avgprc, 'avgprc') * filled * 100),
    market_protection: null,
    converted_to_limit: false,
    placed_at: norenStamp(order.norentm),
    exchange_at: norenStamp(order.exch_tm),
  };
}

export function wireTradeOfNoren(trade: NorenTrade, name: string | null): WireTrade {
  return {
    trade_id: trade.flid,
    order_id: trade.norenordno,
    instrument_token: Number(trade.token) || 0,
    exchange: trade.exch,
    tradingsymbol: name ?? trade.tsym,
    product: ourProduct(trade.prd),
    transaction_type: side(trade.trantype),
    quantity: amount(trade.flqty, 'flqty'),
    price_paise: paise(amount(trade.flprc, 'flprc')),
    filled_at: norenStamp(trade.fltm) ?? norenStamp(trade.norentm),
  };
}

/**
 * A Noren position in the core's shape: the day's buys and sells and what was carried from earlier sessions
 * (cf*), together as the core's totals, so a carried position, placed in StrikeDesk or anywhere else, keeps its
 * quantity and average; the last price is Noren's `lp`.
 */
export function wirePositionOfNoren(position: NorenPosition, name: string | null): WirePosition {
  const n = (value: string | null, field: string) => amount(value, field);
  const dayBuy = n(position.daybuyqty, 'daybuyqty');
  const daySell = n(position.daysellqty, 'daysellqty');
  const last = paise(n(position.lp, 'lp'));
  return {
    exchange: position.exch,
    tradingsymbol: name ?? position.tsym,
    instrument_token: Number(position.token) || 0,
    product: ourProduct(position.prd),
    quantity: n(position.netqty, 'netqty'),
    buy_quantity: n(position.cfbuyqty, 'cfbuyqty') + dayBuy,
    buy_value_paise: paise(n(position.cfbuyamt, 'cfbuyamt') + n(position.daybuyamt, 'daybuyamt')),
    sell_quantity: n(position.cfsellqty, 'cfsellqty') + daySell,
    sell_value_paise: paise(n(position.cfsellamt, 'cfsellamt') + n(position.daysellamt, 'daysellamt')),
    day_buy_quantity: dayBuy,
    day_buy_value_paise: paise(n(position.daybuyamt, 'daybuyamt')),
    day_sell_quantity: daySell,
    day_sell_value_paise: paise(n(position.daysellamt, 'daysellamt')),
    last_paise: last,
    close_paise: last,
  };
}

export function createNorenWire({ db, slug, calls, contracts, failures, clock }: { db: Queryable; slug: string; calls: NorenCalls; contracts: NorenContracts; failures: NorenFailures; clock: Clock }): LiveWire {
  // A book must not fail for want of a name: Noren's own symbol stands in while the scrip master is out of reach.
  const nameOf = (token: string | null) => (token === null ? Promise.resolve(null) : contracts.nameOf(token).catch(() => null));
  const write = orderWriter(calls, failures.failureOf);
  const nameOfRow = (row: { token: string | null; exch: string; tsym: string }) => (isEquity(row.exch) ? Promise.resolve(stockName(row.tsym)) : nameOf(row.token));
  const named = <T extends { token: string | null; exch: string; tsym: string }, W>(rows: readonly T[], map: (row: T, name: string | null) => W) =>
    Promise.all(rows.map(async (row) => map(row, await nameOfRow(row))));
  /**
   * A holding's last price: Noren's Holdings answer none, so its listing's GetQuotes `lp` (NorenRestApiPy
   * get_quotes(exchange, token)), shared for a second like the other reads. A quote Noren does not give (no
   * token, "no data", a stock not traded, a failed call) leaves that holding unpriced, never the holdings unknown.
   */
  async function lastPaiseOf(account: TradingAccount, holding: NorenHolding): Promise<number | null> {
    const listing = holdingListing(holding);
    if (listing === undefined || listing.token === null || listing.token === '') return null;
    const token = listing.token;
    try {
      const quote = await calls.cachedRead(account, `quote:${listing.exch}:${token}`, kiteCalls.lastPrices, (session) => getQuote(session.http, session.accountNumber, listing.exch, token));
      const last = paise(amount(quote.lp, 'lp'));
      return last > 0 ? last : null;
    } catch {
      return null;
    }
  }
  const holdings = async (account: TradingAccount) =>
    (await Promise.all((await calls.holdings(account)).map(async (holding) => wireHoldingOfNoren(holding, await lastPaiseOf(account, holding))))).flatMap((holding) => holding ?? []);
  /** The holdings without their prices: enough to name a stock's Noren symbol. */
  const heldStocks = async (account: TradingAccount) => (await calls.holdings(account)).flatMap((holding) => wireHoldingOfNoren(holding) ?? []);

  /** Noren's symbol of an order's instrument: a stock's from the account's holdings (its series), a contract's from the scrip master. */
  async function norenSymbolOf(account: TradingAccount, order: WireOrder): Promise<string> {
    if (isEquity(order.exchange)) {
      const held = (await heldStocks(account)).find((holding) => holding.exchange === order.exchange && holding.tradingsymbol === order.tradingsymbol);
      return held?.key ?? order.tradingsymbol;
    }
    return (await contracts.entryOf(String(order.instrument_token)))?.tsym ?? order.tradingsymbol;
  }

  async function place(account: TradingAccount, request: PlaceRequest) {
    const { intent, tag, instrumentToken, sliced } = request;
    if (intent.product === 'CNC') return placeSale(account, request);
    const entry = await contracts.entryOf(String(instrumentToken));
    const contract = await contracts.contractOf(intent.exchange, intent.tradingsymbol, clock());
    if (entry === undefined || contract === null) throw DomainError.said('unknown_instrument', refusalTexts.notListed(intent.exchange, intent.tradingsymbol), { field: 'tradingsymbol' });
    const placeOne = (quantity: number) => placeOneOf(account, { ...request, intent: { ...intent, quantity } }, entry.tsym);
    if (!sliced) {
      const id = await placeOne(intent.quantity);
      return { callId: id, parent: null, children: [{ order_id: id }] };
    }
    // One PlaceOrder a slice: a refused slice stops the rest (refused with it); a lost answer is the core's to find by tag.
    const children: PlacedChild[] = [];
    const parts = slices(intent.quantity, contract);
    for (const quantity of parts) {
      const refused = children.find((child) => 'refusal' in child);
      if (refused !== undefined) {
        children.push(refused);
        continue;
      }
      try {
        children.push({ order_id: await placeOne(quantity) });
      } catch (error) {
        if (error instanceof BrokerOutcomeUnknownError || !(error instanceof DomainError) || error.code === 'broker_session_expired') throw error;
        children.push({ refusal: error });
      }
    }
    const first = children.find((child): child is { order_id: string } => 'order_id' in child);
    return { callId: first?.order_id ?? tag, parent: null, children };
  }

  /** One PlaceOrder of `request`'s order under Noren's trading symbol `tsym`: its order number. */
  function placeOneOf(account: TradingAccount, { intent, tag, variety }: PlaceRequest, tsym: string): Promise<string> {
    const priced = intent.orderType === 'LIMIT' || intent.orderType === 'SL';
    const triggered = intent.orderType === 'SL' || intent.orderType === 'SL-M';
    return write(account, kiteCalls.orderFor(intent.tradingsymbol), (session) => placeOrder(session.http, {
      uid: session.accountNumber,
      actid: session.accountNumber,
      exch: intent.exchange,
      tsym,
      qty: String(intent.quantity),
      prc: priced ? rupees(intent.pricePaise) : '0',
      ...(triggered ? { trgprc: rupees(intent.triggerPaise) } : {}),
      dscqty: '0',
      prd: productOf(intent.product),
      trantype: intent.side === 'SELL' ? 'S' : 'B',
      prctyp: priceTypes[intent.orderType],
      ret: 'DAY',
      remarks: tag,
      ordersource: 'API',
      ...(variety === 'amo' ? { amo: 'Yes' as const } : {}),
    }));
  }

  /** A CNC sale of holdings: one order under the holding's own symbol (its key), never sliced (no freeze quantity in cash). */
  async function placeSale(account: TradingAccount, request: PlaceRequest) {
    const { intent, holdingKey = null } = request;
    if (holdingKey === null) throw DomainError.said('unknown_instrument', refusalTexts.notListed(intent.exchange, intent.tradingsymbol), { field: 'tradingsymbol' });
    const id = await placeOneOf(account, request, holdingKey);
    return { callId: id, parent: null, children: [{ order_id: id }] };
  }

  async function modify(account: TradingAccount, order: WireOrder, _placedAs: string | null, changes: OrderChanges): Promise<void> {
    const orderType = changes.orderType ?? (order.order_type as OrderIntent['orderType']);
    const tsym = await norenSymbolOf(account, order);
    await write(account, kiteCalls.modification(order.order_id), (session) => modifyOrder(session.http, {
      uid: session.accountNumber,
      exch: order.exchange,
      tsym,
      norenordno: order.order_id,
      prctyp: priceTypes[orderType],
      prc: orderType === 'LIMIT' || orderType === 'SL' ? rupees(changes.pricePaise ?? order.price_paise) : '0',
      qty: String(changes.quantity ?? order.quantity),
      ...(orderType === 'SL' || orderType === 'SL-M' ? { trgprc: rupees(changes.triggerPaise ?? order.trigger_price_paise) } : {}),
      ret: 'DAY',
    }));
  }

  async function cancel(account: TradingAccount, order: WireOrder): Promise<void> {
    await write(account, kiteCalls.cancellation(order.order_id), (session) => cancelOrder(session.http, session.accountNumber, order.order_id));
  }

  // SingleOrdHist answers the order's states newest first; the core wants them oldest first.
  const orderHistory = (account: TradingAccount, orderId: string) =>
    historyOrNull(
      async () => {
        const states = await calls.withSession(account, (session) => getOrderHistory(session.http, session.accountNumber, orderId));
        return Promise.all(states.reverse().map(async (state) => wireOrderOfNoren(state, await nameOfRow(state))));
      },
      isNoData,
      failures.failureOf,
      kiteCalls.orderHistory(orderId),
    );

  return {
    ...sessionParts(calls),
    slug,
    childrenNameParent: false,
    // Noren's `amo: "Yes"` is the order form's AMO choice (NorenRestApiPy place_order): sent only when the trader chose it.
    afterMarketByChoice: true,
    // Noren slices nothing itself: each slice is its own PlaceOrder, so a call has no broker cap; StrikeDesk's own.
    maxSlicesPerCall: 25,
    // MARKET orders go as Noren's MKT; the account's execution policy decides whether an algo sends them at all.
    marketProtection: () => null,
    orders: async (account) => named(await calls.orders(account), wireOrderOfNoren),
    trades: async (account) => named(await calls.trades(account), wireTradeOfNoren),
    positions: async (account) => named(await calls.positions(account), wirePositionOfNoren),
    holdings,
    orderHistory,
    place,
    modify,
    cancel,
    // Noren has no charges call: a completed order is priced at the broker's dated tariff on the day, as the ticket
    // is (noren-funds.ts), at its average fill; with no tariff in force (Flattrade) the statutory charges alone, the
    // brokerage said not priced.
    chargesOf: (_account, completed) =>
      Promise.all(
        completed.map(async (order) => {
          const tariffOrder = { exchange: order.exchange, tradingsymbol: order.tradingsymbol, side: order.transaction_type, quantity: order.filled_quantity, pricePaise: Math.round(order.average_paise) };
          const priced = await tariffCharges(db, slug, tariffOrder, istDate(clock()));
          return priced === null ? null : { paise: totalCharges(priced.charges), brokeragePriced: priced.brokeragePriced };
        }),
      ),
    outcomeUnknown: failures.outcomeUnknown,
  };
}
