// The open-interest charts' reads (issue 40): an expiry's day, and its days.
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';
import type { OiChoice, OpenInterestDay, OpenInterestDays } from '@/features/open-interest/model/oi-model';

export async function getOpenInterestDay(choice: OiChoice): Promise<OpenInterestDay> {
  const query = {
    index: choice.index,
    ...(choice.day === null ? {} : { day: choice.day }),
    ...(choice.expiry === null ? {} : { expiry: choice.expiry }),
    ...(choice.strikes.length === 0 ? {} : { strikes: choice.strikes.join(',') }),
    interval: choice.interval,
  };
  return requireField(await mainApi().GET('/api/market-history/open-interest/', { params: { query } }), 'days', 'intraday');
}

export async function getOpenInterestDays(choice: OiChoice & { expiry: string }): Promise<OpenInterestDays> {
  const query = { index: choice.index, expiry: choice.expiry, ...(choice.strikes.length === 0 ? {} : { strikes: choice.strikes.join(',') }) };
  return requireField(await mainApi().GET('/api/market-history/open-interest/days/', { params: { query } }), 'dates', 'series');
}
