// The paper broker's reading of physical settlement (issue 63): which contracts settle by delivery (a stock's, from
// the underlyings table; an index's settle in cash), what a held position will owe at expiry and the delivery margin
// it needs today and on each trading day left (services/market/derivatives/physical-settlement.ts, the schedule of
// migration 122), and the charges of a delivery (delivery_charge_rates, migration 123). The reference data changes
// only with a migration, so each is read once.
//
// The schedule's early steps are shares of the stock's VaR + ELM + ad hoc margin, the exchange's daily rates, which
// are not held here. The paper broker uses its own equivalent: the stock's margin parameters (price scan + exposure
// rate, stock_simulation, migration 116, a placeholder of the model's): a paper figure, never shown as the exchange's.
import type { Queryable } from '../../../db/database.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { deliveryOutlook, deliveryWindowDays, loadDeliveryMargins, tradingDaysToExpiry, type DeliveryObligation } from '../../market/derivatives/physical-settlement.ts';
import { istDate } from '../../market/ist.ts';
import { addDays, isTradingDay } from '../../market/trading-calendar.ts';
import { applyRate } from './charges.ts';
import type { Contract, Contracts } from './contracts.ts';
import { keptRead } from '../../kept-read.ts';

export type DeliveryDay = { date: string; daysToExpiry: number; marginPaise: number | null };

/** A physically settled position's outlook in its last trading days, as the positions API shows it. */
export type PositionDelivery = {
  daysToExpiry: number;
  /** What it owes if held to expiry at the underlying's price now (null: nothing, an option out of the money). */
  obligation: DeliveryObligation | null;
  /** The delivery margin asked today (null: none today, or not known). */
  marginNowPaise: number | null;
  /** The delivery margin on each trading day left, today first, at the underlying's price now. */
  days: DeliveryDay[];
};

export type DeliveryCharges = { sttPaise: number; stampPaise: number };

type Inputs = { contract: Contract; quantity: number; underlyingPaise: number; now: Date; nrmlPaise: number | null };

export function createDeliveryRules({ contracts }: { contracts: Contracts }) {
  const physicalOf = keptRead(
    async (q) => new Set((await q.query<{ symbol: string }>(`SELECT symbol FROM underlyings WHERE settlement = 'physical'`)).rows.map((row) => row.symbol)),
  );
  const scheduleOf = keptRead((q) => loadDeliveryMargins(q));
  const calendarOf = keptRead((q) => loadTradingCalendar(q, 'NSE'));

  /** Whether the contract settles by delivery: a stock's future or option (an index's settle in cash). */
  async function settlesByDelivery(q: Queryable, contract: Pick<Contract, 'index'>): Promise<boolean> {
    return (await physicalOf(q)).has(contract.index);
  }

  /** Trading days from `now`'s IST day to `expiry` (0 on the expiry day; null after it). */
  async function daysToExpiry(q: Queryable, now: Date, expiry: string): Promise<number | null> {
    return tradingDaysToExpiry(await calendarOf(q), istDate(now), expiry);
  }

  /** The stock's VaR + ELM + ad hoc rate as the paper broker has it: its margin parameters' price scan + exposure, in percent. */
  async function varElmPercent(q: Queryable, contract: Contract, day: string): Promise<number> {
    const params = await contracts.marginParams(q, contract.index, day);
    // To four decimals of a percent, so 12 % + 3.5 % is 15.5, not its binary neighbour.
    return Math.round((params.priceScan + params.exposureRate) * 1_000_000) / 10_000;
  }

  /** The outlook of a physically settled position on the days left before its expiry; null outside the last four trading days. */
  async function positionDelivery(q: Queryable, { contract, quantity, underlyingPaise, now, nrmlPaise }: Inputs): Promise<PositionDelivery | null> {
    if (!(await settlesByDelivery(q, contract))) return null;
    const [rows, cal] = await Promise.all([scheduleOf(q), calendarOf(q)]);
    const today = istDate(now);
    const position = { kind: contract.kind, strike: contract.kind === 'FUT' ? null : contract.strike, quantity };
    const varElm = await varElmPercent(q, contract, today);
    const on = (day: string) => deliveryOutlook(position, { calendar: cal, schedule: rows, day, expiry: contract.expiry, underlyingPaise, varElmAdhocPercent: varElm, nrmlMarginPaise: nrmlPaise });
    const now_ = on(today);
    if (now_ === null) return null;
    const days: DeliveryDay[] = [];
    for (let day = today; day <= contract.expiry; day = addDays(day, 1)) {
      if (day !== today && !isTradingDay(cal, day)) continue;
      const outlook = on(day);
      if (outlook !== null) days.push({ date: day, daysToExpiry: outlook.daysToExpiry, marginPaise: outlook.margin?.paise ?? null });
    }
    return { daysToExpiry: now_.daysToExpiry, obligation: now_.obligation, marginNowPaise: now_.margin?.paise ?? null, days };
  }

  /**
   * What the paper broker blocks on top of a position's NRML margin today for its delivery: a bought option in the
   * money, the schedule's figure; a future or a sold option, what the expiry day's figure (never below NRML) adds to
   * its NRML margin. 0 outside the window, for an index contract, and where the figure is not known.
   */
  async function extraMarginPaise(q: Queryable, inputs: Inputs): Promise<number> {
    const delivery = await positionDelivery(q, inputs);
    if (delivery === null || delivery.marginNowPaise === null) return 0;
    const longOption = inputs.contract.kind !== 'FUT' && inputs.quantity > 0;
    return longOption ? delivery.marginNowPaise : Math.max(0, delivery.marginNowPaise - (inputs.nrmlPaise ?? 0));
  }

  const ratesCache = new Map<string, { stt: string; stampBuy: string }>();
  /** A delivery's STT (buyer and seller) and stamp duty (buyer), the rates in force on `day`. */
  async function deliveryCharges(q: Queryable, day: string, side: 'BUY' | 'SELL', valuePaise: number): Promise<DeliveryCharges> {
    let rates = ratesCache.get(day);
    if (rates === undefined) {
      const { rows } = await q.query<{ stt_rate: string; stamp_buy_rate: string }>(
        `SELECT stt_rate::text, stamp_buy_rate::text FROM delivery_charge_rates WHERE exchange = 'NSE' AND effective_from <= $1::date ORDER BY effective_from DESC LIMIT 1`,
        [day],
      );
      const row = rows[0];
      if (row === undefined) throw new Error(`delivery_charge_rates has no row in force on ${day}`);
      rates = { stt: trimRate(row.stt_rate), stampBuy: trimRate(row.stamp_buy_rate) };
      ratesCache.set(day, rates);
    }
    return { sttPaise: applyRate(valuePaise, rates.stt), stampPaise: side === 'BUY' ? applyRate(valuePaise, rates.stampBuy) : 0 };
  }

  return { settlesByDelivery, daysToExpiry, positionDelivery, extraMarginPaise, deliveryCharges, windowDays: deliveryWindowDays };
}

/** "0.00100000" → "0.001": applyRate takes any decimal text; trimmed only to keep it short. */
const trimRate = (rate: string) => (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate);

export type DeliveryRules = ReturnType<typeof createDeliveryRules>;
