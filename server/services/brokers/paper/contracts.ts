// The paper broker's reference data: listed contracts (with the day's freeze quantity), the day's charge
// rates and margin parameters. All of it is effective-dated data that never changes once read, so each is
// kept after its first read (per contract, per index and day, per exchange and day).
import type { Queryable } from '../../../db/database.ts';
import { loadRegularSessions } from '../../market/calendar-data.ts';
import { stockFreezeQuantityOn } from '../../market/freeze-quantities.ts';
import { istDate } from '../../market/ist.ts';
import type { IndexName } from '../../market/index-config.ts';
import { indexUnderlyings } from '../kite/instruments.ts';
import { createPriceRulesCache, type PriceRules } from '../../market/price-rules.ts';
import { contractExpiryMs, type RegularSession } from '../../market/trading-calendar.ts';
import { DomainError } from '../../domain-error.ts';
import type { Instrument, OrderIntent } from '../broker-trading.ts';
import { chargeKindOf, chargeRatesOn, type ChargeRates } from './charges.ts';
import type { MarginParams } from './margin.ts';
import { freezeQuantity } from './market-prices.ts';
import { refusalTexts } from '../../texts/refusal-texts.ts';

/**
 * A listed contract with the day's freeze quantity, tick and price protection band (each the dated row in force
 * that IST day) and the instant it stops trading (its expiry day's close).
 */
export type Contract = Instrument & { freezeQuantity: number; expiresAtMs: number; priceRules: PriceRules };

type ContractRow = {
  instrument_token: number;
  exchange: 'NFO' | 'BFO';
  tradingsymbol: string;
  name: IndexName;
  expiry: string;
  strike: number;
  instrument_type: 'CE' | 'PE';
  lot_size: number;
};

// A future has no strike: 0 here (its instrument_type FUT says what it is).
const contractColumns = `instrument_token, exchange, tradingsymbol, name, to_char(expiry, 'YYYY-MM-DD') AS expiry, coalesce(strike, 0) AS strike,
  instrument_type, lot_size`;

/** `EXCHANGE:TRADINGSYMBOL`, the key quotes are asked by. */
export const keyOf = (c: { exchange: string; tradingsymbol: string }) => `${c.exchange}:${c.tradingsymbol}`;

export function expired(contract: Pick<Contract, 'expiresAtMs'>, now: Date): boolean {
  return now.getTime() >= contract.expiresAtMs;
}

export function createContracts() {
  const tokenBySymbol = new Map<string, number>();
  async function contractOf(q: Queryable, exchange: string, tradingsymbol: string, now: Date): Promise<Contract | null> {
    const known = tokenBySymbol.get(`${exchange}:${tradingsymbol}`);
    if (known !== undefined) return (await contractsByToken(q, [known], now)).get(known) ?? null;
    const { rows } = await q.query<ContractRow>(`SELECT ${contractColumns} FROM instruments WHERE exchange = $1 AND tradingsymbol = $2`, [
      exchange,
      tradingsymbol,
    ]);
    const row = rows[0];
    if (row === undefined) return null;
    contractRows.set(row.instrument_token, row);
    tokenBySymbol.set(`${exchange}:${tradingsymbol}`, row.instrument_token);
    return contractFromRow(row, await freezeOn(q, row.name, now), await sessionsOf(q, row.exchange), await priceRules(q, row.exchange, istDate(now)));
  }

  const priceRules = createPriceRulesCache();

  /** The regular sessions of a contract's exchange (market_sessions: they change only with a migration, so read once). */
  const sessionsCache = new Map<ContractRow['exchange'], readonly RegularSession[]>();
  async function sessionsOf(q: Queryable, exchange: ContractRow['exchange']): Promise<readonly RegularSession[]> {
    const known = sessionsCache.get(exchange);
    if (known !== undefined) return known;
    const loaded = await loadRegularSessions(q, exchange === 'BFO' ? 'BSE' : 'NSE');
    sessionsCache.set(exchange, loaded);
    return loaded;
  }

  function contractFromRow(row: ContractRow, freeze: number, regular: readonly RegularSession[], rules: PriceRules): Contract {
    return {
      instrumentToken: row.instrument_token,
      exchange: row.exchange,
      tradingsymbol: row.tradingsymbol,
      index: row.name,
      expiry: row.expiry,
      strike: row.strike,
      kind: row.instrument_type,
      lotSize: row.lot_size,
      freezeQuantity: freeze,
      expiresAtMs: contractExpiryMs({ regular }, row.expiry),
      priceRules: rules,
    };
  }

  /** Listed contracts never change: a row read once is kept (the freeze quantity is looked up per day). */
  const contractRows = new Map<number, ContractRow>();
  async function contractsByToken(q: Queryable, tokens: readonly number[], now: Date): Promise<Map<number, Contract>> {
    const missing = tokens.filter((token) => !contractRows.has(token));
    if (missing.length > 0) {
      const { rows } = await q.query<ContractRow>(`SELECT ${contractColumns} FROM instruments WHERE instrument_token = ANY($1::int[])`, [missing]);
      for (const row of rows) contractRows.set(row.instrument_token, row);
    }
    const found = new Map<number, Contract>();
    for (const token of tokens) {
      const row = contractRows.get(token);
      if (row !== undefined) {
        found.set(token, contractFromRow(row, await freezeOn(q, row.name, now), await sessionsOf(q, row.exchange), await priceRules(q, row.exchange, istDate(now))));
      }
    }
    return found;
  }

  const freezeCache = new Map<string, number>();
  async function freezeOn(q: Queryable, index: IndexName, now: Date): Promise<number> {
    const key = `${index}:${istDate(now)}`;
    const known = freezeCache.get(key);
    if (known !== undefined) return known;
    const freeze = (indexUnderlyings as readonly string[]).includes(index) ? await freezeQuantity(q, index, now) : await stockFreezeQuantityOn(q, index, istDate(now));
    freezeCache.set(key, freeze);
    return freeze;
  }

  const ratesCache = new Map<string, ChargeRates>();
  /** The day's rates of the contract's segment: its exchange's options or futures (`tradingsymbol` tells which). */
  async function ratesFor(q: Queryable, exchange: 'NFO' | 'BFO', day: string, tradingsymbol: string): Promise<ChargeRates> {
    const kind = chargeKindOf(tradingsymbol);
    const key = `${exchange}:${kind}:${day}`;
    const known = ratesCache.get(key);
    if (known !== undefined) return known;
    const rates = await chargeRatesOn(q, exchange, day, kind);
    ratesCache.set(key, rates);
    return rates;
  }

  const marginParamsCache = new Map<string, MarginParams>();
  async function marginParams(q: Queryable, index: IndexName, day: string): Promise<MarginParams> {
    const cached = marginParamsCache.get(`${index}:${day}`);
    if (cached !== undefined) return cached;
    const { rows } = await q.query<{
      price_scan: string;
      volatility_scan: string;
      exposure_rate: string;
      short_option_minimum: string;
      expiry_day_exposure_rate: string;
      expiring_calendar_offset: boolean;
    }>(
      // An index's dated row; else a stock's rates in force that day, calibrated on a published figure (migration
      // 131); else a simulated stock's placeholder (stock_simulation, migration 116). A stock has no extra exposure on
      // expiry day and no calendar offset for contracts expiring today.
      `SELECT * FROM (
         SELECT 0 AS rank, price_scan, volatility_scan, exposure_rate, short_option_minimum, expiry_day_exposure_rate, expiring_calendar_offset, effective_from
         FROM margin_params WHERE index_name = $1 AND effective_from <= $2::date
         UNION ALL
         SELECT 1, price_scan, volatility_scan, exposure_rate, short_option_minimum, 0, false, effective_from
         FROM stock_margin_rates WHERE symbol = $1 AND effective_from <= $2::date AND (effective_until IS NULL OR effective_until >= $2::date)
         UNION ALL
         SELECT 2, margin_price_scan, margin_volatility_scan, margin_exposure_rate, margin_short_option_minimum, 0, false, reference_date
         FROM stock_simulation WHERE symbol = $1) params
       ORDER BY rank, effective_from DESC LIMIT 1`,
      [index, day],
    );
    const row = rows[0];
    if (row === undefined) throw new Error(`margin_params has no row for ${index} in force on ${day}`);
    const params = {
      priceScan: Number(row.price_scan),
      volatilityScan: Number(row.volatility_scan),
      exposureRate: Number(row.exposure_rate),
      shortOptionMinimum: Number(row.short_option_minimum),
      expiryDayExposureRate: Number(row.expiry_day_exposure_rate),
      expiringCalendarOffset: row.expiring_calendar_offset,
    };
    marginParamsCache.set(`${index}:${day}`, params);
    return params;
  }

  async function resolve(q: Queryable, intents: readonly OrderIntent[], now: Date): Promise<Array<{ intent: OrderIntent; contract: Contract }>> {
    const resolved: Array<{ intent: OrderIntent; contract: Contract }> = [];
    for (const [index, intent] of intents.entries()) {
      const contract = await contractOf(q, intent.exchange, intent.tradingsymbol, now);
      if (contract === null) {
        const field = intents.length === 1 ? 'tradingsymbol' : `orders.${index}.tradingsymbol`;
        throw DomainError.said('unknown_instrument', refusalTexts.notListed(intent.exchange, intent.tradingsymbol), { field });
      }
      resolved.push({ intent, contract });
    }
    return resolved;
  }

  /**
   * The contracts listed for an index (one expiry's when given) that have not expired, by expiry, strike and
   * kind: those the simulator has listed (it lists an expiry's strikes when its chain is first asked).
   */
  async function listed(q: Queryable, index: IndexName, expiry: string | undefined, now: Date): Promise<Instrument[]> {
    const { rows } = await q.query<ContractRow>(
      `SELECT ${contractColumns} FROM instruments WHERE name = $1 AND expiry >= $2::date AND ($3::date IS NULL OR expiry = $3::date) AND instrument_type <> 'FUT'
       ORDER BY expiry, strike, instrument_type`,
      [index, istDate(now), expiry ?? null],
    );
    const contracts = [];
    for (const row of rows) contracts.push(contractFromRow(row, 0, await sessionsOf(q, row.exchange), await priceRules(q, row.exchange, istDate(now))));
    return contracts
      .filter((contract) => !expired(contract, now))
      .map(({ freezeQuantity: _freeze, expiresAtMs: _expires, priceRules: _rules, ...instrument }) => instrument);
  }

  return { contractOf, contractsByToken, resolve, ratesFor, marginParams, listed };
}

export type Contracts = ReturnType<typeof createContracts>;
