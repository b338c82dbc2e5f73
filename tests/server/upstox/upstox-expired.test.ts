// The wire layer of Upstox's Expired Instruments APIs against the test server, in Upstox's documented shapes:
// the expiries of NIFTY 50, an expiry's option contracts keyed by expired instrument key, an expired contract's
// minute candles (newest first, with open interest), and its refusals: an unknown key, 429 UDAPI10005, and
// UDAPI1149 for an account without Upstox Plus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExpiredMinuteCandles, getExpiredOptionContracts, getExpiries, upstoxIndexKeys } from '../../../server/services/brokers/upstox/upstox-expired.ts';
import { isRateLimited, UpstoxError } from '../../../server/services/brokers/upstox/upstox-errors.ts';
import { expiredCandles, expiredKey } from '../../upstox-server/expired.ts';
import { type LoggedIn, startLoggedIn } from './upstox-support.ts';

let upstox: LoggedIn;
beforeAll(async () => {
  upstox = await startLoggedIn();
});
afterAll(() => upstox.server.close());

describe('Upstox expired instruments (wire)', () => {
  it('lists the expiries of an underlying, oldest first, up to the day before the clock (Thursday 15 January 2026)', async () => {
    const expiries = await getExpiries(upstox.http, upstoxIndexKeys.NIFTY);
    expect(expiries).toHaveLength(26);
    expect(expiries.at(-1)).toBe('2026-01-13');
    expect(expiries[0]).toBe('2025-07-22');
  });

  it('lists an expiry’s option contracts with their expired instrument keys', async () => {
    const contracts = await getExpiredOptionContracts(upstox.http, upstoxIndexKeys.NIFTY, '2026-01-13');
    expect(contracts).toHaveLength(82);
    expect(contracts.find((contract) => contract.strike_price === 26000 && contract.instrument_type === 'CE')).toEqual({
      instrument_key: 'NSE_FO|40040|13-01-2026',
      trading_symbol: 'NIFTY 26000 CE 13 JAN 26',
      expiry: '2026-01-13',
      strike_price: 26000,
      instrument_type: 'CE',
      lot_size: 65,
      underlying_key: 'NSE_INDEX|Nifty 50',
      weekly: true,
    });
    // NSE's lot was 75 until its revision to 65 on 30 December 2025: a contract keeps the lot of its day.
    const december = await getExpiredOptionContracts(upstox.http, upstoxIndexKeys.NIFTY, '2025-12-23');
    expect(new Set(december.map((contract) => contract.lot_size))).toEqual(new Set([75]));
  });

  it('reads an expired contract’s minute candles as Upstox sends them: newest first, with volume and open interest', async () => {
    const key = expiredKey(26000, 'PE', '2026-01-13');
    const candles = await getExpiredMinuteCandles(upstox.http, key, { from: '2026-01-12', to: '2026-01-13' });
    expect(candles).toHaveLength(2 * 375);
    expect(candles[0]).toEqual({ timestamp: '2026-01-13T15:29:00+05:30', open: 79.5, high: 80.5, low: 79, close: 80, volume: 325, oi: 1_024_310 });
    expect(candles.map((candle) => [candle.timestamp, candle.open, candle.high, candle.low, candle.close, candle.volume, candle.oi])).toEqual(
      expiredCandles(26000, 'PE', '2026-01-13', '2026-01-12', '2026-01-13'),
    );
  });

  it('refuses an unknown key with Upstox’s code, a 429 as rate limited, and an account without Upstox Plus with UDAPI1149', async () => {
    const unknown = await getExpiredMinuteCandles(upstox.http, 'NSE_FO|1|13-01-2026', { from: '2026-01-12', to: '2026-01-13' }).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(UpstoxError);
    expect(unknown).toMatchObject({ status: 400, errorCode: 'UDAPI100011' });

    upstox.server.control.answer429Next();
    const limited = await getExpiries(upstox.http, upstoxIndexKeys.NIFTY).catch((error: unknown) => error);
    expect(isRateLimited(limited)).toBe(true);
    expect(limited).toMatchObject({ status: 429, errorCode: 'UDAPI10005' });

    upstox.server.control.requirePlus(true);
    const plus = await getExpiries(upstox.http, upstoxIndexKeys.NIFTY).catch((error: unknown) => error);
    upstox.server.control.requirePlus(false);
    expect(plus).toMatchObject({ status: 403, errorCode: 'UDAPI1149' });
  });
});
