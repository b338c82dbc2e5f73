// A position carries only the exchange's tradingsymbol and its expiry; the contract in words needs its index,
// strike and type. Kite's index-option names put a fixed 5 characters between the index and the strike
// (YY + MON for a monthly, YY + M + DD for a weekly: server/services/market/tradingsymbol.ts), so the strike
// is read after them without guessing where the date ends.
import type { components } from '@openapi/main';

export type NamedContract = Pick<components['schemas']['OptionInstrument'], 'tradingsymbol' | 'name' | 'strike' | 'instrument_type' | 'expiry'>;

const optionSymbol = /^(NIFTY|BANKNIFTY|FINNIFTY|MIDCPNIFTY|SENSEX)\d{2}[A-Z0-9]{3}(\d+)(CE|PE)$/;

/** The contract a position's tradingsymbol names, or null when it is not an index option's name. */
export function contractOfSymbol(tradingsymbol: string, expiry: string): NamedContract | null {
  const match = optionSymbol.exec(tradingsymbol);
  if (match === null) return null;
  const [, name, strike = '', type] = match;
  if ((name !== 'NIFTY' && name !== 'BANKNIFTY' && name !== 'FINNIFTY' && name !== 'MIDCPNIFTY' && name !== 'SENSEX') || (type !== 'CE' && type !== 'PE')) return null;
  return { tradingsymbol, name, strike: Number(strike), instrument_type: type, expiry };
}
