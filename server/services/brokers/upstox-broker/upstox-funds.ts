// An Upstox account's money, in Upstox's own figures: funds from get-funds-and-margin (equity segment), what
// orders would need from Upstox's margin API (their SPAN and exposure with the benefit of their hedges with
// each other, `required_margin` − `final_margin`; Upstox's calculator does not count the account's open
// positions, so the ticket's margin is the orders' own) plus what they would cost from its brokerage API (one
// request an order, a MARKET or SL-M order priced at Upstox's last price), and a portfolio's blocked margin
// for its open legs alone. An Upstox failure reaches the ticket as a failure ("margin unavailable"), never as
// a guess: nothing here falls back to the paper estimate.
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';
import { refusalTexts } from '../../texts/refusal-texts.ts';
import { marginFigures, type ChargeParts, type Funds, type OrderIntent, type OrderMarginQuote, type TradingAccount } from '../broker-trading.ts';
import type { LiveContracts } from '../live/live-wire.ts';
import { portfolioOpenLegs } from '../live/position-books.ts';
import type { RateLimits } from '../live/rate-limits.ts';
import { getBrokerage, getMargins, maxMarginInstruments, type UpstoxBrokerage, type UpstoxMarginInstrument } from '../upstox/upstox-charges.ts';
import { getLtp } from '../upstox/upstox-market.ts';
import type { UpstoxCalls } from './upstox-calls.ts';
import { upstoxInstrumentKey } from './upstox-wire.ts';

const paise = (rupees: number) => Math.round(rupees * 100);
const noFunds: Funds = { equityPaise: 0, usedPaise: 0, availablePaise: 0, marginPaise: 0 };
const noParts: ChargeParts = { brokerage: 0, stt: 0, exchange: 0, sebi: 0, gst: 0, stamp: 0, callAndTrade: 0 };

/** An order's charges by kind, in paise: Upstox's transaction and clearing charges are the exchange's. */
function partsOf(charges: UpstoxBrokerage): ChargeParts {
  return {
    brokerage: paise(charges.brokerage),
    stt: paise(charges.taxes.stt),
    exchange: paise(charges.other_taxes.transaction + charges.other_taxes.clearing),
    sebi: paise(charges.other_taxes.sebi_turnover),
    gst: paise(charges.taxes.gst),
    stamp: paise(charges.taxes.stamp_duty),
    callAndTrade: 0,
  };
}

function addParts(a: ChargeParts, b: ChargeParts): ChargeParts {
  return { brokerage: a.brokerage + b.brokerage, stt: a.stt + b.stt, exchange: a.exchange + b.exchange, sebi: a.sebi + b.sebi, gst: a.gst + b.gst, stamp: a.stamp + b.stamp, callAndTrade: a.callAndTrade + b.callAndTrade };
}

type Leg = { key: string; intent: OrderIntent };
const priced = (intent: OrderIntent) => intent.orderType === 'LIMIT' || intent.orderType === 'SL';
const productOf = (product: string) => (product === 'MIS' ? 'I' : 'D');

export function createUpstoxFunds({ db, clock, calls, contracts, limits }: { db: Database; clock: Clock; calls: UpstoxCalls; contracts: LiveContracts; limits: RateLimits }) {
  /** Without a session nothing is known: zeros, which the trading service marks UNKNOWN. */
  async function funds(account: TradingAccount): Promise<Funds> {
    if (!(await calls.hasSession(account))) return noFunds;
    const equity = await calls.funds(account);
    const used = paise(equity.used_margin);
    const available = paise(equity.available_margin);
    return { equityPaise: available + used, usedPaise: used, availablePaise: available, marginPaise: paise(equity.span_margin + equity.exposure_margin) };
  }

  /** Each intent with its Upstox instrument key; a contract Upstox does not list is refused as an order would be. */
  async function legsOf(intents: readonly OrderIntent[]): Promise<Leg[]> {
    return Promise.all(intents.map(async (intent, index) => {
      const contract = await contracts.contractOf(intent.exchange, intent.tradingsymbol, clock());
      if (contract === null) throw DomainError.said('unknown_instrument', refusalTexts.notListed(intent.exchange, intent.tradingsymbol), { field: intents.length === 1 ? 'tradingsymbol' : `orders.${index}.tradingsymbol` });
      return { key: upstoxInstrumentKey(intent.exchange, contract.instrumentToken), intent };
    }));
  }

  /** Upstox's margins of at most 20 legs (the ticket's own limit): SPAN + exposure after their offsets, premium, and what the offsets save. */
  async function marginsOf(account: TradingAccount, instruments: readonly UpstoxMarginInstrument[], what = kiteCalls.orderMargins) {
    const answer = await calls.withBroker(account, 'read', what, (session) => getMargins(session.http, instruments));
    const ownPaise = answer.margins.reduce((sum, margin) => sum + paise(margin.span_margin + margin.exposure_margin), 0);
    const benefitPaise = Math.max(0, paise(answer.required_margin - answer.final_margin));
    return {
      marginPaise: Math.max(0, ownPaise - benefitPaise),
      premiumPaise: answer.margins.reduce((sum, margin) => sum + paise(margin.net_buy_premium), 0),
      benefitPaise,
      totalPaise: paise(answer.final_margin),
    };
  }

  /** Upstox's charges of each order, MARKET and SL-M orders at Upstox's last price (one v3 ltp call). */
  async function chargesOf(account: TradingAccount, legs: readonly Leg[]): Promise<{ parts: ChargeParts; totalPaise: number }> {
    const unpriced = [...new Set(legs.filter((leg) => !priced(leg.intent)).map((leg) => leg.key))];
    let last = new Map<string, number>();
    if (unpriced.length > 0) {
      await limits.reserve(account.id, 'quote');
      const quotes = await calls.withBroker(account, 'read', kiteCalls.lastPrices, (session) => getLtp(session.http, unpriced));
      last = new Map([...quotes].map(([key, quote]) => [key, quote.last_price]));
    }
    const notes = await Promise.all(legs.map(({ key, intent }) =>
      calls.withBroker(account, 'read', kiteCalls.orderCharges, (session) => getBrokerage(session.http, {
        instrument_token: key,
        quantity: intent.quantity,
        product: productOf(intent.product),
        transaction_type: intent.side,
        price: priced(intent) ? intent.pricePaise / 100 : (last.get(key) ?? 0),
      }))));
    return { parts: notes.reduce((sum, note) => addParts(sum, partsOf(note)), noParts), totalPaise: notes.reduce((sum, note) => sum + paise(note.total), 0) };
  }

  async function orderMargin(account: TradingAccount, intents: readonly OrderIntent[]): Promise<OrderMarginQuote> {
    const legs = await legsOf(intents);
    const margins = await marginsOf(account, legs.map(({ key, intent }) => ({
      instrument_key: key,
      quantity: intent.quantity,
      transaction_type: intent.side,
      product: productOf(intent.product),
      ...(priced(intent) ? { price: intent.pricePaise / 100 } : {}),
    })));
    const charges = await chargesOf(account, legs);
    const available = (await funds(account)).availablePaise;
    const requiredPaise = margins.marginPaise + margins.premiumPaise + charges.totalPaise;
    return {
      ...marginFigures(margins.marginPaise, margins.premiumPaise, charges.totalPaise),
      availablePaise: available,
      chargesPaise: charges.totalPaise,
      chargeParts: charges.parts,
      premiumPaise: margins.premiumPaise,
      marginPaise: margins.marginPaise,
      // Upstox prices the orders alone, so what they need on their own is the same figure.
      standalone: { marginPaise: margins.marginPaise, hedgeBenefitPaise: margins.benefitPaise, requiredPaise },
    };
  }

  /** What Upstox would block for the portfolio's open legs alone. */
  async function portfolioMargin(account: TradingAccount, portfolioId: number): Promise<number> {
    if (!(await calls.hasSession(account))) return 0;
    const open = await portfolioOpenLegs(db, account.id, portfolioId);
    if (open.length === 0) return 0;
    const legs = open.map((leg): UpstoxMarginInstrument => ({
      instrument_key: upstoxInstrumentKey(leg.exchange, leg.instrument_token),
      quantity: Math.abs(leg.quantity),
      transaction_type: leg.quantity > 0 ? 'BUY' : 'SELL',
      product: productOf(leg.product),
    }));
    // Past Upstox's 20 a request, each group is priced alone: the hedges between groups are not counted.
    let totalPaise = 0;
    for (let from = 0; from < legs.length; from += maxMarginInstruments) {
      totalPaise += (await marginsOf(account, legs.slice(from, from + maxMarginInstruments), kiteCalls.portfolioMargin)).totalPaise;
    }
    return totalPaise;
  }

  return { funds, orderMargin, portfolioMargin };
}
