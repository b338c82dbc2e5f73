// One market the paper broker trades on (issue 38): its books, funds, matching, entries, exits and
// settlement, priced by one PriceSource and serving one scope of accounts (market-scope.ts): the simulated
// market's accounts, or those on one live account's feed. The rules are the same code for every market;
// only the prices differ.
import type { Database } from '../../../db/database.ts';
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
import { sessionSquareOff } from './session-square-off.ts';

type PaperMarketOptions = { db: Database; clock: Clock; prices: PriceSource; contracts: Contracts; scope: MarketScope };

export function createPaperMarket({ db, clock, prices, contracts, scope }: PaperMarketOptions) {
  const books = createBooks({ db, clock, prices, contracts });
  const funds = createFunds({ db, clock, prices, contracts, books });
  const matching = createMatching({ db, prices, contracts, books, funds, scope });
  const plans = createOrderPlans({ clock, contracts, books });
  const entry = createOrderEntry({ clock, prices, contracts, books, funds, matching });
  const changes = createOrderChanges({ clock, prices, contracts, matching });
  const exits = createExits({ clock, contracts, books, entry });
  const settlement = createSettlement({ db, prices, contracts, books, exits, scope });
  /** Exits filled at another market's prices (the square-off the server missed, at the cut-off's). */
  const exitsPricedBy = (source: PriceSource) => {
    const pricedMatching = createMatching({ db, prices: source, contracts, books, funds });
    const pricedEntry = createOrderEntry({ clock, prices: source, contracts, books, funds, matching: pricedMatching });
    return createExits({ clock, contracts, books, entry: pricedEntry });
  };
  const missedCutOffs = createMissedCutOffs({ db, prices, books, exitsPricedBy, scope });
  /** The MIS square-off of the session a pass falls in: a special session's own, else 15:25. */
  const squareOffs = sessionSquareOff(prices);

  /** This market's share of the fill engine's pass (paper-trading.ts onTick says what each step is for). */
  async function pass(now: Date, fills: boolean, counts: FillCounts & { settled: number }): Promise<void> {
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
    counts.settled += await settlement.settleExpired(now);
  }

  async function catchUp(now: Date): Promise<{ squaredOff: number; settled: number }> {
    const squaredOff = await missedCutOffs.squareOffMissed(now);
    return { squaredOff, settled: await settlement.settleExpired(now) };
  }

  return { prices, books, funds, plans, entry, changes, exits, pass, catchUp };
}

export type PaperMarket = ReturnType<typeof createPaperMarket>;
