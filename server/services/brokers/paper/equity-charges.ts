// What an equity delivery (CNC) trade costs on the paper broker (issue 63: selling delivered shares), from the dated
// rows of equity_delivery_charge_rates (migration 130, each with its source), in exact integer paise: STT on both
// sides, stamp duty on the buy, the exchange's charge and SEBI's fee on both, the DP charge once per stock per day
// sold from the demat account, GST on brokerage + exchange + SEBI + DP. Each component is rounded half up to the
// paisa, as the contract note does (charges.ts applyRate).
import type { Queryable } from '../../../db/database.ts';
import type { EquityCharges, Side } from '../broker-trading.ts';
import { applyRate } from './charges.ts';

export type EquityChargeRates = {
  brokeragePerOrderPaise: number;
  stt: string;
  stampBuy: string;
  exchange: string;
  sebi: string;
  gst: string;
  dpPerStockDayPaise: number;
};

/** The rates in force on an IST day; a day before the first row is an error (no trade is charged at a guess). */
export async function equityChargeRates(q: Queryable, day: string): Promise<EquityChargeRates> {
  const { rows } = await q.query<{ brokerage_per_order_paise: number; stt_rate: string; stamp_buy_rate: string; exchange_rate: string; sebi_rate: string; gst_rate: string; dp_per_stock_day_paise: number }>(
    `SELECT brokerage_per_order_paise, stt_rate::text, stamp_buy_rate::text, exchange_rate::text, sebi_rate::text, gst_rate::text, dp_per_stock_day_paise
     FROM equity_delivery_charge_rates WHERE exchange = 'NSE' AND effective_from <= $1::date ORDER BY effective_from DESC LIMIT 1`,
    [day],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`equity_delivery_charge_rates has no row in force on ${day}`);
  return {
    brokeragePerOrderPaise: Number(row.brokerage_per_order_paise),
    stt: row.stt_rate,
    stampBuy: row.stamp_buy_rate,
    exchange: row.exchange_rate,
    sebi: row.sebi_rate,
    gst: row.gst_rate,
    dpPerStockDayPaise: Number(row.dp_per_stock_day_paise),
  };
}

/**
 * The charges of one equity delivery trade of `valuePaise`. `firstSaleOfDay`: the stock's first sale from the demat
 * account that IST day, which alone pays the DP charge (the depository's debit is per stock and day, whatever the
 * quantity); a buy never does.
 */
export function equityCharges(rates: EquityChargeRates, side: Side, valuePaise: number, firstSaleOfDay: boolean): EquityCharges {
  const brokerage = rates.brokeragePerOrderPaise;
  const exchange = applyRate(valuePaise, rates.exchange);
  const sebi = applyRate(valuePaise, rates.sebi);
  const dp = side === 'SELL' && firstSaleOfDay ? rates.dpPerStockDayPaise : 0;
  return {
    brokerage,
    stt: applyRate(valuePaise, rates.stt),
    stamp: side === 'BUY' ? applyRate(valuePaise, rates.stampBuy) : 0,
    exchange,
    sebi,
    dp,
    gst: applyRate(brokerage + exchange + sebi + dp, rates.gst),
  };
}

export const totalOf = (charges: EquityCharges) => charges.brokerage + charges.stt + charges.stamp + charges.exchange + charges.sebi + charges.dp + charges.gst;
