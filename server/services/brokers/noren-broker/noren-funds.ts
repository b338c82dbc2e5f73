// A Noren account's money, in the broker's own figures: funds from its limits (Limits: `cash` and `payin` the
// money, `brkcollamt` the collateral, `marginused` what is blocked), what orders would need after the account's
// positions from Noren's order margin (GetOrderMargin: `ordermargin`, one order a call, summed with no hedge
// benefit between them), and what a basket of more than one needs on its own, with the offsets between its legs,
// from Noren's span calculator (SpanCalc: `span` + `expo` of the basket; what the offsets save is the legs' span
// calculations alone, summed, less the basket's). A bought option's premium is its order margin (what Noren
// blocks for it), added to the basket's span and exposure. A failure of either call reaches the ticket and the builder as a failure
// ("margin unavailable"), never as a guess: nothing here falls back to the paper estimate. Noren has no charges
// call: an order's charges are the broker's published tariff (broker_tariffs, migration 135) with the statutory
// charges (live/broker-tariffs.ts), a MARKET or SL-M order priced at Noren's last price (GetQuotes); a broker with
// no tariff dated for the day (Flattrade, today) has its statutory charges priced and its brokerage not priced (said
// as such in the quote, `brokerageNotPriced`), never a figure of our own.
import type { Clock } from '../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { istDate } from '../../market/ist.ts';
import { DomainError } from '../../domain-error.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';
import { refusalTexts } from '../../texts/refusal-texts.ts';
import { marginFigures, type ChargeParts, type Funds, type OrderIntent, type OrderMarginQuote, type TradingAccount } from '../broker-trading.ts';
import { tariffCharges } from '../live/broker-tariffs.ts';
import { portfolioOpenLegs } from '../live/position-books.ts';
import { addCharges, totalCharges } from '../paper/charges.ts';
import { amount } from '../noren/noren-json.ts';
import { getOrderMargin, getQuote, spanCalc, type NorenSpanPosition } from '../noren/noren-orders.ts';
import type { NorenCalls } from './noren-calls.ts';
import type { NorenContracts } from './noren-contracts.ts';
import { norenDate, type NorenMasterEntry } from './noren-scrip-master.ts';

const paise = (rupees: number) => Math.round(rupees * 100);
const noFunds: Funds = { equityPaise: 0, usedPaise: 0, availablePaise: 0, marginPaise: 0 };
const noCharges: ChargeParts = { brokerage: 0, stt: 0, exchange: 0, sebi: 0, gst: 0, stamp: 0, callAndTrade: 0 };
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

type Priced = { entry: NorenMasterEntry; tradingsymbol: string; side: 'BUY' | 'SELL'; quantity: number; product: string; pricePaise: number; orderType: OrderIntent['orderType'] };

const isBoughtOption = (order: Priced) => order.side === 'BUY' && order.entry.kind !== 'FUT';

/** The order as one position of Noren's span calculator. */
function spanPosition(order: Priced): NorenSpanPosition {
  const { entry } = order;
  return {
    prd: order.product === 'MIS' ? 'I' : 'M',
    exch: entry.exchange,
    instname: entry.instrument,
    symname: entry.underlying,
    exd: norenDate(entry.expiry),
    optt: entry.kind === 'FUT' ? 'XX' : entry.kind,
    ...(entry.kind === 'FUT' ? {} : { strprc: entry.strike.toFixed(2) }),
    netqty: String(order.side === 'SELL' ? -order.quantity : order.quantity),
  };
}

/** A LIMIT or SL order carries its price; a MARKET or SL-M one is priced at the contract's last. */
const carriesPrice = (order: Priced) => order.orderType === 'LIMIT' || order.orderType === 'SL';

export function createNorenFunds({ db, clock, slug, calls, contracts }: { db: Database; clock: Clock; slug: string; calls: NorenCalls; contracts: NorenContracts }) {
  /** Without a session nothing is known: zeros, which the trading service marks UNKNOWN. */
  async function funds(account: TradingAccount): Promise<Funds> {
    if (!(await calls.hasSession(account))) return noFunds;
    const limits = await calls.funds(account);
    const equity = paise(amount(limits.cash, 'cash') + amount(limits.payin, 'payin') + amount(limits.brkcollamt, 'brkcollamt'));
    const used = paise(amount(limits.marginused, 'marginused'));
    return { equityPaise: equity, usedPaise: used, availablePaise: equity - used, marginPaise: used };
  }

  /** Each order's margin (GetOrderMargin), in the orders' order. */
  function orderMargins(account: TradingAccount, orders: readonly Priced[], what = kiteCalls.orderMargins): Promise<number[]> {
    return Promise.all(orders.map(async (order) => {
      const answer = await calls.withBroker(account, 'read', what, (session) => getOrderMargin(session.http, {
        uid: session.accountNumber,
        actid: session.accountNumber,
        exch: order.entry.exchange,
        tsym: order.entry.tsym,
        qty: String(order.quantity),
        prc: order.orderType === 'LIMIT' || order.orderType === 'SL' ? (order.pricePaise / 100).toFixed(2) : '0',
        prd: order.product === 'MIS' ? 'I' : 'M',
        trantype: order.side === 'SELL' ? 'S' : 'B',
        prctyp: order.orderType === 'LIMIT' ? 'LMT' : order.orderType === 'SL' ? 'SL-LMT' : order.orderType === 'SL-M' ? 'SL-MKT' : 'MKT',
      }));
      return paise(amount(answer.ordermargin, 'ordermargin'));
    }));
  }

  /** The orders' SPAN + exposure together, with their offsets (SpanCalc). */
  async function spanMargin(account: TradingAccount, orders: readonly Priced[], what = kiteCalls.orderMargins): Promise<number> {
    const answer = await calls.withBroker(account, 'read', what, (session) => spanCalc(session.http, session.accountNumber, orders.map(spanPosition)));
    return paise(amount(answer.span, 'span') + amount(answer.expo, 'expo'));
  }

  /**
   * What a basket needs on its own: its span and exposure together, what that saves against each leg alone (one
   * span calculation a leg), and the bought options' premium (their order margins). One order alone is its order
   * margin, as the ticket has always shown it: there is nothing to offset.
   */
  async function ownMargin(account: TradingAccount, orders: readonly Priced[], margins: readonly number[]) {
    if (orders.length === 1) return { marginPaise: margins[0]!, hedgeBenefitPaise: 0, requiredPaise: margins[0]! };
    const [together, alone] = await Promise.all([spanMargin(account, orders), Promise.all(orders.map((order) => spanMargin(account, [order]))).then(sum)]);
    const premiumPaise = sum(orders.map((order, index) => (isBoughtOption(order) ? margins[index]! : 0)));
    return { marginPaise: together, hedgeBenefitPaise: Math.max(0, alone - together), requiredPaise: together + premiumPaise };
  }

  /** The orders' charges at the broker's tariff, summed; the brokerage not priced when it has none dated for the day. */
  async function tariffChargesOf(account: TradingAccount, orders: readonly Priced[]): Promise<{ parts: ChargeParts; brokeragePriced: boolean }> {
    const day = istDate(clock());
    const each = await Promise.all(orders.map(async (order) => {
      const pricePaise = carriesPrice(order)
        ? order.pricePaise
        : paise(amount((await calls.withBroker(account, 'read', kiteCalls.lastPrices, (session) => getQuote(session.http, session.accountNumber, order.entry.exchange, order.entry.brokerKey))).lp, 'lp'));
      return tariffCharges(db, slug, { exchange: order.entry.exchange, tradingsymbol: order.tradingsymbol, side: order.side, quantity: order.quantity, pricePaise }, day);
    }));
    return {
      parts: each.reduce<ChargeParts>((total, priced) => (priced === null ? total : addCharges(total, priced.charges)), noCharges),
      brokeragePriced: each.every((priced) => priced !== null && priced.brokeragePriced),
    };
  }

  async function entryOf(exchange: string, tradingsymbol: string, field: string): Promise<NorenMasterEntry> {
    const contract = await contracts.contractOf(exchange, tradingsymbol, clock());
    const entry = contract === null ? undefined : await contracts.entryOf(String(contract.instrumentToken));
    if (entry === undefined) throw DomainError.said('unknown_instrument', refusalTexts.notListed(exchange, tradingsymbol), { field });
    return entry;
  }

  async function orderMargin(account: TradingAccount, intents: readonly OrderIntent[]): Promise<OrderMarginQuote> {
    const orders = await Promise.all(intents.map(async (intent, index): Promise<Priced> => ({
      entry: await entryOf(intent.exchange, intent.tradingsymbol, intents.length === 1 ? 'tradingsymbol' : `orders.${index}.tradingsymbol`),
      tradingsymbol: intent.tradingsymbol,
      side: intent.side,
      quantity: intent.quantity,
      product: intent.product,
      pricePaise: intent.pricePaise,
      orderType: intent.orderType,
    })));
    const [margins, { parts: chargeParts, brokeragePriced }] = await Promise.all([orderMargins(account, orders), tariffChargesOf(account, orders)]);
    const marginPaise = sum(margins);
    const chargesPaise = totalCharges(chargeParts);
    const own = await ownMargin(account, orders, margins);
    return {
      ...marginFigures(marginPaise, 0, chargesPaise),
      availablePaise: (await funds(account)).availablePaise,
      chargesPaise,
      chargeParts,
      // Noren's order margin holds a bought option's premium: after the account's positions it is not told apart.
      premiumPaise: 0,
      marginPaise,
      standalone: { ...own, requiredPaise: own.requiredPaise + chargesPaise },
      ...(brokeragePriced ? {} : { brokerageNotPriced: true }),
    };
  }

  /** What the portfolio's open legs need together (Noren's span calculator, for more than one), with their long options' value. */
  async function portfolioMargin(account: TradingAccount, portfolioId: number): Promise<number> {
    if (!(await calls.hasSession(account))) return 0;
    const open = await portfolioOpenLegs(db, account.id, portfolioId);
    if (open.length === 0) return 0;
    const legs = await Promise.all(open.map(async (leg): Promise<Priced> => ({
      entry: await entryOf(leg.exchange, leg.tradingsymbol, 'tradingsymbol'),
      tradingsymbol: leg.tradingsymbol,
      side: leg.quantity > 0 ? 'BUY' : 'SELL',
      quantity: Math.abs(leg.quantity),
      product: leg.product,
      pricePaise: 0,
      orderType: 'MARKET',
    })));
    if (legs.length === 1) return sum(await orderMargins(account, legs, kiteCalls.portfolioMargin));
    const bought = legs.filter(isBoughtOption);
    const [together, premiums] = await Promise.all([spanMargin(account, legs, kiteCalls.portfolioMargin), orderMargins(account, bought, kiteCalls.portfolioMargin)]);
    return together + sum(premiums);
  }

  return { funds, orderMargin, portfolioMargin };
}
