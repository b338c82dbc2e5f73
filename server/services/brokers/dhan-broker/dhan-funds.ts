// A Dhan account's money, in Dhan's own figures: funds from the fund limit (GET /v2/fundlimit), and what orders
// would need from Dhan's margin calculator (POST /v2/margincalculator), which prices one order a call: the
// orders' margins are summed, with no hedge benefit between them (Dhan's calculator gives none: the figure is
// Dhan's, and may be above what Dhan blocks for a hedged basket), its brokerage the charges. A portfolio's
// blocked margin is its open legs priced the same way. A Dhan failure reaches the ticket as a failure ("margin
// unavailable"), never as a guess: nothing here falls back to the paper estimate.
import type { Clock } from '../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';
import { refusalTexts } from '../../texts/refusal-texts.ts';
import { marginFigures, type ChargeParts, type Funds, type OrderIntent, type OrderMarginQuote, type TradingAccount } from '../broker-trading.ts';
import { getOrderMargin } from '../dhan/dhan-account.ts';
import type { LiveContracts } from '../live/live-wire.ts';
import { portfolioOpenLegs } from '../live/position-books.ts';
import type { DhanCalls } from './dhan-calls.ts';

const paise = (rupees: number | null) => Math.round((rupees ?? 0) * 100);
const noFunds: Funds = { equityPaise: 0, usedPaise: 0, availablePaise: 0, marginPaise: 0 };
const segments: Record<string, string> = { NFO: 'NSE_FNO', BFO: 'BSE_FNO' };

type Priced = { exchange: string; securityId: number; side: 'BUY' | 'SELL'; quantity: number; product: string; pricePaise: number };

export function createDhanFunds({ db, clock, calls, contracts }: { db: Database; clock: Clock; calls: DhanCalls; contracts: LiveContracts }) {
  /** Without a session nothing is known: zeros, which the trading service marks UNKNOWN. */
  async function funds(account: TradingAccount): Promise<Funds> {
    if (!(await calls.hasSession(account))) return noFunds;
    const limit = await calls.funds(account);
    const used = paise(limit.utilizedAmount);
    const available = paise(limit.availabelBalance);
    return { equityPaise: available + used, usedPaise: used, availablePaise: available, marginPaise: used };
  }

  /** Dhan's margin and brokerage of each order, summed. */
  async function priced(account: TradingAccount, orders: readonly Priced[], what = kiteCalls.orderMargins) {
    const answers = await Promise.all(orders.map((order) => calls.withBroker(account, 'read', what, (session) => getOrderMargin(session.http, {
      dhanClientId: session.accountNumber,
      exchangeSegment: segments[order.exchange] ?? order.exchange,
      transactionType: order.side,
      quantity: order.quantity,
      productType: order.product === 'MIS' ? 'INTRADAY' : 'MARGIN',
      securityId: String(order.securityId),
      price: order.pricePaise / 100,
    }))));
    return { marginPaise: answers.reduce((sum, a) => sum + paise(a.totalMargin), 0), brokeragePaise: answers.reduce((sum, a) => sum + paise(a.brokerage), 0) };
  }

  async function orderMargin(account: TradingAccount, intents: readonly OrderIntent[]): Promise<OrderMarginQuote> {
    const orders = await Promise.all(intents.map(async (intent, index): Promise<Priced> => {
      const contract = await contracts.contractOf(intent.exchange, intent.tradingsymbol, clock());
      if (contract === null) throw DomainError.said('unknown_instrument', refusalTexts.notListed(intent.exchange, intent.tradingsymbol), { field: intents.length === 1 ? 'tradingsymbol' : `orders.${index}.tradingsymbol` });
      return { exchange: intent.exchange, securityId: contract.instrumentToken, side: intent.side, quantity: intent.quantity, product: intent.product, pricePaise: intent.pricePaise };
    }));
    const { marginPaise, brokeragePaise } = await priced(account, orders);
    const parts: ChargeParts = { brokerage: brokeragePaise, stt: 0, exchange: 0, sebi: 0, gst: 0, stamp: 0, callAndTrade: 0 };
    return {
      ...marginFigures(marginPaise, 0, brokeragePaise),
      availablePaise: (await funds(account)).availablePaise,
      chargesPaise: brokeragePaise,
      chargeParts: parts,
      // Dhan's total margin holds a bought option's premium: it is not told apart.
      premiumPaise: 0,
      marginPaise,
      standalone: { marginPaise, hedgeBenefitPaise: 0, requiredPaise: marginPaise + brokeragePaise },
    };
  }

  /** What Dhan's calculator says the portfolio's open legs need, each priced alone. */
  async function portfolioMargin(account: TradingAccount, portfolioId: number): Promise<number> {
    if (!(await calls.hasSession(account))) return 0;
    const open = await portfolioOpenLegs(db, account.id, portfolioId);
    const legs = open.map((leg): Priced => ({ exchange: leg.exchange, securityId: leg.instrument_token, side: leg.quantity > 0 ? 'BUY' : 'SELL', quantity: Math.abs(leg.quantity), product: leg.product, pricePaise: 0 }));
    return legs.length === 0 ? 0 : (await priced(account, legs, kiteCalls.portfolioMargin)).marginPaise;
  }

  return { funds, orderMargin, portfolioMargin };
}
