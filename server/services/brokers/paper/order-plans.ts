// What a trader's intent goes out as on the paper broker, placing nothing (the order pipeline then sends it,
// paced at the rate limits: trading/paced-intent.ts): what an entry must respect (kill switch, per-order
// risk limits), Kite's autoslice at the freeze quantity (at most 20 slices an order), and a square-off's
// exits with the working orders to cancel before them.
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { istDate } from '../../market/ist.ts';
import { checkPortfolio } from '../../portfolios/portfolio-check.ts';
import { killSwitchRefusal, type IntentPlan, type OrderIntent, type PlannedOrder, type PlanOptions, type PositionRef, type TradingAccount } from '../broker-trading.ts';
import type { Books, OpenLeg } from './books.ts';
import type { Contract, Contracts } from './contracts.ts';
import { lockAccount, orderColumns, type EntryGuards, type OrderRow } from './order-rows.ts';

/** Kite's autoslice: an order above the freeze quantity is split into at most this many orders. */
export const maxSlicesPerOrder = 20;

/** The most one order may hold: the freeze quantity rounded down to whole lots. */
const maxPerOrderOf = (contract: Contract) => Math.max(contract.lotSize, Math.floor(contract.freezeQuantity / contract.lotSize) * contract.lotSize);

/** Splits a quantity into orders no larger than the freeze quantity (whole lots each). */
export function slices(quantity: number, contract: Contract): number[] {
  const maxPerOrder = maxPerOrderOf(contract);
  if (quantity <= maxPerOrder || quantity % contract.lotSize !== 0) return [quantity];
  const parts: number[] = [];
  for (let left = quantity; left > 0; left -= maxPerOrder) parts.push(Math.min(left, maxPerOrder));
  return parts;
}

/** Kite's autoslice splits one order into at most 20: a larger one is refused, never partly placed. */
function refuseOversized(intent: OrderIntent, contract: Contract, field: string): void {
  const perOrder = maxPerOrderOf(contract);
  if (intent.quantity % contract.lotSize !== 0 || intent.quantity <= perOrder * maxSlicesPerOrder) return;
  throw new DomainError(
    'too_many_orders',
    `${intent.quantity} units of ${contract.tradingsymbol} would go out as ${Math.ceil(intent.quantity / perOrder)} orders of at most ${perOrder} ` +
      `(the exchange's freeze quantity); the broker slices one order into at most ${maxSlicesPerOrder}, that is ${perOrder * maxSlicesPerOrder} units. ` +
      'Place the rest as another order.',
    { field },
  );
}

/** The MARKET orders that close legs: shorts bought back before longs are sold (never a naked short in between), each sliced at the freeze quantity. */
export function exitOrders(legs: readonly OpenLeg[], purpose: 'squareoff' | 'auto_squareoff'): Array<PlannedOrder & { contract: Contract }> {
  const ordered = [...legs.filter((leg) => leg.quantity < 0), ...legs.filter((leg) => leg.quantity > 0)];
  return ordered.flatMap((leg) =>
    slices(Math.abs(leg.quantity), leg.contract).map((quantity) => ({
      contract: leg.contract,
      exchange: leg.contract.exchange,
      tradingsymbol: leg.contract.tradingsymbol,
      side: leg.quantity < 0 ? ('BUY' as const) : ('SELL' as const),
      orderType: 'MARKET' as const,
      product: leg.product,
      quantity,
      pricePaise: 0,
      triggerPaise: 0,
      portfolioId: leg.portfolioId,
      purpose,
      bot: leg.bot ?? null,
    })),
  );
}

type OrderPlansOptions = { clock: Clock; contracts: Contracts; books: Books };

export function createOrderPlans({ clock, contracts, books }: OrderPlansOptions) {
  const { resolve } = contracts;
  const { entriesOn, openLegs } = books;

  /** Refuses entries while the kill switch is armed, and entries that would go past a per-order risk limit. */
  async function guardEntries(q: Queryable, account: TradingAccount, guards: EntryGuards, resolved: ReadonlyArray<{ intent: OrderIntent; contract: Contract }>, now: Date) {
    if (guards.killedAt !== null) throw killSwitchRefusal(account.accountNumber, guards.killedAt);
    const refuse = (message: string, field?: string) => {
      throw new DomainError('risk_limit_exceeded', `${message} Change your risk limits in settings if you mean it.`, { field });
    };
    if (guards.maxLotsPerOrder !== null) {
      resolved.forEach(({ intent, contract }, index) => {
        const lots = intent.quantity / contract.lotSize;
        if (lots > guards.maxLotsPerOrder!) {
          refuse(`${lots} lots of ${contract.tradingsymbol} is more than your limit of ${guards.maxLotsPerOrder} lots per order.`, resolved.length === 1 ? 'quantity' : `orders.${index}.quantity`);
        }
      });
    }
    if (guards.maxTradesToday !== null) {
      const today = await entriesOn(q, account.id, istDate(now));
      if (today + resolved.length > guards.maxTradesToday) {
        refuse(`You have placed ${today} of your ${guards.maxTradesToday} trades today.`);
      }
    }
    if (guards.maxOpenPositions !== null) {
      const open = await openLegs(q, account.id, now);
      const held = new Set(open.map((leg) => `${leg.contract.instrumentToken}:${leg.product}`));
      const adding = new Set(resolved.map(({ intent, contract }) => `${contract.instrumentToken}:${intent.product}`).filter((key) => !held.has(key)));
      if (held.size + adding.size > guards.maxOpenPositions) {
        refuse(`This would hold ${held.size + adding.size} positions at once; your limit is ${guards.maxOpenPositions}.`);
      }
    }
  }

  /**
   * Checks and slices intents under the account's lock, in `q` (this call's transaction): for entries the
   * kill switch and risk limits, at most 20 slices an order, and the portfolio.
   */
  async function planOrders(q: Queryable, account: TradingAccount, intents: readonly OrderIntent[], options: PlanOptions): Promise<IntentPlan> {
    const now = clock();
    const guards = await lockAccount(q, account.id);
    const resolved = await resolve(q, intents, now);
    if (options.purpose === 'entry') await guardEntries(q, account, guards, resolved, now);
    resolved.forEach(({ intent, contract }, index) => refuseOversized(intent, contract, resolved.length === 1 ? 'quantity' : `orders.${index}.quantity`));
    await checkPortfolio(q, account.id, options.portfolioId);
    const orders = resolved.flatMap(({ intent, contract }) =>
      slices(intent.quantity, contract).map((quantity) => ({ ...intent, quantity, portfolioId: options.portfolioId, purpose: options.purpose, bot: options.bot ?? null })),
    );
    return { orders, cancel: [] };
  }

  /** The named positions' exits and the working orders on them (the interface says which share), placing and cancelling nothing. */
  async function planSquareOff(q: Queryable, account: TradingAccount, portfolioId: number | null, refs: readonly PositionRef[]): Promise<IntentPlan> {
    const now = clock();
    await lockAccount(q, account.id);
    await checkPortfolio(q, account.id, portfolioId);
    const open = await openLegs(q, account.id, now);
    const legs: OpenLeg[] = [];
    for (const ref of refs) {
      const matching = open.filter(
        (leg) =>
          leg.contract.exchange === ref.exchange &&
          leg.contract.tradingsymbol === ref.tradingsymbol &&
          leg.product === ref.product &&
          (portfolioId === null || leg.portfolioId === portfolioId),
      );
      let toClose = ref.quantity ?? Number.POSITIVE_INFINITY;
      for (const leg of matching) {
        const quantity = Math.min(Math.abs(leg.quantity), toClose);
        if (quantity <= 0) continue;
        toClose -= quantity;
        legs.push({ ...leg, quantity: Math.sign(leg.quantity) * quantity });
      }
    }
    const cancel: string[] = [];
    for (const leg of legs) {
      const { rows } = await q.query<OrderRow>(
        `SELECT ${orderColumns} FROM paper_orders o WHERE o.broker_account_id = $1 AND o.portfolio_id IS NOT DISTINCT FROM $2
           AND o.instrument_token = $3 AND o.product = $4 AND o.status IN ('OPEN', 'TRIGGER PENDING') ORDER BY o.id`,
        [account.id, leg.portfolioId, leg.contract.instrumentToken, leg.product],
      );
      cancel.push(...rows.map((row) => row.order_id).filter((id) => !cancel.includes(id)));
    }
    return { orders: exitOrders(legs, 'squareoff').map(({ contract: _contract, ...order }) => order), cancel };
  }

  return { planOrders, planSquareOff };
}

export type OrderPlans = ReturnType<typeof createOrderPlans>;
