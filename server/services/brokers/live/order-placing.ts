// Placing orders on a live broker. Every order carries the intent's tag (at most 20 characters), and what the
// broker adds of its own goes in its wire (Kite's market protection). An order up to the freeze quantity is
// one place call, one broker order. A leg above it is planned as numbered slices (order-plans.ts) that go
// out together as ONE sliced call (Kite's autoslice, Upstox's slice): the broker answers one child order per
// slice (or a refusal for that child), each child matched to its slice's number. The order pipeline counted
// every slice against the rate limits before the call (trading/pacing-step.ts). A 200 means the orders
// reached the broker, nothing more: what is answered is what the broker's book says right after.
//
// Never placed twice: each numbered order (each slice of a sliced call too) is written down before its call
// (sends.ts), and one already in the mirror under its intent and number is answered as it is. An answer that
// never came (BrokerOutcomeUnknownError) is reconciled at once from the broker's book, where the tag (and a
// Kite child's "autoslice:<parent>" tag) and the written sends tell which order it was; when none is found
// the call stops with "outcome unknown", keeping the intent's claim, so its retry reads the book again
// before placing. A slice of a sliced call the broker took is never sent again. A refusal (the broker's 4xx,
// its 429) before anything of the call was placed refuses the call; after something was placed (a refused
// child beside accepted ones, too) it stops the intent (its hedges may be what failed), the refused order and
// the rest of the call in the book as REJECTED.
import { notSent, orderTexts } from '../../texts/order-texts.ts';
import type { Said } from '../../texts/said.ts';
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { checkPortfolio } from '../../portfolios/portfolio-check.ts';
import { IntentStopped, killSwitchRefusal, type BrokerOrder, type IntentRef, type NumberedOrder, type OrderIntent, type TradingAccount } from '../broker-trading.ts';
import { readEntryGuards } from '../entry-guards.ts';
import { BrokerOutcomeUnknownError } from '../outcome-unknown.ts';
import type { LiveContracts, LiveHours, LiveWire, PlaceAnswer, PlaceRequest } from './live-wire.ts';
import type { Attribution, Mirror, PlacedOrder } from './mirror.ts';
import { toBrokerOrder } from './order-mapping.ts';
import type { OrderUpdates } from './order-updates.ts';
import type { RateLimits } from './rate-limits.ts';
import { dropSend, markParent, recordSend, slicesOfAnsweredCalls, type IntentNumber } from './sends.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';

/**
 * An order to place, whose it is, its number in its intent (null: the kill switch's, a stop-loss's, a
 * target's) and the leg it is a slice of when the leg goes to the broker as one sliced call.
 */
export type Placement = { intent: OrderIntent; who: Attribution; number?: IntentNumber | null; sliceGroup?: number | null };

/** An order as it was sent (or would have been), before the broker's id and status are known. */
type Unplaced = Omit<PlacedOrder, 'orderId' | 'status' | 'statusMessage'>;

/** What one send did: the ids recorded (placed or refused), and the refusal that stops the rest of the intent, if any. */
type Outcome = { ids: string[]; refusal: DomainError | null };

type Deps = { db: Database; clock: Clock; wire: LiveWire; mirror: Mirror; updates: OrderUpdates; limits: RateLimits; contracts: LiveContracts; hours: LiveHours };

/**
 * The id StrikeDesk gives an order the broker never booked (refused at the door, or not sent after such a
 * refusal): marked "SD" so it cannot be taken for a broker's ids, and unique although a tag may be used again.
 */
export const unsentId = () => `SD${randomBytes(6).toString('hex').toUpperCase()}`;

const whoOf = (order: NumberedOrder): Attribution => ({ portfolioId: order.portfolioId, bot: order.bot, purpose: order.purpose, ocoGroup: null });

export function createOrderPlacing({ db, clock, wire, mirror, updates, limits, contracts, hours }: Deps) {
  async function formOf(account: TradingAccount, intent: OrderIntent, tag: string, variety: PlaceRequest['variety'], sliced = false): Promise<{ form: PlaceRequest; token: number }> {
    const contract = await contracts.contractOf(intent.exchange, intent.tradingsymbol, clock());
    const instrumentToken = contract?.instrumentToken ?? 0;
    const holdingKey = intent.product === 'CNC' ? await holdingKeyOf(account, intent) : null;
    return { form: { intent, tag, variety, instrumentToken, sliced, holdingKey }, token: instrumentToken };
  }

  /**
   * A CNC sale's stock as the broker names it: its key in the account's holdings (read for the sale's plan a moment
   * ago, shared for a second), null where the broker names stocks by exchange and symbol (Kite).
   */
  async function holdingKeyOf(account: TradingAccount, intent: OrderIntent): Promise<string | null> {
    if (wire.holdings === undefined) return null;
    const holdings = await wire.holdings(account);
    return holdings.find((holding) => holding.exchange === intent.exchange && holding.tradingsymbol === intent.tradingsymbol)?.key ?? null;
  }

  /** The order a lost answer was for, from the broker's book: a numbered one through its written send, else the first tagged one not yet mirrored. */
  async function findLost(account: TradingAccount, tag: string, { intent, number }: Placement): Promise<string | null> {
    if (number != null) {
      await updates.apply(account, await wire.orders(account));
      return (await mirror.byIntent(account.id, number.ref)).get(number.slice)?.order_id ?? null;
    }
    const book = await wire.orders(account);
    const candidates = book.filter((order) => order.tag === tag && order.tradingsymbol === intent.tradingsymbol && order.transaction_type === intent.side);
    const mirrored = new Set((await mirror.byIds(account.id, candidates.map((order) => order.order_id))).map((row) => row.order_id));
    return candidates.find((order) => !mirrored.has(order.order_id))?.order_id ?? null;
  }

  /** A numbered order and those after it of the same leg, which go to the broker as one sliced call when there are two or more. */
  function autosliceRun(placements: readonly Placement[], index: number): Placement[] {
    const head = placements[index]!;
    if (head.number == null || head.sliceGroup == null) return [head];
    let end = index;
    while (end + 1 < placements.length && placements[end + 1]!.number != null && placements[end + 1]!.sliceGroup === head.sliceGroup) end += 1;
    return placements.slice(index, end + 1);
  }

  /** An order the broker never booked, in the book as REJECTED with why (the broker's words, or StrikeDesk's coded ones). */
  async function recordRejected(account: TradingAccount, placed: Unplaced, who: Attribution, message: string, i18n: Said['i18n'] | null = null, q?: Queryable): Promise<string> {
    const orderId = unsentId();
    await mirror.recordPlaced(account.id, { ...placed, orderId, status: 'REJECTED', statusMessage: message, statusMessageI18n: i18n }, who, q);
    return orderId;
  }

  /** The orders after a refusal, in the book as REJECTED: never sent. */
  async function recordStoppedRest(account: TradingAccount, rest: readonly Placement[], tag: string): Promise<string[]> {
    const ids: string[] = [];
    for (const later of rest) {
      const unsent: Unplaced = { parentOrderId: null, tag, intent: later.intent, number: later.number ?? null, instrumentToken: 0, marketProtection: null, variety: 'regular' };
      ids.push(await recordRejected(account, unsent, later.who, orderTexts.basketRefused.text, orderTexts.basketRefused.i18n));
    }
    return ids;
  }

  /** One order, one place call: recorded as placed, found again after a lost answer, or refused (`first`: nothing of the call placed yet). */
  async function sendOne(account: TradingAccount, placement: Placement, tag: string, variety: PlaceRequest['variety'], first: boolean): Promise<Outcome> {
    const { intent, who, number = null } = placement;
    const { form, token } = await formOf(account, intent, tag, variety);
    const placed: Unplaced = { parentOrderId: null, tag, intent, variety: form.variety, marketProtection: wire.marketProtection(intent.orderType), instrumentToken: token, number };
    if (number !== null) await recordSend(db, account.id, tag, number, intent, who, clock());
    const refused = async (refusal: DomainError): Promise<Outcome> => {
      // Refused at the door: the broker booked nothing, so the send may go again.
      if (number !== null) await dropSend(db, account.id, number);
      if (first || refusal.code === 'broker_session_expired') throw refusal;
      // The refused order carries the broker's own words inside a coded sentence.
      return { ids: [await recordRejected(account, placed, who, refusal.message, refusal.text?.i18n ?? null)], refusal };
    };
    let child;
    try {
      child = (await wire.place(account, form)).children[0];
    } catch (error) {
      if (error instanceof BrokerOutcomeUnknownError) {
        wire.forget(account.id);
        const found = await findLost(account, tag, placement).catch(() => null);
        if (found === null) throw wire.outcomeUnknown(kiteCalls.orderFor(intent.tradingsymbol));
        await mirror.recordPlaced(account.id, { ...placed, orderId: found, status: 'PUT ORDER REQ RECEIVED', statusMessage: null }, who);
        return { ids: [found], refusal: null };
      }
      if (!(error instanceof DomainError)) throw error;
      return refused(error);
    }
    if (child === undefined) throw wire.outcomeUnknown(kiteCalls.orderFor(intent.tradingsymbol));
    if ('refusal' in child) return refused(child.refusal);
    await mirror.recordPlaced(account.id, { ...placed, orderId: child.order_id, status: 'PUT ORDER REQ RECEIVED', statusMessage: null }, who);
    return { ids: [child.order_id], refusal: null };
  }

  /**
   * A leg's slices as one sliced call: every slice written down under its number before the call, the
   * children the broker answers recorded each on its own (the parent's id on each, where there is one), a
   * child the broker refused in the book as REJECTED with its words while the children it accepted stay.
   */
  async function sendAutoslice(account: TradingAccount, run: readonly Placement[], tag: string, variety: PlaceRequest['variety'], first: boolean): Promise<Outcome> {
    const head = run[0]!;
    const ref = head.number!.ref;
    const quantity = run.reduce((total, placement) => total + placement.intent.quantity, 0);
    const { form, token } = await formOf(account, { ...head.intent, quantity }, tag, variety, true);
    const unplaced = (placement: Placement): Unplaced => ({
      parentOrderId: null, tag, intent: placement.intent, variety: form.variety, marketProtection: wire.marketProtection(head.intent.orderType), instrumentToken: token, number: placement.number ?? null,
    });
    await db.transaction(async (tx) => {
      for (const placement of run) await recordSend(tx, account.id, tag, placement.number!, placement.intent, placement.who, clock(), head.number!.slice);
    });
    const refusedWhole = async (refusal: DomainError): Promise<Outcome> => {
      // The broker placed none of it: as a refusal at the door, the slices may go again.
      for (const placement of run) await dropSend(db, account.id, placement.number!);
      if (first || refusal.code === 'broker_session_expired') throw refusal;
      const ids: string[] = [];
      for (const placement of run) ids.push(await recordRejected(account, unplaced(placement), placement.who, refusal.message, refusal.text?.i18n ?? null));
      return { ids, refusal };
    };
    let answer: PlaceAnswer;
    try {
      answer = await wire.place(account, form);
    } catch (error) {
      if (error instanceof BrokerOutcomeUnknownError) {
        wire.forget(account.id);
        return findLostCall(account, run, unplaced);
      }
      if (!(error instanceof DomainError)) throw error;
      return refusedWhole(error);
    }
    const { children, parent } = answer;
    if (!children.some((child) => 'order_id' in child)) {
      const refused = children.find((child) => 'refusal' in child);
      return refusedWhole(refused !== undefined && 'refusal' in refused ? refused.refusal : DomainError.said('order_refused', orderTexts.autosliceMissing));
    }
    // Under the lock of the call's sends, so a child a postback or the ticker brings in meanwhile (mirror.ts
    // sync) waits: a child already brought in keeps the slice it was matched to, the others take the rest in order.
    return db.transaction(async (tx) => {
      await tx.query('SELECT intent_slice FROM kite_sends WHERE broker_account_id = $1 AND intent_ref = $2 AND autoslice_first = $3 FOR UPDATE', [
        account.id,
        ref,
        head.number!.slice,
      ]);
      await markParent(tx, account.id, ref, run.map((placement) => placement.number!.slice), answer.callId);
      const accepted = children.flatMap((child) => ('order_id' in child ? [child.order_id] : []));
      const known = new Map((await mirror.byIds(account.id, accepted, tx)).filter((row) => row.intent_ref === ref).map((row) => [row.order_id, row]));
      const taken = new Set([...known.values()].map((row) => Number(row.intent_slice)));
      const free = run.filter((placement) => !taken.has(placement.number!.slice));
      const ids: string[] = [];
      let refusal: DomainError | null = null;
      for (const child of children) {
        if ('order_id' in child && known.has(child.order_id)) {
          ids.push(child.order_id);
          continue;
        }
        const placement = free.shift();
        if ('refusal' in child) {
          const refused = child.refusal;
          refusal ??= refused;
          if (placement !== undefined) ids.push(await recordRejected(account, { ...unplaced(placement), parentOrderId: parent }, placement.who, refused.message, refused.text?.i18n ?? null, tx));
          continue;
        }
        // The broker cut more children than StrikeDesk planned slices: the extra one is still the leg's, without a number.
        const owner = placement ?? run.at(-1)!;
        await mirror.recordPlaced(
          account.id,
          { ...unplaced(owner), number: placement?.number ?? null, parentOrderId: parent, orderId: child.order_id, status: 'PUT ORDER REQ RECEIVED', statusMessage: null },
          owner.who,
          tx,
        );
        ids.push(child.order_id);
      }
      // Fewer children than slices: the slices left are not placed, and never sent again (their call was answered).
      for (const placement of free) {
        const missing = orderTexts.autosliceMissing;
        ids.push(await recordRejected(account, { ...unplaced(placement), parentOrderId: parent }, placement.who, missing.text, missing.i18n, tx));
        refusal ??= DomainError.said('order_refused', missing);
      }
      return { ids, refusal };
    });
  }

  /**
   * A sliced call whose answer was lost, from the broker's book: every order carrying the intent's tag (and,
   * on Kite, one parent's "autoslice:<parent>" tag) is that call's child (mirror.ts sync, sends.ts). None
   * found: the outcome is unknown, the intent's claim kept. Some found: the call was taken, and a slice with
   * no child is one the broker did not place (a refused child), in the book as such, stopping the intent.
   */
  async function findLostCall(account: TradingAccount, run: readonly Placement[], unplaced: (placement: Placement) => Unplaced): Promise<Outcome> {
    const head = run[0]!;
    const what = kiteCalls.orderFor(head.intent.tradingsymbol);
    try {
      await updates.apply(account, await wire.orders(account));
    } catch {
      throw wire.outcomeUnknown(what);
    }
    const mirrored = await mirror.byIntent(account.id, head.number!.ref);
    const found = run.filter((placement) => mirrored.has(placement.number!.slice));
    if (found.length === 0) throw wire.outcomeUnknown(what);
    const ids = found.map((placement) => mirrored.get(placement.number!.slice)!.order_id);
    const parent = mirrored.get(found[0]!.number!.slice)!.parent_order_id;
    let refusal: DomainError | null = null;
    for (const placement of run.filter((candidate) => !mirrored.has(candidate.number!.slice))) {
      ids.push(await recordRejected(account, { ...unplaced(placement), parentOrderId: parent }, placement.who, orderTexts.autosliceMissing.text, orderTexts.autosliceMissing.i18n));
      refusal ??= DomainError.said('order_refused', orderTexts.autosliceMissing);
    }
    return { ids, refusal };
  }

  /**
   * Whether an order may go as an AMO: always where the broker makes every order out of hours one (Kite, Upstox);
   * where it asks the trader (LiveWire.afterMarketByChoice), an entry only when chosen. Exits (a square-off, a
   * stop-loss, the kill switch's) are confirmed on a button that says "as AMO", so they go as before.
   */
  const afterMarketChosen = ({ intent, who }: Placement): boolean => wire.afterMarketByChoice !== true || who.purpose !== 'entry' || intent.afterMarket === true;

  /** Places each order in turn (a leg's slices as one sliced call); answers the ids recorded (placed or refused) and why the rest was stopped, if it was. */
  async function send(account: TradingAccount, placements: readonly Placement[], tag: string): Promise<{ ids: string[]; stopped: string | null }> {
    const ids: string[] = [];
    for (let index = 0; index < placements.length; ) {
      const asked = await hours.placementVariety(placements[index]!.intent.exchange, clock());
      const hour = 'variety' in asked && asked.variety === 'amo' && !afterMarketChosen(placements[index]!) ? { refusal: orderTexts.amoNotChosen } : asked;
      if ('refusal' in hour) {
        // The broker takes no order now (between the close and its AMO window, or just before the open), or the
        // trader did not ask for the AMO this broker would make of it: each is in the book as REJECTED with why, never sent.
        for (const later of placements.slice(index)) {
          const contract = await contracts.contractOf(later.intent.exchange, later.intent.tradingsymbol, clock());
          const unsent: Unplaced = { parentOrderId: null, tag, intent: later.intent, marketProtection: null, instrumentToken: contract?.instrumentToken ?? 0, number: later.number ?? null };
          ids.push(await recordRejected(account, unsent, later.who, hour.refusal.text, hour.refusal.i18n));
        }
        return { ids, stopped: null };
      }
      const run = autosliceRun(placements, index);
      const first = ids.length === 0;
      const outcome = run.length > 1 ? await sendAutoslice(account, run, tag, hour.variety, first) : await sendOne(account, run[0]!, tag, hour.variety, first);
      ids.push(...outcome.ids);
      index += run.length;
      if (outcome.refusal !== null) {
        // After something was placed a refusal stops the intent (a hedge may be what failed): the rest is not sent.
        ids.push(...(await recordStoppedRest(account, placements.slice(index), tag)));
        return { ids, stopped: outcome.refusal.message };
      }
    }
    return { ids, stopped: null };
  }

  /** The recorded orders as the broker's book now has them (the mirror's last word when the book cannot be read). */
  async function refreshed(account: TradingAccount, ids: readonly string[]): Promise<BrokerOrder[]> {
    wire.forget(account.id);
    try {
      await updates.apply(account, await wire.orders(account));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'broker_session_expired') throw error;
      // The orders reached the broker; an unreadable book only delays what they show.
    }
    return (await mirror.byIds(account.id, ids)).map(toBrokerOrder);
  }

  /** Places orders of (possibly) several attributions under one tag (a stop-loss, a target), refused past the broker's limits. */
  async function placeAll(account: TradingAccount, placements: readonly Placement[], tag: string): Promise<BrokerOrder[]> {
    if (placements.length === 0) return [];
    await wire.requireSession(account);
    await mirror.rememberTag(account.id, tag, placements[0]!.who);
    await limits.reserve(account.id, 'order', placements.length);
    return refreshed(account, (await send(account, placements, tag)).ids);
  }

  /**
   * The order pipeline's planned orders (the interface says how): those already in the mirror under the
   * intent and number answered as they are, the rest placed in order. The pipeline has counted them against
   * the rate limits (trading/order-rate.ts); the broker's own count only records them.
   */
  async function placeOrders(account: TradingAccount, intent: IntentRef, orders: readonly NumberedOrder[]): Promise<BrokerOrder[]> {
    const known = await mirror.byIntent(account.id, intent.ref);
    let todo = orders.filter((order) => !known.has(order.slice));
    let stopped: string | null = null;
    // A slice of a sliced call the broker took (its answer, or a child found since) without a child of its own
    // is one the broker did not place: never sent again, it stops the intent as a refused child does.
    const answeredCalls = await slicesOfAnsweredCalls(db, account.id, intent.ref, todo.map((order) => order.slice));
    if (answeredCalls.size > 0) {
      const missing = todo.filter((order) => answeredCalls.has(order.slice));
      todo = [];
      await recordUnsent(account, intent, missing.map((order) => ({ ...order, reason: orderTexts.autosliceMissing })), { reasonAsIs: true });
      const rest = orders.filter((order) => !known.has(order.slice) && !answeredCalls.has(order.slice));
      await recordUnsent(account, intent, rest.map((order) => ({ ...order, reason: orderTexts.basketRefused })), { reasonAsIs: true });
      stopped = orderTexts.autosliceMissing.text;
    }
    if (todo.length > 0) {
      const { killedAt } = await readEntryGuards(db, account.id, false);
      if (killedAt !== null && todo.some((order) => order.purpose === 'entry')) throw killSwitchRefusal(account.accountNumber, killedAt);
      for (const portfolioId of new Set(todo.map((order) => order.portfolioId))) await checkPortfolio(db, account.id, portfolioId);
      await wire.requireSession(account);
      await mirror.rememberTag(account.id, intent.tag, whoOf(todo[0]!));
      await limits.record(account.id, 'order', todo.length);
      const placements = todo.map((order) => ({ intent: order, who: whoOf(order), number: { ref: intent.ref, slice: order.slice }, sliceGroup: order.sliceGroup ?? null }));
      const sent = await send(account, placements, intent.tag);
      stopped = sent.stopped;
      await refreshed(account, sent.ids);
    }
    const mirrored = await mirror.byIntent(account.id, intent.ref);
    const answered = orders.flatMap((order) => (mirrored.has(order.slice) ? [toBrokerOrder(mirrored.get(order.slice)!)] : []));
    if (stopped !== null) throw new IntentStopped(stopped, answered);
    return answered;
  }

  /** Planned orders that will not be sent, in the mirror as REJECTED with the reason (those already there answered as they are). */
  async function recordUnsent(
    account: TradingAccount,
    intent: IntentRef,
    orders: ReadonlyArray<NumberedOrder & { reason: Said }>,
    { reasonAsIs = false }: { reasonAsIs?: boolean } = {},
  ): Promise<BrokerOrder[]> {
    const known = await mirror.byIntent(account.id, intent.ref);
    const portfolioIds = [...new Set(orders.flatMap((order) => (order.portfolioId === null ? [] : [order.portfolioId])))];
    const { rows } = await db.query<{ id: number }>('SELECT id FROM portfolios WHERE broker_account_id = $1 AND id = ANY($2::int[])', [account.id, portfolioIds]);
    const kept = new Set(rows.map((row) => Number(row.id)));
    for (const order of orders) {
      if (known.has(order.slice)) continue;
      const contract = await contracts.contractOf(order.exchange, order.tradingsymbol, clock());
      const who = { ...whoOf(order), portfolioId: order.portfolioId !== null && kept.has(order.portfolioId) ? order.portfolioId : null };
      const message = reasonAsIs ? order.reason : notSent(order.reason);
      await mirror.recordPlaced(
        account.id,
        { orderId: unsentId(), parentOrderId: null, tag: intent.tag, intent: order, marketProtection: null, status: 'REJECTED', statusMessage: message.text, statusMessageI18n: message.i18n, instrumentToken: contract?.instrumentToken ?? 0, number: { ref: intent.ref, slice: order.slice } },
        who,
      );
    }
    const mirrored = await mirror.byIntent(account.id, intent.ref);
    return orders.flatMap((order) => (mirrored.has(order.slice) ? [toBrokerOrder(mirrored.get(order.slice)!)] : []));
  }

  return { placeOrders, recordUnsent, placeAll, refreshed };
}

export type OrderPlacing = ReturnType<typeof createOrderPlacing>;
