// A contract as a trader says it ("NIFTY 01 Dec 26000 CE", Kite's way), beside the exchange's tradingsymbol
// (NIFTY26D0126000CE) that nobody reads at a glance. The expiry is a calendar date: formatted as such (UTC),
// never shifted by the device's zone.
import { intlLocaleFor, type Locale } from '@/i18n/locale';

/** An option (its strike and CE/PE) or a future (FUT: no strike). */
export type ContractFacts = { name: string; expiry: string; strike: number | null; instrument_type: 'CE' | 'PE' | 'FUT' };

/** "01 Dec" in English, "01 déc." in French; the ISO text itself when it is not a date. */
export function expiryDay(expiry: string, locale: Locale): string {
  const date = new Date(`${expiry}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return expiry;
  return new Intl.DateTimeFormat(intlLocaleFor(locale), { day: '2-digit', month: 'short', timeZone: 'UTC' }).format(date);
}

/** "NIFTY 01 Dec 26000 CE": the strike without grouping, as every Indian broker writes it; "RELIANCE 29 Dec FUT". */
export function contractName(contract: ContractFacts, locale: Locale): string {
  if (contract.instrument_type === 'FUT' || contract.strike === null) return `${contract.name} ${expiryDay(contract.expiry, locale)} FUT`;
  return `${contract.name} ${expiryDay(contract.expiry, locale)} ${contract.strike} ${contract.instrument_type}`;
}
