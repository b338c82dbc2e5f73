// One market the paper broker trades on (issue 38): its books, funds, matching, entries, exits and
// settlement, priced by one PriceSource and serving one scope of accounts (market-scope.ts): the simulated
// market's accounts, or those on one live account's feed. The rules are the same code for every market;
// only the prices differ.
import type { Database } from '../../../db/database.ts';
import type { DeliveryRecord, HoldingOrder, HoldingRecord, HoldingTradeRecord, PositionDeliveryOutlook, PositionEntry, TradingAccount } from '../broker-trading.ts';
import type { Clock } from '../../clock.ts';
import { clockMinutes, istDate, istInstant, istMinutes } from '../../market/ist.ts';
import { createBooks } from './books.ts';
import type { Contracts } from './contracts.ts';
import { createExits } from './exits.ts';
import { createFunds } from './funds.ts';
import type { MarketScope } from './market-scope.ts';
import { createMatching, type FillCounts } from './matching.ts';
import { createMissedCutOffs } from './missed-cut-offs.ts';
import { createOrderChanges } from './order-changes.ts';
import { createOrderEntry } from './order-entry.ts';
import { createOrderPlans } from './order-plans.ts';
import type { PriceSource } from './price-source.ts';
import { createSettlement } from './settlement.ts';
import { createDeliveryRules } from './delivery-rules.ts';
import { createDeliverySquareOff } from './delivery-square-off.ts';
import { createHoldingBook } from './holding-book.ts';
import { sessionSquareOff } from './session-square-off.ts';

type PaperMarketOptions = { db: Database; clock: Clock; prices: PriceSource; contracts: Contracts; scope: MarketScope };

export function createPaperMarket({ db, clock, prices, contracts, scope }: PaperMarketOptions) {
  const books = createBooks({ db, clock, prices, contracts });
  const delivery = createDeliveryRules({ contracts });
  const funds = createFunds({ db, clock, prices, contracts, books, delivery });
  const matching = createMatching({ db, prices, contracts, books, funds, scope });
  const plans = createOrderPlans({ clock, contracts, books });
  const entry = createOrderEntry({ clock, prices, contracts, books, funds, matching });
  const changes = createOrderChanges({ clock, prices, contracts, matching });
  const exits = createExits({ clock, contracts, books, entry });
  const settlement = createSettlement({ db, prices, contracts, books, exits, scope, delivery });
  /** Exits filled at another market's prices (the square-off the server missed, at the cut-off's). */
  const exitsPricedBy = (source: PriceSource) => {
    const pricedMatching = createMatching({ db, prices: source, contracts, books, funds });
    const pricedEntry = createOrderEntry({ clock, prices: source, contracts, books, funds, matching: pricedMatching });
    return createExits({ clock, contracts, books, entry: pricedEntry });
  };
  const missedCutOffs = createMissedCutOffs({ db, prices, books, exitsPricedBy, scope });
  /** The MIS square-off of the session a pass falls in: a special session's own, else 15:25. */
  const squareOffs = sessionSquareOff(prices);
  const deliverySquareOff = createDeliverySquareOff({ db, prices, books, funds, exits, scope, delivery, squareOffs });

  /** This market's share of the fill engine's pass (paper-trading.ts onTick says what each step is for). */
  async function pass(now: Date, fills: boolean, counts: FillCounts & { settled: number }): Promise<void> {
    // Each step's first read asked ahead, together: most passes find nothing to do, and on a backtest's book these
    // six reads are then one call instead of six (a step that changed something leaves the next its own read).
    await db.prefetch?.([...(fills ? matching.passReads(now) : []), ...missedCutOffs.passReads(), ...deliverySquareOff.passReads(now), ...settlement.passReads(now)]);
    if (fills) {
      await matching.releaseAfterMarket(now);
      await matching.fillWorking(now, counts);
    }
    await missedCutOffs.squareOffMissed(now);
    const cutOff = await squareOffs.at(now, db);
    if (istMinutes(now) >= clockMinutes(cutOff) && (await prices.marketOpen('NFO', now, db))) {
      // The demo market takes MIS after the cut-off: a position opened since waits for the next day's.
      await settlement.squareOffMis(now, prices.demo ? istInstant(istDate(now), cutOff) : null);
    }
    // Positions that will settle by delivery: the account warned while it cannot fund them, squared off on the expiry day.
    await deliverySquareOff.pass(now);
    counts.settled += await settlement.settleExpired(now);
  }

  /** Each position's delivery outlook in its last four trading days (index contracts and the rest: null). */
  async function positionDeliveries(_account: TradingAccount, entries: readonly PositionEntry[]): Promise<Array<PositionDeliveryOutlook | null>> {
    const now = clock();
    const outlooks: Array<PositionDeliveryOutlook | null> = [];
    for (const entry of entries) {
      const quantity = entry.totals.buyQuantity - entry.totals.sellQuantity;
      const contract = (await contracts.contractsByToken(db, [entry.contract.instrumentToken], now)).get(entry.contract.instrumentToken);
      const days = contract === undefined ? null : await delivery.daysToExpiry(db, now, contract.expiry);
      if (contract === undefined || quantity === 0 || days === null || days > delivery.windowDays || !(await delivery.settlesByDelivery(db, contract))) {
        outlooks.push(null);
        continue;
      }
      const nrmlPaise = await funds.marginFor(db, [{ contract, quantity }], now);
      const underlyingPaise = await prices.spotPaise(contract.index, db);
      const outlook = await delivery.positionDelivery(db, { contract, quantity, underlyingPaise, now, nrmlPaise });
      outlooks.push(
        outlook === null
          ? null
          : {
              daysToExpiry: outlook.daysToExpiry,
              obligation: outlook.obligation === null ? null : { side: outlook.obligation.direction === 'receive' ? 'BUY' : 'SELL', shares: outlook.obligation.shares, symbol: contract.index, pricePaise: outlook.obligation.pricePaise, valuePaise: outlook.obligation.valuePaise },
              marginNowPaise: outlook.marginNowPaise,
              days: outlook.days,
            },
      );
    }
    return outlooks;
  }

  /** The account's deliveries at expiry, newest first (the last 50). */
  async function deliveries(account: TradingAccount): Promise<DeliveryRecord[]> {
    const { rows } = await db.query<{ tradingsymbol: string; symbol: string; expiry: string; side: 'BUY' | 'SELL'; shares: number; price_paise: string; value_paise: string; charges: string; settled_at: Date; portfolio_id: number | null }>(
      `SELECT tradingsymbol, symbol, to_char(expiry, 'YYYY-MM-DD') AS expiry, side, shares, price_paise, value_paise, stt_paise + stamp_paise AS charges, settled_at, portfolio_id
       FROM paper_deliveries WHERE broker_account_id = $1 ORDER BY settled_at DESC, id DESC LIMIT 50`,
      [account.id],
    );
    return rows.map((row) => ({
      tradingsymbol: row.tradingsymbol,
      symbol: row.symbol,
      expiry: row.expiry,
      side: row.side,
      shares: Number(row.shares),
      pricePaise: Number(row.price_paise),
      valuePaise: Number(row.value_paise),
      chargesPaise: Number(row.charges),
      settledAt: new Date(row.settled_at),
      portfolioId: row.portfolio_id === null ? null : Number(row.portfolio_id),
    }));
  }

  /** The shares the account's deliveries left it holding or owing, less what it sold or bought back since (holding-book.ts). */
  const holdingBook = createHoldingBook({ clock, prices, funds });
  const holdings = (account: TradingAccount): Promise<HoldingRecord[]> => holdingBook.holdings(db, account);
  const holdingTrades = (account: TradingAccount): Promise<HoldingTradeRecord[]> => holdingBook.trades(db, account);
  const holdingOrders = (account: TradingAccount, day: string, since: Date | null): Promise<HoldingTradeRecord[]> => holdingBook.tradesOn(db, account, day, since);
  const tradeHolding = (account: TradingAccount, order: HoldingOrder, key: string) => db.transaction((tx) => holdingBook.trade(tx, account, order, key));

  async function catchUp(now: Date): Promise<{ squaredOff: number; settled: number }> {
    const squaredOff = await missedCutOffs.squareOffMissed(now);
    return { squaredOff, settled: await settlement.settleExpired(now) };
  }

  return { prices, books, funds, delivery, plans, entry, changes, exits, pass, catchUp, positionDeliveries, deliveries, holdings, holdingTrades, holdingOrders, tradeHolding };
}

export type PaperMarket = ReturnType<typeof createPaperMarket>;
