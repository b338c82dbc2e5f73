// The simulated stocks and the futures' cost of carry as data (migration 116: stock_simulation and futures_carry_rates,
// each row dated and sourced), read once: they change only with a migration.
import type { Queryable } from '../../../db/database.ts';
import { contractExpiryMs, type TradingCalendar } from '../trading-calendar.ts';
import type { SimulationParams } from '../simulator.ts';
import type { StockPathModel } from './stock-path.ts';
import { stockOiSizing, type StockOiSizing } from './stock-quotes.ts';

export type StockModel = StockPathModel & {
  strikeStep: number;
  /** The reference close's day (YYYY-MM-DD): the path starts at that session's close. */
  referenceDate: string;
  /** Its open interest sized on NSE's combined OI figures (migration 143); null for a stock the file does not name. */
  oiSizing: StockOiSizing | null;
};

export type CarryRate = { effectiveFrom: string; rate: number; source: string };

/**
 * The smile a stock's options price on: its own volatility, the at-the-money implied 5 % over it (the same premium
 * over realised the indices carry), a flatter put skew than the indices' (-0.30 against NIFTY's -0.60: single stocks
 * crash less often together) and the indices' wing curvature. The model's choice (docs/market-model.md).
 */
export function stockSmile(model: Pick<StockModel, 'volatility'>, carry: number): SimulationParams {
  return { volatility: model.volatility, atmVolatility: model.volatility * 1.05, skew: -0.3, curvature: 2.5, rate: carry };
}

/** The carry rate in force on `day`: the latest row on or before it, else the earliest. */
export function carryOn(rates: readonly CarryRate[], day: string): number {
  let found = rates[0];
  if (found === undefined) throw new Error('futures_carry_rates has no row');
  for (const row of rates) if (row.effectiveFrom <= day) found = row;
  return found.rate;
}

export async function loadStockModels(q: Queryable, calendar: TradingCalendar): Promise<Map<string, StockModel>> {
  const { rows } = await q.query<{
    symbol: string;
    reference_close: string;
    reference_date: string;
    volatility: string;
    strike_step: number;
    open_interest: string | null;
    future_equivalent_oi: string | null;
  }>(
    `SELECT symbol, reference_close, to_char(reference_date, 'YYYY-MM-DD') AS reference_date, volatility, strike_step, open_interest, future_equivalent_oi
     FROM stock_simulation ORDER BY symbol`,
  );
  return new Map(
    rows.map((row) => {
      const volatility = Number(row.volatility);
      const price = Number(row.reference_close);
      const nse = row.open_interest === null || row.future_equivalent_oi === null ? null : { openInterest: Number(row.open_interest), futureEquivalent: Number(row.future_equivalent_oi) };
      const model: StockModel = {
        symbol: row.symbol,
        referencePaise: Math.round(price * 100),
        referenceDate: row.reference_date,
        // The close of the reference day's session.
        referenceMs: contractExpiryMs(calendar, row.reference_date),
        volatility,
        strikeStep: row.strike_step,
        // Sized at the at-the-money volatility its options price on (stockSmile).
        oiSizing: nse === null ? null : stockOiSizing({ price, volatility: stockSmile({ volatility }, 0).atmVolatility, strikeStep: row.strike_step }, nse),
      };
      return [row.symbol, model];
    }),
  );
}

export async function loadCarryRates(q: Queryable): Promise<CarryRate[]> {
  const { rows } = await q.query<{ effective_from: string; rate: string; source: string }>(
    `SELECT to_char(effective_from, 'YYYY-MM-DD') AS effective_from, rate, source FROM futures_carry_rates ORDER BY effective_from`,
  );
  return rows.map((row) => ({ effectiveFrom: row.effective_from, rate: Number(row.rate), source: row.source }));
}
