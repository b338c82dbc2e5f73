// The open-interest charts' reads (issue 40): an expiry's day, and its days.
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';
import { shownByScreen } from '@/lib/api/api-error';
import { startEarlyRead } from '@/lib/api/early-read';
import { choiceFromSearch, searchOfChoice, type OiChoice, type OpenInterestDay, type OpenInterestDays } from '@/features/open-interest/model/oi-model';

/**
 * The refusals the screen words in the chart's place (open-interest-screen.tsx, OiRefusal), with a way on: no OI
 * stored for the day, an expiry not stored that day, strikes the expiry does not have (docs/api.md).
 */
export const oiRefusalCodes = ['open_interest.no_day', 'not_found.expiry', 'open_interest.strikes', 'open_interest.too_many_strikes', 'open_interest.unlisted_strike'] as const;
const inPlace = shownByScreen(...oiRefusalCodes);

export async function getOpenInterestDay(choice: OiChoice): Promise<OpenInterestDay> {
  const query = {
    index: choice.index,
    ...(choice.day === null ? {} : { day: choice.day }),
    ...(choice.expiry === null ? {} : { expiry: choice.expiry }),
    ...(choice.strikes.length === 0 ? {} : { strikes: choice.strikes.join(',') }),
    interval: choice.interval,
  };
  return requireField(await mainApi().GET('/api/market-history/open-interest/', { params: { query }, middleware: [inPlace] }), 'days', 'intraday');
}

export async function getOpenInterestDays(choice: OiChoice & { expiry: string }): Promise<OpenInterestDays> {
  const query = { index: choice.index, expiry: choice.expiry, ...(choice.strikes.length === 0 ? {} : { strikes: choice.strikes.join(',') }) };
  return requireField(await mainApi().GET('/api/market-history/open-interest/days/', { params: { query }, middleware: [inPlace] }), 'dates', 'series');
}

/** The name the screen keeps a choice's day under (its last-known copy, its early read). */
export const oiDayReadName = (choice: OiChoice) => `open-interest:day:${Object.entries(searchOfChoice(choice)).map(([name, value]) => `${name}=${value}`).join('&')}`;

/** The screen's first read for the address being opened (`search`), started beside its files (screens.ts). */
export function startEarlyOiRead(search: string): void {
  const choice = choiceFromSearch(new URLSearchParams(search));
  startEarlyRead(oiDayReadName(choice), () => getOpenInterestDay(choice));
}
