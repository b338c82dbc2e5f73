import type { components } from '@openapi/main';

/** NIFTY's 1 Dec 2026 weekly contracts at these strikes, a call and a put each, as /api/market/instruments/ lists them. */
export function niftyChain(strikes: readonly number[], expiry = '2026-12-01'): components['schemas']['OptionInstrument'][] {
  return strikes.flatMap((strike, i) =>
    (['CE', 'PE'] as const).map((type, j) => ({
      instrument: `NFO:NIFTY26D01${strike}${type}`,
      instrument_token: 1000 + i * 2 + j,
      exchange: 'NFO' as const,
      tradingsymbol: `NIFTY26D01${strike}${type}`,
      name: 'NIFTY' as const,
      strike,
      instrument_type: type,
      expiry,
      lot_size: 65,
      tick_size: 0.05,
    })),
  );
}
