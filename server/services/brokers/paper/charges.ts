// What an executed order costs, from the effective-dated charge_rates table (migration 006), in exact
// integer paise: rates are read as decimal text and applied with BigInt, rounded half up to the paisa
// per component. Brokerage is per executed order (the order's first fill carries it): flat for options, a rate
// of the order's value capped at that flat charge for futures (Zerodha's "0.03% or ₹20, whichever is lower");
// STT is on the sell side, stamp duty on the buy side, exchange charges and SEBI fees on both; GST is on
// brokerage, exchange charges, SEBI fees and the broker's call-and-trade charge together. Each segment has its
// rows (migration 120): an option's rates apply to its premium, a future's to its value.
import type { Queryable } from '../../../db/database.ts';

export type ChargeRates = {
  brokeragePerOrderPaise: number;
  /** A fraction of the order's value charged as brokerage, capped at brokeragePerOrderPaise (futures); null: the flat charge. */
  brokerageRate: string | null;
  sttSell: string;
  exchange: string;
  sebi: string;
  gst: string;
  stampBuy: string;
  sttExercise: string;
  /** The broker's call-and-trade charge on each order it places to square off an MIS position at the cut-off. */
  autoSquareOffPerOrderPaise: number;
  /** Brokerage per settlement order of a position settled in the money at expiry (exercised or assigned). */
  exerciseBrokeragePerOrderPaise: number;
  /** Exchange transaction charge, SEBI fee and stamp duty on the settlement value (each side; zero where not levied). */
  exerciseExchange: string;
  exerciseSebi: string;
  exerciseStamp: string;
};

export type Charges = {
  brokerage: number;
  stt: number;
  exchange: number;
  sebi: number;
  gst: number;
  stamp: number;
  /** Zerodha's ₹50 call-and-trade charge on an order its risk desk placed (the MIS square-off); GST on it is in `gst`. */
  callAndTrade: number;
};

export const noCharges: Charges = { brokerage: 0, stt: 0, exchange: 0, sebi: 0, gst: 0, stamp: 0, callAndTrade: 0 };

/** `amountPaise × rate` rounded half up to the paisa, exactly (rate is decimal text such as "0.0003553"). */
export function applyRate(amountPaise: number, rate: string): number {
  if (!/^\d+(\.\d+)?$/.test(rate)) throw new Error(`Not a rate: ${rate}`);
  // Stryker disable next-line StringLiteral: equivalent for `whole`: split() always yields a first element, so its default never applies; `fraction`'s is tested by whole-number rates (charge-arithmetic.test.ts).
  const [whole = '0', fraction = ''] = rate.split('.');
  const scale = 10n ** BigInt(fraction.length);
  const scaled = BigInt(whole + fraction);
  const product = BigInt(amountPaise) * scaled;
  return Number((product * 2n + scale) / (2n * scale));
}

/** Two sets of charges added kind by kind (several orders' together). */
export function addCharges(a: Charges, b: Charges): Charges {
  return {
    brokerage: a.brokerage + b.brokerage,
    stt: a.stt + b.stt,
    exchange: a.exchange + b.exchange,
    sebi: a.sebi + b.sebi,
    gst: a.gst + b.gst,
    stamp: a.stamp + b.stamp,
    callAndTrade: a.callAndTrade + b.callAndTrade,
  };
}

export function totalCharges(charges: Charges): number {
  return charges.brokerage + charges.stt + charges.exchange + charges.sebi + charges.gst + charges.stamp + charges.callAndTrade;
}

/** The charges on one fill of `quantity` units at `pricePaise`; `firstFill` carries the order's brokerage. */
export function fillCharges(rates: ChargeRates, side: 'BUY' | 'SELL', quantity: number, pricePaise: number, firstFill: boolean): Charges {
  const turnover = quantity * pricePaise;
  const brokerage = !firstFill ? 0 : rates.brokerageRate === null ? rates.brokeragePerOrderPaise : Math.min(rates.brokeragePerOrderPaise, applyRate(turnover, rates.brokerageRate));
  const exchange = applyRate(turnover, rates.exchange);
  const sebi = applyRate(turnover, rates.sebi);
  return {
    brokerage,
    stt: side === 'SELL' ? applyRate(turnover, rates.sttSell) : 0,
    exchange,
    sebi,
    gst: applyRate(brokerage + exchange + sebi, rates.gst),
    stamp: side === 'BUY' ? applyRate(turnover, rates.stampBuy) : 0,
    callAndTrade: 0,
  };
}

/**
 * A fill of an order the broker placed itself to square off an MIS position at the cut-off: the order's
 * charges plus the call-and-trade charge on its first fill, with GST on that charge as well.
 */
export function autoSquareOffCharges(rates: ChargeRates, side: 'BUY' | 'SELL', quantity: number, pricePaise: number, firstFill: boolean): Charges {
  const charges = fillCharges(rates, side, quantity, pricePaise, firstFill);
  if (!firstFill) return charges;
  const callAndTrade = rates.autoSquareOffPerOrderPaise;
  return { ...charges, callAndTrade, gst: applyRate(charges.brokerage + charges.exchange + charges.sebi + callAndTrade, rates.gst) };
}

/** The charges on an order's fill (fills are whole: its first and only one), by why it was placed. */
export function orderFillCharges(rates: ChargeRates, purpose: string, side: 'BUY' | 'SELL', quantity: number, pricePaise: number): Charges {
  // The broker's own MIS square-off is a call-and-trade order: it carries Zerodha's ₹50 + GST on top.
  return (purpose === 'auto_squareoff' ? autoSquareOffCharges : fillCharges)(rates, side, quantity, pricePaise, true);
}

/**
 * What a position settled at expiry pays, line by line as the contract note shows it, every rate read from
 * the effective-dated data (migration 030 gives the sources). In the money: brokerage per settlement order
 * (one per freeze quantity, as Zerodha counts them), the exchange transaction charge, SEBI fee and stamp duty
 * on the settlement value (quantity × intrinsic value; none of them levied on cash-settled index options
 * today, so their rates are 0), GST on brokerage + exchange + SEBI, and for a bought option exercised STT on
 * the settlement value. Out of the money it expires for nothing.
 */
export function expiryCharges(rates: ChargeRates, position: { long: boolean; quantity: number; intrinsicPaise: number; freezeQuantity: number }): Charges {
  if (position.intrinsicPaise <= 0) return noCharges;
  const orders = Math.ceil(position.quantity / Math.max(1, position.freezeQuantity));
  const settlementValue = position.quantity * position.intrinsicPaise;
  const brokerage = orders * rates.exerciseBrokeragePerOrderPaise;
  const exchange = applyRate(settlementValue, rates.exerciseExchange);
  const sebi = applyRate(settlementValue, rates.exerciseSebi);
  return {
    brokerage,
    stt: position.long ? applyRate(settlementValue, rates.sttExercise) : 0,
    exchange,
    sebi,
    gst: applyRate(brokerage + exchange + sebi, rates.gst),
    stamp: applyRate(settlementValue, rates.exerciseStamp),
    callAndTrade: 0,
  };
}

type RateRow = {
  brokerage_per_order_paise: string;
  brokerage_rate: string | null;
  stt_sell_rate: string;
  exchange_rate: string;
  sebi_rate: string;
  gst_rate: string;
  stamp_buy_rate: string;
  stt_exercise_rate: string;
  auto_squareoff_per_order_paise: string;
  exercise_brokerage_per_order_paise: string;
  exercise_exchange_rate: string;
  exercise_sebi_rate: string;
  exercise_stamp_rate: string;
};

/** Postgres prints numeric(10, 8) with trailing zeros: "0.00150000" reads as "0.0015". */
function rateText(value: string): string {
  // Stryker disable next-line StringLiteral: equivalent today: every rate column is numeric(10, 8), which both drivers print with its decimal point; the check keeps a whole number's zeros ("10") if one ever is not.
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** Options (index and stock) or futures (index and stock): the segments charge_rates dates separately. */
export type ChargeKind = 'OPT' | 'FUT';

/** A contract's segment, read off its tradingsymbol: a future's ends in FUT (market/tradingsymbol.ts), an option's in CE or PE. */
export const chargeKindOf = (tradingsymbol: string): ChargeKind => (tradingsymbol.endsWith('FUT') ? 'FUT' : 'OPT');

/** The rates in force on an IST date for an exchange's (NFO or BFO) options or futures. */
export async function chargeRatesOn(db: Queryable, exchange: 'NFO' | 'BFO', istDay: string, kind: ChargeKind = 'OPT'): Promise<ChargeRates> {
  const { rows } = await db.query<RateRow>(
    `SELECT brokerage_per_order_paise, brokerage_rate, stt_sell_rate, exchange_rate, sebi_rate, gst_rate, stamp_buy_rate, stt_exercise_rate, auto_squareoff_per_order_paise,
       exercise_brokerage_per_order_paise, exercise_exchange_rate, exercise_sebi_rate, exercise_stamp_rate
     FROM charge_rates WHERE segment = $1 AND effective_from <= $2::date ORDER BY effective_from DESC LIMIT 1`,
    [`${exchange}-${kind}`, istDay],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`charge_rates has no ${exchange}-${kind} row in force on ${istDay}`);
  return {
    brokeragePerOrderPaise: Number(row.brokerage_per_order_paise),
    brokerageRate: row.brokerage_rate === null ? null : rateText(String(row.brokerage_rate)),
    sttSell: rateText(String(row.stt_sell_rate)),
    exchange: rateText(String(row.exchange_rate)),
    sebi: rateText(String(row.sebi_rate)),
    gst: rateText(String(row.gst_rate)),
    stampBuy: rateText(String(row.stamp_buy_rate)),
    sttExercise: rateText(String(row.stt_exercise_rate)),
    autoSquareOffPerOrderPaise: Number(row.auto_squareoff_per_order_paise),
    exerciseBrokeragePerOrderPaise: Number(row.exercise_brokerage_per_order_paise),
    exerciseExchange: rateText(String(row.exercise_exchange_rate)),
    exerciseSebi: rateText(String(row.exercise_sebi_rate)),
    exerciseStamp: rateText(String(row.exercise_stamp_rate)),
  };
}
