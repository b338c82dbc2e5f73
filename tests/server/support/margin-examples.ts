// Published margin figures the paper broker's SPAN-like model is calibrated on, and the model's figure for
// each: brokers' calculators (SPAN + exposure, as they block it) for NIFTY and BANKNIFTY positions. Each
// example's option volatilities are implied from the premiums it quotes; what the source does not state
// (the day, the time to expiry) is assumed and said so. The margin figures barely depend on it: 1 to 6 days
// out moves them under 1 %. Used by tests/server/trading/margin-calibration.test.ts and `npm run bench`.
import { impliedVolatility } from '../../../quant/implied-volatility.ts';
import { marketAssumptions } from '../../../quant/market-assumptions.ts';
import { forwardFromSpot, yearsToExpiry, type OptionKind } from '../../../quant/option-inputs.ts';
import type { Queryable } from '../../../server/db/database.ts';
import { futureAsSynthetic, underlyingMargin, type MarginParams } from '../../../server/services/brokers/paper/margin.ts';
import type { IndexName } from '../../../server/services/market/index-config.ts';

export type ExampleLeg = { side: 'BUY' | 'SELL'; kind: OptionKind; strike: number; premium: number };

export type MarginExample = {
  name: string;
  index: IndexName;
  /** When the figure was taken (assumed where the source does not say): the margin rules of that day apply. */
  at: string;
  expiry: string;
  spot: number;
  lotSize: number;
  legs: readonly ExampleLeg[];
  /** Rupees, as published: SPAN + exposure, plus the net premium paid where the source's figure includes it. */
  published: number;
  includesPremiumPaid: boolean;
  source: string;
};

const angelOne = 'Angel One F&O margin calculator, quoted on tradingqna.com/t/can-someone-explain-how-these-fno-margins-work/178234';
// NIFTY at 23,114.10 (the exposure column: 2 % × 75 × spot = ₹34,671.15), lot 75, the current week's 23100
// strikes; the date is not given: a Monday three days before a Thursday expiry is assumed.
const nifty = { index: 'NIFTY' as const, at: '2025-03-24T04:30:00Z', expiry: '2025-03-27', spot: 23114.1, lotSize: 75, includesPremiumPaid: false, source: angelOne };
const call = { kind: 'CE' as const, strike: 23100, premium: 154.7 };
const put = { kind: 'PE' as const, strike: 23100, premium: 123.7 };
const putWing = { side: 'BUY' as const, kind: 'PE' as const, strike: 22800, premium: 37.95 };
const callWing = { side: 'BUY' as const, kind: 'CE' as const, strike: 23400, premium: 43.8 };

export const marginExamples: readonly MarginExample[] = [
  { ...nifty, name: 'NIFTY ATM call sold, 1 lot', legs: [{ side: 'SELL', ...call }], published: 196_181 },
  { ...nifty, name: 'NIFTY ATM put sold, 1 lot', legs: [{ side: 'SELL', ...put }], published: 192_798 },
  { ...nifty, name: 'NIFTY ATM straddle sold, 1 lot', legs: [{ side: 'SELL', ...call }, { side: 'SELL', ...put }], published: 230_852 },
  { ...nifty, name: 'NIFTY bull put spread 23100/22800', legs: [{ side: 'SELL', ...put }, putWing], published: 56_217.9 },
  { ...nifty, name: 'NIFTY bear call spread 23100/23400', legs: [{ side: 'SELL', ...call }, callWing], published: 56_866.65 },
  { ...nifty, name: 'NIFTY iron butterfly 22800/23100/23400', legs: [{ side: 'SELL', ...call }, { side: 'SELL', ...put }, putWing, callWing], published: 91_537.8 },
  {
    // BANKNIFTY weeklies (lot 15) ended in November 2024, before the expiry-day ELM: a Wednesday expiry at
    // 10:00 IST in October 2024 is assumed. The "required margin" there includes the debit paid.
    name: 'BANKNIFTY long iron condor on expiry day (before the 2 % ELM)',
    index: 'BANKNIFTY',
    at: '2024-10-30T04:30:00Z',
    expiry: '2024-10-30',
    spot: 51_365.7,
    lotSize: 15,
    legs: [
      { side: 'BUY', kind: 'CE', strike: 51_500, premium: 32 },
      { side: 'SELL', kind: 'CE', strike: 51_700, premium: 14.3 },
      { side: 'BUY', kind: 'PE', strike: 51_100, premium: 15.05 },
      { side: 'SELL', kind: 'PE', strike: 50_900, premium: 7.35 },
    ],
    published: 31_522,
    includesPremiumPaid: true,
    source: 'AlgoTest forum, algotest.in/forum/d/848',
  },
];

const expiryMs = (date: string) => Date.parse(`${date}T10:00:00Z`);

/** The paper broker's figure for an example, in rupees, under the margin parameters in force that day. */
export function modelMargin(example: MarginExample, params: MarginParams): number {
  const { rate } = marketAssumptions;
  const nowMs = Date.parse(example.at);
  const years = yearsToExpiry(nowMs, expiryMs(example.expiry));
  const forward = forwardFromSpot(example.spot, rate, years);
  const legs = example.legs.map((leg) => {
    const implied = impliedVolatility({ kind: leg.kind, forward, strike: leg.strike, years, rate, price: leg.premium });
    if (!implied.ok) throw new Error(`${example.name}: no volatility explains ${leg.kind} ${leg.strike} at ${leg.premium}`);
    const quantity = (leg.side === 'BUY' ? 1 : -1) * example.lotSize;
    return { kind: leg.kind, strike: leg.strike, expiryMs: expiryMs(example.expiry), quantity, volatility: implied.volatility };
  });
  const margin = underlyingMargin({ spot: example.spot, rate, nowMs, params, legs }).totalPaise / 100;
  const paid = example.legs.reduce((sum, leg) => sum + (leg.side === 'BUY' ? 1 : -1) * leg.premium * example.lotSize, 0);
  return margin + (example.includesPremiumPaid ? Math.max(0, paid) : 0);
}

/** How far from a published figure the model may be (the error docs/api.md states): 2.5 %. */
export const calibrationTolerance = 0.025;

/** A stock's published futures margin (stock_margin_rates, migration 131): the figure and its day. */
export type StockMarginFigure = { symbol: string; day: string; publishedTotal: number; source: string };

/** Every published stock futures figure the database holds, oldest first. */
export async function stockMarginFigures(db: Queryable): Promise<StockMarginFigure[]> {
  const { rows } = await db.query<{ symbol: string; day: string; published_total: string; source: string }>(
    `SELECT symbol, to_char(effective_from, 'YYYY-MM-DD') AS day, published_total, source FROM stock_margin_rates ORDER BY effective_from, symbol`,
  );
  return rows.map((row) => ({ symbol: row.symbol, day: row.day, publishedTotal: Number(row.published_total), source: row.source }));
}

/**
 * The paper broker's margin of one lot of a stock future, as a share of its contract value: the future scanned as the
 * synthetic the paper broker scans it as (margin.ts futureAsSynthetic), a month from expiry, at the dated carry's
 * 5.25 % and a 25 % volatility (a synthetic's value does not depend on it), under the stock's margin parameters.
 */
export function stockFutureMarginShare(params: MarginParams, day: string): number {
  const spot = 1_000;
  const quantity = 100;
  const nowMs = Date.parse(`${day}T04:30:00Z`);
  const market = { spot, rate: 0.0525, nowMs };
  const legs = futureAsSynthetic({ expiryMs: nowMs + 30 * 24 * 60 * 60 * 1000, quantity }, market, () => 0.25);
  return underlyingMargin({ ...market, params, legs }).totalPaise / 100 / (spot * quantity);
}

/** How far from a published stock figure the model may be: 5 % (issue 63). */
export const stockCalibrationTolerance = 0.05;
