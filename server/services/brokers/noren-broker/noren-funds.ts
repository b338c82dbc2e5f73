// A Noren account's money, in the broker's own figures: funds from its limits (Limits: `cash` and `payin` the
// money, `brkcollamt` the collateral, `marginused` what is blocked), and what orders would need from Noren's
// order margin (GetOrderMargin: `ordermargin`), which prices one order a call: the orders' margins are summed,
// with no hedge benefit between them (the figure is Noren's, and may be above what it blocks for a hedged
// basket). A failure reaches the ticket as a failure ("margin unavailable"), never as a guess: nothing here
// falls back to the paper estimate. Noren's charges are not priced: none are shown.
import type { Clock } from '../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';
import { refusalTexts } from '../../texts/refusal-texts.ts';
import { marginFigures, type ChargeParts, type Funds, type OrderIntent, type OrderMarginQuote, type TradingAccount } from '../broker-trading.ts';
import { portfolioOpenLegs } from '../live/position-books.ts';
import { amount } from '../noren/noren-json.ts';
import { getOrderMargin } from '../noren/noren-orders.ts';
import type { NorenCalls } from './noren-calls.ts';
import type { NorenContracts } from './noren-contracts.ts';

const paise = (rupees: number) => Math.round(rupees * 100);
const noFunds: Funds = { equityPaise: 0, usedPaise: 0, availablePaise: 0, marginPaise: 0 };
const noCharges: ChargeParts = { brokerage: 0, stt: 0, exchange: 0, sebi: 0, gst: 0, stamp: 0, callAndTrade: 0 };

type Priced = { exchange: string; tsym: string; side: 'BUY' | 'SELL'; quantity: number; product: string; pricePaise: number; orderType: OrderIntent['orderType'] };

export function createNorenFunds({ db, clock, calls, contracts }: { db: Database; clock: Clock; calls: NorenCalls; contracts: NorenContracts }) {
  /** Without a session nothing is known: zeros, which the trading service marks UNKNOWN. */
  async function funds(account: TradingAccount): Promise<Funds> {
    if (!(await calls.hasSession(account))) return noFunds;
    const limits = await calls.funds(account);
    const equity = paise(amount(limits.cash, 'cash') + amount(limits.payin, 'payin') + amount(limits.brkcollamt, 'brkcollamt'));
    const used = paise(amount(limits.marginused, 'marginused'));
    return { equityPaise: equity, usedPaise: used, availablePaise: equity - used, marginPaise: used };
  }

  async function priced(account: TradingAccount, orders: readonly Priced[], what = kiteCalls.orderMargins): Promise<number> {
    const answers = await Promise.all(orders.map((order) => calls.withBroker(account, 'read', what, (session) => getOrderMargin(session.http, {
      uid: session.accountNumber,
      actid: session.accountNumber,
      exch: order.exchange,
      tsym: order.tsym,
      qty: String(order.quantity),
      prc: order.orderType === 'LIMIT' || order.orderType === 'SL' ? (order.pricePaise / 100).toFixed(2) : '0',
      prd: order.product === 'MIS' ? 'I' : 'M',
      trantype: order.side === 'SELL' ? 'S' : 'B',
      prctyp: order.orderType === 'LIMIT' ? 'LMT' : order.orderType === 'SL' ? 'SL-LMT' : order.orderType === 'SL-M' ? 'SL-MKT' : 'MKT',
    }))));
    return answers.reduce((sum, answer) => sum + paise(amount(answer.ordermargin, 'ordermargin')), 0);
  }

  async function tsymOf(exchange: string, tradingsymbol: string, field: string): Promise<string> {
    const contract = await contracts.contractOf(exchange, tradingsymbol, clock());
    const entry = contract === null ? undefined : await contracts.entryOf(String(contract.instrumentToken));
    if (entry === undefined) throw DomainError.said('unknown_instrument', refusalTexts.notListed(exchange, tradingsymbol), { field });
    return entry.tsym;
  }

  async function orderMargin(account: TradingAccount, intents: readonly OrderIntent[]): Promise<OrderMarginQuote> {
    const orders = await Promise.all(intents.map(async (intent, index): Promise<Priced> => ({
      exchange: intent.exchange,
      tsym: await tsymOf(intent.exchange, intent.tradingsymbol, intents.length === 1 ? 'tradingsymbol' : `orders.${index}.tradingsymbol`),
      side: intent.side,
      quantity: intent.quantity,
      product: intent.product,
      pricePaise: intent.pricePaise,
      orderType: intent.orderType,
    })));
    const marginPaise = await priced(account, orders);
    return {
      ...marginFigures(marginPaise, 0, 0),
      availablePaise: (await funds(account)).availablePaise,
      chargesPaise: 0,
      chargeParts: noCharges,
      // Noren's order margin holds a bought option's premium: it is not told apart.
      premiumPaise: 0,
      marginPaise,
      standalone: { marginPaise, hedgeBenefitPaise: 0, requiredPaise: marginPaise },
    };
  }

  /** What Noren's order margin says the portfolio's open legs need, each priced alone. */
  async function portfolioMargin(account: TradingAccount, portfolioId: number): Promise<number> {
    if (!(await calls.hasSession(account))) return 0;
    const open = await portfolioOpenLegs(db, account.id, portfolioId);
    const legs = await Promise.all(open.map(async (leg): Promise<Priced> => ({
      exchange: leg.exchange,
      tsym: await tsymOf(leg.exchange, leg.tradingsymbol, 'tradingsymbol'),
      side: leg.quantity > 0 ? 'BUY' : 'SELL',
      quantity: Math.abs(leg.quantity),
      product: leg.product,
      pricePaise: 0,
      orderType: 'MARKET',
    })));
    return legs.length === 0 ? 0 : priced(account, legs, kiteCalls.portfolioMargin);
  }

  return { funds, orderMargin, portfolioMargin };
}
