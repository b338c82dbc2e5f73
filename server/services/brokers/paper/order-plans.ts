// What a trader's intent goes out as on the paper broker, placing nothing (the order pipeline then sends it,
// paced at the rate limits: trading/paced-intent.ts): what an entry must respect (kill switch, per-order
// risk limits), Kite's autoslice at the freeze quantity (at most 20 slices an order), and a square-off's
// exits with the working orders to cancel before them.
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { istDate } from '../../market/ist.ts';
import { checkPortfolio } from '../../portfolios/portfolio-check.ts';
import type { IntentPlan, OrderIntent, PlannedOrder, PlanOptions, PositionRef, TradingAccount } from '../broker-trading.ts';
import { createBannedCache } from '../../market/ban-list/ban-list.ts';
import { guardEntries, positionKey, readEntryGuards } from '../entry-guards.ts';
import { refuseOversized, slices } from '../order-slicing.ts';
import { protectiveShares, type ProtectShare } from '../protective-shares.ts';
import { legsToClose } from '../square-off-legs.ts';
import { openLegsByBotSql, type Books, type OpenLeg, type OpenLegRow } from './books.ts';
import type { Contract, Contracts } from './contracts.ts';
import { lockAccount, orderColumns, type OrderRow } from './order-rows.ts';

/** Kite's autoslice: an order above the freeze quantity is split into at most this many orders. */
export const maxSlicesPerOrder = 20;

/** The MARKET orders that close legs: shorts bought back before longs are sold (never a naked short in between), each sliced at the freeze quantity. */
export function exitOrders(legs: readonly OpenLeg[], purpose: 'squareoff' | 'auto_squareoff'): Array<PlannedOrder & { contract: Contract }> {
  const closing = (side: 'BUY' | 'SELL', held: readonly OpenLeg[]) =>
    held.flatMap((leg) =>
      slices(Math.abs(leg.quantity), leg.contract).map((quantity) => ({
        contract: leg.contract,
        exchange: leg.contract.exchange,
        tradingsymbol: leg.contract.tradingsymbol,
        side,
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
  return [...closing('BUY', legs.filter((leg) => leg.quantity < 0)), ...closing('SELL', legs.filter((leg) => leg.quantity > 0))];
}

const shareKey = (leg: OpenLeg) => `${leg.contract.instrumentToken}:${leg.portfolioId}:${leg.product}`;

/**
 * Each open position as the shares of the bots (and the trader) whose orders opened it, where they all lean the
 * way the position does; a position whose shares disagree (a bot short where the trader is long) stays one net
 * leg, so a partial square-off never closes the wrong side first and turns a long into a bigger long.
 */
export function botShares(net: readonly OpenLeg[], byBot: readonly OpenLeg[]): OpenLeg[] {
  return net.flatMap((position) => {
    const shares = byBot.filter((share) => shareKey(share) === shareKey(position));
    const agree = shares.every((share) => Math.sign(share.quantity) === Math.sign(position.quantity)) && shares.reduce((sum, share) => sum + share.quantity, 0) === position.quantity;
    return agree && shares.length > 0 ? shares : [position];
  });
}

type OrderPlansOptions = { clock: Clock; contracts: Contracts; books: Books };

export function createOrderPlans({ clock, contracts, books }: OrderPlansOptions) {
  const { resolve } = contracts;
  const { entriesOn, openLegs, legsOf } = books;
  const bannedNow = createBannedCache();

  /**
   * Checks and slices intents: for entries the kill switch and risk limits, at most 20 slices an order, and
   * the portfolio. Read without a transaction or the account's lock (paper-trading.ts): a plan places
   * nothing, and a lock taken here would end with the plan, long before its orders go out. What must hold
   * when they do is read again under the lock then (the kill switch and the portfolio: order-entry.ts).
   */
  async function planOrders(q: Queryable, account: TradingAccount, intents: readonly OrderIntent[], options: PlanOptions): Promise<IntentPlan> {
    const now = clock();
    const guards = options.guards ?? (await readEntryGuards(q, account.id, false));
    const resolved = await resolve(q, intents, now);
    if (options.purpose === 'entry') {
      await guardEntries(account, guards, resolved, {
        entriesToday: () => entriesOn(q, account.id, istDate(now)),
        openKeys: async () => new Set((await openLegs(q, account.id, now)).map((leg) => `${leg.contract.instrumentToken}:${leg.product}`)),
        banned: () => bannedNow(q, now),
        positionQuantities: async () => {
          const net = new Map<string, number>();
          for (const leg of await openLegs(q, account.id, now)) {
            const key = positionKey(leg.contract.exchange, leg.contract.tradingsymbol, leg.product);
            net.set(key, (net.get(key) ?? 0) + leg.quantity);
          }
          return net;
        },
      });
    }
    resolved.forEach(({ intent, contract }, index) => refuseOversized(intent, contract, resolved.length === 1 ? 'quantity' : `orders.${index}.quantity`, maxSlicesPerOrder));
    await checkPortfolio(q, account.id, options.portfolioId);
    const orders = resolved.flatMap(({ intent, contract }) =>
      slices(intent.quantity, contract).map((quantity) => ({ ...intent, quantity, portfolioId: options.portfolioId, purpose: options.purpose, bot: options.bot ?? null })),
    );
    return { orders, cancel: [] };
  }

  /**
   * The named positions' exits and the working orders on them (the interface says which share), placing and
   * cancelling nothing. Each share goes out under the bot whose orders opened it, as the kill switch's and the
   * live broker's do: a bot's legs closed by the trader (or a portfolio's protection) are then no longer the
   * bot's (bot_holdings), so its own exit later cannot sell them again into a position nobody asked for.
   */
  async function planSquareOff(q: Queryable, account: TradingAccount, portfolioId: number | null, refs: readonly PositionRef[]): Promise<IntentPlan> {
    const now = clock();
    await lockAccount(q, account.id);
    await checkPortfolio(q, account.id, portfolioId);
    const legs = legsToClose(
      botShares(await openLegs(q, account.id, now), await legsOf(q, (await q.query<OpenLegRow>(openLegsByBotSql, [account.id])).rows, now)),
      refs,
      (leg, ref) =>
        leg.contract.exchange === ref.exchange &&
        leg.contract.tradingsymbol === ref.tradingsymbol &&
        leg.product === ref.product &&
        (portfolioId === null || leg.portfolioId === portfolioId),
    );
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

  /** The shares a stop-loss or target goes on (protective-shares.ts): the portfolio's, or every share of the account's position. */
  async function planProtect(q: Queryable, account: TradingAccount, kind: 'stoploss' | 'target', intent: OrderIntent, portfolioId: number | null): Promise<ProtectShare[]> {
    const now = clock();
    await lockAccount(q, account.id);
    await checkPortfolio(q, account.id, portfolioId);
    const { contract } = (await resolve(q, [intent], now))[0]!;
    const shares = (await openLegs(q, account.id, now)).filter(
      (leg) => leg.contract.instrumentToken === contract.instrumentToken && leg.product === intent.product && (portfolioId === null || leg.portfolioId === portfolioId),
    );
    return protectiveShares(shares, kind, intent);
  }

  return { planOrders, planSquareOff, planProtect };
}

export type OrderPlans = ReturnType<typeof createOrderPlans>;
