// Upstox's Expired Instruments APIs (an Upstox Plus subscription; UDAPI1149 otherwise): the expiries of an
// underlying (up to six months back), the option contracts of one expired expiry, and an expired contract's
// candles. An expired contract is named by its `expired_instrument_key`, the instrument key and the expiry
// (`NSE_FO|47983|17-04-2025`), given by the contracts' answer.
// https://upstox.com/developer/api-documentation/get-expiries
// https://upstox.com/developer/api-documentation/get-expired-option-contracts
// https://upstox.com/developer/api-documentation/get-expired-historical-candle-data
import type { UpstoxHttp } from './upstox-http.ts';
import { readCandles, type UpstoxCandle } from './upstox-market.ts';
import { listAt, malformed, read } from './upstox-json.ts';

/**
 * Each index's instrument key as Upstox's instrument file names it: the market feed follows them, and the
 * expired APIs take the NSE ones as the underlying.
 */
export const upstoxIndexKeys = {
  NIFTY: 'NSE_INDEX|Nifty 50',
  BANKNIFTY: 'NSE_INDEX|Nifty Bank',
  FINNIFTY: 'NSE_INDEX|Nifty Fin Service',
  MIDCPNIFTY: 'NSE_INDEX|NIFTY MID SELECT',
  SENSEX: 'BSE_INDEX|SENSEX',
} as const;

const contractShape = {
  instrument_key: 'string',
  trading_symbol: 'string',
  expiry: 'string',
  strike_price: 'number',
  instrument_type: 'string',
  lot_size: 'number',
  underlying_key: 'string',
  weekly: 'boolean?',
} as const;

export type UpstoxExpiredOption = { instrument_key: string; trading_symbol: string; expiry: string; strike_price: number; instrument_type: 'CE' | 'PE'; lot_size: number; underlying_key: string; weekly: boolean | null };

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Every expiry (weekly and monthly) Upstox keeps for the underlying, YYYY-MM-DD, oldest first. */
export async function getExpiries(http: UpstoxHttp, underlyingKey: string): Promise<string[]> {
  const data = listAt(await http.data({ method: 'GET', path: '/v2/expired-instruments/expiries', query: { instrument_key: underlyingKey } }), 'the expiries');
  if (!data.every((day): day is string => typeof day === 'string' && isoDate.test(day))) throw malformed('an expiry is not a YYYY-MM-DD date');
  return [...data].sort();
}

/** The option contracts of the underlying that expired on `expiry` (YYYY-MM-DD). */
export async function getExpiredOptionContracts(http: UpstoxHttp, underlyingKey: string, expiry: string): Promise<UpstoxExpiredOption[]> {
  const data = listAt(
    await http.data({ method: 'GET', path: '/v2/expired-instruments/option/contract', query: { instrument_key: underlyingKey, expiry_date: expiry } }),
    'the expired option contracts',
  );
  return data.map((entry) => {
    const contract = read(entry, contractShape, 'an expired option contract');
    const type = contract.instrument_type;
    if (type !== 'CE' && type !== 'PE') throw malformed(`instrument_type ${type} is not CE or PE`);
    return { ...contract, instrument_type: type };
  });
}

/** An expired contract's one-minute candles of the IST days `from`..`to` (inclusive), newest first as Upstox sends them. */
export async function getExpiredMinuteCandles(http: UpstoxHttp, expiredInstrumentKey: string, range: { from: string; to: string }): Promise<UpstoxCandle[]> {
  const path = `/v2/expired-instruments/historical-candle/${encodeURIComponent(expiredInstrumentKey)}/1minute/${range.to}/${range.from}`;
  return readCandles(await http.data({ method: 'GET', path }));
}
