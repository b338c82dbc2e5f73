// What an intent goes out as on a live account, placing nothing (the order pipeline then sends it, paced at
// 10 orders a second: trading/paced-intent.ts). The rules are the paper broker's: the kill switch and the
// per-order risk limits for entries (entry-guards.ts), slices at the freeze quantity (order-slicing.ts: a
// leg's slices go out as one sliced call, at most the broker's slices a call), a square-off's exits with the
// working orders on those positions to cancel first. What differs is where the facts come from: the contract
// from the broker's instruments, the entries of the day from the mirror, the open positions from the
// broker's own book.
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { istDate } from '../../market/ist.ts';
import { checkPortfolio } from '../../portfolios/portfolio-check.ts';
import type { IntentPlan, OrderIntent, PlanOptions, PositionRef, TradingAccount } from '../broker-trading.ts';
import { createBannedCache } from '../../market/ban-list/ban-list.ts';
import { guardEntries, positionKey, readEntryGuards } from '../entry-guards.ts';
import { refuseOversized, slices } from '../order-slicing.ts';
import type { Exits } from './exits.ts';
import type { LiveContract, LiveContracts } from './live-wire.ts';
import type { OrderBooks } from './order-books.ts';
import type { PositionBooks } from './position-books.ts';
import { refusalTexts } from '../../texts/refusal-texts.ts';

/** `maxSlices`: how many slices one call may make (past it an order is refused whole, never partly placed). */
type Deps = { db: Database; clock: Clock; contracts: LiveContracts; books: OrderBooks; positions: PositionBooks; exits: Exits; maxSlices: number };

export function createOrderPlans({ db, clock, contracts, books, positions, exits, maxSlices }: Deps) {
  const bannedNow = createBannedCache();
  async function contractOf(exchange: string, tradingsymbol: string, field: string): Promise<LiveContract> {
    const contract = await contracts.contractOf(exchange, tradingsymbol, clock());
    if (contract === null) throw DomainError.said('unknown_instrument', refusalTexts.notListed(exchange, tradingsymbol), { field });
    return contract;
  }

  async function planOrders(account: TradingAccount, intents: readonly OrderIntent[], options: PlanOptions): Promise<IntentPlan> {
    const now = clock();
    const fieldOf = (index: number, name: string) => (intents.length === 1 ? name : `orders.${index}.${name}`);
    const resolved = await Promise.all(intents.map(async (intent, index) => ({ intent, contract: await contractOf(intent.exchange, intent.tradingsymbol, fieldOf(index, 'tradingsymbol')) })));
    if (options.purpose === 'entry') {
      await guardEntries(account, await readEntryGuards(db, account.id, false), resolved, {
        entriesToday: () => books.entriesOn(account, istDate(now)),
        openKeys: async () => new Set((await positions.brokerPositions(account)).filter((position) => position.quantity !== 0).map((position) => `${position.instrument_token}:${position.product}`)),
        banned: () => bannedNow(db, now),
        // The broker's own book: one net row per contract and product.
        positionQuantities: async () =>
          new Map((await positions.brokerPositions(account)).map((position) => [positionKey(position.exchange, position.tradingsymbol, position.product), position.quantity])),
      });
    }
    resolved.forEach(({ intent, contract }, index) => refuseOversized(intent, contract, fieldOf(index, 'quantity'), maxSlices));
    await checkPortfolio(db, account.id, options.portfolioId);
    // A leg above the freeze quantity goes to the broker as one sliced call (order-placing.ts); its slices keep
    // their own numbers, so each child the broker makes is reported, paced and reconciled as one order.
    const orders = resolved.flatMap(({ intent, contract }, leg) => {
      const parts = slices(intent.quantity, contract);
      const group = parts.length > 1 ? { sliceGroup: leg } : {};
      return parts.map((quantity) => ({ ...intent, quantity, portfolioId: options.portfolioId, purpose: options.purpose, bot: options.bot ?? null, ...group }));
    });
    return { orders, cancel: [] };
  }

  /** The named positions' exits (each share under its own name, shorts first, sliced) and the working orders on them. */
  async function planSquareOff(account: TradingAccount, portfolioId: number | null, refs: readonly PositionRef[]): Promise<IntentPlan> {
    await checkPortfolio(db, account.id, portfolioId);
    const legs = exits.legsToClose(await exits.openLegs(account, portfolioId), refs);
    const orders = await exits.exitOrders(legs);
    const cancel = (await exits.workingOn(account, legs, portfolioId)).map((order) => order.order_id);
    return { orders, cancel };
  }

  return { planOrders, planSquareOff };
}
