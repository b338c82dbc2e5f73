// The paper broker's money: margin (SPAN-like scan risk + exposure, with hedge benefit) for what an account
// holds and works, its funds, what new orders would need, and one portfolio's margin used (the same figure).
import type { Database, Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { istDate } from '../../market/ist.ts';
import type { IndexName } from '../../market/index-config.ts';
import { marginFigures, type Funds, type MarginQuote, type OrderIntent, type OrderMarginQuote, type Side, type StandaloneMargin, type TradingAccount } from '../broker-trading.ts';
import { addCharges, fillCharges, noCharges, orderFillCharges, totalCharges, type ChargeRates, type Charges } from './charges.ts';
import { keyOf, type Contract, type Contracts } from './contracts.ts';
import { futureAsSynthetic, underlyingMargin, type MarginLeg } from './margin.ts';
import { openLegsSql, type Books, type OpenLeg, type OpenLegRow } from './books.ts';
import type { Quote } from './order-rules.ts';
import { pendingOf, sideSign, type OrderRow } from './order-rows.ts';
import { formatPaise, toRupees } from './paise.ts';
import { said, type Said } from '../../texts/said.ts';
import type { PriceSource } from './price-source.ts';
import type { DeliveryRules } from './delivery-rules.ts';
import { refusalTexts } from '../../texts/refusal-texts.ts';

type PricingCache = Map<IndexName, Awaited<ReturnType<PriceSource['pricing']>>>;

type WorkingEntry = { contract: Contract; side: Side; pending: number; pricePaise: number; portfolioId?: number | null };

/** What the account holds, read once: the trades' cash flow and charges, open legs, their quotes, working entries. */
type AccountBook = { flowPaise: number; chargesPaise: number; legs: OpenLeg[]; quotes: Map<string, Quote>; entries: WorkingEntry[] };

type EntryRow = { instrument_token: number; transaction_type: Side; pending: number; price_paise: number; portfolio_id: number | null };

/** The account's book as its one statement answers it (readBook turns it into an AccountBook). */
export type BookRow = { flow: string | null; charges: string | null; legs: OpenLegRow[]; entries: EntryRow[] };

/**
 * The book after an order the broker just recorded, as readBook would read it again: a fill's trade moves the
 * cash, the charges and the position (a position brought to flat leaves the legs); a working entry joins the
 * entries.
 */
function foldOrder(book: AccountBook, order: OrderRow, contract: Contract, quote: Quote | undefined, rates: ChargeRates): AccountBook {
  let { flowPaise, chargesPaise, legs, quotes, entries } = book;
  const side = order.transaction_type;
  if (order.filled_quantity > 0) {
    const value = Number(order.filled_value_paise);
    flowPaise += side === 'SELL' ? value : -value;
    chargesPaise += totalCharges(orderFillCharges(rates, order.purpose, side, order.filled_quantity, value / order.filled_quantity));
    const same = (leg: OpenLeg) => leg.contract.instrumentToken === contract.instrumentToken && leg.portfolioId === order.portfolio_id && leg.product === order.product;
    const quantity = (legs.find(same)?.quantity ?? 0) + sideSign(side) * order.filled_quantity;
    legs = [...legs.filter((leg) => !same(leg)), ...(quantity === 0 ? [] : [{ contract, portfolioId: order.portfolio_id, product: order.product, quantity, bot: null }])];
    if (quote !== undefined) quotes = new Map([...quotes, [keyOf(contract), quote]]);
  }
  if (order.purpose === 'entry' && (order.status === 'OPEN' || order.status === 'TRIGGER PENDING')) {
    entries = [...entries, { contract, side, pending: pendingOf(order), pricePaise: Number(order.price_paise), portfolioId: order.portfolio_id }];
  }
  return { flowPaise, chargesPaise, legs, quotes, entries };
}

type FundsOptions = { db: Database; clock: Clock; prices: PriceSource; contracts: Contracts; books: Books; delivery: DeliveryRules };

export function createFunds({ db, clock, prices, contracts, books, delivery }: FundsOptions) {
  const { contractsByToken, marginParams, ratesFor, resolve } = contracts;
  const { legsOf } = books;

  /** Margin (SPAN-like scan risk + exposure) for a set of signed quantities per contract, in paise. */
  async function marginFor(q: Queryable, legs: ReadonlyArray<{ contract: Contract; quantity: number }>, now: Date, pricingCache: PricingCache = new Map()): Promise<number> {
    const byIndex = new Map<IndexName, Map<number, { contract: Contract; quantity: number }>>();
    for (const leg of legs) {
      const perContract = byIndex.get(leg.contract.index) ?? new Map<number, { contract: Contract; quantity: number }>();
      const held = perContract.get(leg.contract.instrumentToken);
      perContract.set(leg.contract.instrumentToken, { contract: leg.contract, quantity: (held?.quantity ?? 0) + leg.quantity });
      byIndex.set(leg.contract.index, perContract);
    }
    let total = 0;
    for (const [index, perContract] of byIndex) {
      let pricing = pricingCache.get(index);
      if (pricing === undefined) {
        pricing = await prices.pricing(index, q);
        pricingCache.set(index, pricing);
      }
      const params = await marginParams(q, index, istDate(now));
      const marginLegs: MarginLeg[] = [...perContract.values()].flatMap(({ contract, quantity }): MarginLeg[] => {
        if (contract.kind !== 'FUT') {
          return [{ strike: contract.strike, kind: contract.kind, expiryMs: contract.expiresAtMs, quantity, volatility: pricing.volatility(contract.strike, contract.expiry) }];
        }
        return futureAsSynthetic({ expiryMs: contract.expiresAtMs, quantity }, pricing, (strike) => pricing.volatility(strike, contract.expiry));
      });
      total += underlyingMargin({ spot: pricing.spot, rate: pricing.rate, nowMs: pricing.nowMs, params, legs: marginLegs }).totalPaise;
    }
    return total;
  }

  /**
   * One round trip for the whole book: every order placed reads it for its margin check. `heldAmos` false
   * leaves out the after-market orders the broker still holds (the check of an AMO reaching the exchange at
   * the open counts only what is already there: the AMOs released before it, not those after it nor itself).
   * The statement alone, sent at once (bookAhead: it may go out behind another without waiting for it).
   */
  function bookRow(q: Queryable, accountId: number, heldAmos = true): Promise<BookRow> {
    // Both drivers (PGlite, node-postgres) hand a `json` column over parsed: the aggregates arrive as arrays.
    return q
      .query<BookRow>(
        `SELECT t.flow, t.charges,
         (SELECT coalesce(json_agg(l), '[]'::json) FROM (${openLegsSql}) l) AS legs,
         (SELECT coalesce(json_agg(e), '[]'::json) FROM (
            SELECT instrument_token, transaction_type, quantity - filled_quantity - cancelled_quantity AS pending, price_paise, portfolio_id FROM paper_orders
            WHERE broker_account_id = $1 AND status IN ('OPEN', 'TRIGGER PENDING') AND purpose = 'entry' AND ($2::boolean OR amo_release_at IS NULL)) e) AS entries
       FROM (SELECT flow_paise AS flow, charges_paise AS charges FROM (VALUES (1)) one LEFT JOIN paper_cash ON broker_account_id = $1) t`,
        [accountId, heldAmos],
      )
      .then(({ rows }) => rows[0]!);
  }

  async function readBook(q: Queryable, account: TradingAccount, now: Date, heldAmos = true, ahead?: Promise<BookRow>): Promise<AccountBook> {
    const row = await (ahead ?? bookRow(q, account.id, heldAmos));
    const legs = await legsOf(q, row.legs, now);
    const entryRows = row.entries;
    const contracts = await contractsByToken(q, entryRows.map((entry) => entry.instrument_token), now);
    const entries = entryRows.flatMap((entry) => {
      const contract = contracts.get(entry.instrument_token);
      // Never taken: paper_orders.instrument_token references instruments, whose rows are never deleted. So
      // the mutants that differ only here (the condition made false, the [] made non-empty) are equivalent;
      // the comment also turns off the condition made true, which the working-entry test of
      // tests/server/trading/money-guards.test.ts kills.
      // Stryker disable next-line ConditionalExpression,ArrayDeclaration: unreachable guard (above)
      if (contract === undefined) return [];
      return [{ contract, side: entry.transaction_type, pending: Number(entry.pending), pricePaise: Number(entry.price_paise), portfolioId: entry.portfolio_id }];
    });
    const quotes = await prices.quotes(legs.map((leg) => keyOf(leg.contract)), q);
    return { flowPaise: Number(row.flow ?? 0), chargesPaise: Number(row.charges ?? 0), legs, quotes, entries };
  }

  /**
   * The margin used by what a book holds and works: the one place it is computed, for the account's funds
   * (the position book, the ticket's "available") and for one portfolio's (its summary). Blocked margin (SPAN
   * + exposure) for the legs and working entries together, plus the legs at their last price, signed (a long
   * option is paid for: its value is held; a short's value is owed, and SPAN already holds what buying it back
   * costs, so it is counted once, as Kite's used margin credits the premium received), plus the premium of
   * working buys.
   */
  async function usedBy(q: Queryable, held: Pick<AccountBook, 'legs' | 'quotes' | 'entries'>, now: Date, pricing: PricingCache): Promise<{ usedPaise: number; marginPaise: number; markedPaise: number }> {
    let markedPaise = 0;
    // What the options held are worth: a future is not paid for (its cash flow and its mark net to its P&L in equity),
    // so only margin holds funds for it.
    let optionsHeldPaise = 0;
    for (const leg of held.legs) {
      const value = leg.quantity * (held.quotes.get(keyOf(leg.contract))?.lastPaise ?? 0);
      markedPaise += value;
      if (leg.contract.kind !== 'FUT') optionsHeldPaise += value;
    }
    const marginLegs = [
      ...held.legs.map((leg) => ({ contract: leg.contract, quantity: leg.quantity })),
      ...held.entries.map((entry) => ({ contract: entry.contract, quantity: sideSign(entry.side) * entry.pending })),
    ];
    const marginPaise = (await marginFor(q, marginLegs, now, pricing)) + (await deliveryMarginPaise(q, held.legs, now, pricing));
    const entryPremium = held.entries.filter((entry) => entry.side === 'BUY' && entry.contract.kind !== 'FUT').reduce((sum, entry) => sum + entry.pending * entry.pricePaise, 0);
    return { usedPaise: marginPaise + optionsHeldPaise + entryPremium, marginPaise, markedPaise };
  }

  /**
   * What the broker blocks for deliveries to come: each physically settled leg in its last four trading days asks
   * the schedule's delivery margin (delivery-rules.ts), on top of its NRML margin (the leg's own, without hedges).
   */
  async function deliveryMarginPaise(q: Queryable, legs: readonly OpenLeg[], now: Date, pricing: PricingCache): Promise<number> {
    let total = 0;
    for (const leg of legs) {
      if (!(await delivery.settlesByDelivery(q, leg.contract))) continue;
      const days = await delivery.daysToExpiry(q, now, leg.contract.expiry);
      if (days === null || days > delivery.windowDays) continue;
      const nrmlPaise = await marginFor(q, [leg], now, pricing);
      const underlyingPaise = await prices.spotPaise(leg.contract.index, q);
      total += await delivery.extraMarginPaise(q, { contract: leg.contract, quantity: leg.quantity, underlyingPaise, now, nrmlPaise });
    }
    return total;
  }

  /** The account's funds from what it holds, with `extra` entry orders counted as if working. */
  async function fundsFrom(q: Queryable, account: TradingAccount, book: AccountBook, extra: readonly WorkingEntry[], now: Date, pricing: PricingCache): Promise<Funds> {
    const { usedPaise, marginPaise, markedPaise } = await usedBy(q, { ...book, entries: [...book.entries, ...extra] }, now, pricing);
    // Equity marks the legs at their last price (a short's value owed); what is available is then the cash
    // less SPAN, exposure and working buys' premium, as at a broker that credits the premium received.
    const equityPaise = account.capitalPaise + book.flowPaise - book.chargesPaise + markedPaise;
    return { equityPaise, usedPaise, availablePaise: equityPaise - usedPaise, marginPaise };
  }

  /**
   * What entry orders need (margin change + premium for buys + charges) against what is available; an order
   * that frees margin still needs its premium and charges (the hedge is not in place until it fills).
   */
  async function requiredFor(
    q: Queryable,
    account: TradingAccount,
    legs: ReadonlyArray<{ intent: OrderIntent; contract: Contract; quote: Quote }>,
    now: Date,
    { heldAmos = true }: { heldAmos?: boolean } = {},
  ): Promise<MarginQuote> {
    return requiredFrom(q, account, await readBook(q, account, now, heldAmos), legs, now, new Map());
  }

  /** What entry orders need against what is available, on a book already read. */
  async function requiredFrom(
    q: Queryable,
    account: TradingAccount,
    book: AccountBook,
    legs: ReadonlyArray<{ intent: OrderIntent; contract: Contract; quote: Quote }>,
    now: Date,
    pricing: PricingCache,
  ): Promise<MarginQuote> {
    const before = await fundsFrom(q, account, book, [], now, pricing);
    let chargeParts: Charges = noCharges;
    let premiumPaise = 0;
    const entries: WorkingEntry[] = [];
    for (const { intent, contract, quote } of legs) {
      const pricePaise = intent.orderType === 'MARKET' ? (intent.side === 'BUY' ? quote.askPaise : quote.bidPaise) : intent.pricePaise;
      entries.push({ contract, side: intent.side, pending: intent.quantity, pricePaise });
      const rates = await ratesFor(q, contract.exchange, istDate(now), contract.tradingsymbol);
      chargeParts = addCharges(chargeParts, fillCharges(rates, intent.side, intent.quantity, pricePaise, true));
      // A future's buyer pays no premium: its margin is all it blocks.
      if (intent.side === 'BUY' && contract.kind !== 'FUT') premiumPaise += intent.quantity * pricePaise;
    }
    const after = await fundsFrom(q, account, book, entries, now, pricing);
    const chargesPaise = totalCharges(chargeParts);
    const marginPaise = after.marginPaise - before.marginPaise;
    return { ...marginFigures(marginPaise, premiumPaise, chargesPaise), availablePaise: before.availablePaise, chargesPaise, chargeParts, premiumPaise, marginPaise };
  }

  /**
   * Kite's RMS check of an entry order: what it needs (margin change + premium for a buy + charges) against
   * what is available, refused with the broker's reason when short. At placement and, for an after-market
   * order, again when it reaches the exchange at the open (`heldAmos` false: against the funds of that moment).
   */
  async function marginRefusal(
    q: Queryable,
    account: TradingAccount,
    leg: { intent: OrderIntent; contract: Contract; quote: Quote },
    now: Date,
    options: { heldAmos?: boolean } = {},
  ): Promise<Said | null> {
    return refusalOf(await requiredFor(q, account, [leg], now, options));
  }

  function refusalOf(required: MarginQuote): Said | null {
    if (required.requiredPaise <= required.availablePaise) return null;
    return said(
      'order.insufficient_funds',
      { required: toRupees(required.requiredPaise), available: toRupees(required.availablePaise) },
      `Insufficient funds. Required margin is ${formatPaise(required.requiredPaise)} but available margin is ${formatPaise(required.availablePaise)}.`,
    );
  }

  /**
   * The RMS check of each entry one call places (order-entry.ts placeOrders) on the account's book read once,
   * at the first check: every order the call places is then folded into it as the broker recorded it (its
   * fill's trade, or a working entry), so each leg is still checked against what the legs before it left,
   * and an iron condor's four orders read the book once, not four times.
   */
  function marginChecks(q: Queryable, account: TradingAccount, now: Date, ahead?: Promise<BookRow>) {
    let book: Promise<AccountBook> | null = null;
    const pricing: PricingCache = new Map();
    return {
      async refusal(leg: { intent: OrderIntent; contract: Contract; quote: Quote }): Promise<Said | null> {
        book ??= readBook(q, account, now, true, ahead);
        return refusalOf(await requiredFrom(q, account, await book, [leg], now, pricing));
      },
      /** An order the call placed; before the first check there is nothing to fold (that check reads it). */
      async placed(order: OrderRow, contract: Contract): Promise<void> {
        if (book === null) return;
        const read = await book;
        const quote = order.filled_quantity > 0 ? (await prices.quotes([keyOf(contract)], q)).get(keyOf(contract)) : undefined;
        const rates = await ratesFor(q, contract.exchange, istDate(now), contract.tradingsymbol);
        book = Promise.resolve(foldOrder(read, order, contract, quote, rates));
      },
    };
  }

  /** The orders' margin on an account with nothing open, and what their offsets save against each order alone. */
  async function standaloneFor(q: Queryable, legs: ReadonlyArray<{ intent: OrderIntent; contract: Contract }>, quote: MarginQuote, now: Date): Promise<StandaloneMargin> {
    const pricing: PricingCache = new Map();
    const signed = legs.map(({ intent, contract }) => ({ contract, quantity: sideSign(intent.side) * intent.quantity }));
    const marginPaise = await marginFor(q, signed, now, pricing);
    let alonePaise = 0;
    for (const leg of signed) alonePaise += await marginFor(q, [leg], now, pricing);
    return { marginPaise, hedgeBenefitPaise: Math.max(0, alonePaise - marginPaise), requiredPaise: marginPaise + quote.premiumPaise + quote.chargesPaise };
  }

  /**
   * What orders would need together now (margin change with hedge benefit, premium, charges) against what
   * is available, after the account's positions and on their own, without placing them: the ticket and the
   * strategy builder show it before sending.
   */
  async function orderMargin(account: TradingAccount, intents: readonly OrderIntent[]): Promise<OrderMarginQuote> {
    const now = clock();
    const legs = [];
    for (const { intent, contract } of await resolve(db, intents, now)) {
      const quote = (await prices.quotes([keyOf(contract)], db)).get(keyOf(contract));
      if (quote === undefined) throw DomainError.said('unknown_instrument', refusalTexts.noPrice(intent.tradingsymbol), { field: 'tradingsymbol' });
      legs.push({ intent, contract, quote });
    }
    const quote = await requiredFor(db, account, legs, now);
    return { ...quote, standalone: await standaloneFor(db, legs, quote, now) };
  }

  /**
   * One portfolio's margin used: the account's figure (usedBy) for the portfolio's own legs and working
   * entries, priced alone (no hedge with another portfolio's legs). A portfolio holding all of an account's
   * positions and orders uses exactly what the account's funds say is used.
   */
  async function portfolioMargin(account: TradingAccount, portfolioId: number): Promise<number> {
    const now = clock();
    const book = await readBook(db, account, now);
    const own = { legs: book.legs.filter((leg) => leg.portfolioId === portfolioId), quotes: book.quotes, entries: book.entries.filter((entry) => entry.portfolioId === portfolioId) };
    return (await usedBy(db, own, now, new Map())).usedPaise;
  }

  async function funds(account: TradingAccount): Promise<Funds> {
    return fundsAt(db, account, clock());
  }

  /** The account's funds at `now`, read through `q` (the caller's transaction). */
  async function fundsAt(q: Queryable, account: TradingAccount, now: Date): Promise<Funds> {
    return fundsFrom(q, account, await readBook(q, account, now), [], now, new Map());
  }

  /**
   * The book's statement sent now, for a margin check to come in the same transaction (marginChecks'
   * `ahead`): sent behind a statement not yet answered, it travels with it (pipelined on PostgreSQL,
   * postgres-database.ts). A read nobody awaits (the check never came) fails nothing.
   */
  function bookAhead(q: Queryable, account: TradingAccount): Promise<BookRow> {
    const ahead = bookRow(q, account.id);
    ahead.catch(() => undefined);
    return ahead;
  }

  return { requiredFor, marginRefusal, marginChecks, bookAhead, orderMargin, portfolioMargin, funds, fundsAt, marginFor };
}

export type PaperFunds = ReturnType<typeof createFunds>;
export type MarginChecks = ReturnType<PaperFunds['marginChecks']>;
