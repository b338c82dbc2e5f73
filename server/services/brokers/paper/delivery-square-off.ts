// The paper broker's risk desk for deliveries to come (issue 63), as Zerodha's "policy on the physical settlement of
// equity derivatives on expiry" (Zerodha support) describes a broker's: a position that will settle by delivery needs
// more margin as its expiry comes near (delivery-rules.ts), and an account that cannot fund it is told, then the
// position is squared off on the expiry day before the close.
//
// - The notice: from four trading days before expiry, on each pass of a minute, an account whose available funds
//   would not cover the expiry day's delivery margin of its positions at today's prices is warned, once a day per
//   position, in the alerts feed (and by push): what the position will deliver, the margin it will need, the
//   shortfall and when it will be squared off.
// - The square-off: on the expiry day, from the broker's square-off time while the exchange trades, the account's
//   expiring physically settled positions that ask a delivery margin are closed at market (tag DELIVERY-SQOFF) if its
//   available funds are below zero, and the trader is told. Zerodha's policy says such positions may be squared off
//   on the expiry day and gives no time; none of the sources read here does. The paper broker uses its MIS square-off
//   of the day (15:25 IST on a regular day, session-square-off.ts, Zerodha's intraday F&O time): the paper broker's
//   choice, said so in docs/market-model.md. Each square-off order costs the call-and-trade charge of an order the
//   broker's desk places (purpose auto_squareoff), as the MIS square-off's.
import type { Database, Queryable, Read } from '../../../db/database.ts';
import { recordAlerts, type NewAlert } from '../../alerts/alert-log.ts';
import { clockMinutes, istDate, istMinutes } from '../../market/ist.ts';
import { addDays } from '../../market/trading-calendar.ts';
import { said } from '../../texts/said.ts';
import type { TradingAccount } from '../broker-trading.ts';
import type { Books, OpenLeg } from './books.ts';
import { expired } from './contracts.ts';
import type { DeliveryRules } from './delivery-rules.ts';
import type { Exits } from './exits.ts';
import type { PaperFunds } from './funds.ts';
import { inScope, type MarketScope } from './market-scope.ts';
import { lockAccount } from './order-rows.ts';
import { toRupees } from './paise.ts';
import type { PriceSource } from './price-source.ts';
import type { SessionSquareOff } from './session-square-off.ts';

type Options = { db: Database; prices: PriceSource; books: Books; funds: PaperFunds; exits: Exits; scope: MarketScope; delivery: DeliveryRules; squareOffs: SessionSquareOff };

/** One leg's delivery figures: the margin asked today and on the expiry day (on top of NRML), what it delivers. */
type LegDelivery = { leg: OpenLeg; daysToExpiry: number; extraNowPaise: number; extraAtExpiryPaise: number; side: 'BUY' | 'SELL' | null; shares: number; pricePaise: number; valuePaise: number };

export const deliverySquareOffTag = 'DELIVERY-SQOFF';

export function createDeliverySquareOff({ db, prices, books, funds, exits, scope, delivery, squareOffs }: Options) {
  let lastMinute = -1;

  /** The account's physically settled legs in their last four trading days, with their figures. */
  async function legsAhead(q: Queryable, accountId: number, now: Date): Promise<LegDelivery[]> {
    const found: LegDelivery[] = [];
    for (const leg of await books.openLegs(q, accountId, now)) {
      if (expired(leg.contract, now) || !(await delivery.settlesByDelivery(q, leg.contract))) continue;
      const days = await delivery.daysToExpiry(q, now, leg.contract.expiry);
      if (days === null || days > delivery.windowDays) continue;
      const nrmlPaise = await funds.marginFor(q, [leg], now);
      const underlyingPaise = await prices.spotPaise(leg.contract.index, q);
      const outlook = await delivery.positionDelivery(q, { contract: leg.contract, quantity: leg.quantity, underlyingPaise, now, nrmlPaise });
      if (outlook === null) continue;
      const longOption = leg.contract.kind !== 'FUT' && leg.quantity > 0;
      const extra = (paise: number | null) => (paise === null ? 0 : longOption ? paise : Math.max(0, paise - nrmlPaise));
      const last = outlook.days.at(-1);
      const { obligation } = outlook;
      found.push({
        leg,
        daysToExpiry: outlook.daysToExpiry,
        extraNowPaise: extra(outlook.marginNowPaise),
        extraAtExpiryPaise: extra(last?.marginPaise ?? null),
        side: obligation === null ? null : obligation.direction === 'receive' ? 'BUY' : 'SELL',
        shares: obligation?.shares ?? 0,
        pricePaise: obligation?.pricePaise ?? 0,
        valuePaise: obligation?.valuePaise ?? 0,
      });
    }
    return found;
  }

  /** The accounts holding physically settled contracts near their expiry. */
  function accountsRead(now: Date): Read {
    const today = istDate(now);
    // Four trading days are at most about ten calendar days (a week end and holidays between); the rules count them exactly.
    return [
      `SELECT DISTINCT a.id AS broker_account_id, a.account_number, a.capital, a.user_id
       FROM paper_positions p JOIN broker_accounts a ON a.id = p.broker_account_id
       JOIN instruments i ON i.instrument_token = p.instrument_token JOIN underlyings u ON u.symbol = i.name AND u.settlement = 'physical'
       WHERE p.quantity <> 0 AND i.expiry BETWEEN $1::date AND $2::date AND ${inScope('p.broker_account_id', 3)}`,
      [today, addDays(today, 14), scope.feedAccountId],
    ];
  }

  /** Once a minute: warn the accounts that cannot fund their deliveries, and square off on the expiry day from the broker's time. */
  async function pass(now: Date): Promise<number> {
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute === lastMinute) return 0;
    lastMinute = minute;
    const today = istDate(now);
    const { rows } = await db.query<{ broker_account_id: number; account_number: string; capital: string; user_id: number }>(...accountsRead(now));
    if (rows.length === 0) return 0;
    const squareOffTime = await squareOffs.at(now, db);
    const squareOffDue = istMinutes(now) >= clockMinutes(squareOffTime) && (await prices.marketOpen('NFO', now, db));
    let squaredOff = 0;
    for (const row of rows) {
      const account: TradingAccount = { id: row.broker_account_id, accountNumber: row.account_number, capitalPaise: Math.round(Number(row.capital) * 100) };
      squaredOff += await db.transaction(async (tx) => {
        await lockAccount(tx, account.id);
        const ahead = (await legsAhead(tx, account.id, now)).filter((leg) => leg.extraAtExpiryPaise > 0);
        if (ahead.length === 0) return 0;
        const { availablePaise } = await funds.fundsAt(tx, account, now);
        // What the account will lack on the expiry day at today's prices: the margins still to rise, against what is free.
        const shortfallPaise = availablePaise - ahead.reduce((sum, leg) => sum + leg.extraAtExpiryPaise - leg.extraNowPaise, 0);
        if (shortfallPaise >= 0) return 0;
        const alerts: NewAlert[] = [];
        const expiring = ahead.filter((leg) => leg.daysToExpiry === 0);
        const closing = squareOffDue ? expiring : [];
        for (const leg of ahead) {
          if (closing.includes(leg)) continue;
          alerts.push(warning(row.user_id, account.id, leg, shortfallPaise, squareOffTime, today, now));
        }
        if (closing.length > 0) {
          await exits.closeLegs(tx, account, closing.map((leg) => leg.leg), { tag: deliverySquareOffTag, purpose: 'auto_squareoff' }, now);
          for (const leg of closing) alerts.push(squaredOffAlert(row.user_id, account.id, leg, today, now));
        }
        await recordAlerts(tx, alerts);
        return closing.length;
      });
    }
    return squaredOff;
  }

  const keyOf = (leg: LegDelivery) => `${leg.leg.contract.instrumentToken}:${leg.leg.portfolioId ?? ''}:${leg.leg.product}`;

  function warning(userId: number, accountId: number, leg: LegDelivery, shortfallPaise: number, time: string, today: string, now: Date): NewAlert {
    const { contract } = leg.leg;
    const params = {
      tradingsymbol: contract.tradingsymbol,
      side: leg.side ?? 'BUY',
      shares: leg.shares,
      symbol: contract.index,
      price: toRupees(leg.pricePaise),
      margin: toRupees(leg.extraAtExpiryPaise),
      shortfall: toRupees(-shortfallPaise),
      expiry: contract.expiry,
      time,
    };
    const action = leg.side === 'SELL' ? 'deliver' : 'receive';
    return {
      userId,
      accountId,
      category: 'order',
      event: 'delivery_margin_call',
      severity: 'warning',
      title: said('delivery.margin_call_title', { tradingsymbol: contract.tradingsymbol }, `Delivery margin short on ${contract.tradingsymbol}`),
      body: said(
        'delivery.margin_call',
        params,
        `Held to expiry, ${contract.tradingsymbol} will ${action} ${leg.shares} ${contract.index} at ${params.price}: it needs ₹${params.margin} of delivery margin by its expiry on ${contract.expiry}, and the account is ₹${params.shortfall} short. Add funds or close it, or it will be squared off at ${time} on ${contract.expiry}.`,
      ),
      link: '/app/position',
      at: now,
      dedupeKey: `delivery-warning:${accountId}:${keyOf(leg)}:${today}`,
    };
  }

  function squaredOffAlert(userId: number, accountId: number, leg: LegDelivery, today: string, now: Date): NewAlert {
    const { contract } = leg.leg;
    return {
      userId,
      accountId,
      category: 'order',
      event: 'delivery_squared_off',
      severity: 'danger',
      title: said('delivery.squared_off_title', { tradingsymbol: contract.tradingsymbol }, `${contract.tradingsymbol} squared off`),
      body: said(
        'delivery.squared_off',
        { tradingsymbol: contract.tradingsymbol, expiry: contract.expiry },
        `${contract.tradingsymbol} was squared off before its expiry on ${contract.expiry}: the account could not fund its delivery margin.`,
      ),
      link: '/app/position',
      at: now,
      dedupeKey: `delivery-squared-off:${accountId}:${keyOf(leg)}:${today}`,
    };
  }

  // The pass's read (paper-market.ts asks it ahead), when the pass will read this minute.
  return { pass, passReads: (now: Date): Read[] => (Math.floor(now.getTime() / 60_000) === lastMinute ? [] : [accountsRead(now)]) };
}
