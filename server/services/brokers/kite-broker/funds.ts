// A Kite account's money, in Kite's own figures: funds from /user/margins (equity segment), what orders
// would need from /margins/basket (with the account's positions, so hedges count, and without them: the
// orders' own margin, `initial` − `final` their hedge benefit) plus what they would cost from /charges/orders, and a portfolio's blocked margin as Kite would compute it for that portfolio's open
// legs alone. The ticket and the strategy builder show these for a live account, never the paper estimate. A
// MARKET order is priced at where it fills (a buy at the ask, a sell at the bid, from Kite's depth), as the paper
// broker prices it, not at the last price Kite's calculator would take (issue 62).
import type { Database } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { marginFigures, type ChargeParts, type Funds, type OrderIntent, type OrderMarginQuote, type TradingAccount } from '../broker-trading.ts';
import { basketMargins, orderCharges, type KiteCharges, type KiteMarginOrder } from '../kite/kite-margins.ts';
import { getLtp, getQuote } from '../kite/kite-market.ts';
import type { KiteCalls } from './kite-calls.ts';
import { portfolioOpenLegs } from '../live/position-books.ts';
import type { RateLimits } from '../live/rate-limits.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';

const paise = (rupees: number) => Math.round(rupees * 100);
const noFunds: Funds = { equityPaise: 0, usedPaise: 0, availablePaise: 0, marginPaise: 0 };

/**
 * The order as Kite's margin calculator is asked about it. A MARKET order whose fill price is known (`fillPaise`:
 * the best offer for a buy, the best bid for a sell) is asked as a LIMIT at that price: Kite's calculator prices a
 * MARKET order at the last price, while the order fills at the ask (issue 62: the ticket's premium said LTP ×
 * quantity for a buy charged at the ask).
 */
function marginOrder(intent: OrderIntent, fillPaise?: number): KiteMarginOrder {
  const atFill = intent.orderType === 'MARKET' && fillPaise !== undefined;
  return {
    exchange: intent.exchange,
    tradingsymbol: intent.tradingsymbol,
    transaction_type: intent.side,
    variety: 'regular',
    product: intent.product,
    order_type: atFill ? 'LIMIT' : intent.orderType,
    quantity: intent.quantity,
    ...(atFill ? { price: fillPaise / 100 } : {}),
    ...(intent.orderType === 'LIMIT' || intent.orderType === 'SL' ? { price: intent.pricePaise / 100 } : {}),
    ...(intent.orderType === 'SL' || intent.orderType === 'SL-M' ? { trigger_price: intent.triggerPaise / 100 } : {}),
  };
}

const symbolKey = (intent: OrderIntent) => `${intent.exchange}:${intent.tradingsymbol}`;
/** A MARKET order's fill price is its side's: a buy and a sell of one contract are keyed apart. */
const fillKey = (intent: OrderIntent) => `${intent.side}|${symbolKey(intent)}`;

/** Kite's total as it says it, and its lines. */
type NoteCharges = { parts: ChargeParts; totalPaise: number };

const noParts: ChargeParts = { brokerage: 0, stt: 0, exchange: 0, sebi: 0, gst: 0, stamp: 0, callAndTrade: 0 };

/** A contract note's charges by kind, in paise (STT is Kite's transaction tax on options). */
function partsOf(charges: KiteCharges): ChargeParts {
  return {
    brokerage: paise(charges.brokerage),
    stt: paise(charges.transaction_tax),
    exchange: paise(charges.exchange_turnover_charge),
    sebi: paise(charges.sebi_turnover_charge),
    gst: paise(charges.gst.total),
    stamp: paise(charges.stamp_duty),
    // Kite's charges API prices an order the trader places: no call-and-trade charge on it.
    callAndTrade: 0,
  };
}

function addParts(a: ChargeParts, b: ChargeParts): ChargeParts {
  return { brokerage: a.brokerage + b.brokerage, stt: a.stt + b.stt, exchange: a.exchange + b.exchange, sebi: a.sebi + b.sebi, gst: a.gst + b.gst, stamp: a.stamp + b.stamp, callAndTrade: a.callAndTrade + b.callAndTrade };
}

export function createKiteFunds({ db, calls, limits }: { db: Database; calls: KiteCalls; limits: RateLimits }) {
  /** Without a session nothing is known: zeros, which the trading service marks UNKNOWN. */
  async function funds(account: TradingAccount): Promise<Funds> {
    if (!(await calls.hasSession(account))) return noFunds;
    const equity = (await calls.margins(account)).equity;
    if (equity === null) return noFunds;
    const used = paise(equity.utilised.debits ?? 0);
    const available = paise(equity.net);
    return { equityPaise: available + used, usedPaise: used, availablePaise: available, marginPaise: paise((equity.utilised.span ?? 0) + (equity.utilised.exposure ?? 0)) };
  }

  /** Kite's last prices of these instruments, in paise (one /quote/ltp call, counted against Kite's 1 a second). */
  async function marketPrices(account: TradingAccount, keys: readonly string[]): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    await limits.reserve(account.id, 'quote');
    const quotes = await calls.withKite(account, 'read', kiteCalls.lastPrices, (session) => getLtp(session.http, keys));
    return new Map(Object.entries(quotes).map(([key, quote]) => [key, paise(quote.last_price)]));
  }

  /**
   * Where each MARKET order would fill, in paise by fillKey: a buy at the best offer, a sell at the best bid of
   * Kite's depth (one /quote call, counted against Kite's 1 a second), the last price where the depth is empty.
   */
  async function marketFills(account: TradingAccount, intents: readonly OrderIntent[]): Promise<Map<string, number>> {
    const market = intents.filter((intent) => intent.orderType === 'MARKET');
    if (market.length === 0) return new Map();
    await limits.reserve(account.id, 'quote');
    const quotes = await calls.withKite(account, 'read', kiteCalls.lastPrices, (session) => getQuote(session.http, [...new Set(market.map(symbolKey))]));
    const fills = new Map<string, number>();
    for (const intent of market) {
      const quote = quotes[symbolKey(intent)];
      if (quote === undefined) continue;
      const best = (intent.side === 'BUY' ? quote.depth.sell : quote.depth.buy)[0];
      fills.set(fillKey(intent), paise(best !== undefined && best.price > 0 ? best.price : quote.last_price));
    }
    return fills;
  }

  /** The orders' charges from Kite's contract note, MARKET orders at their fill price (`fills`), else at Kite's last price. */
  async function chargesOf(account: TradingAccount, intents: readonly OrderIntent[], orders: readonly KiteMarginOrder[], fills: ReadonlyMap<string, number>): Promise<NoteCharges> {
    // Orders without a price of their own (SL-M, a MARKET one whose depth was not read) are priced at Kite's last price.
    const unpriced = intents.filter((intent) => (intent.orderType === 'MARKET' && !fills.has(fillKey(intent))) || intent.orderType === 'SL-M');
    const prices = await marketPrices(account, [...new Set(unpriced.map(symbolKey))]);
    const priced = intents.map((intent, index) => ({
      ...orders[index]!,
      order_id: String(index + 1),
      average_price: (intent.orderType === 'LIMIT' || intent.orderType === 'SL' ? intent.pricePaise : (fills.get(fillKey(intent)) ?? prices.get(symbolKey(intent)) ?? 0)) / 100,
    }));
    const notes = await calls.withKite(account, 'read', kiteCalls.orderCharges, (session) => orderCharges(session.http, priced));
    return {
      parts: notes.reduce((sum, note) => addParts(sum, partsOf(note.charges)), noParts),
      totalPaise: notes.reduce((sum, note) => sum + paise(note.charges.total), 0),
    };
  }

  async function orderMargin(account: TradingAccount, intents: readonly OrderIntent[]): Promise<OrderMarginQuote> {
    // Kite's quotes are 1 a second: a second look within it prices MARKET orders as Kite's calculator does (last price).
    const fills = await marketFills(account, intents).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === 'order_rate_limited') return new Map<string, number>();
      throw error;
    });
    const orders = intents.map((intent) => marginOrder(intent, fills.get(fillKey(intent))));
    const basket = await calls.withKite(account, 'read', kiteCalls.orderMargins, (session) => basketMargins(session.http, orders, true));
    const own = await calls.withKite(account, 'read', kiteCalls.orderMargins, (session) => basketMargins(session.http, orders, false));
    const charges = await chargesOf(account, intents, orders, fills).catch((error: unknown): NoteCharges => {
      // Kite's quotes are 1 a second: a second look within it takes the basket answer's own charges.
      if (error instanceof DomainError && error.code === 'order_rate_limited') return { parts: partsOf(basket.charges), totalPaise: paise(basket.charges.total) };
      throw error;
    });
    const available = (await funds(account)).availablePaise;
    const premiumPaise = Math.max(0, paise(basket.final.option_premium));
    const marginPaise = paise(basket.final.span + basket.final.exposure);
    const ownMarginPaise = paise(own.final.span + own.final.exposure);
    return {
      ...marginFigures(marginPaise, premiumPaise, charges.totalPaise),
      availablePaise: available,
      chargesPaise: charges.totalPaise,
      chargeParts: charges.parts,
      premiumPaise,
      marginPaise,
      standalone: {
        marginPaise: ownMarginPaise,
        // Kite's `initial` is each order's margin alone, summed; `final` after their offsets.
        hedgeBenefitPaise: Math.max(0, paise(own.initial.span + own.initial.exposure) - ownMarginPaise),
        requiredPaise: Math.max(0, ownMarginPaise) + Math.max(0, paise(own.final.option_premium)) + charges.totalPaise,
      },
    };
  }

  /** What Kite would block for the portfolio's open legs alone. */
  async function portfolioMargin(account: TradingAccount, portfolioId: number): Promise<number> {
    if (!(await calls.hasSession(account))) return 0;
    const open = await portfolioOpenLegs(db, account.id, portfolioId);
    if (open.length === 0) return 0;
    const legs = open.map((leg): KiteMarginOrder => ({
      exchange: leg.exchange,
      tradingsymbol: leg.tradingsymbol,
      transaction_type: leg.quantity > 0 ? 'BUY' : 'SELL',
      variety: 'regular',
      product: leg.product,
      order_type: 'MARKET',
      quantity: Math.abs(leg.quantity),
    }));
    const basket = await calls.withKite(account, 'read', kiteCalls.portfolioMargin, (session) => basketMargins(session.http, legs, false));
    return paise(basket.final.total);
  }

  return { funds, orderMargin, portfolioMargin, marketPrices };
}
