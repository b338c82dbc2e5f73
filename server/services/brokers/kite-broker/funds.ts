// A Kite account's money, in Kite's own figures: funds from /user/margins (equity segment), what orders
// would need from /margins/basket (with the account's positions, so hedges count, and without them: the
// orders' own margin, `initial` − `final` their hedge benefit) plus what they would cost from /charges/orders, and a portfolio's blocked margin as Kite would compute it for that portfolio's open
// legs alone. The ticket and the strategy builder show these for a live account, never the paper estimate.
import type { Database } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { marginFigures, type ChargeParts, type Funds, type OrderIntent, type OrderMarginQuote, type TradingAccount } from '../broker-trading.ts';
import { basketMargins, orderCharges, type KiteCharges, type KiteMarginOrder } from '../kite/kite-margins.ts';
import { getLtp } from '../kite/kite-market.ts';
import type { KiteCalls } from './kite-calls.ts';
import { portfolioOpenLegs } from '../live/position-books.ts';
import type { RateLimits } from '../live/rate-limits.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';

const paise = (rupees: number) => Math.round(rupees * 100);
const noFunds: Funds = { equityPaise: 0, usedPaise: 0, availablePaise: 0, marginPaise: 0 };

function marginOrder(intent: OrderIntent): KiteMarginOrder {
  return {
    exchange: intent.exchange,
    tradingsymbol: intent.tradingsymbol,
    transaction_type: intent.side,
    variety: 'regular',
    product: intent.product,
    order_type: intent.orderType,
    quantity: intent.quantity,
    ...(intent.orderType === 'LIMIT' || intent.orderType === 'SL' ? { price: intent.pricePaise / 100 } : {}),
    ...(intent.orderType === 'SL' || intent.orderType === 'SL-M' ? { trigger_price: intent.triggerPaise / 100 } : {}),
  };
}

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

  /** The orders' charges from Kite's contract note, MARKET orders priced at Kite's last price. */
  async function chargesOf(account: TradingAccount, intents: readonly OrderIntent[], orders: readonly KiteMarginOrder[]): Promise<NoteCharges> {
    // Orders without a price of their own (MARKET, SL-M) are priced at Kite's last price.
    const unpriced = intents.filter((intent) => intent.orderType === 'MARKET' || intent.orderType === 'SL-M');
    const prices = await marketPrices(account, [...new Set(unpriced.map((intent) => `${intent.exchange}:${intent.tradingsymbol}`))]);
    const priced = intents.map((intent, index) => ({
      ...orders[index]!,
      order_id: String(index + 1),
      average_price: (intent.orderType === 'LIMIT' || intent.orderType === 'SL' ? intent.pricePaise : (prices.get(`${intent.exchange}:${intent.tradingsymbol}`) ?? 0)) / 100,
    }));
    const notes = await calls.withKite(account, 'read', kiteCalls.orderCharges, (session) => orderCharges(session.http, priced));
    return {
      parts: notes.reduce((sum, note) => addParts(sum, partsOf(note.charges)), noParts),
      totalPaise: notes.reduce((sum, note) => sum + paise(note.charges.total), 0),
    };
  }

  async function orderMargin(account: TradingAccount, intents: readonly OrderIntent[]): Promise<OrderMarginQuote> {
    const orders = intents.map(marginOrder);
    const basket = await calls.withKite(account, 'read', kiteCalls.orderMargins, (session) => basketMargins(session.http, orders, true));
    const own = await calls.withKite(account, 'read', kiteCalls.orderMargins, (session) => basketMargins(session.http, orders, false));
    const charges = await chargesOf(account, intents, orders).catch((error: unknown): NoteCharges => {
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
