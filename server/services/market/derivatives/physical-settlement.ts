// Physical settlement of stock F&O (issue 63): an open stock future, and a stock option in the money, at expiry
// become a delivery of the shares (SEBI, all stock F&O since the October 2019 expiry), not a cash difference as for
// an index. What a position will owe at expiry, and the margin the broker asks to carry it there in the last days,
// from the dated schedule (physical_delivery_margins, migration 122):
// - the obligation: a long future or long ITM call, or a short ITM put, receives the shares (pays for them); a short
//   future or short ITM call, or a long ITM put, delivers them. A future settles at the final settlement price, an
//   exercised option at its strike. Shares: the position's quantity (lots × the contract's lot).
// - the margin: from four trading days before expiry for a long ITM option (a share of the stock's VaR + ELM + ad
//   hoc margin, then of the contract value), on the expiry day for futures and short options.
// A figure that needs what is not known (the exchange's VaR rate of the stock, a position's NRML margin) is null,
// never guessed. Days are the exchange's trading days (a holiday in the last week moves E-4 earlier).
import type { Queryable } from '../../../db/database.ts';
import { addDays, isTradingDay, type TradingCalendar } from '../trading-calendar.ts';
import type { ContractKind } from '../tradingsymbol.ts';

/** The trading days before expiry from which a physically settled position shows what it will owe. */
export const deliveryWindowDays = 4;

export type DeliveryPosition = {
  kind: ContractKind;
  /** Rupees; null for a future. */
  strike: number | null;
  /** Signed shares: bought positive, sold negative. */
  quantity: number;
};

export type DeliveryObligation = {
  direction: 'receive' | 'deliver';
  shares: number;
  /** What a share is settled at: the strike for an option, the settlement (or the latest) price for a future. */
  pricePaise: number;
  valuePaise: number;
};

export type DeliveryMarginRow = {
  expiringFrom: string;
  position: 'long_itm_option' | 'future_or_short_option';
  daysBefore: number;
  basis: 'var_elm_adhoc' | 'contract_value' | 'contract_value_capped_nrml';
  percent: number;
  nrmlMultiple: number | null;
  source: string;
};

/**
 * What `position` delivers or receives if held to expiry with the underlying at `underlyingPaise` (its price now,
 * or the final settlement price): null when nothing changes hands (no quantity, or an option out of or at the money).
 */
export function deliveryObligation(position: DeliveryPosition, underlyingPaise: number): DeliveryObligation | null {
  const { kind, quantity } = position;
  if (quantity === 0) return null;
  const shares = Math.abs(quantity);
  const long = quantity > 0;
  if (kind === 'FUT') return { direction: long ? 'receive' : 'deliver', shares, pricePaise: underlyingPaise, valuePaise: shares * underlyingPaise };
  if (position.strike === null) throw new Error(`an option without a strike: ${kind}`);
  const strikePaise = Math.round(position.strike * 100);
  const inTheMoney = kind === 'CE' ? underlyingPaise > strikePaise : underlyingPaise < strikePaise;
  if (!inTheMoney) return null;
  // A call exercised buys the shares at the strike, a put sells them: the buyer of a call and the writer of a put receive.
  const receives = (kind === 'CE') === long;
  return { direction: receives ? 'receive' : 'deliver', shares, pricePaise: strikePaise, valuePaise: shares * strikePaise };
}

/** Trading days from `day` to `expiry` (0 on the expiry day; null once it has passed). Counts at most a year ahead. */
export function tradingDaysToExpiry(calendar: TradingCalendar, day: string, expiry: string): number | null {
  if (expiry < day) return null;
  let count = 0;
  for (let date = day; date < expiry && count <= 366; ) {
    date = addDays(date, 1);
    if (isTradingDay(calendar, date)) count += 1;
  }
  return count;
}

/** The schedule of `exchange`, oldest first. */
export async function loadDeliveryMargins(q: Queryable, exchange = 'NSE'): Promise<DeliveryMarginRow[]> {
  const { rows } = await q.query<{ expiring_from: string; position: DeliveryMarginRow['position']; days_before: number; basis: DeliveryMarginRow['basis']; percent: string; nrml_multiple: string | null; source: string }>(
    `SELECT to_char(expiring_from, 'YYYY-MM-DD') AS expiring_from, position, days_before, basis, percent, nrml_multiple, source
     FROM physical_delivery_margins WHERE exchange = $1 ORDER BY expiring_from, position, days_before DESC`,
    [exchange],
  );
  return rows.map((row) => ({
    expiringFrom: row.expiring_from,
    position: row.position,
    daysBefore: Number(row.days_before),
    basis: row.basis,
    percent: Number(row.percent),
    nrmlMultiple: row.nrml_multiple === null ? null : Number(row.nrml_multiple),
    source: row.source,
  }));
}

/**
 * The schedule's row for a contract expiring on `expiry`, `daysBefore` trading days ahead: of the latest schedule
 * in force for that expiry, the row of that day or, without one, of the nearest day before it in the schedule.
 * Null: no delivery margin asked that day (too far from expiry, a position the schedule does not raise, or an
 * expiry before any schedule here).
 */
export function deliveryMarginRule(rows: readonly DeliveryMarginRow[], expiry: string, position: DeliveryMarginRow['position'], daysBefore: number): DeliveryMarginRow | null {
  let schedule: string | null = null;
  for (const row of rows) if (row.expiringFrom <= expiry && (schedule === null || row.expiringFrom > schedule)) schedule = row.expiringFrom;
  if (schedule === null) return null;
  let found: DeliveryMarginRow | null = null;
  for (const row of rows) {
    if (row.expiringFrom !== schedule || row.position !== position || row.daysBefore < daysBefore) continue;
    if (found === null || row.daysBefore < found.daysBefore) found = row;
  }
  return found;
}

export type DeliveryOutlook = {
  /** Trading days to expiry: 0 (the expiry day) to deliveryWindowDays. */
  daysToExpiry: number;
  /** What the position owes if held to expiry at the underlying's price now (null: nothing, out of the money). */
  obligation: DeliveryObligation | null;
  /** The delivery margin the broker asks today, the rule it comes from, or null (none asked today). */
  margin: { paise: number | null; rule: DeliveryMarginRow } | null;
};

export type DeliveryInputs = {
  calendar: TradingCalendar;
  schedule: readonly DeliveryMarginRow[];
  /** The IST date. */
  day: string;
  expiry: string;
  /** The underlying's price now. */
  underlyingPaise: number;
  /** The stock's VaR + ELM + ad hoc margin rate, in percent of the contract value, where known. */
  varElmAdhocPercent: number | null;
  /** The position's NRML (SPAN + exposure) margin, where known. */
  nrmlMarginPaise: number | null;
};

/**
 * A physically settled position's outlook on `day`: null outside the last `deliveryWindowDays` trading days before
 * its expiry (and after it). The contract value the percentages apply to is the shares at the underlying's price.
 */
export function deliveryOutlook(position: DeliveryPosition, inputs: DeliveryInputs): DeliveryOutlook | null {
  const daysToExpiry = tradingDaysToExpiry(inputs.calendar, inputs.day, inputs.expiry);
  if (daysToExpiry === null || daysToExpiry > deliveryWindowDays || position.quantity === 0) return null;
  const obligation = deliveryObligation(position, inputs.underlyingPaise);
  const longOption = position.kind !== 'FUT' && position.quantity > 0;
  // A long option out of the money owes nothing and is asked for nothing; it is asked again if it turns in the money.
  if (longOption && obligation === null) return { daysToExpiry, obligation, margin: null };
  const rule = deliveryMarginRule(inputs.schedule, inputs.expiry, longOption ? 'long_itm_option' : 'future_or_short_option', daysToExpiry);
  if (rule === null) return { daysToExpiry, obligation, margin: null };
  const contractValuePaise = Math.abs(position.quantity) * inputs.underlyingPaise;
  return { daysToExpiry, obligation, margin: { paise: marginPaise(rule, contractValuePaise, inputs), rule } };
}

function marginPaise(rule: DeliveryMarginRow, contractValuePaise: number, { varElmAdhocPercent, nrmlMarginPaise }: DeliveryInputs): number | null {
  const share = (paise: number, percent: number) => Math.round((paise * percent) / 100);
  switch (rule.basis) {
    case 'contract_value':
      return share(contractValuePaise, rule.percent);
    case 'var_elm_adhoc':
      // A share of a share, rounded once: 10% of a 15.4% margin is 1.54% of the contract value.
      return varElmAdhocPercent === null ? null : Math.round((contractValuePaise * varElmAdhocPercent * rule.percent) / 10_000);
    case 'contract_value_capped_nrml':
      if (nrmlMarginPaise === null) return null;
      return Math.max(nrmlMarginPaise, Math.min(share(contractValuePaise, rule.percent), Math.round(nrmlMarginPaise * rule.nrmlMultiple!)));
  }
}

/**
 * The market facts screen's words for a schedule row (`detail`, one message each in the app): the position, the
 * day and what the percentage is of.
 */
export function deliveryMarginDetail(row: Pick<DeliveryMarginRow, 'position' | 'basis' | 'daysBefore'>): string {
  const of = row.basis === 'var_elm_adhoc' ? 'var' : 'value';
  return row.position === 'long_itm_option' ? `delivery_long_itm_${of}_e${row.daysBefore}` : `delivery_future_short_e${row.daysBefore}`;
}

/** The schedule in force for contracts expiring on `day`: the latest begun by then. */
export function deliveryScheduleOn(rows: readonly DeliveryMarginRow[], day: string): DeliveryMarginRow[] {
  const latest = rows.reduce<string | null>((found, row) => (row.expiringFrom <= day && (found === null || row.expiringFrom > found) ? row.expiringFrom : found), null);
  return rows.filter((row) => row.expiringFrom === latest);
}
